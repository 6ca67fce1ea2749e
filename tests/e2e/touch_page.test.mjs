// A widget on a course page, on a phone (390x844, touch only; issue 41 items 5 and 6): one finger can
// always scroll the page past the widget, as past an embedded map. On the canvas a vertical drag scrolls
// the page until a tap makes the canvas active (a hint says so); two fingers always work the canvas; a
// panel scrolls itself and hands the drag on to the page once it is at its end; a sideways swipe on the
// Trace table scrolls the table instead of picking a row. Real touches through the DevTools protocol;
// the page's scroll position read from the page, the plane from state(), the hint from the test probe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openRoutedPage, embedPage, waitForWidget, settle, lab, centreOf, PHONE,
  touch, tap, holdUntilFrames, MOVES, useTestHooks, outputDir } from './harness.mjs';
import path from 'node:path';
import fs from 'node:fs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const COURSE = embedPage(`<h1>Week 3</h1><p style="height:120px">Read this, then try the widget.</p>
<div id="lab" style="height:560px"></div>
<p style="height:2000px">More of the course below the widget.</p>
<script type="module">
  import { mountPerceptron } from '/embed.js';
  window.perceptronLab = await mountPerceptron(document.getElementById('lab'), { remember: false });
</script>`, { head: '<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:16px}</style>', autoMount: false });

async function openCourse(start) {
  const opened = await openRoutedPage(browser, server.url, '/week-3.html', COURSE, PHONE);
  const { page, context } = opened;
  await waitForWidget(page);
  await useTestHooks(page);
  if (start) {
    const result = await lab(page, (s) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...s }), start);
    assert.equal(result.ok, true, result.error);
    await settle(page);
  }
  return { ...opened, cdp: await context.newCDPSession(page) };
}

const canvasRect = (page) => lab(page, () => { const r = window.perceptronLab.canvas.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; });
const scrollY = (page) => page.evaluate(() => window.scrollY);
const state = (page) => lab(page, () => window.perceptronLab.state());
const drawn = (page) => lab(page, () => window.testHooks(window.perceptronLab).drawn());
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One finger from `from` by (dx, dy) in 10 moves; the finger stays down until `lift` says so.
async function fingerDown(page, cdp, from, dx, dy) {
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [from]));
  for (let i = 1; i <= 10; i++) {
    const at = { x: from.x + dx * i / 10, y: from.y + dy * i / 10 };
    const move = () => touch(cdp, 'touchMove', [at]);
    if (i < 10) { await move(); await pause(20); } else await holdUntilFrames(page, null, move, 1, MOVES);
  }
  return { lift: async () => { await touch(cdp, 'touchEnd', []); await settle(page); } };
}

// Waits until the page's own glide (if any) has stopped: the scroll position stays for 5 animation frames.
async function scrollSettled(page) {
  await page.evaluate(() => new Promise((resolve) => {
    let last = window.scrollY, still = 0;
    const frame = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 5) resolve(); else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }));
}

test('one finger up or down on the canvas scrolls the course page, the plane stays, and a hint says how to work it', async () => {
  const { page, context, problems, cdp } = await openCourse({ points: [[-1, -1], [1, 1]], labels: [-1, 1] });
  const before = await state(page);
  const r = await canvasRect(page);
  const from = { x: r.left + r.width * 0.8, y: r.top + r.height * 0.35 };  // empty plane, off the points
  assert.equal(await scrollY(page), 0);

  const finger = await fingerDown(page, cdp, from, 0, -200);
  const during = await scrollY(page);
  assert.ok(Math.abs(during - 200) <= 2, `the page follows the finger: scrolled ${during} px for a 200 px swipe`);
  let s = await state(page);
  assert.deepEqual(s.view, before.view, 'the plane does not pan');
  assert.deepEqual(s.points, before.points, 'no point moves or is added');
  const hint = (await drawn(page)).texts.find((t) => t.role === 'page-scroll-hint');
  assert.ok(hint, `the canvas says how to work it with a finger: ${JSON.stringify((await drawn(page)).texts.map((t) => t.role))}`);
  assert.match(hint.text, /One finger scrolls the page\. Tap the plane to work on it, or use two fingers\./);
  fs.mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, 'touch-page-scroll-hint.png') });
  await finger.lift();
  await scrollSettled(page);
  assert.ok(await scrollY(page) >= during, 'the page glides on (or stays) after the finger leaves');

  // Back down: the same gesture the other way scrolls the page back up.
  await page.evaluate(() => window.scrollTo(0, 0));
  const r2 = await canvasRect(page);
  assert.equal(Math.round(r2.top), Math.round(r.top));

  // A tap makes the canvas active: it adds a point as ever, and then one finger pans the plane.
  const tapAt = { x: r.left + r.width * 0.2, y: r.top + r.height * 0.22 };
  await tap(page, cdp, tapAt);
  s = await state(page);
  assert.equal(s.points.length, 3, 'a tap still adds a point');
  const panned = await fingerDown(page, cdp, from, 0, -100);
  await panned.lift();
  s = await state(page);
  assert.equal(await scrollY(page), 0, 'an active canvas keeps the drag');
  assert.notDeepEqual(s.view, before.view, 'one finger pans an active canvas');
  assert.deepEqual(problems, []);
  await context.close();
});

test('two fingers always work the canvas; a touch on a panel makes the canvas inactive again', async () => {
  const { page, context, problems, cdp } = await openCourse({ points: [[-1, -1], [1, 1]], labels: [-1, 1] });
  const before = await state(page);
  const r = await canvasRect(page);
  const a = { x: r.left + r.width * 0.3, y: r.top + r.height * 0.5 }, b = { x: r.left + r.width * 0.7, y: r.top + r.height * 0.5 };
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [{ ...a, id: 0 }]));
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [{ ...a, id: 0 }, { ...b, id: 1 }]));
  for (let i = 1; i <= 8; i++) {
    const move = () => touch(cdp, 'touchMove', [{ x: a.x, y: a.y - 10 * i, id: 0 }, { x: b.x, y: b.y - 10 * i, id: 1 }]);
    if (i < 8) { await move(); await pause(20); } else await holdUntilFrames(page, null, move, 1, MOVES);
  }
  await holdUntilFrames(page, null, () => touch(cdp, 'touchEnd', [{ x: b.x, y: b.y - 80, id: 1 }]));
  await touch(cdp, 'touchEnd', []);
  await settle(page);
  assert.equal(await scrollY(page), 0, 'two fingers do not scroll the page');
  const s = await state(page);
  assert.ok(s.view.cy < before.view.cy - 0.1, `two fingers moving up pan the plane: centre y ${before.view.cy} -> ${s.view.cy}`);

  // The canvas is active now; a tap on the tabs below it makes it inactive: one finger scrolls the page again.
  const tabs = (await drawn(page)).items.find((i) => i.label === 'Data');
  assert.ok(tabs, 'the Data tab is drawn');
  await tap(page, cdp, centreOf(r, tabs.rect));
  const finger = await fingerDown(page, cdp, { x: r.left + r.width * 0.8, y: r.top + r.height * 0.35 }, 0, -120);
  assert.ok(Math.abs(await scrollY(page) - 120) <= 2, 'after a touch elsewhere, one finger scrolls the page again');
  await finger.lift();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a panel scrolls with one finger, and at its end the drag scrolls the page', async () => {
  const { page, context, problems, cdp } = await openCourse();
  const r = await canvasRect(page);
  // The Lesson tab's list is longer than its panel: drag up on it.
  const write = (await drawn(page)).items.find((i) => /^Write your own lesson/.test(i.label));
  assert.ok(write, 'the Lesson tab is drawn');
  const on = { x: centreOf(r, write.rect).x, y: centreOf(r, write.rect).y + 100 };  // on the list of lessons
  let finger = await fingerDown(page, cdp, on, 0, -60);
  assert.equal(await scrollY(page), 0, 'the panel scrolls first, not the page');
  await finger.lift();
  const moved = (await drawn(page)).items.find((i) => /^Write your own lesson/.test(i.label));
  assert.ok(!moved || moved.rect[1] < write.rect[1] - 30, 'the list moved up');
  // Scroll the panel to its end, then one more drag goes to the page.
  for (let i = 0; i < 12; i++) {
    finger = await fingerDown(page, cdp, on, 0, -150);
    await finger.lift();
    if (await scrollY(page) > 0) break;
  }
  await scrollSettled(page);
  assert.ok(await scrollY(page) > 0, 'once the panel is at its end, one finger scrolls the page');
  const s = await state(page);
  assert.ok(!s.lesson, 'no lesson was opened by the drags');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a quick swipe that arrives as only a start and an end presses nothing (a busy page delivers one so)', async () => {
  const { page, context, problems, cdp } = await openCourse();
  const r = await canvasRect(page);
  const data = (await drawn(page)).items.find((i) => i.label === 'Data');
  assert.ok((await drawn(page)).items.some((i) => /^Write your own lesson/.test(i.label)), 'the Lesson tab is open');
  const from = centreOf(r, data.rect);
  await holdUntilFrames(page, null, async () => {
    await touch(cdp, 'touchStart', [from]);
    await touch(cdp, 'touchMove', [{ x: from.x, y: from.y - 150 }]);
    await touch(cdp, 'touchEnd', []);
  });
  await settle(page);
  assert.ok((await drawn(page)).items.some((i) => /^Write your own lesson/.test(i.label)), 'the swipe did not open the Data tab');
  // (The swipe may have scrolled the page: where the tab is now.)
  await tap(page, cdp, centreOf(await canvasRect(page), (await drawn(page)).items.find((i) => i.label === 'Data').rect));
  assert.ok(!(await drawn(page)).items.some((i) => /^Write your own lesson/.test(i.label)), 'a tap there does');
  assert.deepEqual(problems, []);
  await context.close();
});
