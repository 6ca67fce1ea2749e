// Where a frame's time goes in the browser: a CPU profile through the DevTools Protocol while Run trains
// at full speed, summed by function (self time), top 30 printed. Prints numbers; asserts nothing.
// Usage: node bench/profile_web.mjs [points] [algorithm] [web build folder]
//   e.g. node bench/profile_web.mjs 100000 perceptron build/web-prof
// Function names in the wasm need a build linked with --profiling-funcs (docs/benchmarks.md says how);
// without them wasm functions show as wasm-function[N].
import path from 'node:path';
import { startServer, launchBrowser, repoRoot } from '../tests/e2e/harness.mjs';

const n = Number(process.argv[2] || 100000);
const algorithm = process.argv[3] || 'perceptron';
const root = path.resolve(repoRoot, process.argv[4] || 'build/web');
const seconds = Number(process.env.PL_PROFILE_SECONDS || 4);

const server = await startServer({ root });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => window.perceptronLab);
  await page.evaluate(([k, algo]) => {
    const lab = window.perceptronLab;
    lab.generate('overlap', { n: k, noise: 0.6 });
    lab.configure(algo === 'kernel' ? { algorithm: 'kernel', kernel: { type: 'rbf', gamma: 1 }, maxEpochs: 1000000 }
      : { algorithm: algo, maxEpochs: 1000000 });
  }, [n, algorithm]);
  await page.waitForTimeout(1000);
  await page.evaluate(() => window.perceptronLab.run(true, 'max'));
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const frames = await page.evaluate((s) => new Promise((resolve) => {
    let count = 0; const end = performance.now() + s * 1000;
    const tick = (t) => { count++; if (t < end) requestAnimationFrame(tick); else resolve(count); };
    requestAnimationFrame(tick);
  }), seconds);
  const { profile } = await cdp.send('Profiler.stop');
  await page.evaluate(() => window.perceptronLab.run(false));

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const name = node.callFrame.functionName || `(${node.callFrame.url.split('/').pop() || 'program'})`;
    self.set(name, (self.get(name) || 0) + (dt[i] || 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${n} points, ${algorithm}, ${frames} animation frames in ${seconds} s (${(frames / seconds).toFixed(1)} fps); self time by function:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${ms.toFixed(0).padStart(7)} ms ${(100 * ms / total).toFixed(1).padStart(5)} %  ${name}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
