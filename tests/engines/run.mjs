// Runs issue 26's flows (core_flows.mjs, work_flows.mjs, access_flows.mjs) in each engine (driver.mjs),
// on the pages pages.mjs serves, and prints, per engine,
//   [engine] firefox-esr 153.7.0: 12 passed, 0 failed, 0 skipped (41.2 s)
// with the time its start took and each flow's (a skip with the reason the engine cannot do it), then
// one closing line `N passed, N failed, N skipped`.
// Usage: node tests/engines/run.mjs [chromium] [firefox-esr] [webkitgtk]   (none named: all three)
//        PL_WEB_DIR=<folder> serves another build (default build/web-test, as the e2e tests).
//        PL_FLOWS=<substring>[|<substring>...] runs only the flows whose name contains one of them.
// ./scripts/test.sh runs it after the browser tests. Exit status 1 when anything failed.
import fs from 'node:fs';
import path from 'node:path';
import { outputDir as e2eOutput } from '../e2e/harness.mjs';
import { startFlowServer } from './pages.mjs';
import { ENGINES, startDisplay, stopEverything } from './driver.mjs';
import { FLOWS as CORE, SkipFlow } from './core_flows.mjs';
import { FLOWS as WORK } from './work_flows.mjs';
import { FLOWS as ACCESS } from './access_flows.mjs';

const FLOWS = [...CORE, ...WORK, ...ACCESS];

const FLOW_TIMEOUT_MS = 120000;
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ENGINES);
for (const n of names) if (!ENGINES[n]) { console.error(`unknown engine ${n} (known: ${Object.keys(ENGINES).join(', ')})`); process.exit(2); }
const flows = FLOWS.filter(([name]) => !process.env.PL_FLOWS || process.env.PL_FLOWS.split('|').some((part) => name.includes(part)));
const outputDir = path.join(e2eOutput, 'engines');
fs.mkdirSync(outputDir, { recursive: true });

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no result in ${ms / 1000} s`)), ms); })])
    .finally(() => clearTimeout(timer));
}

const server = await startFlowServer();
const display = names.some((n) => ENGINES[n].needsDisplay) ? await startDisplay() : null;
let passed = 0, failed = 0, skipped = 0;
// One engine's lane: start it, run every flow, stop it, print its lines at once.
async function lane(name) {
  const t0 = performance.now();
  let engine, ok = 0, bad = 0, skip = 0;
  const lines = [];
  try {
    engine = await withTimeout(ENGINES[name].start({ display: display?.display }), 60000, `${name} start`);
    lines.push(`  start: ${seconds(t0)} s`);
  } catch (err) {
    bad = flows.length;
    lines.push(`  start FAILED after ${seconds(t0)} s: ${err.stack || err}`);
  }
  const ctx = { url: server.url, webRoot: server.root, engine: name, outputDir, info: {} };
  for (const [flow, run] of engine ? flows : []) {
    const t1 = performance.now();
    try {
      await withTimeout(run((url, size) => engine.open(url, size), ctx), FLOW_TIMEOUT_MS, flow);
      ok++;
      lines.push(`  ok   ${flow} (${seconds(t1)} s)`);
    } catch (err) {
      if (err instanceof SkipFlow) { skip++; lines.push(`  skip ${flow}: ${err.message}`); continue; }
      bad++;
      const where = String(err.stack || '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 3);
      lines.push(`  FAIL ${flow} (${seconds(t1)} s)\n${[`${err.name}: ${err.message}`, ...where].join('\n').split('\n').map((l) => `       ${l.trim()}`).join('\n')}`);
      // A page that does not load fails every flow after it the same way: count them, do not wait them out.
      if (flow === flows[0][0] && flows[0][0] === FLOWS[0][0]) {
        for (const [rest] of flows.slice(1)) { bad++; lines.push(`  FAIL ${rest} (not run: the page did not load)`); }
        break;
      }
    }
  }
  if (engine) await withTimeout(engine.stop(), 20000, `${name} stop`).catch((err) => lines.push(`  stop: ${err.message}`));
  if (Object.keys(ctx.info).length) lines.push(`  info: ${JSON.stringify(ctx.info)}`);
  const line = `[engine] ${name} ${engine?.version ?? '?'}: ${ok} passed, ${bad} failed, ${skip} skipped (${seconds(t0)} s)`;
  console.log([line, ...lines].join('\n'));
  passed += ok; failed += bad; skipped += skip;
}

// The engines that need the display (Firefox and WebKitGTK windows on one Xvfb screen) run one after the
// other: two windows there would take the keyboard focus from each other. A headless engine (Chromium)
// runs beside them: each browser waits on its own frames most of the time, and the flows wait on the
// widget's signals, never on the clock. PL_ENGINE_SERIAL=1 runs every lane one after the other.
const serial = process.env.PL_ENGINE_SERIAL === '1';
const groups = serial ? [names] : [names.filter((n) => ENGINES[n].needsDisplay), names.filter((n) => !ENGINES[n].needsDisplay)];
try {
  await Promise.all(groups.map(async (group) => { for (const name of group) await lane(name); }));
} finally {
  stopEverything();  // what a flow that ran out of time left running
  await server.close();
  await display?.stop();
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// At once: a browser session a timed-out flow left open would otherwise keep this process alive.
process.exit(failed ? 1 : 0);
