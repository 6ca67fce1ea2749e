// The SVM view (issue 25, part 4; lecture 001): state().svm for lecture 004's points equals the hand solve
// of the unit test (w = (0.8, 0.4), b = −0.6, margin √5/2, support vectors 0 and 3); a real click on the
// SVM header opens the section, whose w, b, margin and support vectors are read from the screen; the dashed
// band w·x + b = ±1 is drawn (pixels along it change, in dashes); a lesson step with controls ["svm"]
// opens it; on a phone (390×844) the Theory tab reaches it and nothing of it is cut off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, openPage, waitForWidget, lab, drawnBy, clickRect, canvasOrigin, screenshotPixels, pixelAt,
  PHONE, tap, settle, repoRoot,
} from './harness.mjs';
import fs from 'node:fs';
import path from 'node:path';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const textsOf = (frame, role) => frame.texts.filter((t) => t.role === role);
const textOf = (frame, role) => textsOf(frame, role).map((t) => t.text)[0];
const close = (a, b, tol = 1e-12) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// Draws until `ready(frame)` holds (a click shows its effect a frame or two later), at most 5 s.
async function drawnUntil(page, ready) {
  const end = Date.now() + 5000;
  let frame = await drawnBy(page);
  while (!ready(frame) && Date.now() < end) frame = await drawnBy(page);
  return frame;
}
// Samples n points along a drawn line (its probe rectangle holds the two ends, canvas CSS px) in page px.
function along(origin, rect, n) {
  const out = [];
  for (let k = 1; k < n; k++) {
    const t = k / n;
    out.push({ x: Math.round(origin.left + rect[0] + (rect[2] - rect[0]) * t), y: Math.round(origin.top + rect[1] + (rect[3] - rect[1]) * t) });
  }
  return out;
}
const differs = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 60;

