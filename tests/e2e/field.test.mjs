// Kernels and lifts on screen: the GPU-painted regions are right, and agree with the CPU reference.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, pixelAt, distinctColours } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const lab = (page, expr, arg) => page.evaluate(expr, arg);
const XOR = { points: [[1, 1], [-1, -1], [1, -1], [-1, 1]], labels: [-1, -1, 1, 1], preset: 'xor' };

// Which class colour dominates a pixel: +1 is orange-red (r > b), -1 blue (b > r).
function sideOf([r, , b]) { return r > b + 20 ? 1 : b > r + 20 ? -1 : 0; }

test('XOR with the RBF kernel perceptron converges and paints the four corners right', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1000, height: 700 });
  await waitForWidget(page);
  await lab(page, (xor) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...xor }), XOR);
  const configured = await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel', kernel: { type: 'rbf', gamma: 1 } }));
  assert.equal(configured.algorithm, 'kernel');
  const state = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(state.converged, true);
  assert.ok(state.alphas.some((a) => a > 0));
  await settle(page);
  const png = await screenshotPixels(page, 'xor-rbf.png');
  // Sample a few pixels diagonally outward from each corner point (outside the marker).
  for (let i = 0; i < 4; i++) {
    const [x, y] = XOR.points[i];
    const p = await lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px * 1.35, py * 1.35), [x, y]);
    assert.equal(sideOf(pixelAt(png, p.x, p.y)), XOR.labels[i], `region colour near (${x}, ${y})`);
  }
  const agreement = await lab(page, () => window.testHooks(window.perceptronLab).fieldAgreement());
  assert.ok(agreement.fraction >= 0.999, `GPU/CPU sign agreement ${agreement.fraction}`);
  assert.equal(agreement.notTiny, 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('switching to the x1*x2 lift opens the 3-D view and the perceptron converges', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, (xor) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...xor }), XOR);
  let state = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(state.converged, false, 'raw XOR cannot be learned');
  state = await lab(page, () => window.perceptronLab.configure({ lift: 'xy' }));
  assert.equal(state.lift, 'xy');
  assert.equal(state.panels.liftView, true, 'the lift view opens');
  state = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(state.converged, true);
  assert.ok(state.mistakes <= state.bound + 1e-9, `M = ${state.mistakes} within (R/gamma)^2 = ${state.bound}`);
  await settle(page);
  const png = await screenshotPixels(page, 'xor-lift-3d.png');
  // The 3-D view occupies the lower part of the canvas column: it is drawn (many colours, not blank).
  const g = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  // (A region, not one pixel: a single pixel only tests whether an axis happens to cross it.)
  const x0 = Math.round(g.left), x1 = Math.round(g.left + g.width), y0 = Math.round(g.top + g.height + 40);
  assert.ok(distinctColours(png, x0, y0, x1, Math.min(png.height, y0 + 250)) > 20, 'something is drawn under the canvas');
  const agreement = await lab(page, () => window.testHooks(window.perceptronLab).fieldAgreement());
  assert.ok(agreement.fraction >= 0.999, `GPU/CPU sign agreement ${agreement.fraction}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('readback agreement >= 99.9% for every learner kind', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 900, height: 650 });
  await waitForWidget(page);
  const setups = [
    { algorithm: 'perceptron', lift: 'none' },
    { algorithm: 'perceptron', lift: 'radial' },
    { algorithm: 'perceptron', lift: 'poly2', bias: 'none' },
    { algorithm: 'voted', lift: 'none' },
    { algorithm: 'kernel', lift: 'none', kernel: { type: 'poly', degree: 3 } },
    { algorithm: 'kernel', lift: 'none', kernel: { type: 'gaussian', sigma: 0.7 } },
  ];
  await lab(page, () => window.perceptronLab.load('#d=' + 'x'));  // a bad link first: state must stay usable
  for (const setup of setups) {
    await lab(page, (s) => window.perceptronLab.configure(s), setup);
    await lab(page, () => window.perceptronLab.train({ epochs: 3 }));
    await settle(page);
    const a = await lab(page, () => window.testHooks(window.perceptronLab).fieldAgreement());
    assert.ok(a.fraction >= 0.999, `${JSON.stringify(setup)}: agreement ${a.fraction}`);
    // The voted field is a sum of votes, a step function: where one stored perceptron's own score is
    // within float rounding of 0 its vote may flip, so "tiny |f|" does not apply to it.
    if (setup.algorithm !== 'voted') assert.equal(a.notTiny, 0, JSON.stringify(setup));
  }
  assert.deepEqual(problems, []);
  await context.close();
});
