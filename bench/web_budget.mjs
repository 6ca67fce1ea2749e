// Load-time and frame-time budgets of the web widget, measured in headless Chromium on 127.0.0.1.
// Prints numbers; asserts nothing. Usage: node bench/web_budget.mjs  (PL_BENCH_ONLY=load: only [load])
//   (after ./scripts/build.sh web and ./scripts/build.sh web-test)
// On the release build (build/web, what ships), through the public handle only:
//   load:  gzip size of what the page fetches before its first frame and after it; navigation -> first
//          rendered frame (median of 5)
//   frame: median / p95 frame interval while Run trains 1,000 points (primal) and an RBF kernel
//          perceptron with ~1,000 support vectors, at 800x600
// On the test build (build/web-test), whose hooks count frames and time the field (docs/developers.md "The test build"):
//   idle:  main-thread busy time of the page over 10 s with nothing happening, and frames drawn
//   field: GPU field time with 10..5,000 support vectors vs the CPU evaluator (SwiftShader)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launchBrowser, releaseRoot, webRoot, useTestHooks } from '../tests/e2e/harness.mjs';

// Each part needs the build it measures: say which is missing instead of timing 404 pages.
const needed = [[releaseRoot, './scripts/build.sh web']];
if (process.env.PL_BENCH_ONLY !== 'load') needed.push([webRoot, './scripts/build.sh web-test']);
for (const [dir, command] of needed) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir} has no build: run ${command} first.`);
    process.exit(1);
  }
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };

// In the page: keeps the first-frame time as window.firstFrameMs (why this is that time: [load] below).
const markFirstFrame = () => addEventListener('perceptron-lab:ready',
  () => requestAnimationFrame(() => { window.firstFrameMs = performance.now(); }), { once: true });

const release = await startServer({ root: releaseRoot });
const testBuild = await startServer();
const browser = await launchBrowser();
try {
  // [load] The widget draws its first frame in the first animation frame after it is ready (its main
  // loop is scheduled before the ready event), so a requestAnimationFrame callback queued at the
  // event runs right after that frame: its time since navigation start is the first-frame time.
  // Sizes come from a first load of their own, untimed: reading every response body and gzipping the
  // 1.3 MB wasm at level 9 costs this 2-core machine ~0.1 s of CPU, which would land in the timings.
  const bytes = new Map();
  {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    const bodies = [];
    page.on('response', (res) => bodies.push(res.body().then((body) => [res.url(), body], () => null)));  // null: a redirect
    await page.addInitScript(markFirstFrame);
    await page.goto(`${release.url}/`);
    await page.waitForFunction(() => window.firstFrameMs !== undefined, null, { timeout: 60000 });
    await page.waitForTimeout(1000);  // the deferred part of the wasm comes after the first frame
    // Which responses had ended by the first frame (resource timing, ms since navigation).
    const before = new Set(await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.responseEnd <= window.firstFrameMs).map((e) => e.name)));
    before.add(`${release.url}/`);  // the page itself
    for (const entry of await Promise.all(bodies)) {
      if (entry) {
        bytes.set(entry[0], { raw: entry[1].length, gzip: zlib.gzipSync(entry[1], { level: 9 }).length,
          afterFirstFrame: !before.has(entry[0]) });
      }
    }
    await context.close();
  }
  const firstFrames = [];
  const breakdowns = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await context.newPage();
    await page.addInitScript(markFirstFrame);
    await page.addInitScript(() => {
      // Breakdown: when the module's WebAssembly compile + instantiate started and ended, when main()
      // first ran a frame, and when the widget said it was ready (performance.now() since navigation).
      const marks = window.loadMarks = {};
      for (const name of ['instantiateStreaming', 'instantiate']) {
        const original = WebAssembly[name];
        WebAssembly[name] = function (...args) {
          marks.instantiateStart ??= performance.now();
          return original.apply(this, args).then((r) => { marks.instantiateEnd ??= performance.now(); return r; });
        };
      }
      addEventListener('perceptron-lab:ready', () => { marks.ready = performance.now(); }, { once: true });
    });
    await page.goto(`${release.url}/`);
    await page.waitForFunction(() => window.firstFrameMs !== undefined, null, { timeout: 60000 });
    firstFrames.push(Math.round(await page.evaluate(() => window.firstFrameMs)));
    breakdowns.push(await page.evaluate(() => {
      const end = (suffix) => Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.endsWith(suffix)).map((e) => e.responseEnd));
      return { js: end('.js'), wasm: end('.wasm'), ...window.loadMarks, frame: window.firstFrameMs };
    }));
    await page.waitForTimeout(300);
    await context.close();
  }
  // Fetched before the first frame (what a student waits for), then what comes after it.
  const kb = (n) => (n / 1024).toFixed(1);
  console.log('file                              raw KB   gzip KB');
  for (const after of [false, true]) {
    let raw = 0, gz = 0;
    for (const [url, s] of bytes) {
      if (s.afterFirstFrame !== after) continue;
      raw += s.raw; gz += s.gzip;
      console.log(`${new URL(url).pathname.padEnd(32)} ${kb(s.raw).padStart(8)} ${kb(s.gzip).padStart(9)}`);
    }
    const label = after ? 'total after the first frame' : 'total before the first frame';
    console.log(`${label.padEnd(32)} ${kb(raw).padStart(8)} ${kb(gz).padStart(9)}`);
  }
  const all = [...bytes.values()].reduce((sum, s) => sum + s.gzip, 0);
  console.log(`${'total of the page'.padEnd(32)} ${''.padStart(8)} ${kb(all).padStart(9)}`);
  console.log(`navigation -> first frame: median ${median(firstFrames)} ms of 5 (${firstFrames.join(', ')})`);
  // Medians of each step's time since navigation: the last script and the wasm fetched, compile +
  // instantiate done, the ready event (main() started, start options applied), the first frame.
  const step = (key) => median(breakdowns.map((b) => b[key])).toFixed(0);
  console.log(`  medians since navigation (ms): last .js fetched ${step('js')}, .wasm fetched ${step('wasm')}, ` +
    `compile started ${step('instantiateStart')}, instantiated ${step('instantiateEnd')}, ready ${step('ready')}, first frame ${step('frame')}`);

  // PL_BENCH_ONLY=load stops after the [load] part (for measuring start-up changes quickly).
  if (process.env.PL_BENCH_ONLY !== 'load') await frameIdleAndField();
  async function frameIdleAndField() {
    // [frame]
    let context = await browser.newContext({ viewport: { width: 1100, height: 600 } });
    let page = await context.newPage();
    await page.goto(`${release.url}/`);
    await page.waitForFunction(() => window.perceptronLab);
    const frames = async (seconds) => page.evaluate((s) => new Promise((resolve) => {
      const deltas = []; let last = performance.now(); const end = last + s * 1000;
      const tick = (t) => { deltas.push(t - last); last = t; if (t < end) requestAnimationFrame(tick); else resolve(deltas.slice(2)); };
      requestAnimationFrame(tick);
    }), seconds);
    const scenario = async (label, link, settings) => {
      await page.evaluate(([l, s]) => { window.perceptronLab.load(l); if (s) window.perceptronLab.configure(s); }, [link, settings]);
      const st = await page.evaluate(() => window.perceptronLab.state());
      await page.evaluate(() => window.perceptronLab.run(true, 'max'));
      const d = await frames(5);
      await page.evaluate(() => window.perceptronLab.run(false));
      const after = await page.evaluate(() => window.perceptronLab.state());
      const sv = after.alphas ? after.alphas.filter((a) => a > 0).length : 0;
      console.log(`${label}: ${st.points.length} points, ${sv ? sv + ' support vectors, ' : ''}visits ${st.visits} -> ${after.visits}; ` +
        `frame median ${median(d).toFixed(1)} ms, p95 ${pct(d, 0.95).toFixed(1)} ms (${d.length} frames)`);
    };
    // Generated data sets come from the core's seeded generators (handle.generate).
    const linkFor = async (preset, n, noise) => page.evaluate(([p, nn, no]) => window.perceptronLab.generate(p, { n: nn, noise: no }), [preset, n, noise]);
    await linkFor('overlap', 1000, 0.6);
    await scenario('primal perceptron, Run at max speed', (await page.evaluate(() => window.perceptronLab.link())), { algorithm: 'perceptron', maxEpochs: 100000 });
    await linkFor('overlap', 1000, 0.8);
    await scenario('kernel perceptron RBF, Run at max speed', (await page.evaluate(() => window.perceptronLab.link())), { algorithm: 'kernel', kernel: { type: 'rbf', gamma: 2 }, maxEpochs: 100000 });

    await context.close();

    // [idle] The default scene, trained, after every pending repaint has finished (no frame for 1 s).
    context = await browser.newContext({ viewport: { width: 1100, height: 600 } });
    page = await context.newPage();
    await page.goto(`${testBuild.url}/`);
    await page.waitForFunction(() => window.perceptronLab);
    await useTestHooks(page);
    const framesDrawn = () => page.evaluate(() => window.testHooks(window.perceptronLab).framesDrawn());
    await page.evaluate(() => { window.perceptronLab.load('#'); window.perceptronLab.train({ epochs: 2 }); });
    for (let last = -1, now = 0; ; last = now) {
      await page.waitForTimeout(1000);
      now = await framesDrawn();
      if (now === last) break;
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    await page.waitForTimeout(1000);
    const a = await metric();
    const framesA = await framesDrawn();
    await page.waitForTimeout(10000);
    const b = await metric();
    const framesB = await framesDrawn();
    console.log(`idle 10 s: main thread busy ${((b.TaskDuration - a.TaskDuration) * 1000).toFixed(0)} ms ` +
      `(${(100 * (b.TaskDuration - a.TaskDuration) / 10).toFixed(2)} % of one core), script ${((b.ScriptDuration - a.ScriptDuration) * 1000).toFixed(0)} ms, frames drawn ${framesB - framesA}`);

    // [field]
    if (process.env.PL_SKIP_FIELD_BENCH !== '1') {
      console.log('support vectors | GPU shader ms/frame | CPU evaluator ms/frame | CPU/GPU   (800x600, SwiftShader)');
      for (const n of [10, 100, 1000, 5000]) {
        const r = await page.evaluate((k) => window.testHooks(window.perceptronLab).benchField(k), n);
        console.log(`${String(n).padStart(15)} | ${r.gpu.toFixed(2).padStart(19)} | ${r.cpu.toFixed(1).padStart(22)} | ${(r.cpu / r.gpu).toFixed(1).padStart(7)}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await release.close();
  await testBuild.close();
}