test('state().svm, the SVM section opened by a click on its header, its band on the canvas, and a lesson step that opens it', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  // Lecture 004's points (the default data): the hand solve of tests/core/theory/test_svm_view.cpp.
  const { svm, panels } = await lab(page, () => window.perceptronLab.state());
  assert.ok(svm, 'lecture 004\'s points are separable');
  assert.ok(close(svm.w[0], 0.8) && close(svm.w[1], 0.4), JSON.stringify(svm));
  assert.ok(close(svm.b, -0.6) && close(svm.margin, Math.sqrt(5) / 2), JSON.stringify(svm));
  assert.deepEqual(svm.supportVectors, [0, 3]);
  assert.equal(panels.svm, false, 'the section starts folded');

  let frame = await drawnBy(page);
  assert.equal(textsOf(frame, 'svm-band').length, 0, 'no band while the section is folded');
  const before = await screenshotPixels(page, 'svm-closed-1280x800.png');
  const header = frame.items.find((i) => i.label === 'SVM');
  assert.ok(header, `the SVM header is drawn: ${frame.items.map((i) => i.label).join(', ')}`);
  assert.ok(header.rect[3] <= 800, `the SVM header is in view at 1280x800: ${header.rect}`);
  await clickRect(page, header.rect);
  frame = await drawnUntil(page, (f) => textOf(f, 'svm-w') !== undefined);
  assert.equal((await lab(page, () => window.perceptronLab.state())).panels.svm, true, 'the click switched it on');
  assert.equal(textOf(frame, 'svm-problem'), 'minimise \u00bd\u2016w\u2016\u00b2 over w, b subject to y\u2099(w\u00b7x\u2099 + b) \u2265 1 for every n');
  assert.equal(textOf(frame, 'svm-w'), 'w = (0.8, 0.4)');
  assert.equal(textOf(frame, 'svm-b'), 'b = \u22120.6');
  assert.equal(textOf(frame, 'svm-margin'), 'margin 1/\u2016w\u2016 = 1.118');
  assert.match(textOf(frame, 'svm-perceptron-margin'), /^the perceptron's margin now: /);
  // Numbered from 1 on screen, as the kernel table is: points 1 and 4 are indices 0 and 3.
  assert.equal(textOf(frame, 'svm-support'), 'Support vectors (2): point 1 (1, 2), point 4 (\u22121, 1)');
  assert.deepEqual(textsOf(frame, 'svm-constraint').map((t) => t.text), ['1: 1 (on the band)', '2: 1.4', '3: 1.8', '4: 1 (on the band)']);

  // The band w·x + b = ±1: two dashed lines, each pixel run along it changed in dashes, not all the way.
  const bands = textsOf(frame, 'svm-band');
  assert.deepEqual(bands.map((b) => b.text).sort(), ['w\u00b7x + b = +1', 'w\u00b7x + b = \u22121']);
  const after = await screenshotPixels(page, 'svm-open-1280x800.png');
  const origin = await canvasOrigin(page);
  for (const band of bands) {
    const samples = along(origin, band.rect, 240);
    const changed = samples.filter((p) => differs(pixelAt(before, p.x, p.y), pixelAt(after, p.x, p.y))).length;
    const share = changed / samples.length;
    assert.ok(share > 0.25 && share < 0.9, `${band.text}: ${(100 * share).toFixed(0)} % of the samples along it changed (dashed: some, not all)`);
  }
  fs.mkdirSync(path.join(repoRoot, 'docs', 'figures'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot, 'docs', 'figures', 'svm-view.png') });

  // A lesson step whose controls name "svm" opens it (the max-margin lesson's last step).
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), panels: { ...window.perceptronLab.state().panels, svm: false } }));
  frame = await drawnUntil(page, (f) => textOf(f, 'svm-w') === undefined);
  assert.equal(textOf(frame, 'svm-w'), undefined, 'folded again');
  assert.deepEqual(await lab(page, () => window.perceptronLab.openLesson('max-margin', 3)), { ok: true });
  frame = await drawnUntil(page, (f) => textOf(f, 'svm-w') !== undefined);
  const state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.panels.svm, true);
  assert.ok(textOf(frame, 'svm-w')?.startsWith('w = ('), 'the section is open at the lesson step');
  assert.equal(textsOf(frame, 'svm-band').length, 2, 'and its band is drawn');
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone the Theory tab reaches the SVM section, and it fits the screen', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, PHONE);
  await waitForWidget(page);
  const cdp = await context.newCDPSession(page);
  const origin = await canvasOrigin(page);
  const at = (rect) => ({ x: origin.left + (rect[0] + rect[2]) / 2, y: origin.top + (rect[1] + rect[3]) / 2 });
  let frame = await drawnBy(page);
  const theoryTab = frame.items.find((i) => i.label === 'Theory' && i.window.includes('##tabs'));
  assert.ok(theoryTab, 'a Theory tab');
  await tap(page, cdp, at(theoryTab.rect));
  frame = await drawnUntil(page, (f) => f.items.some((i) => i.label === 'SVM'));
  let header = frame.items.find((i) => i.label === 'SVM');
  assert.ok(header, `the SVM header is in the Theory tab: ${frame.items.map((i) => i.label).join(', ')}`);
  // Scroll the tab with the wheel until the header is in its window (it follows the Theory numbers).
  for (let k = 0; k < 10 && header.rect[3] > header.clip[3]; k++) {
    await page.mouse.move(at(header.clip).x, (origin.top + header.clip[1] + header.clip[3]) / 2);
    await page.mouse.wheel(0, 200);
    await settle(page);
    frame = await drawnBy(page);
    header = frame.items.find((i) => i.label === 'SVM');
  }
  assert.ok(header.rect[3] <= header.clip[3] && header.rect[1] >= header.clip[1], `the header scrolled into view: ${header.rect} in ${header.clip}`);
  await tap(page, cdp, at(header.rect));
  frame = await drawnUntil(page, (f) => textOf(f, 'svm-w') !== undefined);
  assert.equal(textOf(frame, 'svm-w'), 'w = (0.8, 0.4)');
  // Scroll on until the support vectors show; every SVM line stays inside the 390 px screen.
  for (const role of ['svm-problem', 'svm-w', 'svm-b', 'svm-margin', 'svm-support']) {
    for (const t of textsOf(frame, role)) assert.ok(t.rect[0] >= 0 && t.rect[2] <= PHONE.width + 0.5, `${role} fits: ${t.rect}`);
  }
  await page.mouse.wheel(0, 250);
  await settle(page);
  await screenshotPixels(page, 'svm-phone-390x844.png');
  assert.deepEqual(problems, []);
  await context.close();
});
