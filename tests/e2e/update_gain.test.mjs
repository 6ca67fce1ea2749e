// Why an update helps (lecture 001, issue 25 part 5): after a mistake the canvas says the visited point's
// score before and after the update, "y·f: 0 → 6  (+η(‖x‖² + 1) = 6)", read here from what the widget
// drew (testHooks().drawn() texts) after real key presses, and checked against y·f + η‖x‖² computed from
// state(); the same with reduced motion (no animation); the Plots section's cos θ between w and w*;
// screenshots at desktop and phone size during an update (build/test-output/update-gain-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, lab, drawnBy as drawn, pressOnCanvas, screenshotPixels, PHONE, holdUntilFrames } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const MINUS = '\u2212';
const texts = (frame, role) => frame.texts.filter((t) => t.role === role);
const number = (text) => Number(text.replace(MINUS, '-'));
// "y·f: −2 → 1  (+η(‖x‖² + 1) = 3)" as numbers and the formula.
function parseGain(text) {
  const m = /^y·f: (\S+) → (\S+) {2}\((\S.*) = (\S+)\)$/.exec(text);
  assert.ok(m, `the gain plate reads "${text}"`);
  return { before: number(m[1]), after: number(m[2]), formula: m[3], gain: number(m[4]) };
}
const state = (page) => lab(page, () => window.perceptronLab.state());
// y·f(x_i) of the running w in the learner's space: x with its constant 1 when the bias is absorbed.
function yf(s, i) {
  const x = s.bias === 'absorbed' ? [...s.points[i], 1] : s.points[i];
  const f = x.reduce((sum, v, k) => sum + v * s.weights[k], 0) + (s.bias === 'explicit' ? s.b : 0);
  return s.labels[i] * f;
}
const squaredNorm = (s, i) => s.points[i].reduce((sum, v) => sum + v * v, 0) + (s.bias === 'none' ? 0 : 1);

// One Step key press; returns the state before and after, what was drawn, and which point was visited.
// `midway`: a screenshot of that name while the update animation runs (30 frames after the key).
async function step(page, midway = null) {
  const before = await state(page);
  if (midway) {
    await lab(page, () => window.perceptronLab.canvas.focus());
    const frames = await lab(page, () => window.testHooks(window.perceptronLab).framesDrawn());
    await holdUntilFrames(page, null, () => page.keyboard.down('s'));  // held across frames, as holdKeys does (ImGui misses shorter presses)
    await page.keyboard.up('s');
    // 30 frames of the animation: a phone's 3x canvas on a loaded 2-core machine can take more than 10 s.
    await page.waitForFunction((n) => window.testHooks(window.perceptronLab).framesDrawn() >= n + 30, frames, { timeout: 30000 });
    await screenshotPixels(page, midway);
  } else {
    await pressOnCanvas(page, 's');
  }
  const frame = await drawn(page);
  const after = await state(page);
  assert.equal(after.visits, before.visits + 1, 'one visit');
  return { before, after, frame, index: before.visits % before.points.length };  // sequential order
}

