// The widget, driven like a student would: real clicks and keys in headless Chromium, checked
// through the JS handle's state().
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, lab, clickData, pressOnCanvas } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('XOR built by hand with clicks does not converge within the epoch cap', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  // Start from an empty canvas (Clear all is undoable, so nothing is lost).
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [] }));
  await settle(page);
  assert.equal((await lab(page, () => window.perceptronLab.state())).points.length, 0);
  await clickData(page, 1, -1);            // +1 (left click adds the active class, +1)
  await clickData(page, -1, 1);            // +1
  await clickData(page, 1, 1, 'right');    // -1 (right click adds the other class)
  await clickData(page, -1, -1, 'right');  // -1
  let state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.points.length, 4);
  assert.deepEqual(state.labels, [1, 1, -1, -1]);
  // A click lands on the nearest screen pixel, snapped to the 1/1024 grid: close to the target, not equal.
  const targets = [[1, -1], [-1, 1], [1, 1], [-1, -1]];
  const tolerance = 1.5 / (await lab(page, () => window.testHooks(window.perceptronLab).geometry().pixelsPerUnit));
  state.points.forEach((p, i) => {
    assert.ok(Math.abs(p[0] - targets[i][0]) <= tolerance && Math.abs(p[1] - targets[i][1]) <= tolerance, `point ${i} at ${p}`);
  });
  assert.equal(state.separable, false);
  state = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(state.converged, false, 'XOR never has a mistake-free epoch');
  assert.equal(state.capped, true);
  assert.equal(state.epochs, state.maxEpochs);
  assert.ok(state.mistakes > 0);
  await settle(page);
  await screenshotPixels(page, 'xor-by-hand.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the 4-point lecture example: w after each S key press equals the hand-computed trace', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const start = await lab(page, () => window.perceptronLab.state());
  assert.equal(start.preset, 'lecture4');
  assert.deepEqual(start.points, [[1, 2], [2, 1], [-1, -1], [-1, 1]]);
  // Bias absorbed: the learner sees (x1, x2, 1). Hand trace from w = 0:
  //  visit (1,2,1)+  : y*w.x = 0 <= 0, mistake -> w = (1,2,1)
  //  visit (2,1,1)+  : 5 > 0, no update
  //  visit (-1,-1,1)-: -(-1-2+1) = 2 > 0, no update
  //  visit (-1,1,1)- : -(-1+2+1) = -2 <= 0, mistake -> w = (1,2,1) - (-1,1,1) = (2,1,0)
  //  epoch 2: every point correct -> converged with M = 2
  const expected = [[1, 2, 1], [1, 2, 1], [1, 2, 1], [2, 1, 0], [2, 1, 0], [2, 1, 0], [2, 1, 0], [2, 1, 0]];
  for (const [k, w] of expected.entries()) {
    await pressOnCanvas(page, 's');
    // An idle widget reads keys ten times a second and a software renderer can hold frames back: wait
    // (at most 5 s) until this press's visit is made, then compare.
    await page.waitForFunction((n) => window.perceptronLab.state({ points: false }).visits >= n, k + 1, { timeout: 5000 }).catch(() => {});
    const state = await lab(page, () => window.perceptronLab.state());
    assert.deepEqual(state.weights, w);
  }
  const state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.mistakes, 2);
  assert.equal(state.converged, true);
  assert.ok(state.mistakes <= state.bound, 'mistakes stay within (R/gamma)^2');
  await screenshotPixels(page, 'lecture4-trained.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('online mode: a new click is predicted first, then learned', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), onlineMode: true }));
  await settle(page);
  const before = await lab(page, () => window.perceptronLab.state());
  assert.equal(before.onlineMode, true);
  // Online mode = the model has seen each point once, in order: after that pass w = (2,1,0) (see the
  // hand trace above). The point (2,2) then gets score 4+2+0 > 0: predicted +1.
  assert.deepEqual(before.weights, [2, 1, 0]);
  await clickData(page, 2, 2, 'right');  // true label -1
  const online = await lab(page, () => window.testHooks(window.perceptronLab).lastOnline());
  assert.deepEqual(online, { predicted: 1, truth: -1, mistake: true, mistakes: 1 });
  const after = await lab(page, () => window.perceptronLab.state());
  assert.equal(after.points.length, 5);
  const [px, py] = after.points[4];
  assert.ok(Math.abs(px - 2) < 0.05 && Math.abs(py - 2) < 0.05);
  assert.deepEqual(after.weights, [2 - px, 1 - py, 0 - 1], 'the wrong prediction triggered w <- w - x');
  await screenshotPixels(page, 'online-mode.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('undo restores the previous points (Ctrl+Z), redo brings them back', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const before = await lab(page, () => window.perceptronLab.state().points);
  await clickData(page, 0.5, -2);
  assert.equal((await lab(page, () => window.perceptronLab.state().points)).length, before.length + 1);
  await pressOnCanvas(page, 'Control+z');
  assert.deepEqual(await lab(page, () => window.perceptronLab.state().points), before);
  await pressOnCanvas(page, 'Control+Shift+z');
  assert.equal((await lab(page, () => window.perceptronLab.state().points)).length, before.length + 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('screenshots at 640x480 and 1600x900, DPR 1 and 2', async () => {
  for (const [width, height] of [[640, 480], [1600, 900]]) {
    for (const dpr of [1, 2]) {
      const { page, context, problems } = await openPage(browser, `${server.url}/`, { width, height, deviceScaleFactor: dpr });
      await waitForWidget(page);
      await lab(page, () => window.perceptronLab.train({ epochs: 1 }));
      await settle(page);
      await screenshotPixels(page, `widget-${width}x${height}-dpr${dpr}.png`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});
