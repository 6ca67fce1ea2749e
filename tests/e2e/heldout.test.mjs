// Test points and hand mode, driven like a student: real clicks, drags and taps, checked through what the
// widget drew (testHooks().drawn(): the hollow test points, the accuracy rows, the hand unit's handles
// and rows, the status line) and through the handle's state() and link().
//
// The held-out example is worked out by hand on the lecture-4 points with no bias: the perceptron ends at
// w = (2, 1) (f = 2x + y) and the maximum-margin line is 2x + y = 1.5. Of the four test points
//   (1, 0)+  (0.25, -0.25)-  (1, -1.5)-  (0, 2)+
// the perceptron's line gets 2 right (the two negatives have 2x + y > 0) and the max-margin line all 4.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, pixelAt, lab, drawnBy as drawn,
  canvasOrigin as canvasBox, centreOf as centre, clickRect, clickData, pressOnCanvas, PHONE, tap as tapAt, longPress as longPressAt,
  fingerDrag, holdUntilFrames, MOVES } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => lab(page, () => window.perceptronLab.state());
const toPage = (page, x, y) => lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// drawn, canvasBox, centre, clickRect, clickData, pressOnCanvas, the phone and its touches: harness.mjs.
const texts = (frame, role) => frame.texts.filter((t) => t.role === role).map((t) => t.text);

// A real click on the item whose visible label is `label`. The controls column is scrolled with the
// mouse wheel (as a person would) until the item is inside it; Dear ImGui does not submit items
// scrolled out of their window.
async function clickItem(page, label) {
  const inView = (i) => i.label === label && i.rect[1] >= i.clip[1] && i.rect[3] <= i.clip[3];
  let frame = await drawn(page);
  let item = frame.items.find(inView);
  for (let i = 0; i < 16 && !item; i++) {
    const column = frame.items.find((it) => it.window.includes('##controls'));
    assert.ok(column, `"${label}" is drawn (items: ${frame.items.map((it) => it.label).filter(Boolean).join(', ')})`);
    const seen = frame.items.find((it) => it.label === label);  // towards it; not reported: up first, then down
    const up = seen ? seen.rect[1] < seen.clip[1] : i < 6;
    const box = await canvasBox(page);
    await page.mouse.move(box.left + (column.clip[0] + column.clip[2]) / 2, box.top + (column.clip[1] + column.clip[3]) / 2);
    await page.mouse.wheel(0, up ? -150 : 150);
    frame = await drawn(page);
    item = frame.items.find(inView);
  }
  assert.ok(item, `"${label}" is drawn in view (items: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')})`);
  await clickRect(page, item.rect);
  await settle(page);
}
// A mouse drag from page position `from` to `to` in small steps, a frame or so apart.
async function mouseDrag(page, from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await holdUntilFrames(page, null, () => page.mouse.down());
  for (let i = 1; i <= steps; i++) {
    const move = () => page.mouse.move(from.x + (to.x - from.x) * i / steps, from.y + (to.y - from.y) * i / steps);
    if (i < steps) { await move(); await wait(20); }  // the hand's speed
    else await holdUntilFrames(page, null, move, 1, MOVES);  // the last move is drawn before the release
  }
  await page.mouse.up();
  await settle(page);
}
// The handle the probe names `role` ("hand-w", "hand-k"): its text and its centre on the page.
async function handle(page, role) {
  const frame = await drawn(page);
  const found = frame.texts.find((t) => t.role === role);
  assert.ok(found, `the ${role} handle is drawn`);
  return { text: found.text, at: centre(await canvasBox(page), found.rect) };
}

const LECTURE4_UNBIASED = { points: [[1, 2], [2, 1], [-1, -1], [-1, 1]], labels: [1, 1, -1, -1], bias: 'none' };
const TEST_POINTS = [[[1, 0], 'left'], [[0.25, -0.25], 'right'], [[1, -1.5], 'right'], [[0, 2], 'left']];

