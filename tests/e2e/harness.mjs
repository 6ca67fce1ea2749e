// Browser test harness: a static file server on a free 127.0.0.1 port (in this process, so nothing
// is left running), Debian's Chromium driven by playwright-core, and what the test files share: pages
// with widgets, the waits on a widget's own signals (framesDrawn), what it drew, a person's clicks,
// keys and touches, and pixel helpers. A helper a second file needs lives here, not in a copy.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
// The test build (preset web-test: the release widget plus test_hooks.js and its exports) serves the
// tests that need hooks; the release build (preset web) the ones that check what ships.
export const webRoot = process.env.PL_WEB_DIR || path.join(repoRoot, 'build', 'web-test');
export const releaseRoot = process.env.PL_RELEASE_WEB_DIR || path.join(repoRoot, 'build', 'web');
export const outputDir = path.join(repoRoot, 'build', 'test-output');
fs.mkdirSync(outputDir, { recursive: true });

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.csv': 'text/csv', '.txt': 'text/plain; charset=utf-8',
};

// headers(urlPath) -> extra response headers (e.g. a Content-Security-Policy for one test).
export async function startServer({ root = webRoot, headers = () => ({}), port = 0 } = {}) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    let file = path.join(root, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-store', ...headers(urlPath) });
      res.end(data);
    });
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.PL_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

// Opens a page and records every console error and failed request, so tests can assert there were none.
export async function openPage(browser, url, { width = 1000, height = 700, deviceScaleFactor = 1, hasTouch = false, isMobile = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor, hasTouch, isMobile });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  // The browser fetches the favicon on its own after a load and cancels that fetch when the page
  // reloads or navigates (net::ERR_ABORTED); the page cannot prevent it, so only that case is let go.
  // Any other failure, and a favicon that is missing (a 404 below), is still a problem.
  page.on('requestfailed', (req) => {
    const aborted = /ERR_ABORTED|NS_BINDING_ABORTED|cancelled/i.test(req.failure()?.errorText ?? '');
    if (aborted && /\/favicon\.svg$/.test(new URL(req.url()).pathname)) return;
    problems.push(`requestfailed: ${req.url()} (${req.failure()?.errorText ?? 'no reason given'})`);
  });
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`); });
  await page.goto(url);
  return { page, context, problems };
}

// What a browser sends a page with no input from the student: a resize (a phone's address bar hides,
// an embed's frame settles) and back, blur and focus, a visibility change. The page's viewport is
// `width` x `height`. Used where the first frames must not depend on such events (download.test.mjs,
// scripts/split_profile.mjs).
export async function sendUnpromptedEvents(page, { width, height }) {
  await page.setViewportSize({ width, height: height - 60 });
  await animationFrames(page, 2);  // the page has laid out the smaller size before it goes back
  await page.setViewportSize({ width, height });
  await page.evaluate(() => {
    window.dispatchEvent(new FocusEvent('blur'));
    window.dispatchEvent(new FocusEvent('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

// Serves one extra page at the test server's origin (same origin as embed.js) without writing files.
export async function routePage(page, origin, urlPath, html, headers = {}) {
  await page.route(`${origin}${urlPath}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html, headers }));
}

// Opens `html` at `urlPath` of the test server `origin` (served from memory by routePage) in a new
// page, as openPage does for a file of the build; waits for the page's load, not for its widgets.
export async function openRoutedPage(browser, origin, urlPath, html, size) {
  const opened = await openPage(browser, 'about:blank', size);
  await routePage(opened.page, origin, urlPath, html);
  await opened.page.goto(`${origin}${urlPath}`);
  return opened;
}

