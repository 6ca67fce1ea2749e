// The Trace section (issue 25, part 2): every visit of the run in a table. A real click on a row shows
// the canvas after that visit (the weights are that row's "w after"), Step moves the highlighted row, the
// keyboard walks the rows, lab.trace() and lab.exportTrace() give the same rows, and a phone reaches the
// table through its own tab. What the widget drew is read through the test build's probe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitForWidget, lab, drawnBy as drawn, clickRect, holdKeys, PHONE, canvasOrigin, fingerDrag, tap,
  repoRoot, outputDir } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const item = (frame, label) => frame.items.find((i) => i.label === label);
const row = (frame, t) => frame.items.find((i) => i.name === `${t}##trace-row-${t}`);
const current = (frame) => frame.texts.find((t) => t.role === 'trace-current')?.text;
const status = (frame) => frame.texts.find((t) => t.role === 'status')?.text;

// Scrolls the column that holds the item (the mouse wheel over it) until all of it is on the page; the
// item's fresh frame. find(frame) picks the item.
// Not drawn yet (a table's rows below the page are clipped away): the wheel over `x` scrolls down.
async function scrollTo(page, find, viewportHeight, x = null) {
  let frame = await drawn(page);
  for (let k = 0; k < 12; k++) {
    const it = find(frame);
    if (!it && x !== null) {
      await page.mouse.move(x, viewportHeight / 2);
      await page.mouse.wheel(0, 200);
      frame = await drawn(page);
      continue;
    }
    assert.ok(it, `the item is drawn: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')}`);
    const visible = it.rect[3] <= Math.min(viewportHeight, it.clip[3]) && it.rect[1] >= it.clip[1];
    if (visible) return frame;
    await page.mouse.move((it.rect[0] + it.rect[2]) / 2, viewportHeight / 2);
    await page.mouse.wheel(0, it.rect[1] < it.clip[1] ? -200 : 200);
    frame = await drawn(page);
  }
  assert.fail('the item could not be scrolled into view');
}

test('desktop: open Trace from Show, click a row, Step and the arrow keys move the highlighted row, exports', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  let frame = await drawn(page);
  assert.equal(item(frame, 'Trace'), undefined, 'no Trace section on the default first screen');
  // Lecture 004 as its worked example: no bias, two epochs (8 visits, the second without a mistake).
  await lab(page, () => { window.perceptronLab.configure({ bias: 'none' }); window.perceptronLab.train({ epochs: 2 }); });

  // The person turns the table on: the Show header, then its "trace table" box (scrolling the column to them).
  frame = await scrollTo(page, (f) => item(f, 'Show'), 800);
  await clickRect(page, item(frame, 'Show').rect);
  frame = await scrollTo(page, (f) => item(f, 'trace table'), 800);
  await clickRect(page, item(frame, 'trace table').rect);
  frame = await drawn(page, null, 2);
  assert.ok(item(frame, 'Trace'), 'the Trace header is drawn');
  const trace = item(frame, 'Trace');
  frame = await scrollTo(page, (f) => row(f, 8), 800, (trace.rect[0] + trace.rect[2]) / 2);
  for (let t = 1; t <= 8; t++) assert.ok(row(frame, t), `row ${t} is drawn`);
  assert.equal(current(frame), '8', 'the row of the current visit is highlighted');

  const rows = await lab(page, () => window.perceptronLab.trace());
  assert.equal(rows.length, 8);
  assert.deepEqual(rows.map((r) => r.mistake), [true, false, false, true, false, false, false, false]);
  assert.deepEqual(rows[3], { t: 4, epoch: 1, index: 3, x: [-1, 1], y: -1, score: 1, mistake: true, wBefore: [1, 2], wAfter: [2, 1] });

  // A real click on row 3: the canvas goes back to w after visit 3, and the table still lists all 8.
  const statusBefore = status(frame);
  await clickRect(page, row(frame, 3).rect);
  frame = await drawn(page, null, 2);
  let s = await lab(page, () => window.perceptronLab.state());
  assert.equal(s.trainedVisits, 3);
  assert.deepEqual(s.weights, rows[2].wAfter);
  assert.notEqual(status(frame), statusBefore, 'the status line follows the chosen visit');
  assert.equal(current(frame), '3');
  assert.ok(row(frame, 8), 'the whole run is still listed');
  assert.equal((await lab(page, () => window.perceptronLab.trace())).length, 8);

  // Step (a real click) moves the highlighted row to visit 4.
  await clickRect(page, frame.items.find((i) => i.label.startsWith('Step')).rect);
  frame = await drawn(page, null, 2);
  assert.equal(current(frame), '4');
  s = await lab(page, () => window.perceptronLab.state());
  assert.deepEqual(s.weights, rows[3].wAfter);

  // The keyboard: a click on the current row gives the table the focus; Down reaches row 5 and the canvas follows.
  await clickRect(page, row(frame, 4).rect);
  frame = await drawn(page, null, 2);
  assert.equal(current(frame), '4');
  await holdKeys(page, 'ArrowDown');
  frame = await drawn(page, null, 2);
  assert.equal(current(frame), '5', `the focused row: ${JSON.stringify(frame.items.find((i) => i.focused)?.name)}`);
  s = await lab(page, () => window.perceptronLab.state());
  assert.equal(s.trainedVisits, 5);
  await holdKeys(page, 'ArrowUp');
  frame = await drawn(page, null, 2);
  assert.equal(current(frame), '4');

  // Exports: the same rows as trace(), in lecture 004's column order.
  const csv = await lab(page, () => window.perceptronLab.exportTrace('csv'));
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], 't,epoch,i (from 1),x1,x2,y,score,mistake,w1_before,w2_before,w1_after,w2_after');
  assert.equal(lines.length, rows.length + 1);
  rows.forEach((r, k) => assert.equal(lines[k + 1], [r.t, r.epoch, r.index + 1, ...r.x, r.y, r.score, r.mistake ? 1 : 0, ...r.wBefore, ...r.wAfter].join(',')));
  const latex = await lab(page, () => window.perceptronLab.exportTrace('latex'));
  assert.match(latex, /^\\begin\{tabular\}\{rrrcrrccc\}\n\\toprule\n/);
  assert.ok(latex.includes('4 & 1 & 4 & $(-1, 1)$ & $-1$ & $1$ & yes & $(1, 2)$ & $(2, 1)$ \\\\\n'));
  const markdown = await lab(page, () => window.perceptronLab.exportTrace('markdown'));
  assert.equal(markdown.split('\n').length, rows.length + 3);
  const bad = await lab(page, () => { try { window.perceptronLab.exportTrace('pdf'); return ''; } catch (e) { return e.message; } });
  assert.match(bad, /exportTrace: unknown format 'pdf'/);

  const shot = path.join(outputDir, 'trace-desktop.png');
  await page.screenshot({ path: shot });
  fs.mkdirSync(path.join(repoRoot, 'docs', 'figures'), { recursive: true });
  fs.copyFileSync(shot, path.join(repoRoot, 'docs', 'figures', 'trace-table.png'));
  assert.deepEqual(problems, []);
  await context.close();
});

