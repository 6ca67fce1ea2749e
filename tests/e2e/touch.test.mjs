// Touch on a phone (390x844, DPR 3, touch events, a coarse pointer), driven through the Chrome DevTools
// Protocol's Input.dispatchTouchEvent, checked through the handle's state() and the test probe: a tap
// adds exactly one point, a long press adds the other class, a drag moves a point or pans, two fingers
// zoom around their midpoint and pan, the class switch and Fit on the canvas work with a finger, and
// the view fits the data when a new data set arrives (but not when a link brings its own view).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, lab, canvasOrigin, centreOf, PHONE, touch, tap,
  longPress, fingerDrag as drag, holdUntilFrames, holdClick, MOVES } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => lab(page, () => window.perceptronLab.state());
const geometry = (page) => lab(page, () => window.testHooks(window.perceptronLab).geometry());
const toPage = (page, x, y) => lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The data point under a page position (the inverse of toPage).
async function toData(page, p) {
  const [g, r] = await Promise.all([geometry(page), canvasOrigin(page)]);
  return { x: g.centerX + (p.x - r.left - g.left - g.width / 2) / g.pixelsPerUnit,
           y: g.centerY - (p.y - r.top - g.top - g.height / 2) / g.pixelsPerUnit };
}

async function openPhone(start) {
  const opened = await openPage(browser, `${server.url}/`, PHONE);
  const { page, context } = opened;
  await waitForWidget(page);
  if (start) {
    const result = await lab(page, (s) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...s }), start);
    assert.equal(result.ok, true, result.error);
    await settle(page);
  }
  const cdp = await context.newCDPSession(page);
  return { ...opened, cdp };
}

// PHONE, touch, tap, longPress and drag (one finger): harness.mjs.

// Two fingers (ids 0 and 1) from the pair `from` to the pair `to`; the first lifts, then the second.
async function twoFingers(page, cdp, from, to, steps = 10) {
  const a = (p) => ({ ...p[0], id: 0 }), b = (p) => ({ ...p[1], id: 1 });
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [a(from)]));
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [a(from), b(from)]));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const at = [0, 1].map((k) => ({ x: from[k].x + (to[k].x - from[k].x) * t, y: from[k].y + (to[k].y - from[k].y) * t }));
    const move = () => touch(cdp, 'touchMove', [a(at), b(at)]);
    if (i < steps) { await move(); await wait(20); }  // the fingers' speed
    else await holdUntilFrames(page, null, move, 1, MOVES);  // the last move is drawn before a finger lifts
  }
  await holdUntilFrames(page, null, () => touch(cdp, 'touchEnd', [b(to)]));
  await touch(cdp, 'touchEnd', []);
  await settle(page);
}

// A labelled item the last frame drew, with its rectangle in page coordinates and its centre.
async function item(page, pattern) {
  const drawn = await lab(page, () => window.testHooks(window.perceptronLab).drawn());
  const found = drawn.items.find((i) => pattern.test(i.label));
  assert.ok(found, `no item ${pattern} among ${drawn.items.map((i) => i.label).join(', ')}`);
  const [x0, y0, x1, y1] = found.rect;
  return { label: found.label, width: x1 - x0, height: y1 - y0, rect: found.rect,
           center: centreOf(await canvasOrigin(page), found.rect), drawn };
}

const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

