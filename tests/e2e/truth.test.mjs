// What the Theory and Plots sections say, read back from what was drawn (testHooks().drawn(): the theory
// rows, the plot legends and captions, the derivation's paragraphs): the proof's lines scaled by η, "not
// applicable" with the reason for a random start and logistic SGD, the margins named for their space, the
// perceptron loss per epoch, the SGD derivation with the current η, a tie said as on the line, and the
// course page on lecture 004's settings. Screenshots of the corrected panels go to build/test-output.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, useTestHooks, lab, drawnBy as drawn, clickRect, holdClick } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const texts = (frame, role) => frame.texts.filter((t) => t.role === role).map((t) => t.text);
const row = (frame, label) => texts(frame, 'theory-row').find((t) => t.startsWith(`${label}  `))?.slice(label.length + 2);
async function setup(page, patch) {
  const r = await lab(page, (p) => {
    const s = window.perceptronLab.state();
    const out = window.perceptronLab.load({ ...s, ...p, panels: { ...s.panels, theory: true, plots: true, ...(p.panels || {}) } });
    window.perceptronLab.train({ untilConverged: true });
    return out;
  }, patch);
  assert.equal(r.ok, true, r.error);
  return drawn(page);
}
async function clickItem(page, label) {
  const frame = await drawn(page);
  const item = frame.items.find((i) => i.label === label);
  assert.ok(item, `"${label}" is drawn`);
  await clickRect(page, item.rect);
  await drawn(page);
  return drawn(page);
}