// A phone with the Trace section on (no bias), after `epochs` epochs, its Trace tab tapped: the page and
// the tab's fresh frame.
async function openPhoneTrace(epochs) {
  const opened = await openPage(browser, `${server.url}/`, PHONE);
  const { page } = opened;
  await waitForWidget(page);
  await lab(page, (n) => {
    const lab = window.perceptronLab;
    const s = lab.state();
    lab.load({ ...s, bias: 'none', panels: { ...s.panels, trace: true } });
    if (n > 0) lab.train({ epochs: n });
  }, epochs);
  const tabs = await drawn(page);
  const tab = tabs.items.find((i) => i.label === 'Trace' && /##tabs_[^/]*$/.test(i.window));
  assert.ok(tab, `a Trace tab: ${tabs.items.filter((i) => /##tabs_[^/]*$/.test(i.window)).map((i) => i.label)}`);
  await clickRect(page, tab.rect);
  return { ...opened, frame: await drawn(page, null, 2) };
}

test('phone: the Trace tab lists the visits and a tap on a row goes back to it', async () => {
  const { page, context, problems, frame: tabFrame } = await openPhoneTrace(1);
  let frame = tabFrame;
  for (let t = 1; t <= 4; t++) assert.ok(row(frame, t), `row ${t} in the Trace tab`);
  await clickRect(page, row(frame, 1).rect);
  frame = await drawn(page, null, 2);
  const s = await lab(page, () => window.perceptronLab.state());
  assert.equal(s.trainedVisits, 1);
  assert.deepEqual(s.weights, [1, 2]);
  assert.equal(current(frame), '1');
  await page.screenshot({ path: path.join(outputDir, 'trace-phone.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: an empty Trace tab has Step and Epoch of its own, and a tap on Step fills its first row (issue 41)', async () => {
  const { page, context, problems, frame: tabFrame } = await openPhoneTrace(0);
  let frame = tabFrame;
  const step = frame.items.find((i) => /^Step( \(S\))?$/.test(i.label) && /trace-step/.test(i.name));
  assert.ok(step, `the Trace tab has its own Step: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')}`);
  assert.ok(frame.items.some((i) => /trace-epoch/.test(i.name)), 'and its own Epoch');
  await clickRect(page, step.rect);
  frame = await drawn(page, null, 2);
  assert.equal(await lab(page, () => window.perceptronLab.state({ points: false }).trainedVisits), 1);
  assert.ok(row(frame, 1), 'row 1 in the Trace tab');
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: a sideways swipe on the Trace table scrolls the table and picks no row (issue 41 item 6)', async () => {
  const { page, context, problems, frame: tabFrame } = await openPhoneTrace(1);
  const cdp = await context.newCDPSession(page);
  const before = row(tabFrame, 2).rect;
  const origin = await canvasOrigin(page);
  const from = { x: origin.left + 250, y: origin.top + (before[1] + before[3]) / 2 };
  await fingerDrag(page, cdp, from, { x: from.x - 150, y: from.y + 4 });
  const frame = await drawn(page, null, 2);
  const s = await lab(page, () => window.perceptronLab.state({ points: false }));
  assert.equal(s.trainedVisits, 4, 'the canvas still shows the last visit: no row was picked');
  assert.equal(current(frame), '4');
  assert.ok(row(frame, 2).rect[0] < before[0] - 5, `the table scrolled sideways: row 2 from x ${before[0]} to ${row(frame, 2).rect[0]}`);
  // A tap still picks a row.
  const r2 = row(frame, 2).rect;
  await tap(page, cdp, { x: origin.left + (r2[0] + r2[2]) / 2, y: origin.top + (r2[1] + r2[3]) / 2 });
  assert.equal(await lab(page, () => window.perceptronLab.state({ points: false }).trainedVisits), 2);
  assert.deepEqual(problems, []);
  await context.close();
});
