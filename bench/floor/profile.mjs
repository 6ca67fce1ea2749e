// Which functions the floor app (hello.cpp) runs in its first frames, measured the way
// scripts/split_profile.mjs measures the widget: the module instrumented by wasm-split (the link's
// -sSPLIT_MODULE=1 output) runs in headless Chromium at desktop, embed and phone sizes and once on a
// slowed CPU, with the events a browser sends unprompted; the profiles are merged and wasm-split -v
// names the functions it keeps.
// Usage (bench/floor/measure.sh runs both):
//   node bench/floor/profile.mjs <build dir>               writes <build dir>/keep_functions.txt
//   node bench/floor/profile.mjs <build dir> --check-dist   the split build in <build dir>/dist draws its
//                                                           first frame without the deferred part
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, sendUnpromptedEvents } from '../../tests/e2e/harness.mjs';

const buildDir = path.resolve(process.argv[2] ?? 'build/floor');
const IDLE_MS = 1500;
const SCENES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'small embed', viewport: { width: 800, height: 600 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: 'slow machine', viewport: { width: 1280, height: 800 }, cpuThrottling: 4 },
];
const run = (cmd, args) => execFileSync(cmd, args, { cwd: buildDir, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
const firstFrame = (page) => page.waitForFunction(() => window.hello && window.hello.framesDrawn >= 1, null, { timeout: 60000 });

async function profile(browser, url) {
  const profiles = [];
  for (const scene of SCENES) {
    const { name, cpuThrottling, ...contextOptions } = scene;
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    if (cpuThrottling) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    }
    await page.goto(`${url}/index.html`);
    await firstFrame(page);
    await page.waitForTimeout(IDLE_MS / 2);
    await sendUnpromptedEvents(page, contextOptions.viewport);
    await page.waitForTimeout(IDLE_MS / 2);
    // The instrumented module's __write_profile(ptr, size) writes which functions ran into memory.
    const { bytes, frames } = await page.evaluate(() => {
      const module = window.hello;
      const memory = Object.values(module.asm).find((value) => value instanceof WebAssembly.Memory);
      const size = module.asm.__write_profile(0, 0);
      const ptr = module._malloc(size);
      const written = module.asm.__write_profile(ptr, size);
      return { bytes: Array.from(new Uint8Array(memory.buffer, ptr, written)), frames: module.framesDrawn };
    });
    if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
    const file = path.join(buildDir, `profile-${profiles.length}.data`);
    fs.writeFileSync(file, Buffer.from(bytes));
    profiles.push(file);
    console.log(`${name}: ${frames} frames, profile of ${bytes.length} bytes`);
    await context.close();
  }
  run('wasm-split', ['--merge-profiles', ...profiles, '-o', 'merged.data']);
  const verbose = run('wasm-split', ['-v', '--enable-mutable-globals', '--export-prefix=%', '--profile=merged.data',
    'hello.wasm.orig', '-o1', 'profile.first.wasm', '-o2', 'profile.deferred.wasm']);
  const line = verbose.split('\n').find((l) => l.startsWith('Keeping functions: '));
  if (!line) throw new Error('wasm-split -v printed no "Keeping functions" line');
  const names = line.slice('Keeping functions: '.length).split(', ').filter(Boolean).sort();
  fs.writeFileSync(path.join(buildDir, 'keep_functions.txt'), `${names.join('\n')}\n`);
  console.log(`keep_functions.txt: ${names.length} functions kept`);
}

async function checkDist(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const fetched = [];
  page.on('request', (req) => fetched.push(path.basename(new URL(req.url()).pathname)));
  await page.goto(`${url}/index.html`);
  await firstFrame(page);
  const before = [...fetched];
  console.log(`split build: first frame drawn; fetched before it: ${before.join(', ')}`);
  if (before.some((file) => file.includes('deferred'))) throw new Error('the first frame needed hello.deferred.wasm');
  await page.close();
}

const check = process.argv[3] === '--check-dist';
const server = await startServer({ root: check ? path.join(buildDir, 'dist') : buildDir });
const browser = await launchBrowser();
try {
  await (check ? checkDist : profile)(browser, server.url);
} finally {
  await browser.close();
  await server.close();
}