test('proof plots: the lines scale with η from w = 0 (η = 0.5 and 3 on lecture 004 without a bias)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  for (const eta of [0.5, 3]) {
    const frame = await setup(page, { bias: 'none', eta });
    const state = await lab(page, () => window.perceptronLab.state());
    assert.deepEqual(state.weights, [2 * eta, eta], 'w = η (2, 1)');
    assert.ok(Math.abs(state.bound - 5) < 1e-9, `bound ${state.bound}`);
    assert.equal(state.boundApplies, true);
    assert.match(state.boundNote, new RegExp(`η = ${eta} only scales w`));
    const legends = texts(frame, 'plot-legend');
    for (const line of ['ηMγ*', 'η²MR²', 'w·w*', '‖w‖²']) assert.ok(legends.includes(line), `legend ${line} in ${legends}`);
    assert.ok(!legends.includes('Mγ*') && !legends.includes('MR²'), `no unscaled line: ${legends}`);
    assert.deepEqual(texts(frame, 'proof-caption'), [`w·w* grows at least ηMγ* (η = ${eta})`, `‖w‖² grows at most η²MR² (η = ${eta})`]);
    assert.equal(row(frame, 'M'), '2  ≤ bound');
    assert.equal(row(frame, 'bound'), '5');
  }
  await setup(page, { bias: 'none', eta: 0.5 });
  await screenshotPixels(page, 'theory-desktop-eta.png');
  // η = 1 is the textbook: the lines carry no η.
  const plain = texts(await setup(page, { bias: 'none', eta: 1 }), 'plot-legend');
  assert.ok(plain.includes('Mγ*') && plain.includes('MR²'), `${plain}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a random start and logistic SGD: "not applicable" with the reason, in the M row, the plots and state()', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  for (const [patch, reason] of [[{ init: 'random', seed: 5 }, 'training started from a random w₀'],
                                  [{ algorithm: 'logistic' }, 'logistic SGD moves w on every visit']]) {
    const frame = await setup(page, patch);
    const state = await lab(page, () => window.perceptronLab.state());
    assert.equal(state.boundApplies, false);
    assert.ok(state.boundNote.startsWith(reason), state.boundNote);
    assert.equal(row(frame, 'M'), `${state.mistakes}  (bound not applicable)`);
    assert.deepEqual(texts(frame, 'bound-note'), [`Bound not applicable: ${state.boundNote}`]);
    assert.deepEqual(texts(frame, 'proof-note'), [`Proof plots: the mistake bound does not apply to this run: ${state.boundNote}.`]);
    const legends = texts(frame, 'plot-legend');
    assert.ok(!legends.some((l) => l.includes('γ*') || l.includes('R²')), `no proof lines: ${legends}`);
    if (patch.init) await screenshotPixels(page, 'theory-desktop-random-start.png');
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('margins: the plane and the learner space each named, with the functional margin (AND, bias absorbed)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.preset('and'));
  const frame = await setup(page, {});
  const { points, labels, weights: [w1, w2, w0] } = await lab(page, () => window.perceptronLab.state());
  const f = points.map(([x1, x2], i) => labels[i] * (w1 * x1 + w2 * x2 + w0));
  const functional = Math.min(...f);
  const fmt = (v) => String(Number(v.toPrecision(4)));
  assert.equal(row(frame, 'γ on the plane'), fmt(functional / Math.hypot(w1, w2)));
  assert.equal(row(frame, 'γ in [x, 1]'), fmt(functional / Math.hypot(w1, w2, w0)));
  assert.equal(row(frame, 'functional'), fmt(functional));
  assert.notEqual(row(frame, 'γ on the plane'), row(frame, 'γ in [x, 1]'), 'b ≠ 0: the two geometric margins differ');
  assert.equal(row(frame, 'separable'), 'in [x, 1]: yes');
  // Bias none on the 1-D set: not separable through the origin, while the hulls on the line are apart.
  await lab(page, () => window.perceptronLab.preset('bias1d'));
  const line = await setup(page, { bias: 'none' });
  assert.match(row(line, 'separable'), /^in x: no/);
  assert.equal(row(line, 'hulls'), 'apart (a line with a bias separates them)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('plots: the perceptron loss per epoch beside the mistakes, and the derivation with the current η', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.preset('bias1d'));
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), bias: 'none', eta: 0.5, panels: { ...window.perceptronLab.state().panels, theory: false, plots: true } }));
  const state = await lab(page, () => window.perceptronLab.train({ epochs: 2 }));
  // By hand (η only scales the loss): the end of epoch 1 leaves w = 0.75, epoch 2 w = 0.5: L = 1.6875, 1.125.
  assert.deepEqual(state.mistakesPerEpoch, [2, 4]);
  assert.deepEqual(state.lossPerEpoch, [1.6875, 1.125]);
  let frame = await drawn(page);
  assert.ok(texts(frame, 'plot-legend').includes('perceptron loss L'));
  assert.ok(texts(frame, 'plot-legend').includes('mistakes per epoch'));
  assert.deepEqual(texts(frame, 'plot-caption'), ['L = Σ max(0, −y·f(x)) over all 6 points, of the running w at the end of each epoch']);
  assert.deepEqual(texts(frame, 'derivation'), [], 'the derivation starts folded');
  frame = await clickItem(page, 'From SGD to the perceptron');
  const steps = texts(frame, 'derivation');
  assert.equal(steps.length, 7, steps.join('\n'));
  assert.ok(steps[0].startsWith('1. Logistic regression, labels y ∈ {0, 1}.'), steps[0]);
  assert.ok(steps[3].includes('With η = 0.5 the step is w ← w + yₙxₙ'), steps[3]);
  assert.ok(steps[4].includes('η = 0.5 on the slider is SGD with η = 0.25, and each mistake adds 0.5·y·x'), steps[4]);
  await page.mouse.move(400, 300);  // no tooltip over the paragraphs
  await settle(page);
  await screenshotPixels(page, 'theory-desktop-derivation.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('tooltips and notes: R over [x, 1] for an explicit bias, Step for logistic SGD, the sigmoid kernel', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const box = await lab(page, () => window.perceptronLab.canvas.getBoundingClientRect().toJSON());
  const hover = async (rect) => {
    await page.mouse.move(box.left + rect[0] + 4, box.top + (rect[1] + rect[3]) / 2);
    await drawn(page);
    return texts(await drawn(page), 'tooltip');
  };
  let frame = await setup(page, { bias: 'explicit' });
  const r = frame.texts.find((t) => t.role === 'theory-row' && t.text.startsWith('R  '));
  const tip = await hover(r.rect);
  assert.equal(tip.length, 1, `${tip}`);
  assert.ok(tip[0].includes('here z = [x, 1]') && tip[0].includes('explicit b counts as one more weight on a constant 1'), tip[0]);
  frame = await setup(page, { bias: 'absorbed', algorithm: 'logistic' });
  const step = frame.items.find((i) => i.label === 'Step (S)');
  const stepTip = await hover(step.rect);
  assert.ok(stepTip[0]?.includes('logistic SGD updates on every visit'), `${stepTip}`);
  assert.ok(!stepTip[0].includes('≤ 0'), 'no mistake rule for a learner that updates on every visit');
  await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel', kernel: { type: 'sigmoid' } }));
  const note = texts(await drawn(page), 'kernel-note')[0];
  assert.ok(note?.startsWith('Not positive semi-definite in general: whether a Gram matrix of tanh(ηx·z + θ) is depends on η, θ'), note);
  assert.deepEqual(problems, []);
  await context.close();
});

test('online mode: the first point from w = 0 is on the line: predicted 0, a mistake, said so', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [], bias: 'none', onlineMode: true }));
  await settle(page);
  const p = await lab(page, () => window.testHooks(window.perceptronLab).toPage(1, 2));
  await holdClick(page, p.x, p.y, { button: 'right' });  // label -1: sign(0) = -1 would call it right
  const verdict = texts(await drawn(page), 'online')[0];  // the click is handled in the next frame
  const online = await lab(page, () => window.testHooks(window.perceptronLab).lastOnline());
  assert.deepEqual(online, { predicted: 0, truth: -1, mistake: true, mistakes: 1 });
  assert.equal(verdict, 'The point is on the line (score 0); true label \u22121: counts as a mistake, w updated');
  assert.deepEqual(problems, []);
  await context.close();
});

test('single point near the origin: a random start can miss it several times', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  assert.equal((await lab(page, () => window.perceptronLab.preset('single-point-near'))).ok, true);
  const most = await lab(page, () => {
    let best = 0;
    for (let seed = 1; seed <= 60; seed++) {
      window.perceptronLab.configure({ bias: 'none', init: 'random', seed });
      best = Math.max(best, window.perceptronLab.train({ untilConverged: true }).mistakes);
    }
    return best;
  });
  assert.ok(most >= 3, `some seed misses (0.25, 0.25) ${most} times`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: the Theory tab with the bound note and the margins', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 390, height: 844 });
  await waitForWidget(page);
  await setup(page, { init: 'random', seed: 5 });
  const frame = await clickItem(page, 'Theory');
  assert.ok(texts(frame, 'bound-note')[0]?.startsWith('Bound not applicable: training started from a random w₀'));
  for (const label of ['γ on the plane', 'γ in [x, 1]', 'functional']) assert.ok(row(frame, label), `${label} row on the phone`);
  await screenshotPixels(page, 'theory-phone.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('course page: the lecture\'s four points run without a bias (w (2, 1), bound 5); data-bias works', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1280, height: 900 });
  await useTestHooks(page);
  await page.waitForFunction(() => document.getElementById('update-rule')?.perceptronLab?.lesson(), null, { timeout: 30000 });
  const result = await page.evaluate(() => {
    const lab = document.getElementById('update-rule').perceptronLab;
    const start = lab.state();
    const trained = lab.train({ untilConverged: true });
    return { bias: start.bias, weights: trained.weights, bound: Number(trained.bound.toFixed(9)), mistakes: trained.mistakes };
  });
  assert.deepEqual(result, { bias: 'none', weights: [2, 1], bound: 5, mistakes: 2 });
  const text = await page.evaluate(() => document.body.innerText);
  assert.ok(!/seen from above is a curve/.test(text), 'the lift is explained as where the plane cuts the surface');
  assert.ok(text.includes('(R/γ*)², which is 5'), 'the bound the page names is lecture 004\'s');
  // The embed option the README's three-line embed uses.
  await page.evaluate(() => {
    const div = document.createElement('div');
    div.id = 'biasless';
    div.className = 'perceptron-lab';
    div.dataset.preset = 'lecture4';
    div.dataset.bias = 'none';
    div.dataset.train = 'untilConverged';
    document.querySelector('main').append(div);
    return import('/embed.js').then((m) => m.autoMount(document.querySelector('main')));
  });
  await page.waitForFunction(() => document.getElementById('biasless')?.perceptronLab?.state().converged, null, { timeout: 30000 });
  const embedded = await page.evaluate(() => document.getElementById('biasless').perceptronLab.state());
  assert.equal(embedded.bias, 'none');
  assert.deepEqual(embedded.weights, [2, 1]);
  assert.deepEqual(problems, []);
  await context.close();
});
