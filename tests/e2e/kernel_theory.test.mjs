// The kernel perceptron's theory in the browser (issue 15): the kernel panel shows the f(x) the learner
// computes in every bias mode and picks lecture 002's form with one click; R, γ* and the bound are measured
// in the kernel's feature space; the sigmoid kernel's smallest Gram eigenvalue is shown; a 2,000-point
// solve runs over several frames (state() says theoryComputing meanwhile) instead of freezing one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, screenshotPixels, lab, drawnBy as drawn, clickRect } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const textOf = (frame, role) => frame.texts.filter((t) => t.role === role).map((t) => t.text);
// A click's effect shows in the frame after the one that read the release (the formula above the radio
// button is drawn before the button sees the click): draws until the text says `expected`, at most 5 s.
async function drawnUntil(page, role, expected) {
  const end = Date.now() + 5000;
  let frame = await drawn(page);
  while (textOf(frame, role)[0] !== expected && Date.now() < end) frame = await drawn(page);
  return frame;
}
// Only the kernel section in the controls column, so it is in view at 1280x800.
async function kernelPanelOnly(page) {
  const result = await lab(page, () => {
    const s = window.perceptronLab.state();
    return window.perceptronLab.load({ ...s, panels: { ...s.panels, data: false, training: false, show: false, share: false } });
  });
  assert.equal(result.ok, true, result.error);
}

test('the kernel panel shows f(x) as computed in each bias mode; one click gives lecture 002\'s form', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.preset('lecture4'));
  await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel', bias: 'absorbed', kernel: { type: 'rbf', gamma: 1 } }));
  await kernelPanelOnly(page);
  let frame = await drawn(page);
  assert.deepEqual(textOf(frame, 'kernel-formula'), ['f(x) = \u03a3\u1d62 \u03b1\u1d62 y\u1d62 (K(x\u1d62, x) + 1)']);
  let state = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(state.R, Math.SQRT2, 'K + 1 with the absorbed bias: R = sqrt(1 + 1)');
  assert.ok(state.gamma > 0 && state.separable && state.theoryComputing === false, JSON.stringify(state));
  assert.ok(Math.abs(state.bound - 2 / state.gamma ** 2) < 1e-9 * state.bound);
  assert.ok(state.mistakes <= state.bound);

  // A real click on the radio button next to the formula.
  const radio = frame.items.find((i) => i.label === 'K (lecture 002)');
  assert.ok(radio, `the lecture-002 choice is drawn: ${frame.items.map((i) => i.label).join(', ')}`);
  await clickRect(page, radio.rect);
  frame = await drawnUntil(page, 'kernel-formula', 'f(x) = \u03a3\u1d62 \u03b1\u1d62 y\u1d62 K(x\u1d62, x)');
  state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.bias, 'none');
  assert.deepEqual(textOf(frame, 'kernel-formula'), ['f(x) = \u03a3\u1d62 \u03b1\u1d62 y\u1d62 K(x\u1d62, x)']);
  assert.equal(state.R, 1, 'K alone: R = sqrt(K(x, x)) = 1 for the RBF kernel');

  await lab(page, () => window.perceptronLab.configure({ bias: 'explicit' }));
  frame = await drawn(page);
  assert.deepEqual(textOf(frame, 'kernel-formula'), ['f(x) = \u03a3\u1d62 \u03b1\u1d62 y\u1d62 K(x\u1d62, x) + b']);
  await screenshotPixels(page, 'kernel-panel-1280x800.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the sigmoid kernel: the smallest eigenvalue of this Gram matrix, and no R or γ* when it is negative', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.preset('lecture4'));
  await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel', bias: 'absorbed', kernel: { type: 'sigmoid', scale: 1, theta: 0 } }));
  await kernelPanelOnly(page);
  let frame = await drawn(page);
  const [line] = textOf(frame, 'gram-spectrum');
  assert.match(line, /^smallest eigenvalue of K\(x\u1d62, x\u2096\) \+ 1: \u22120\.645\d* +\u2192 not PSD for these points$/);
  let state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.R, null);
  assert.equal(state.gamma, null);
  assert.equal(state.separable, false);
  assert.match(state.whyNot, /not a dot product on these points/);
  // The same kernel on the XOR corners with theta = -1: K + 1 is PSD there (1.29), so the theory applies.
  await lab(page, () => window.perceptronLab.preset('xor'));
  await lab(page, () => window.perceptronLab.configure({ kernel: { type: 'sigmoid', scale: 1, theta: -1 } }));
  frame = await drawn(page);
  assert.match(textOf(frame, 'gram-spectrum')[0], /: 1\.29\d* +\u2192 PSD for these points$/);
  state = await lab(page, () => window.perceptronLab.state());
  assert.ok(state.R > 0 && state.gamma > 0 && state.separable, JSON.stringify({ R: state.R, gamma: state.gamma }));
  await screenshotPixels(page, 'kernel-sigmoid-1280x800.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 2,000-point kernel solve runs over several frames, then a change event brings gamma', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const result = await lab(page, async () => {
    const l = window.perceptronLab;
    const hooks = window.testHooks(l);
    l.configure({ algorithm: 'kernel', bias: 'none', kernel: { type: 'rbf', gamma: 10 } });
    const arrived = new Promise((resolve) => {
      const off = l.on('change', (s) => { if (!s.theoryComputing) { off(); resolve(s); } });
    });
    l.generate('spirals', { n: 2000, noise: 0.05, seed: 11 });
    const first = l.state();
    const framesBefore = hooks.framesDrawn();
    const done = await arrived;
    return { computing: first.theoryComputing, R: first.R, gamma: first.gamma, frames: hooks.framesDrawn() - framesBefore,
             final: { gamma: done.gamma, R: done.R, bound: done.bound, separable: done.separable } };
  });
  assert.equal(result.computing, true, 'state() right after the new data does not wait for the solve');
  assert.equal(result.gamma, null);
  assert.equal(result.R, 1, 'R is known at once (the Gram diagonal)');
  // At least one frame drawn between the request and the answer: the solve did not run inside the call.
  assert.ok(result.frames >= 2, `the solve spanned ${result.frames} frames`);
  assert.ok(result.final.separable && result.final.gamma > 0.1 && result.final.gamma < 0.2, JSON.stringify(result.final));
  assert.ok(Math.abs(result.final.bound - 1 / result.final.gamma ** 2) < 1e-9 * result.final.bound);
  assert.deepEqual(problems, []);
  await context.close();
});
