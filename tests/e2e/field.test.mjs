// Kernels and lifts on screen: the GPU-painted regions are right, and agree with the CPU reference.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, pixelAt, distinctColours, lab } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

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

// 10-D points (a seeded LCG, coordinates on the 1/1024 grid) labelled by a curved rule in x1, x2 that
// also leans on x3: the canvas shows the plane x3 = ... = x10 = 0.
function tenDimensional(n) {
  let seed = 12345;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.round((seed / 2147483648 * 4 - 2) * 1024) / 1024; };
  const points = [], labels = [];
  for (let i = 0; i < n; i++) {
    const x = Array.from({ length: 10 }, next);
    points.push(x);
    labels.push(x[0] * x[0] + 0.5 * x[1] * x[1] - 1.5 + 0.4 * x[2] > 0 ? 1 : -1);
  }
  return { points, labels, dim: 10, preset: 'custom' };
}

test('10-D data: models with many weights, vectors and support vectors are painted by the GPU as the CPU computes them', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 900, height: 650 });
  await waitForWidget(page);
  const data = tenDimensional(60);
  const loaded = await lab(page, (d) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...d }), data);
  assert.notEqual(loaded.ok, false, JSON.stringify(loaded));
  // f on the canvas plane, by hand from the weights: only the features built from x1 and x2 count.
  const r2 = Math.SQRT2;
  const poly2 = (w) => (x, y) => w[0] + r2 * w[1] * x + r2 * w[2] * y + r2 * w[11] * x * y + w[56] * x * x + w[57] * y * y + w[66];
  const product = (w, b) => (x, y) => w[0] * x + w[1] * y + w[10] * x * y + b;
  const setups = [
    // [1, r2 x_i (10), r2 x_i x_j (45), x_i^2 (10)] + 1: the cross term x1 x2 is weight 11, x1^2 weight 56.
    { setup: { algorithm: 'perceptron', lift: 'poly2', bias: 'absorbed' }, weights: 67, f: (s) => poly2(s.weights) },
    { setup: { algorithm: 'perceptron', lift: 'xy', bias: 'explicit' }, weights: 11, f: (s) => product(s.weights, s.b) },
    { setup: { algorithm: 'voted', lift: 'radial', bias: 'absorbed' } },
    { setup: { algorithm: 'kernel', lift: 'none', kernel: { type: 'rbf', gamma: 0.3 } } },
  ];
  for (const { setup, weights, f } of setups) {
    await lab(page, (s) => window.perceptronLab.configure(s), setup);
    const state = await lab(page, () => window.perceptronLab.train({ epochs: 4 }));
    if (weights) assert.equal(state.weights.length, weights, JSON.stringify(setup));
    await settle(page);
    const a = await lab(page, () => window.testHooks(window.perceptronLab).fieldAgreement());
    assert.ok(a.fraction >= 0.999, `${JSON.stringify(setup)}: agreement ${a.fraction}`);
    if (setup.algorithm !== 'voted') assert.equal(a.notTiny, 0, JSON.stringify(setup));
    // Both classes are painted on the canvas.
    const png = await screenshotPixels(page);
    const g = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
    const sides = { 1: 0, '-1': 0 };
    for (let y = Math.round(g.top) + 4; y < g.top + g.height - 4; y += 6)
      for (let x = Math.round(g.left) + 4; x < g.left + g.width - 4; x += 6) {
        const side = sideOf(pixelAt(png, x, y));
        if (side) sides[side]++;
      }
    assert.ok(sides[1] > 20 && sides[-1] > 20, `${JSON.stringify(setup)}: both classes painted (${JSON.stringify(sides)})`);
    if (!f) continue;
    // The painted side matches the hand-computed sign of f wherever |f| is clearly away from 0, away
    // from the point markers (drawn at (x1, x2) in their label's colour).
    const fieldAt = f(state);
    const markers = [];
    for (const [x1, x2] of data.points) markers.push(await lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x1, x2]));
    const samples = [];
    // (Off the grid lines at multiples of 0.5.)
    for (let x = -2; x <= 2; x += 0.25) for (let y = -2; y <= 2; y += 0.25) samples.push([x + 0.11, y + 0.137, fieldAt(x + 0.11, y + 0.137)]);
    const scale = Math.max(...samples.map((p) => Math.abs(p[2])));
    let matching = 0, checked = 0;
    for (const [x, y, value] of samples) {
      if (Math.abs(value) < 0.1 * scale) continue;
      const at = await lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
      if (at.x < g.left + 4 || at.x > g.left + g.width - 4 || at.y < g.top + 4 || at.y > g.top + g.height - 4) continue;
      if (markers.some((m) => Math.hypot(m.x - at.x, m.y - at.y) < 14)) continue;
      const side = sideOf(pixelAt(png, at.x, at.y));
      if (side === 0) continue;  // not a region colour: a marker, a line
      checked++;
      if (side === Math.sign(value)) matching++;
    }
    assert.ok(checked >= 40 && matching >= 0.98 * checked, `${JSON.stringify(setup)}: ${matching} of ${checked} samples on the side f says`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
