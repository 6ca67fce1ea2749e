// The core flows of issue 26, written once against driver.mjs and run in every engine by run.mjs. Each flow
// is async (page opener, ctx) => void and throws (node:assert) when the engine shows something wrong.
// Waits are on the widget's own signals (its frame counter, its state), polled inside the page, never a
// fixed time; a button or key is held until the widget has drawn a frame (driver.mjs holdAcrossFrames).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startCdnServer, startPageServer } from '../e2e/cdn_server.mjs';

// Lecture 004's four points without bias: the hand trace from w = 0 makes a mistake at visit 1
// (w = (1, 2)) and at visit 4 on (−1, 1) (w = (2, 1)); epoch 2 is clean, so it converges with M = 2.
export const LECTURE4_UNBIASED = { points: [[1, 2], [2, 1], [-1, -1], [-1, 1]], labels: [1, 1, -1, -1], bias: 'none' };

// A flow an engine cannot do on this machine: run.mjs counts it as skipped (not passed) and prints why.
export class SkipFlow extends Error { name = 'SkipFlow'; }

// [SECTION] waits on the widget, inside the page
// Until window.perceptronLab exists, the test hooks are loaded and it has drawn `frames` frames.
export async function waitForLab(page, frames = 2) {
  await waitForFrames(page, frames).catch(async (err) => {
    // Say why: what the page logged, and what it shows a person instead (the widget's own message).
    const shown = await page.evaluate(() => document.body?.innerText.slice(0, 400)).catch(() => '?');
    throw new Error(`${err.message}\n  page problems: ${JSON.stringify(page.problems())}\n  console: ${JSON.stringify(page.consoleLog()?.slice(-6))}\n  page text: ${JSON.stringify(shown)}`);
  });
  await settle(page);
}
async function waitForFrames(page, frames) {
  await page.evaluate(async (n) => {
    const deadline = performance.now() + 60000;
    while (!window.perceptronLab) {
      if (performance.now() > deadline) throw new Error('window.perceptronLab never appeared');
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!window.testHooks) window.testHooks = (await import('/test_hooks.js')).testHooks;
    while (window.testHooks(window.perceptronLab).framesDrawn() < n) {
      if (performance.now() > deadline) throw new Error(`fewer than ${n} frames drawn in 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }, frames);
}
// Until the widget has drawn and gone idle (no new frame for 150 ms), at most 5 s (harness.mjs settle()).
// `atLeast`: first wait until the frame counter reaches it (the frames an input makes).
export function settle(page, atLeast = 0) {
  return page.evaluate(async (least) => {
    const frames = () => window.testHooks(window.perceptronLab).framesDrawn();
    const deadline = performance.now() + 5000;
    while (frames() < least && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    let last = -1, since = performance.now();
    while (performance.now() < deadline) {
      const now = frames();
      if (now !== last) { last = now; since = performance.now(); } else if (performance.now() - since > 150) break;
      await new Promise((r) => setTimeout(r, 30));
    }
  }, atLeast);
}
export const state = (page) => page.evaluate(() => window.perceptronLab.state());
export const framesDrawn = (page) => page.evaluate(() => window.testHooks(window.perceptronLab).framesDrawn());
export const toPage = (page, x, y) => page.evaluate(([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
export const drawn = async (page) => { await settle(page); return page.evaluate(() => window.testHooks(window.perceptronLab).drawn()); };

// [SECTION] a person's input
// A real click on the data point (x, y); waits for the two frames the press and release make.
export async function clickData(page, x, y, button = 'left') {
  const p = await toPage(page, x, y);
  const before = await framesDrawn(page);
  await page.click(p.x, p.y, button);
  await settle(page, before + 2);
}
// A real click on the ImGui item labelled `label` (it must be in view in the controls column).
export async function clickItem(page, label) {
  const frame = await drawn(page);
  const item = frame.items.find((i) => i.label === label && i.rect[1] >= i.clip[1] && i.rect[3] <= i.clip[3]);
  assert.ok(item, `"${label}" is drawn in view (items: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')})`);
  const origin = await page.evaluate(() => { const r = window.perceptronLab.canvas.getBoundingClientRect(); return { left: r.left, top: r.top }; });
  const before = await framesDrawn(page);
  await page.click(origin.left + (item.rect[0] + item.rect[2]) / 2, origin.top + (item.rect[1] + item.rect[3]) / 2);
  await settle(page, before + 2);
}

// S on the focused canvas (one visit); an idle widget reads keys ten times a second, so wait (at most 5 s)
// in the page until this press's visit `n` is made.
export async function pressS(page, n) {
  await page.evaluate(() => window.perceptronLab.canvas.focus());
  await page.key('s');
  await page.evaluate(async (v) => {
    const deadline = performance.now() + 5000;
    while (window.perceptronLab.state({ points: false }).visits < v && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }, n);
  await settle(page);
}

// [SECTION] pixels
export const pixelAt = (png, x, y) => { const i = (Math.round(y) * png.width + Math.round(x)) * 4; return [png.data[i], png.data[i + 1], png.data[i + 2]]; };
// Which class colour dominates a pixel: +1 is orange-red (r > b), −1 blue (b > r), 0 neither (field.test.mjs).
const sideOf = ([r, , b]) => (r > b + 20 ? 1 : b > r + 20 ? -1 : 0);
export function distinctColours(png, x0, y0, x1, y1) {
  const seen = new Set();
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(png.height, y1); y += 2)
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(png.width, x1); x += 2) seen.add(pixelAt(png, x, y).join());
  return seen.size;
}
// Pixels within `radius` of (cx, cy) strongly of class `label`'s colour (a marker, not the light tint).
export function markerPixels(png, cx, cy, radius, label) {
  let n = 0;
  for (let y = Math.round(cy - radius); y <= cy + radius; y++)
    for (let x = Math.round(cx - radius); x <= cx + radius; x++) {
      const [r, , b] = pixelAt(png, x, y);
      if (label * (r - b) > 90) n++;
    }
  return n;
}

// Opens the full-page widget and waits for its first frames; records errors the page itself throws
// (a driver without a console log, WebKitWebDriver, still reports uncaught errors this way after load).
export async function openLab(open, url, size) {
  const page = await open(url, size);
  await waitForLab(page);
  await page.evaluate(() => {
    window.__engineErrors = [];
    addEventListener('error', (e) => window.__engineErrors.push(`error: ${e.message}`));
    addEventListener('unhandledrejection', (e) => window.__engineErrors.push(`unhandledrejection: ${e.reason}`));
  });
  return page;
}
export async function assertNoProblems(page) {
  const inPage = await page.evaluate(() => window.__engineErrors ?? []);
  assert.deepEqual([...(page.problems() ?? []), ...inPage], []);
}

export const FLOWS = [
  ['the page loads and draws its first frame', async (open, ctx) => {
    const page = await open(`${ctx.url}/`, { width: 1000, height: 700 });
    try {
      await waitForLab(page);
      ctx.info.webgl = await page.evaluate(() => {
        const gl = document.createElement('canvas').getContext('webgl2');
        if (!gl) return 'no WebGL2 context';
        const dbg = gl.getExtension('WEBGL_debug_renderer_info');
        return `${gl.getParameter(gl.VERSION)} / ${dbg ? gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)}`;
      });
      const s = await state(page);
      assert.equal(s.preset, 'lecture4');
      assert.equal(s.points.length, 4);
      const g = await page.evaluate(() => {
        const r = window.perceptronLab.canvas.getBoundingClientRect(), h = window.testHooks(window.perceptronLab).geometry();
        return { left: r.left + h.left, top: r.top + h.top, width: h.width, height: h.height, dpr: devicePixelRatio };
      });
      ctx.info.dpr = g.dpr;
      const png = await page.screenshot(path.join(ctx.outputDir, `${ctx.engine}-first-frame.png`));
      const k = png.width / 1000;  // screenshot px per CSS px
      const colours = distinctColours(png, g.left * k, g.top * k, (g.left + g.width) * k, (g.top + g.height) * k);
      assert.ok(colours > 20, `the data area is drawn (${colours} colours in a ${png.width}x${png.height} screenshot)`);
      assert.deepEqual(page.problems() ?? [], []);
    } finally { await page.close(); }
  }],

  ['a click adds a point of the right class at the right place', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1000, height: 700 });
    try {
      await page.evaluate(() => window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [] }));
      await settle(page);
      const at = { plus: await toPage(page, 1, -1), minus: await toPage(page, -1, 1) };
      const empty = await page.screenshot();
      await clickData(page, 1, -1);              // the left button adds the active class, +1
      await clickData(page, -1, 1, 'right');     // the right button the other, −1
      const s = await state(page);
      assert.deepEqual(s.labels, [1, -1]);
      const ppu = await page.evaluate(() => window.testHooks(window.perceptronLab).geometry().pixelsPerUnit);
      [[1, -1], [-1, 1]].forEach(([x, y], i) => assert.ok(Math.hypot(s.points[i][0] - x, s.points[i][1] - y) <= 1.5 / ppu,
        `point ${i} at (${s.points[i]}), clicked at (${x}, ${y})`));
      const png = await page.screenshot(path.join(ctx.outputDir, `${ctx.engine}-clicked.png`));
      const k = png.width / 1000;
      for (const [p, label] of [[at.plus, 1], [at.minus, -1]]) {
        const after = markerPixels(png, p.x * k, p.y * k, 6 * k, label), before = markerPixels(empty, p.x * k, p.y * k, 6 * k, label);
        assert.ok(after >= 30 && before < 5, `a ${label > 0 ? '+1' : '−1'} marker at (${Math.round(p.x)}, ${Math.round(p.y)}): ${before} -> ${after} pixels of its colour`);
      }
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['Step, Epoch and Converge give lecture 004\'s result', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1280, height: 800 });
    try {
      const loaded = await page.evaluate((s) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...s }), LECTURE4_UNBIASED);
      assert.equal(loaded.ok, true, loaded.error);
      await settle(page);
      await clickItem(page, 'Step (S)');
      let s = await state(page);
      assert.deepEqual([s.visits, s.weights, s.mistakes], [1, [1, 2], 1], 'visit 1 is a mistake: w = (1, 2)');
      await clickItem(page, 'Epoch (E)');
      s = await state(page);
      assert.deepEqual(s.weights, [2, 1], 'after the first epoch (visit 4 a mistake on (−1, 1))');
      assert.equal(s.mistakes, 2);
      await clickItem(page, 'Converge');
      s = await state(page);
      assert.deepEqual([s.weights, s.mistakes, s.converged], [[2, 1], 2, true]);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['the decision regions agree with the CPU field', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1000, height: 700 });
    try {
      await page.evaluate((s) => window.perceptronLab.load({ ...window.perceptronLab.state(), ...s }), LECTURE4_UNBIASED);
      const s = await page.evaluate(() => window.perceptronLab.train({ untilConverged: true }));
      assert.deepEqual(s.weights, [2, 1]);
      // The exact regions replace the coarse ones a few frames after training (field_layer): wait for that.
      await page.evaluate(async () => {
        const deadline = performance.now() + 20000;
        while (window.testHooks(window.perceptronLab).layers().fieldSettling && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      });
      await settle(page);
      const agreement = await page.evaluate(() => window.testHooks(window.perceptronLab).fieldAgreement());
      assert.ok(agreement.fraction >= 0.999, `GPU/CPU sign agreement ${agreement.fraction}`);
      // f(x) = 2x + y, by hand, at points away from the line and the markers: the painted side matches.
      const samples = [[1.6, -0.4], [0.4, 1.6], [-1.6, 0.6], [-0.4, -1.6], [1.3, 1.4], [-1.3, -1.2]];
      const png = await page.screenshot(path.join(ctx.outputDir, `${ctx.engine}-regions.png`));
      const k = png.width / 1000;
      const seen = [], rgb = [];
      for (const [x, y] of samples) {
        const p = await toPage(page, x, y);
        rgb.push(`(${x}, ${y}) at (${Math.round(p.x)}, ${Math.round(p.y)}): rgb ${pixelAt(png, p.x * k, p.y * k)}`);
        seen.push(sideOf(pixelAt(png, p.x * k, p.y * k)));
      }
      assert.deepEqual(seen, samples.map(([x, y]) => Math.sign(2 * x + y)), `painted side at each sample: ${rgb.join('; ')}`);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['a link round-trips in a fresh page', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1000, height: 700 });
    let second;
    try {
      await clickData(page, 2, 2);
      await clickData(page, -2, 0, 'right');
      for (let n = 1; n <= 2; n++) await pressS(page, n);
      const before = await state(page);
      assert.equal(before.points.length, 6);
      assert.equal(before.visits, 2, 'each S press trained one visit');
      const link = await page.evaluate(() => window.perceptronLab.link());
      assert.ok(link.startsWith(`${ctx.url}/#`), link);
      second = await openLab(open, link, { width: 1000, height: 700 });
      assert.deepEqual(await state(second), before, 'weights, counters, points and settings all equal');
      await assertNoProblems(second);
      await assertNoProblems(page);
    } finally { await second?.close(); await page.close(); }
  }],

  // docs/reference.md "Loading from a CDN": the course page on 127.0.0.1, the package's files on
  // 127.0.0.2 (CORS, application/wasm, gzip: tests/e2e/cdn_server.mjs). The widget draws, the rest of its
  // code arrives from the CDN (S trains), and no file of the widget was asked of the page's origin.
  ['the widget from another origin (CDN)', async (open, ctx) => {
    const cdn = await startCdnServer({ root: ctx.webRoot });
    const site = await startPageServer();
    site.pages['/course.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CDN</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="${cdn.base}embed.css">
<script>addEventListener('perceptron-lab:ready', (e) => { window.perceptronLab = e.detail; });</script>
<script type="module" src="${cdn.base}embed.js"></script>
<script type="module">import { testHooks } from '${cdn.base}test_hooks.js'; window.testHooks = testHooks;</script>
<style>body{margin:0;background:#fff}</style></head><body>
<div class="perceptron-lab" data-preset="xor" style="width:1000px;height:640px"></div>
</body></html>`;
    let page;
    try {
      page = await open(`${site.url}/course.html`, { width: 1000, height: 700 });
      await waitForLab(page);
      const s = await state(page);
      assert.equal(s.preset, 'xor');
      assert.deepEqual(s.labels, [-1, 1, 1, -1], JSON.stringify(s.points));
      const g = await page.evaluate(() => {
        const r = window.perceptronLab.canvas.getBoundingClientRect(), h = window.testHooks(window.perceptronLab).geometry();
        return { left: r.left + h.left, top: r.top + h.top, width: h.width, height: h.height };
      });
      ctx.info.cdnPoints = JSON.stringify(s.points);
      fs.mkdirSync('/tmp/cdn-shots', { recursive: true });
      const png = await page.screenshot(path.join('/tmp/cdn-shots', `${ctx.engine}-cdn.png`));
      const k = png.width / 1000;
      const colours = distinctColours(png, g.left * k, g.top * k, (g.left + g.width) * k, (g.top + g.height) * k);
      assert.ok(colours > 20, `the data area is drawn (${colours} colours)`);
      await pressS(page, 1);  // code of the deferred part, from the CDN
      assert.equal((await state(page)).visits, 1);
      await page.screenshot(path.join('/tmp/cdn-shots', `${ctx.engine}-cdn-after-step.png`));
      // The rest of the code and the mirror come after the first frame: wait for the page to have them.
      const fetched = await page.evaluate(async () => {
        const names = () => performance.getEntriesByType('resource').map((e) => e.name);
        const deadline = performance.now() + 30000;
        while (!['deferred.wasm', 'embed_a11y.js'].every((f) => names().some((n) => n.endsWith(f))) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        return names();
      });
      for (const file of ['embed.js', 'embed.css', 'perceptron_lab.wasm', 'perceptron_lab.deferred.wasm', 'embed_a11y.js'])
        assert.ok(fetched.includes(`${cdn.base}${file}`), `${file} from the CDN (${fetched.join(' ')})`);
      assert.deepEqual(site.requests.map((r) => r.path), ['/course.html'], 'the page\'s origin served only the page');
      await assertNoProblems(page);
    } finally {
      await page?.close();
      await cdn.close();
      await site.close();
    }
  }],
];
