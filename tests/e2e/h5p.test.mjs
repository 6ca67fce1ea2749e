// The H5P content type (issue 28 part 4): `perceptron-cli package --h5p` (the native build's, run as a
// process) makes a .h5p of a lesson of one's own; h5p-standalone (npm) renders the unzipped package in
// Chromium as an H5P host does; a student passes the lesson with real clicks inside the widget (a
// sandboxed iframe inside H5P's iframe). The xAPI 'answered' and 'completed' statements reach
// H5P.externalDispatcher with the score, getScore()/getMaxScore() agree with the widget's own
// lab.result(), "Show solution" lists the goal and the right answer, "Start again" (resetTask) brings
// the score back to 0 in a fresh widget, and the state getCurrentState gave resumes the lesson.
//
// The package is made with the test build's single file (--widget), which has the test hooks' registry.
// Its Content-Security-Policy lets no script file in, so test_hooks.js reaches it as evaluated code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { unzipSync } from 'fflate';
import { startServer, launchBrowser, repoRoot, webRoot, onLab, settleLab as settle, drawnBy as drawn,
  canvasOrigin as canvasBox, clickRect, clickData, holdClick } from './harness.mjs';

const cli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');
const LESSON = {
  version: 1,
  id: 'h5p-check',
  title: 'The "H5P" check: one point & one question',
  steps: [
    { title: 'Break it', text: 'Add **one** point that makes the data not separable.',
      state: '#d=AgQDgBCAIIAQ_w__L_8fAIAg&v=1', controls: ['data', 'show', 'theory', 'lesson'],
      goal: 'points == 5 and separable == false', hint: 'A positive point at (\u22121, 0).', success: 'Not separable any more.' },
    { title: 'Why', text: 'Why can no line separate the five points now?', controls: ['data', 'show', 'theory', 'lesson'],
      choices: ['There are too many points', 'The two convex hulls meet', 'The learning rate is too small'], answer: 1,
      hint: 'Think of the hulls.', success: 'Right: the hulls meet.' },
  ],
};

