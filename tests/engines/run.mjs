// Runs the core flows (core_flows.mjs) in each engine (driver.mjs) and prints, per engine,
//   [engine] firefox-esr 153.7.0esr: 5 passed, 0 failed (41.2 s)
// with the time its start took and each flow's, then one closing line `N passed, N failed`.
// Usage: node tests/engines/run.mjs [chromium] [firefox-esr] [webkitgtk]   (none named: all three)
//        PL_WEB_DIR=<folder> serves another build (default build/web-test, as the e2e tests).
//        PL_FLOWS=<substring> runs only the flows whose name contains it.
// Not part of ./scripts/test.sh yet. Exit status 1 when anything failed.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, outputDir as e2eOutput } from '../e2e/harness.mjs';
import { ENGINES, startDisplay } from './driver.mjs';
import { FLOWS } from './core_flows.mjs';

const FLOW_TIMEOUT_MS = 120000;
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ENGINES);
for (const n of names) if (!ENGINES[n]) { console.error(`unknown engine ${n} (known: ${Object.keys(ENGINES).join(', ')})`); process.exit(2); }
const flows = FLOWS.filter(([name]) => !process.env.PL_FLOWS || name.includes(process.env.PL_FLOWS));
const outputDir = path.join(e2eOutput, 'engines');
fs.mkdirSync(outputDir, { recursive: true });

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no result in ${ms / 1000} s`)), ms); })])
    .finally(() => clearTimeout(timer));
}

const server = await startServer();
const display = names.some((n) => ENGINES[n].needsDisplay) ? await startDisplay() : null;
let passed = 0, failed = 0;
const summary = [];
try {
  for (const name of names) {
    const t0 = performance.now();
    let engine, ok = 0, bad = 0;
    const lines = [];
    try {
      engine = await withTimeout(ENGINES[name].start({ display: display?.display }), 60000, `${name} start`);
      lines.push(`  start: ${seconds(t0)} s`);
    } catch (err) {
      bad = flows.length;
      lines.push(`  start FAILED after ${seconds(t0)} s: ${err.stack || err}`);
    }
    const ctx = { url: server.url, engine: name, outputDir, info: {} };
    for (const [flow, run] of engine ? flows : []) {
      const t1 = performance.now();
      try {
        await withTimeout(run((url, size) => engine.open(url, size), ctx), FLOW_TIMEOUT_MS, flow);
        ok++;
        lines.push(`  ok   ${flow} (${seconds(t1)} s)`);
      } catch (err) {
        bad++;
        lines.push(`  FAIL ${flow} (${seconds(t1)} s)\n${String(err.stack || err).split('\n').slice(0, 8).map((l) => `       ${l}`).join('\n')}`);
      }
    }
    if (engine) await withTimeout(engine.stop(), 20000, `${name} stop`).catch((err) => lines.push(`  stop: ${err.message}`));
    if (Object.keys(ctx.info).length) lines.push(`  info: ${JSON.stringify(ctx.info)}`);
    const line = `[engine] ${name} ${engine?.version ?? '?'}: ${ok} passed, ${bad} failed (${seconds(t0)} s)`;
    console.log([line, ...lines].join('\n'));
    summary.push(line);
    passed += ok; failed += bad;
  }
} finally {
  await server.close();
  await display?.stop();
}
console.log(summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