function assertNear(actual, expected, tolerance, what) {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not within ${tolerance} of ${expected}`);
}

test('the phone page gets touch events, and a tap adds exactly one point of the active class', async () => {
  const { page, context, problems, cdp } = await openPhone({ points: [], labels: [] });
  const device = await lab(page, () => {
    window.touchStarts = 0;
    window.perceptronLab.canvas.addEventListener('touchstart', () => { window.touchStarts += 1; });
    return { maxTouchPoints: navigator.maxTouchPoints, coarse: matchMedia('(pointer: coarse)').matches };
  });
  assert.ok(device.maxTouchPoints > 0 && device.coarse, JSON.stringify(device));

  const target = await toPage(page, 1, 1);
  await tap(page, cdp, target);
  assert.equal(await lab(page, () => window.touchStarts), 1, 'the canvas got the touchstart');
  let s = await state(page);
  assert.equal(s.points.length, 1, 'one tap, one point');
  assert.deepEqual(s.labels, [1]);
  const tolerance = 1.5 / (await geometry(page)).pixelsPerUnit;
  assertNear(s.points[0][0], 1, tolerance, 'x');
  assertNear(s.points[0][1], 1, tolerance, 'y');

  await tap(page, cdp, await toPage(page, -1, 1));
  s = await state(page);
  assert.equal(s.points.length, 2, 'a second tap, a second point');
  assert.deepEqual(s.labels, [1, 1]);
  assert.equal(s.visits, 0, 'a tap on the canvas does nothing else');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a long press adds one point of the other class; a tap on a point adds nothing', async () => {
  const { page, context, problems, cdp } = await openPhone({ points: [[1, 1]], labels: [1] });
  await longPress(page, cdp, await toPage(page, -1, -1));
  let s = await state(page);
  assert.equal(s.points.length, 2);
  assert.deepEqual(s.labels, [1, -1], 'the active class is +1: the long press adds -1');
  const tolerance = 1.5 / (await geometry(page)).pixelsPerUnit;
  assertNear(s.points[1][0], -1, tolerance, 'x');
  assertNear(s.points[1][1], -1, tolerance, 'y');

  const onPoint = await toPage(page, 1, 1);
  await tap(page, cdp, { x: onPoint.x + 6, y: onPoint.y - 5 });  // a fingertip beside the marker picks it
  s = await state(page);
  assert.equal(s.points.length, 2, 'a tap on a point selects it, it does not add one');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the class switch on the canvas: finger-sized, labelled, clear of the status line and legend; a tap switches the class',
  async () => {
  const { page, context, problems, cdp } = await openPhone({ points: [[1, 1], [-1, -1]], labels: [1, -1] });
  await lab(page, () => window.perceptronLab.train({ untilConverged: true }));  // the legend shows once trained
  await settle(page);
  let button = await item(page, /^Adds /);
  const fit = await item(page, /^Fit$/);
  assert.equal(button.label, 'Adds +1');
  for (const b of [button, fit]) {
    assert.ok(b.width >= 44 && b.height >= 44, `${b.label} is ${b.width}x${b.height} CSS px`);
    const g = await geometry(page);
    assert.ok(b.rect[0] >= g.left && b.rect[2] <= g.left + g.width && b.rect[1] >= g.top, `${b.label} inside the canvas`);
  }
  const texts = button.drawn.texts;
  const status = texts.find((t) => t.role === 'status'), legend = texts.find((t) => t.role === 'legend');
  assert.ok(status && legend, `status line and legend drawn: ${JSON.stringify(texts)}`);
  for (const b of [button, fit]) {
    assert.ok(!overlaps(b.rect, status.rect), `${b.label} covers the status line`);
    assert.ok(!overlaps(b.rect, legend.rect), `${b.label} covers the legend`);
  }

  await tap(page, cdp, button.center);
  let s = await state(page);
  assert.equal(s.activeLabel, -1, 'a tap on the switch switches the class');
  assert.equal(s.points.length, 2, 'and adds no point under it');
  button = await item(page, /^Adds /);
  assert.equal(button.label, 'Adds \u22121');

  await tap(page, cdp, await toPage(page, 1, -1));
  s = await state(page);
  assert.deepEqual(s.labels, [1, -1, -1], 'a tap now adds -1');
  await longPress(page, cdp, await toPage(page, -1, 1));
  s = await state(page);
  assert.deepEqual(s.labels, [1, -1, -1, 1], 'and a long press +1');

  await tap(page, cdp, button.center);
  assert.equal((await state(page)).activeLabel, 1);
  await screenshotPixels(page, 'touch-phone-class-switch.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a drag that starts on a point moves it; a drag on empty space pans', async () => {
  const { page, context, problems, cdp } = await openPhone({ points: [[0, 0], [1.5, 2]], labels: [1, -1] });
  const g = await geometry(page);
  const view = (await state(page)).view;
  await drag(page, cdp, await toPage(page, 0, 0), await toPage(page, 1, -1.5));
  let s = await state(page);
  assert.equal(s.points.length, 2, 'a drag adds nothing');
  const tolerance = 2 / g.pixelsPerUnit;
  assertNear(s.points[0][0], 1, tolerance, 'moved x');
  assertNear(s.points[0][1], -1.5, tolerance, 'moved y');
  assert.deepEqual(s.points[1], [1.5, 2], 'the other point stays');
  assert.deepEqual(s.view, view, 'moving a point does not pan');

  const from = await toPage(page, -1, 1.5);  // empty space
  await drag(page, cdp, from, { x: from.x + 60, y: from.y + 40 });
  s = await state(page);
  assert.equal(s.points.length, 2);
  assertNear(s.view.cx, view.cx - 60 / g.pixelsPerUnit, 0.5 / g.pixelsPerUnit, 'panned x');
  assertNear(s.view.cy, view.cy + 40 / g.pixelsPerUnit, 0.5 / g.pixelsPerUnit, 'panned y');
  assert.equal(s.view.span, view.span, 'a pan does not zoom');
  assert.deepEqual(problems, []);
  await context.close();
});

test('two fingers: spreading them zooms in around their midpoint, moving them together pans', async () => {
  const { page, context, problems, cdp } = await openPhone({ points: [[0.5, 0.5]], labels: [1] });
  const g = await geometry(page);
  const r = await canvasOrigin(page);
  const room = Math.min(g.width, g.height) / 2 - 8;  // fingers stay on the canvas
  const mid = { x: r.left + g.left + g.width / 2 - 6, y: r.top + g.top + g.height / 2 + 20 };
  const anchor = await toData(page, mid);
  const before = (await state(page)).view;

  const near = room / 2, far = room;
  await twoFingers(page, cdp, [{ x: mid.x - near / 2, y: mid.y }, { x: mid.x + near / 2, y: mid.y }],
    [{ x: mid.x - far, y: mid.y }, { x: mid.x + far, y: mid.y }]);
  let s = await state(page);
  assert.equal(s.points.length, 1, 'a pinch adds no point');
  assertNear(s.view.span, before.span * (near / (2 * far)), before.span * 0.03, 'the span shrinks by the spread');
  let under = await toPage(page, anchor.x, anchor.y);
  assertNear(under.x, mid.x, 3, 'the data point under the midpoint stays (x)');
  assertNear(under.y, mid.y, 3, 'the data point under the midpoint stays (y)');

  // Both fingers move 50 px right and 30 px down at the same distance: a pan, no zoom.
  const zoomed = s.view;
  const pair = [{ x: mid.x - near / 2, y: mid.y }, { x: mid.x + near / 2, y: mid.y }];
  const anchor2 = await toData(page, mid);
  await twoFingers(page, cdp, pair, pair.map((p) => ({ x: p.x + 50, y: p.y + 30 })));
  s = await state(page);
  assert.equal(s.points.length, 1);
  assertNear(s.view.span, zoomed.span, zoomed.span * 0.005, 'a two-finger drag keeps the zoom');
  under = await toPage(page, anchor2.x, anchor2.y);
  assertNear(under.x, mid.x + 50, 3, 'the content follows the fingers (x)');
  assertNear(under.y, mid.y + 30, 3, 'the content follows the fingers (y)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Fit brings far points into view; a new data set is fitted on load, a link keeps its own view', async () => {
  const far = { points: [[40, 30], [44, 36], [38, 33]], labels: [1, -1, 1], view: { cx: 0, cy: 0, span: 7 } };
  const { page, context, problems, cdp } = await openPhone(far);
  assert.deepEqual((await state(page)).view, far.view, 'a loaded state keeps its view');
  const inside = async (points) => {
    const g = await geometry(page);
    const r = await canvasOrigin(page);
    for (const [x, y] of points) {
      const p = await toPage(page, x, y);
      if (p.x < r.left + g.left + 10 || p.x > r.left + g.left + g.width - 10 || p.y < r.top + g.top + 10 ||
          p.y > r.top + g.top + g.height - 10) return false;
    }
    return true;
  };
  assert.equal(await inside(far.points), false, 'the points start out of view');
  const fit = await item(page, /^Fit$/);
  await tap(page, cdp, fit.center);
  let s = await state(page);
  assert.equal(s.points.length, 3, 'a tap on Fit adds no point');
  assert.ok(await inside(far.points), `after Fit every point is on the canvas (view ${JSON.stringify(s.view)})`);
  assertNear(s.view.cx, 41, 1e-9, 'centred on the data (x)');
  // Vertically the data are centred between the canvas's buttons and legend and its status line, so no
  // point hides under them (issue 29).
  const drawn = (await item(page, /^Fit$/)).drawn;
  const canvasTop = await lab(page, () => window.perceptronLab.canvas.getBoundingClientRect().top);
  const topOverlays = [...drawn.items.filter((i) => /^Adds |^Fit$/.test(i.label)), ...drawn.texts.filter((t) => t.role === 'legend')];
  const freeTop = canvasTop + Math.max(...topOverlays.map((o) => o.rect[3]));
  const freeBottom = canvasTop + drawn.texts.find((t) => t.role === 'status').rect[1] - 3;  // its plate: 3 px above the text
  const ys = await Promise.all(far.points.map(async ([x, y]) => (await toPage(page, x, y)).y));
  assertNear((Math.min(...ys) + Math.max(...ys)) / 2, (freeTop + freeBottom) / 2, 1, 'the data centred between the overlays (y)');

  // A CSV import is a new data set: fitted.
  const csv = 'x1,x2,label\n-90,-80,1\n-95,-70,-1\n-85,-75,1\n';
  assert.equal((await lab(page, (text) => window.perceptronLab.importText(text, 'far.csv'), csv)).ok, true);
  await settle(page);
  s = await state(page);
  assert.ok(await inside(s.points), `the imported points are on the canvas (view ${JSON.stringify(s.view)})`);
  assertNear(s.view.cx, -90, 1e-9, 'the import is centred (x)');

  // A JSON state file carries its view and reproduces the screen it was saved from, like a link.
  const json = JSON.stringify({ ...far, points: [[60, -50], [64, -46]], labels: [1, -1], view: { cx: 1, cy: 2, span: 9 } });
  assert.equal((await lab(page, (text) => window.perceptronLab.importText(text, 'far.json'), json)).ok, true);
  await settle(page);
  s = await state(page);
  assert.deepEqual([s.view.cx, s.view.cy, s.view.span], [1, 2, 9], 'the JSON state keeps its own view');

  // A preset too.
  assert.equal((await lab(page, () => window.perceptronLab.preset('xor'))).ok, true);
  await settle(page);
  s = await state(page);
  assert.ok(await inside(s.points), 'the preset is on the canvas');
  assert.ok(Math.abs(s.view.cx) < 0.5 && Math.abs(s.view.cy) < 0.5, `xor is centred: ${JSON.stringify(s.view)}`);

  // A link with its own view reproduces the screen: not fitted.
  assert.equal((await lab(page, (st) => window.perceptronLab.load(st), far)).ok, true);
  await settle(page);
  assert.deepEqual((await state(page)).view, far.view);
  assert.deepEqual(problems, []);
  await context.close();
});

test('with a mouse (no touch screen) the canvas buttons are there at the usual size and a click still adds one point', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1000, height: 700 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [] }));
  await settle(page);
  const button = await item(page, /^Adds /);
  assert.ok(button.height < 44, `without a touch screen the switch is a normal button (${button.height} px)`);
  await holdClick(page, button.center.x, button.center.y);
  await settle(page);
  assert.equal((await state(page)).activeLabel, -1);
  const p = await toPage(page, 1, -1);
  await holdClick(page, p.x, p.y);
  await settle(page);
  const s = await state(page);
  assert.equal(s.points.length, 1);
  assert.deepEqual(s.labels, [-1]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a finger works the panels: a tap opens a tab, a sideways drag moves a slider, a vertical drag scrolls, a tap steps once',
  async () => {
  const { page, context, problems, cdp } = await openPhone();
  const before = await state(page);
  await tap(page, cdp, (await item(page, /^Train$/)).center);
  const eta = await item(page, /^η/);
  const drawnLabels = async () => (await lab(page, () => window.testHooks(window.perceptronLab).drawn())).items.map((i) => i.label);
  assert.ok(!(await drawnLabels()).some((l) => /^Step/.test(l)), 'Step starts below the fold of the tab');
  // A sideways drag on the η slider moves it.
  const start = eta.center;
  await drag(page, cdp, { x: start.x - 30, y: start.y }, { x: start.x + 30, y: start.y + 3 });
  const slid = (await state(page)).eta;
  assert.notEqual(slid, before.eta, 'a sideways drag moves the slider');
  // Drag up from the η slider: the tab scrolls; neither the slider nor anything else changes.
  for (let i = 0; i < 6 && !(await drawnLabels()).some((l) => /^Step/.test(l)); i++)
    await drag(page, cdp, start, { x: start.x + 4, y: start.y - 120 });
  let s = await state(page);
  assert.equal(s.eta, slid, 'a vertical drag on a slider scrolls, it does not move the slider');
  assert.equal(s.visits, before.visits);
  assert.equal(s.points.length, before.points.length, 'and adds no point');
  const step = await item(page, /^Step/);
  await tap(page, cdp, step.center);
  s = await state(page);
  assert.equal(s.visits, before.visits + 1, 'one tap, one step');
  assert.equal(s.points.length, before.points.length);
  assert.deepEqual(problems, []);
  await context.close();
});
