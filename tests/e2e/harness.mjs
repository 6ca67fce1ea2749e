// Browser test harness: a static file server on a free 127.0.0.1 port (in this process, so nothing
// is left running), Debian's Chromium driven by playwright-core, and pixel helpers.
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
  '.json': 'application/json', '.csv': 'text/csv',
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
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()}`));
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
  await page.waitForTimeout(100);
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
    const now = await page.evaluate((n) => window.testHooks(window[n]).framesDrawn(), name);
    if (now !== last) { last = now; stableSince = Date.now(); }
    else if (Date.now() - stableSince > 150) break;
    await page.waitForTimeout(30);
  }
}

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
// settle() for that widget: until it has drawn and gone idle (no new frame for 150 ms), at most 5 s.
export async function settleLab(page, who = null) {
  let last = -1, since = Date.now();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const now = await onLab(page, who, (lab) => window.testHooks(lab).framesDrawn());
    if (now !== last) { last = now; since = Date.now(); } else if (Date.now() - since > 150) break;
    await page.waitForTimeout(30);
  }
}
// What the widget's next quiet frame drew (testHooks().drawn()), and where its canvas is on the page.
export async function drawnBy(page, who = null) {
  await settleLab(page, who);
  return onLab(page, who, (lab) => window.testHooks(lab).drawn());
}
export function canvasOrigin(page, who = null) {
  return onLab(page, who, (lab) => { const r = lab.canvas.getBoundingClientRect(); return { left: r.left, top: r.top }; });
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