test('test points by clicks: hollow, scored against the max-margin line, undoable, in the link', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const loaded = await lab(page, (s) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...s }), LECTURE4_UNBIASED);
  assert.equal(loaded.ok, true, loaded.error);
  let s = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.deepEqual(s.weights, [2, 1]);
  assert.equal((await drawn(page)).texts.some((t) => t.role === 'generalisation'), false, 'no scores without test points');

  await clickItem(page, 'Clicks mark test points');
  for (const [[x, y], button] of TEST_POINTS) await clickData(page, x, y, button);
  s = await state(page);
  assert.equal(s.points.length, 4, 'the training points are untouched');
  assert.equal(s.heldOut.points.length, 4);
  assert.deepEqual(s.heldOut.labels, [1, -1, -1, 1]);
  assert.deepEqual(s.weights, [2, 1], 'adding test points does not restart training');
  assert.equal(s.testAccuracy, 0.5);
  assert.equal(s.maxMarginTestAccuracy, 1);

  let frame = await drawn(page);
  assert.deepEqual(texts(frame, 'test-point'), ['+1', '\u22121 wrong', '\u22121 wrong', '+1']);
  const rows = texts(frame, 'generalisation');
  assert.ok(rows.includes('training: 100 % (4 of 4)'), rows.join(' | '));
  assert.ok(rows.includes('test: 50 % (2 of 4)'), rows.join(' | '));
  assert.ok(rows.includes('max margin: 100 % (4 of 4)'), rows.join(' | '));

  // Hollow: a few pixels off the centre a training marker shows its class colour, a test marker of the
  // same class the canvas's own light colour inside its outline (whatever the region's tint around it).
  const png = await screenshotPixels(page, 'heldout-hollow.png');
  const near = async (x, y, dx, dy) => { const p = await toPage(page, x, y); return pixelAt(png, p.x + dx, p.y + dy); };
  const distance = (a, b) => a.reduce((n, v, i) => n + Math.abs(v - b[i]), 0);
  const filled = await near(1, 2, 3, 3), hollow = await near(1, 0, 3, 3), tint = await near(1, 0, 14, -9);  // above the axis
  assert.ok(distance(filled, hollow) > 150, `a test point is hollow (filled ${filled}, hollow ${hollow})`);
  assert.ok(distance(hollow, tint) > 60 && hollow.every((v) => v > 200), `its inside is light, not the tint (${hollow} vs ${tint})`);

  // A click on a training point in test mode moves it to the test points; a second click brings it back.
  await clickData(page, -1, -1);
  s = await state(page);
  assert.equal(s.points.length, 3);
  assert.equal(s.heldOut.points.length, 5);
  await clickData(page, -1, -1);
  s = await state(page);
  assert.equal(s.points.length, 4);
  assert.equal(s.heldOut.points.length, 4);
  // Undo (Ctrl+Z) steps back through the moves, then the test points one by one.
  await pressOnCanvas(page, 'Control+z');
  await pressOnCanvas(page, 'Control+z');
  await pressOnCanvas(page, 'Control+z');
  assert.equal((await state(page)).heldOut.points.length, 3);
  await pressOnCanvas(page, 'Control+Shift+z');
  assert.equal((await state(page)).heldOut.points.length, 4);

  // The link carries the test points; a fresh page shows and scores them alike.
  await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  const link = await lab(page, () => window.perceptronLab.link());
  assert.match(link, /&t=[A-Za-z0-9_-]+&/);
  await clickItem(page, 'show the max-margin line');
  await settle(page);
  await screenshotPixels(page, 'heldout-1280x800.png');
  const fresh = await openPage(browser, link.replace(/^[^#]*/, `${server.url}/`), { width: 1280, height: 800 });
  await waitForWidget(fresh.page);
  const again = await state(fresh.page);
  assert.deepEqual(again.heldOut, (await state(page)).heldOut);
  assert.equal(again.testAccuracy, 0.5);
  assert.equal(texts(await drawn(fresh.page), 'test-point').length, 4);
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a generated test set and Hold out 25 % from the Data section', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 1100 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.generate('moons', { n: 80, seed: 4 }));
  await settle(page);
  await clickItem(page, 'Generate test set');
  let s = await state(page);
  assert.equal(s.points.length, 80);
  assert.equal(s.heldOut.points.length, 80);
  assert.notDeepEqual(s.heldOut.points, s.points, 'another seed of the same generator');
  await lab(page, () => window.perceptronLab.train({ epochs: 5 }));
  s = await state(page);
  assert.equal(typeof s.testAccuracy, 'number');
  const rows = texts(await drawn(page), 'generalisation');
  assert.ok(rows.some((r) => r.startsWith('test: ') && r.endsWith('of 80)')), rows.join(' | '));
  await clickItem(page, 'Clear test points');
  assert.equal((await state(page)).heldOut.points.length, 0);
  await lab(page, () => window.perceptronLab.preset('lecture4'));
  await settle(page);
  await clickItem(page, 'Hold out 25 %');
  s = await state(page);
  assert.equal(s.points.length, 3);
  assert.equal(s.heldOut.points.length, 1);
  // The CSV export has the split column; importing it gives the same two lists.
  const csv = await lab(page, () => window.perceptronLab.exportCsv());
  assert.match(csv, /^x1,x2,label,split\n/);
  assert.equal(csv.trim().split('\n').filter((l) => l.endsWith(',test')).length, 1);
  await lab(page, () => window.perceptronLab.preset('xor'));
  const imported = await lab(page, (text) => window.perceptronLab.importText(text, 'split.csv'), csv);
  assert.equal(imported.ok, true, imported.error);
  s = await state(page);
  assert.equal(s.points.length, 3);
  assert.equal(s.heldOut.points.length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hand mode with the mouse: AND, drag the threshold and w, the tie fires, training is off, undo', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await clickItem(page, 'Hand mode (McCulloch-Pitts)');
  await clickItem(page, 'AND');
  let frame = await drawn(page);
  assert.equal(texts(frame, 'hand-w')[0], 'w = (1, 1)');
  assert.equal(texts(frame, 'hand-k')[0], 'k = 1.5');
  assert.match(texts(frame, 'status')[0], /fires when w\u00b7x \u2265 k \u00b7 0 of 4 wrong/);
  assert.ok(!frame.items.some((i) => i.label === 'Step (S)' || i.label === 'Step'), 'no Step button in hand mode');
  assert.ok(frame.items.some((i) => i.label === 'Back to training'));

  // The threshold's diamond sits at (0.75, 0.75); dragged to (0.5, 0.5) it makes k = 1: OR's unit.
  const k = await handle(page, 'hand-k');
  await mouseDrag(page, k.at, await toPage(page, 0.5, 0.5));
  let s = await state(page);
  assert.deepEqual(s.hand, { on: true, w1: 1, w2: 1, k: 1 });
  frame = await drawn(page);
  assert.match(texts(frame, 'status')[0], /2 of 4 wrong \u00b7 2 on the threshold \(they fire\)/);
  assert.ok(texts(frame, 'hand').includes('wrong: 2 of 4 (ringed)'), texts(frame, 'hand').join(' | '));
  assert.ok(texts(frame, 'hand').includes('functional: 0'));

  // w's tip is on the point (1, 1): the handle comes first. Dragged to (0.5, 0.5): only (1, 1) reaches
  // k = 1, exactly, and the tie fires: AND again, with both margins 0.
  const w = await handle(page, 'hand-w');
  await mouseDrag(page, w.at, await toPage(page, 0.5, 0.5));
  s = await state(page);
  assert.deepEqual(s.hand, { on: true, w1: 0.5, w2: 0.5, k: 1 });
  assert.deepEqual(s.points, [[0, 0], [0, 1], [1, 0], [1, 1]], 'the point under the handle did not move');
  frame = await drawn(page);
  assert.match(texts(frame, 'status')[0], /0 of 4 wrong \u00b7 1 on the threshold/);
  assert.ok(texts(frame, 'hand').includes('geometric: 0'), texts(frame, 'hand').join(' | '));

  // Training is refused while hand mode is on, with the reason.
  s = await lab(page, () => window.perceptronLab.train({ steps: 3 }));
  assert.equal(s.visits, 0);
  assert.match(await lab(page, () => window.perceptronLab.notice()), /Hand mode: you set w and k yourself/);
  await pressOnCanvas(page, 's');
  assert.equal((await state(page)).visits, 0);
  // Undo takes back the w drag, then the k drag, each as one step. (The refusal's message goes first.)
  await clickItem(page, 'Dismiss');
  await pressOnCanvas(page, 'Control+z');
  assert.deepEqual((await state(page)).hand, { on: true, w1: 1, w2: 1, k: 1 });
  await pressOnCanvas(page, 'Control+z');
  assert.deepEqual((await state(page)).hand, { on: true, w1: 1, w2: 1, k: 1.5 });
  await screenshotPixels(page, 'hand-1280x800.png');
  // Back to training: the perceptron learns AND itself.
  await clickItem(page, 'Back to training');
  s = await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  assert.equal(s.hand.on, false);
  assert.equal(s.converged, true);
  assert.deepEqual(problems, []);
  await context.close();
});

// [SECTION] phone: taps and a finger's drag (Chrome DevTools Protocol touch events)
// A finger scrolls the tab's body (a vertical drag, as on any phone page) until `label` is in view;
// Dear ImGui does not submit items scrolled out of their window.
async function tapItem(page, cdp, label) {
  const inView = (i) => i.label === label && i.rect[1] >= i.clip[1] && i.rect[3] <= i.clip[3];
  let frame = await drawn(page);
  let item = frame.items.find(inView);
  for (let i = 0; i < 16 && !item; i++) {
    const body = frame.items.find((it) => it.window.includes('##tab-body'));
    assert.ok(body, `"${label}" is drawn (items: ${frame.items.map((it) => it.label).filter(Boolean).join(', ')})`);
    // Towards the item when it is reported above or below the view; else up first, then down.
    const seen = frame.items.find((it) => it.label === label);
    const up = seen ? seen.rect[1] < seen.clip[1] : i < 6;
    const box = await canvasBox(page);
    const x = box.left + body.clip[0] + 12, y = box.top + (body.clip[1] + body.clip[3]) / 2;
    await fingerDrag(page, cdp, { x, y: y + (up ? -80 : 80) }, { x, y: y + (up ? 80 : -80) });
    frame = await drawn(page);
    item = frame.items.find(inView);
  }
  assert.ok(item, `"${label}" is drawn in view (items: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')})`);
  await tapAt(page, cdp, centre(await canvasBox(page), item.rect));
}

test('phone: hand mode from the Train tab, the threshold dragged by a finger; test points by taps', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, PHONE);
  await waitForWidget(page);
  const cdp = await context.newCDPSession(page);
  await tapItem(page, cdp, 'Train');
  await tapItem(page, cdp, 'Hand mode (McCulloch-Pitts)');
  await tapItem(page, cdp, 'OR');
  let frame = await drawn(page);
  assert.equal(texts(frame, 'hand-k')[0], 'k = 1');
  assert.match(texts(frame, 'status')[0], /0 of 4 wrong \u00b7 2 on the threshold \(they fire\)/);
  // A finger drags the diamond from (0.5, 0.5) out to (0.75, 0.75): k = 1.5, AND's unit on OR's table.
  const k = await handle(page, 'hand-k');
  await fingerDrag(page, cdp, k.at, await toPage(page, 0.75, 0.75));
  let s = await state(page);
  assert.equal(s.hand.k, 1.5);
  frame = await drawn(page);
  assert.match(texts(frame, 'status')[0], /2 of 4 wrong/);
  await screenshotPixels(page, 'hand-390x844.png');
  // The hand unit travels in the link (w = (1, 1) and k = 1.5 are the defaults, so it says only hand=1):
  // loading the link gives the same unit.
  const link = await lab(page, () => window.perceptronLab.link());
  assert.match(link, /&hand=1&v=1$/);
  const reloaded = await lab(page, (l) => window.perceptronLab.load(l), link);
  assert.equal(reloaded.ok, true);
  assert.deepEqual((await state(page)).hand, { on: true, w1: 1, w2: 1, k: 1.5 });

  // Test points by touch: the Data tab's switch, then a long press on empty canvas adds a test point of
  // the other class, and a tap (or, as slow taps on a busy phone become, a long press) on a training point
  // moves it to the test points.
  await tapItem(page, cdp, 'Back to training');
  await tapItem(page, cdp, 'Data');
  await tapItem(page, cdp, 'Clicks mark test points');
  await longPressAt(page, cdp, await toPage(page, 0.5, 0.25));
  s = await state(page);
  assert.equal(s.heldOut.points.length, 1);
  assert.ok(Math.hypot(s.heldOut.points[0][0] - 0.5, s.heldOut.points[0][1] - 0.25) < 0.02, `${s.heldOut.points[0]}`);
  assert.equal(s.heldOut.labels[0], -1, 'a long press adds the other class');
  assert.equal(s.points.length, 4);
  await tapAt(page, cdp, await toPage(page, 1, 1));  // the training point (1, 1) moves to the test points
  s = await state(page);
  assert.equal(s.points.length, 3);
  assert.equal(s.heldOut.points.length, 2);
  assert.deepEqual(s.heldOut.points[1], [1, 1]);
  await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  await tapItem(page, cdp, 'Theory');
  frame = await drawn(page);
  assert.ok(texts(frame, 'generalisation').some((r) => r.startsWith('test: ')), 'the Theory tab scores the test points');
  await screenshotPixels(page, 'heldout-390x844.png');
  assert.deepEqual(problems, []);
  await context.close();
});