// A page as a course writes one: embed.css, and embed.js (which mounts every .perceptron-lab element of
// `body`; autoMount: false leaves it out, for a page whose own script mounts its widget).
export function embedPage(body, { title = '', head = '', autoMount = true } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${title ? `<title>${title}</title>` : ''}
<link rel="stylesheet" href="/embed.css">${autoMount ? '<script type="module" src="/embed.js"></script>' : ''}${head}</head><body>
${body}
</body></html>`;
}
// One widget mounted by the page's own script (mountPerceptron, nothing remembered; its handle as
// window.perceptronLab) between a button before it and one after it, where the page's Tab order
// comes from and goes to. `heading`: markup above them.
export function scriptMountedPage({ title, heading = '' }) {
  return embedPage(`${heading}
<button id="before">Before</button>
<div id="lab" style="width:1000px;height:640px"></div>
<button id="after">After</button>
<script type="module">
  import { mountPerceptron } from '/embed.js';
  window.perceptronLab = await mountPerceptron(document.getElementById('lab'), { remember: false });
</script>`, { title, head: '<style>body{margin:0;background:#fff}</style>', autoMount: false });
}

// Loads the test build's hooks into the page (docs/developers.md "The test build"): afterwards page code can call
// window.testHooks(handleOrElement).framesDrawn(), .toPage(x, y), .request('downloadCsv'), ...
export async function useTestHooks(page) {
  await page.evaluate(async () => {
    if (!window.testHooks) window.testHooks = (await import('/test_hooks.js')).testHooks;
  });
}

// Waits until the full-page widget exposes its handle, has drawn at least `frames` frames and then
// rests: a few frames after the first, the regions' warm-up makes one long frame on a software
// renderer (field_layer.cpp), and a test's first click should not land in it.
export async function waitForWidget(page, frames = 2, name = 'perceptronLab') {
  await page.waitForFunction((n) => window[n], name, { timeout: 30000 });
  await useTestHooks(page);
  await page.waitForFunction(([n, f]) => window.testHooks(window[n]).framesDrawn() >= f, [name, frames], { timeout: 30000 });
  await settle(page, frames, name);
}

// Let the widget react to an input: wait until it has drawn and then gone idle (no new frame for
// 150 ms), at most 5 s. An idle widget draws nothing, so "N more frames" would wait forever.
export async function settle(page, _frames = 3, name = 'perceptronLab') {
  await useTestHooks(page);
  let last = -1, stableSince = Date.now();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    // Settled: no input waits to be handed to the app (a tap's release held for the next frame) and no
    // frame was drawn for 150 ms. The first alone is the widget's own signal; on a loaded machine the
    // frames of a run of key taps can be more than 150 ms apart, and the screen was read mid-run.
    const [now, pending] = await page.evaluate((n) => {
      const hooks = window.testHooks(window[n]);
      return [hooks.framesDrawn(), hooks.inputPending()];
    }, name);
    if (now !== last || pending) { last = now; stableSince = Date.now(); }
    else if (Date.now() - stableSince > 150) break;
    await page.waitForTimeout(30);
  }
}

// Until exactly `count` widgets of the page are mounted and each has drawn 3 frames (a widget's
// accessible mirror exists from then on).
export async function waitForWidgets(page, count) {
  await useTestHooks(page);
  await page.waitForFunction((n) => {
    const els = [...document.querySelectorAll('.perceptron-lab')].filter((e) => e.perceptronLab);
    return els.length === n && els.every((e) => window.testHooks(e).framesDrawn() >= 3);
  }, count, { timeout: 60000 });
}

// page.evaluate under a short name: lab(page, () => window.perceptronLab.state()).
export const lab = (page, fn, arg) => page.evaluate(fn, arg);

// [SECTION] one widget of a page with several: `who` is an element id, a CSS selector ('.x'), or
// null for the full-page widget (window.perceptronLab).
export function labOf(who) {
  if (!who) return 'window.perceptronLab';
  const element = who.startsWith('.') ? `document.querySelector(${JSON.stringify(who)})` : `document.getElementById(${JSON.stringify(who)})`;
  return `${element}?.perceptronLab`;
}
// Runs fn(handle, arg) in the page.
export function onLab(page, who, fn, arg = null) {
  return page.evaluate(`(${fn})(${labOf(who)}, ${JSON.stringify(arg)})`);
}
// Until the widget exposes its handle and has drawn `frames` frames.
export async function waitForLab(page, who = null, frames = 2) {
  await useTestHooks(page);
  const target = labOf(who);
  await page.waitForFunction(`${target} && window.testHooks(${target}).framesDrawn() >= ${frames}`, null, { timeout: 60000 });
}
// settle() for that widget: until it has drawn and gone idle (no input waiting, no new frame for 150 ms),
// at most 5 s.
export async function settleLab(page, who = null) {
  let last = -1, since = Date.now();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const [now, pending] = await onLab(page, who, (lab) => [window.testHooks(lab).framesDrawn(), window.testHooks(lab).inputPending()]);
    if (now !== last || pending) { last = now; since = Date.now(); } else if (Date.now() - since > 150) break;
    await page.waitForTimeout(30);
  }
}
// What the widget drew once it went idle (settleLab, then testHooks().drawn(): a fresh frame), and where
// its canvas is on the page. reads = 2 takes the fresh frame after that one too, for files whose clicks
// show their effect a frame late.
export async function drawnBy(page, who = null, reads = 1) {
  await settleLab(page, who);
  let frame;
  for (let i = 0; i < reads; i++) frame = await onLab(page, who, (lab) => window.testHooks(lab).drawn());
  return frame;
}
export function canvasOrigin(page, who = null) {
  return onLab(page, who, (lab) => { const r = lab.canvas.getBoundingClientRect(); return { left: r.left, top: r.top }; });
}
// The full-page widget's data area (where the points are) in page px: {left, top, width, height}, its
// scale ppu (px per data unit) and centre (cx, cy) in data units, and the canvas element's {left, top}.
export function dataArea(page) {
  return lab(page, () => {
    const g = window.testHooks(window.perceptronLab).geometry();
    const r = window.perceptronLab.canvas.getBoundingClientRect();
    return { left: r.left + g.left, top: r.top + g.top, width: g.width, height: g.height, ppu: g.pixelsPerUnit, cx: g.centerX, cy: g.centerY,
      element: { left: r.left, top: r.top } };
  });
}
// The page position of the middle of a drawn rectangle ([x0, y0, x1, y1] in the canvas's CSS px).
export const centreOf = (origin, rect) => ({ x: origin.left + (rect[0] + rect[2]) / 2, y: origin.top + (rect[1] + rect[3]) / 2 });
// A real click on the middle of what the widget drew at `rect`, held until the widget has drawn the press
// (holdClick). The caller waits for the effect in its own way.
export async function clickRect(page, rect, who = null) {
  const p = centreOf(await canvasOrigin(page, who), rect);
  await holdClick(page, p.x, p.y, { who });
}

// [SECTION] the full-page widget's input, as a person gives it; each ends with settle().
// A real click on the data point (x, y): the left button adds the active class, the right the other.
// `who` picks one widget of a page with several (labOf), null the full-page widget.
export async function clickData(page, x, y, button = 'left', who = null) {
  const p = await onLab(page, who, (w, [px, py]) => window.testHooks(w).toPage(px, py), [x, y]);
  const frames = await onLab(page, who, (w) => window.testHooks(w).framesDrawn());
  await holdClick(page, p.x, p.y, { button, who });  // down and up in different frames
  // The press and the release each make a frame; on a page of several widgets sharing one software GPU,
  // a scroll can hold the frames back for a few hundred ms, longer than settle()'s quiet time.
  await onLab(page, who, (w, n) => new Promise((resolve) => {
    const deadline = performance.now() + 5000;
    const check = () => (window.testHooks(w).framesDrawn() >= n + 2 || performance.now() > deadline ? resolve() : setTimeout(check, 20));
    check();
  }), frames);
  await settleLab(page, who);
}
// `n` animation frames of the page (its own requestAnimationFrame), for pages without test hooks.
export function animationFrames(page, n = 2) {
  return page.evaluate((count) => new Promise((resolve) => {
    const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
    next(count);
  }), n);
}
// Holds an input across frames: Dear ImGui 1.86 loses a key or button pressed and released within one
// frame. press() gives the input (keyboard.down, mouse.down, a touchStart, a move); this resolves once the
// widget `who` (labOf) has drawn `n` frames after the page received it, so the caller's release lands in
// a later frame. One is enough: the frame after the input is the first to read it, whole (the frame
// counter is taken when the input arrives). More is worse for keys: a key still down in a frame 0.275 s
// after the one that first saw it repeats (Dear ImGui's KeyRepeatDelay), and a loaded machine draws that
// slowly. A page without test hooks (the release build) counts its own animation frames instead.
// `events`: the page events the input makes (the first one marks it); moves pass MOVES. Not a move for a
// press: Chromium sends the page moves of its own (after a layout change), which would mark it too early.
export const MOVES = ['mousemove', 'pointermove', 'touchmove'];
export async function holdUntilFrames(page, who, press, n = 1, events = ['keydown', 'mousedown', 'pointerdown', 'touchstart']) {
  await onLab(page, who, (w, types) => {
    const hooks = w && window.testHooks ? window.testHooks(w) : null;
    const hold = { mark: null, frames: 0, on: true };
    if (!hooks) { const tick = () => { hold.frames++; if (hold.on) requestAnimationFrame(tick); }; requestAnimationFrame(tick); }
    hold.count = hooks ? () => hooks.framesDrawn() : () => hold.frames;
    const onInput = () => { if (hold.mark === null) hold.mark = hold.count(); };
    for (const t of types) addEventListener(t, onInput, { capture: true });
    hold.stop = () => { hold.on = false; for (const t of types) removeEventListener(t, onInput, { capture: true }); };
    window.__plHold = hold;
  }, events);
  await press();
  await page.waitForFunction((least) => {
    const hold = window.__plHold;
    if (hold.mark === null) hold.mark = hold.count();  // an input the page saw as no such event
    return hold.count() >= hold.mark + least;
  }, n, { polling: 'raf', timeout: 10000 });
  await page.evaluate(() => window.__plHold.stop());
}
// A real click at page position (x, y): the button goes down, and up once the widget `who` (labOf) has
// drawn a frame with it down (holdUntilFrames; Dear ImGui 1.86 misses a click that starts and ends in one frame).
export async function holdClick(page, x, y, { button = 'left', who = null } = {}) {
  await page.mouse.move(x, y);
  await holdUntilFrames(page, who, () => page.mouse.down({ button }));
  await page.mouse.up({ button });
}
// Keys held together for a moment ('Control+z'): Dear ImGui 1.86 misses a key pressed and released
// within one frame; the page's own controls take it either way.
export async function holdKeys(page, combo, who = null) {
  const keys = combo.split('+');
  await holdUntilFrames(page, who, async () => { for (const k of keys) await page.keyboard.down(k); });
  for (const k of keys.reverse()) await page.keyboard.up(k);
  await settleLab(page, who);
}
// The same on the focused canvas (of the widget `who`, labOf; null: the full-page widget).
export async function pressOnCanvas(page, combo, who = null) {
  await onLab(page, who, (w) => w.canvas.focus());
  await holdKeys(page, combo, who);
}

// [SECTION] touch: a phone, and fingers through the Chrome DevTools Protocol (cdp = a CDPSession of the
// page). A finger goes down and lifts in different frames of the widget (holdUntilFrames); the only
// pauses are the gesture's own timing (a long press, a finger's speed); each gesture ends with settle().
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// One Input.dispatchTouchEvent: `fingers` are the touch points still on the screen after the event.
export async function touch(cdp, type, fingers) {
  await cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: fingers.map((f) => ({ x: f.x, y: f.y, id: f.id ?? 0, radiusX: 4, radiusY: 4, force: 1 })),
  });
}
export async function tap(page, cdp, p) {
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [p]));
  await touch(cdp, 'touchEnd', []);
  await settle(page);
}
export async function longPress(page, cdp, p) {
  await touch(cdp, 'touchStart', [p]);
  await pause(900);  // a long press is a duration: time is the gesture itself
  await touch(cdp, 'touchEnd', []);
  await settle(page);
}
// One finger from `from` to `to` in `steps` moves, a frame or so apart.
export async function fingerDrag(page, cdp, from, to, steps = 10) {
  await holdUntilFrames(page, null, () => touch(cdp, 'touchStart', [from]));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const move = () => touch(cdp, 'touchMove', [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }]);
    if (i < steps) { await move(); await pause(20); }  // the finger's speed
    else await holdUntilFrames(page, null, move, 1, MOVES);  // the last move is drawn before the finger lifts
  }
  await touch(cdp, 'touchEnd', []);
  await settle(page);
}

// The full-page widget's snapshot() as the page decodes it: {type, width, height, colours} (the number of
// distinct colours among every 97th pixel). snapshot() waits for a frame the widget draws.
export function snapshotPicture(page) {
  return page.evaluate(async () => {
    const blob = await window.perceptronLab.snapshot();
    const bitmap = await createImageBitmap(blob);
    const c = document.createElement('canvas');
    c.width = bitmap.width; c.height = bitmap.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return { type: blob.type, width: bitmap.width, height: bitmap.height, colours: colours.size };
  });
}

export async function screenshotPixels(page, file) {
  const buffer = await page.screenshot({ path: file ? path.join(outputDir, file) : undefined });
  return PNG.sync.read(buffer);
}

export function pixelAt(png, x, y) {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

// Number of distinct colours in a region (a blank canvas has one or two).
export function distinctColours(png, x0 = 0, y0 = 0, x1 = png.width, y1 = png.height) {
  const seen = new Set();
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) {
    const i = (y * png.width + x) * 4;
    seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
  }
  return seen.size;
}

// Count pixels close to a colour inside a box around (cx, cy).
export function countNear(png, cx, cy, radius, rgb, tolerance = 40) {
  let count = 0;
  for (let y = Math.max(0, cy - radius); y < Math.min(png.height, cy + radius); y++)
    for (let x = Math.max(0, cx - radius); x < Math.min(png.width, cx + radius); x++) {
      const [r, g, b] = pixelAt(png, x, y);
      if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) <= tolerance) count++;
    }
  return count;
}