test('after each mistake of lecture 004 the canvas says y·f before and after, = y·f + η‖x‖² from state(); also with reduced motion', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const loaded = await lab(page, () => {
    const s = window.perceptronLab.state();
    return window.perceptronLab.load({ ...s, eta: 0.5, panels: { ...s.panels, plots: true } });
  });
  assert.equal(loaded.ok, true, loaded.error);
  assert.equal((await state(page)).preset, 'lecture4');
  assert.equal(texts(await drawn(page), 'update-gain').length, 0, 'nothing to say before a visit');

  let mistakes = 0;
  for (let visit = 1; visit <= 4; visit++) {
    const { before, after, frame, index } = await step(page, visit === 1 ? 'update-gain-desktop.png' : null);
    const plates = texts(frame, 'update-gain');
    if (after.mistakes === before.mistakes) {
      assert.equal(plates.length, 0, `visit ${visit} was correct: no plate`);
      continue;
    }
    mistakes++;
    assert.equal(plates.length, 1, `visit ${visit} was a mistake: one plate`);
    const shown = parseGain(plates[0].text);
    const expected = { before: yf(before, index), gain: after.eta * squaredNorm(before, index) };
    assert.equal(shown.formula, '+η(‖x‖² + 1)', 'the widget absorbs the bias: x has the extra 1');
    assert.equal(shown.before, expected.before, `visit ${visit}: y·f before`);
    assert.equal(shown.gain, expected.gain, `visit ${visit}: η(‖x‖² + 1)`);
    assert.equal(shown.after, expected.before + expected.gain, `visit ${visit}: y·f + η‖x‖²`);
    assert.equal(shown.after, yf(after, index), `visit ${visit}: y·f from the new w`);
    if (visit === 1) {
      // The plate beside the visited point (the screenshot was taken during the animation).
      const at = await lab(page, ([x, y]) => window.testHooks(window.perceptronLab).toPage(x, y), before.points[index]);
      const box = await lab(page, () => { const r = window.perceptronLab.canvas.getBoundingClientRect(); return [r.left, r.top]; });
      // The probe's rectangle runs to the wrap width; its left top corner is the plate's.
      const [left, top] = [plates[0].rect[0] + box[0], plates[0].rect[1] + box[1]];
      assert.ok(Math.abs(left - at.x) < 260 && Math.abs(top - at.y) < 60, `the plate at (${left}, ${top}) is beside the point (${at.x}, ${at.y})`);
    }
  }
  assert.equal(mistakes, 2, 'lecture 004 with the bias absorbed: visits 1 and 4 are the mistakes');

  // Reduced motion: no animation, the numbers still show.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await lab(page, () => window.perceptronLab.train({ reset: true }));
  const first = await step(page);
  const still = texts(first.frame, 'update-gain');
  assert.equal(still.length, 1, 'reduced motion: the plate still shows');
  assert.deepEqual(parseGain(still[0].text), { before: 0, after: 3, formula: '+η(‖x‖² + 1)', gain: 3 });

  // The Plots section: cos θ between w and w* after each mistake, lecture 004 without a bias: the y·x
  // are (1, 2), (2, 1), (1, 1), (1, −1), so w* = (1, 0), and w = η(2, 1) at the end: cos θ = 2/√5.
  await lab(page, () => {
    const s = window.perceptronLab.state();
    window.perceptronLab.load({ ...s, bias: 'none', eta: 0.5 });
    window.perceptronLab.train({ untilConverged: true });
  });
  const plotted = await drawn(page);
  const end = await state(page);
  const cos = (end.weights[0] * 1 + end.weights[1] * 0) / Math.hypot(...end.weights);
  const caption = texts(plotted, 'alignment-caption').map((t) => t.text);
  assert.equal(caption.length, 1, `the cos θ caption: ${plotted.texts.filter((t) => /alignment/.test(t.role)).map((t) => t.text)}`);
  assert.ok(caption[0].startsWith(`cos θ between w and w* after each mistake: ${cos.toPrecision(3)} after M = ${end.mistakes}.`), caption[0]);
  assert.match(caption[0], /It rises because/);
  assert.ok(texts(plotted, 'plot-legend').some((t) => t.text === 'cos θ'), 'the plot has its cos θ line');
  await lab(page, () => {
    const s = window.perceptronLab.state();
    window.perceptronLab.load({ ...s, algorithm: 'logistic' });
    window.perceptronLab.train({ untilConverged: true });
  });
  const logistic = await drawn(page);
  const note = texts(logistic, 'alignment-note').map((t) => t.text);
  assert.deepEqual(note, [`cos θ between w and w*: not available: ${(await state(page)).boundNote}.`]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the plate at phone size: inside the canvas, legible, beside the visited point', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, PHONE);
  await waitForWidget(page);
  const { frame } = await step(page, 'update-gain-phone.png');
  const plates = texts(frame, 'update-gain');
  assert.equal(plates.length, 1, 'the first visit is a mistake: one plate');
  assert.deepEqual(parseGain(plates[0].text), { before: 0, after: 6, formula: '+η(‖x‖² + 1)', gain: 6 });
  const area = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  const [x0, y0, x1, y1] = plates[0].rect;
  assert.ok(x0 >= area.left && y0 >= area.top && y1 <= area.top + area.height, `plate [${plates[0].rect}] in the canvas ${JSON.stringify(area)}`);
  assert.ok(y1 - y0 >= 12, `the text is ${y1 - y0} CSS px tall`);
  assert.deepEqual(problems, []);
  await context.close();
});