let server, browser, dir;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-h5p-'));
  const lessonFile = path.join(dir, 'lesson.json');
  fs.writeFileSync(lessonFile, JSON.stringify(LESSON, null, 2));
  const packageFile = path.join(dir, 'lesson.h5p');
  const run = spawnSync(cli, ['package', '--h5p', '--lesson', lessonFile, '--widget', path.join(webRoot, 'perceptron-lab-single.html'),
    '-o', packageFile], { encoding: 'utf8' });
  assert.equal(run.status, 0, `perceptron-cli package --h5p: ${run.stderr}`);
  assert.match(run.stdout, /H5P package \(H5P\.PerceptronLab-\d+\.\d+\)/);
  // The host's folder: the unzipped package and h5p-standalone's player.
  const root = path.join(dir, 'root');
  for (const [name, bytes] of Object.entries(unzipSync(fs.readFileSync(packageFile)))) {
    if (name.endsWith('/')) continue;
    fs.mkdirSync(path.dirname(path.join(root, 'content', name)), { recursive: true });
    fs.writeFileSync(path.join(root, 'content', name), bytes);
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules', 'h5p-standalone', 'dist'), path.join(root, 'player'));
  fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><script src="/player/main.bundle.js"></script></head><body style="margin:0"><div id="h5p" style="width:960px"></div><script>
window.statements = [];
// A saved state (what getCurrentState gave) in the address, as a host hands it back: contentUserData.
const saved = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : '';
new H5PStandalone.H5P(document.getElementById('h5p'), { h5pJsonPath: '/content', frameJs: '/player/frame.bundle.js',
  frameCss: '/player/styles/h5p.css', ...(saved ? { contentUserData: [{ state: saved }], saveFreq: 3600 } : {}) }).then(() => {
  H5P.externalDispatcher.on('xAPI', (event) => { window.statements.push(event.data.statement); });
  window.playerReady = true;
});
</script></body></html>`);
  server = await startServer({ root });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// The harness's helpers work on a "page"; this one is the widget's frame, with the mouse of the real page
// moved by where the frame's canvas is on that page.
function widgetPage(page, frame) {
  const offset = async () => {
    const box = await frame.locator('canvas.perceptron-lab-canvas').boundingBox();
    const inFrame = await frame.evaluate(() => { const r = document.querySelector('canvas.perceptron-lab-canvas').getBoundingClientRect(); return { x: r.left, y: r.top }; });
    return { x: box.x - inFrame.x, y: box.y - inFrame.y };
  };
  return {
    evaluate: (fn, arg) => frame.evaluate(fn, arg),
    waitForFunction: (fn, arg, options) => frame.waitForFunction(fn, arg, options),
    waitForTimeout: (ms) => page.waitForTimeout(ms),
    mouse: {
      async click(x, y, options) { const o = await offset(); await page.mouse.click(x + o.x, y + o.y, options); },
      async move(x, y) { const o = await offset(); await page.mouse.move(x + o.x, y + o.y); },
      down: (options) => page.mouse.down(options),
      up: (options) => page.mouse.up(options),
      wheel: (dx, dy) => page.mouse.wheel(dx, dy),
    },
  };
}

// test_hooks.js and the two modules it imports as one script that sets window.testHooks (the way
// scripts/build_single.mjs joins the widget's modules).
function hooksScript() {
  const modules = ['embed_wasm.js', 'embed_share.js', 'test_hooks.js'].map((file) => {
    const exported = [];
    const code = fs.readFileSync(path.join(webRoot, file), 'utf8')
      .replace(/^import \{([^}]*)\} from '\.\/([\w-]+\.js)';$/gm, (line, list, dependency) => `const {${list}} = modules['${dependency}'];`)
      .replace(/^export (function|const) ([\w$]+)/gm, (line, kind, name) => { exported.push(name); return `${kind} ${name}`; });
    return `modules['${file}'] = (function () {\n${code}\nreturn { ${exported.join(', ')} };\n})();`;
  });
  return `(() => {\nconst modules = {};\n${modules.join('\n')}\nwindow.testHooks = modules['test_hooks.js'].testHooks;\n})()`;
}

// The content's widget frame once its widget has drawn, with the hooks in it.
async function openWidget(page, h5pFrame) {
  const iframe = await h5pFrame.waitForFunction(() => window.H5P?.instances?.[0]?.iframe, null, { timeout: 60000 });
  const frame = await iframe.asElement().contentFrame();
  await frame.waitForFunction(() => document.getElementById('lab')?.perceptronLab, null, { timeout: 60000 });
  await frame.evaluate(hooksScript());
  await frame.waitForFunction(() => window.testHooks(document.getElementById('lab').perceptronLab).framesDrawn() >= 2, null, { timeout: 60000 });
  const widget = widgetPage(page, frame);
  await settle(widget, 'lab');
  return widget;
}

// A real click on the card's button `label`, scrolled into view with the wheel first (results.test.mjs).
async function clickButton(widget, label) {
  for (let i = 0; i < 30; i++) {
    const item = (await drawn(widget, 'lab')).items.find((it) => it.label === label);
    assert.ok(item, `a "${label}" button is drawn`);
    if (item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3]) {
      await clickRect(widget, item.rect, 'lab');
      await settle(widget, 'lab');
      return;
    }
    const box = await canvasBox(widget, 'lab');
    await widget.mouse.move(box.left + (item.clip[0] + item.clip[2]) / 2, box.top + (item.clip[1] + item.clip[3]) / 2);
    await widget.mouse.wheel(0, item.rect[1] < item.clip[1] ? -100 : 100);
  }
  assert.fail(`"${label}" never came into view`);
}

const VERB = 'http://adlnet.gov/expapi/verbs/';
const statementsOf = (page, verb) => page.evaluate((id) => window.statements.filter((s) => s.verb.id === id), VERB + verb);
const scores = (h5pFrame) => h5pFrame.evaluate(() => ({ raw: H5P.instances[0].getScore(), max: H5P.instances[0].getMaxScore(),
  given: H5P.instances[0].getAnswerGiven() }));

// The host page (with a saved state, or none) and the frame h5p-standalone renders the content in.
async function openHost(context, problems, saved = null) {
  const page = await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`); });
  await page.goto(`${server.url}/${saved ? `#${encodeURIComponent(JSON.stringify(saved))}` : ''}`);
  await page.waitForFunction(() => window.playerReady, null, { timeout: 60000 });
  const h5pFrame = page.frames().find((f) => f.parentFrame() === page.mainFrame());
  assert.ok(h5pFrame, 'h5p-standalone renders the content in its iframe');
  return { page, h5pFrame };
}

test('an H5P package in h5p-standalone: a lesson passed with real clicks sends answered and completed with the score', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const problems = [];
  const { page, h5pFrame } = await openHost(context, problems);
  let widget = await openWidget(page, h5pFrame);
  assert.deepEqual(await scores(h5pFrame), { raw: 0, max: 2, given: false }, 'the maximum comes from the lesson before any check');

  // Step 1: a positive point between the two negatives, and the card's Check.
  await clickData(widget, -1, 0, 'left', 'lab');
  await clickButton(widget, 'Check');
  await page.waitForFunction((id) => window.statements.some((s) => s.verb.id === id), VERB + 'progressed', { timeout: 10000 });
  // A check is a child statement (the lesson as its parent) and a top-level 'progressed': neither starts
  // an attempt in a host that makes one of every top-level 'answered' (Moodle), and H5P saves the state.
  let answered = await statementsOf(page, 'answered');
  assert.equal(answered.length, 1, 'one answered statement per Check');
  assert.match(answered[0].object.id, /[?&]subContentId=step-1$/);
  assert.equal(answered[0].context.contextActivities.parent.length, 1);
  assert.equal(answered[0].object.id.startsWith(answered[0].context.contextActivities.parent[0].id), true);
  assert.deepEqual(answered[0].result.score, { min: 0, raw: 1, max: 1, scaled: 1 });
  assert.equal(answered[0].result.success, true);
  assert.equal((await statementsOf(page, 'progressed')).length, 1);
  assert.equal(await page.evaluate(() => window.statements.filter((s) => !s.context?.contextActivities?.parent
    && /\/(answered|completed)$/.test(s.verb.id)).length), 0, 'no top-level answered or completed before the end');
  assert.deepEqual(await scores(h5pFrame), { raw: 1, max: 2, given: true });
  await clickButton(widget, 'Next');

  // Step 2: the quiz. Its radio buttons sit one per row between the last paragraph and Back.
  const frame = await drawn(widget, 'lab');
  const lastText = frame.texts.filter((t) => t.role === 'lesson-text').at(-1).rect;
  const back = frame.items.find((i) => i.label === 'Back').rect;
  const rowHeight = back[3] - back[1];
  const quiz = LESSON.steps[1];
  const spacing = (back[1] - lastText[3] - quiz.choices.length * rowHeight) / (quiz.choices.length + 1);
  const box = await canvasBox(widget, 'lab');
  await holdClick(widget, box.left + back[0] + rowHeight / 2, box.top + lastText[3] + spacing + quiz.answer * (rowHeight + spacing) + rowHeight / 2, { who: 'lab' });
  await settle(widget, 'lab');
  assert.equal((await onLab(widget, 'lab', (lab) => lab.lesson())).chosen, quiz.answer);
  await clickButton(widget, 'Check');
  await page.waitForFunction((id) => window.statements.some((s) => s.verb.id === id), VERB + 'completed', { timeout: 10000 });

  const completed = await statementsOf(page, 'completed');
  answered = await statementsOf(page, 'answered');
  assert.equal(completed.length, 1, 'one top-level statement for the sitting');
  assert.equal(answered.length, 2, 'a child per check, no top-level answered');
  assert.ok(answered.every((a) => a.context.contextActivities.parent.length === 1));
  const record = await onLab(widget, 'lab', (lab) => lab.result());
  assert.deepEqual(record.score, { raw: 2, max: 2, scaled: 1, scoring: 'passed' });
  assert.equal(record.completed, true);
  const h5p = await scores(h5pFrame);
  assert.deepEqual([h5p.raw, h5p.max], [record.score.raw, record.score.max], 'getScore/getMaxScore agree with lab.result()');
  assert.deepEqual(completed[0].result.score, { min: 0, raw: h5p.raw, max: h5p.max, scaled: 1 });
  assert.equal(completed[0].result.completion, true);
  assert.equal(completed[0].result.success, true);
  assert.equal(completed[0].object.definition.interactionType, 'other');
  assert.equal(completed[0].context?.contextActivities?.parent, undefined, 'the lesson statement is top-level');
  // What a host stores with it (Moodle's attempt report): the lesson and a child per checked step.
  const data = await h5pFrame.evaluate(() => H5P.instances[0].getXAPIData());
  assert.deepEqual(data.children.map((c) => c.statement.object.id.replace(/^.*subContentId=/, '')), ['step-1', 'step-2']);
  assert.deepEqual(data.statement.result.score, completed[0].result.score);
  const state = await h5pFrame.evaluate(() => H5P.instances[0].getCurrentState());
  assert.match(state.link, /[#&]lesson=h5p-check(&|$)/, 'the state to resume from is the widget link');

  // "Show solution": the goal and the right answer, under the widget.
  await h5pFrame.getByRole('button', { name: 'Show solution' }).click();
  const solutions = await h5pFrame.locator('.h5p-perceptron-lab-solutions').innerText();
  assert.match(solutions, /points == 5 and separable == false/);
  assert.match(solutions, /Answer: The two convex hulls meet/);

  // "Start again" (resetTask): the score is 0 at once, and a fresh widget starts the lesson afresh.
  await h5pFrame.getByRole('button', { name: 'Start again' }).click();
  assert.deepEqual(await scores(h5pFrame), { raw: 0, max: 2, given: false });
  widget = await openWidget(page, h5pFrame);
  const fresh = await onLab(widget, 'lab', (lab) => ({ score: lab.result().score, step: lab.lesson().step }));
  assert.deepEqual(fresh, { score: { raw: 0, max: 2, scaled: 0, scoring: 'passed' }, step: 0 });
  assert.equal((await statementsOf(page, 'completed')).length, 1, 'a reset sends nothing');
  // Step 1 passed, step 2 left out, Finish: the sitting's one top-level statement is 'answered' with 1 of 2.
  await clickData(widget, -1, 0, 'left', 'lab');
  await clickButton(widget, 'Check');
  await page.waitForFunction((id) => window.statements.filter((s) => s.verb.id === id).length === 3, VERB + 'progressed', { timeout: 10000 });
  await clickButton(widget, 'Next');
  await clickButton(widget, 'Finish');
  await page.waitForFunction(() => window.statements.some((s) => /\/answered$/.test(s.verb.id) && !s.context?.contextActivities?.parent),
    null, { timeout: 10000 });
  const partial = (await statementsOf(page, 'answered')).filter((s) => !s.context?.contextActivities?.parent);
  assert.equal(partial.length, 1);
  assert.deepEqual(partial[0].result.score, { min: 0, raw: 1, max: 2, scaled: 0.5 });
  assert.equal(partial[0].result.completion, false);
  await page.close();

  // The host hands the saved state back: the lesson resumes at its last step, with the student's point
  // and both steps passed, and sends no statement of its own.
  const again = await openHost(context, problems, state);
  widget = await openWidget(again.page, again.h5pFrame);
  await again.h5pFrame.waitForFunction(() => H5P.instances[0].getAnswerGiven(), null, { timeout: 10000 });
  assert.deepEqual(await scores(again.h5pFrame), { raw: 2, max: 2, given: true });
  const resumed = await onLab(widget, 'lab', (lab) => ({ step: lab.lesson().step, points: lab.state({ points: false }).pointCount,
    passed: lab.result().steps.map((s) => s.passed) }));
  assert.deepEqual(resumed, { step: 1, points: 5, passed: [true, true] });
  assert.deepEqual(await again.page.evaluate(() => window.statements.length), 0);
  assert.deepEqual(problems, []);
  await context.close();
});
