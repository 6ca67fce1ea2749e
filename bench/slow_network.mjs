// The first picture on a slow line, side by side with the lightest peer (issue 30): Perceptron Lab's
// release build (build/web, what ships) and TensorFlow Playground (bench/peer/README.md), in one headless
// Chromium, each from its own gzip server on 127.0.0.1, on two network profiles set through the DevTools
// Protocol. Prints a markdown table (docs/benchmarks.md); asserts nothing.
//   node bench/slow_network.mjs        (after ./scripts/build.sh web; runs bench/peer/build.sh when
//                                       build/peer is missing)   PL_LOADS=n: loads of each site per profile (5)
//   PL_OURS_ROOT=DIR: measure another release folder of ours instead of build/web
//   PL_BEFORE_ROOT=DIR: also measure an older commit's release folder (its checkout's build/web) in the same
//   run, interleaved with the others: a before/after table with the peer in one run, on one machine load
//   PL_FLOOR_ROOT=DIR: also measure the bare Dear ImGui + SDL2 app of bench/floor (its build/floor/dist,
//   made by bench/floor/measure.sh), timed by its first WebGL draw as ours: the floor of the design
//   PL_PROFILE=unthrottled or PL_PROFILE=mobile: that network profile only (more loads in the same time)
//
// What is measured, all inside the page (performance.now() is relative to navigation start):
// - the first picture. Ours: the first WebGL draw call (drawArrays / drawElements / their Instanced forms on
//   a WebGL2RenderingContext, wrapped by an init script until their first call); also the animation frame
//   after the perceptron-lab:ready event (bench/web_budget.mjs's first frame). The peer: its first
//   putImageData on the main heatmap's canvas (#heatmap; src/heatmap.ts updateBackground paints the
//   decision boundary that way, the small heatmaps of the network's nodes are left out).
// - bytes: the encoded (gzip) size of every response (CDP Network.loadingFinished encodedDataLength, HTTP
//   headers included, ~0.2 KB a response), summed per load; "before the first picture" are the responses
//   whose resource timing responseEnd came before it; "in all" once the network has been idle for 2 s.
//   KB = 1024 bytes, as in bench/web_budget.mjs.
// - on the mobile profile, ours only, in the same loads: right after the first picture a real mouse click
//   (page.mouse) on an empty spot of the plane, then the S key (Step), from the input event's timeStamp to
//   the first animation frame that shows it: the click's new point on the canvas, the Step's visit in the
//   public handle's light state (oursInit says why the click is not read from the handle); whether
//   perceptron_lab.deferred.wasm (the rest of the code) was still arriving at the input (its resource
//   timing responseEnd against the input's timeStamp), and whether the input fetched it itself.
//   The release build has no test hooks: only the public handle (element.perceptronLab) is used.
//
// A warm-up load of each site, untimed, comes first: the browser's GPU process starts with the first page.
//
// Network profiles: unthrottled, and Lighthouse's mobile profile as throttling numbers (1.6 Mbit/s down,
// 750 kbit/s up, 150 ms round trip: Lighthouse's simulated "slow 4G"; its DevTools mode would use 562.5 ms
// and 1.47 Mbit/s instead; no CPU slowdown is applied). A fresh browser context per load, 800x600, cache off,
// loads interleaved (ours, peer, ours, ...).
//
// Only 127.0.0.1 is reached: the browser resolves no other host name, so every other request fails at once.
// The peer's page asks for two: its Google Fonts stylesheet (Roboto and Material Icons) and its analytics
// script. Its byte count therefore leaves out its web fonts (the stylesheet and the font files it names),
// and its times are a little in its favour (that stylesheet blocks its scripts on a real line; here it
// fails in no time). The table says how many requests were cut off per load.
//
// Exits non-zero only when something could not be measured (the reasons are printed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { execFileSync, spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { releaseRoot, repoRoot } from '../tests/e2e/harness.mjs';

const LOADS = Number(process.env.PL_LOADS || 5);
const peerDist = path.join(repoRoot, 'build', 'peer', 'src', 'dist');
const PROFILES = [
  { name: 'unthrottled', conditions: { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 } },
  { name: "Lighthouse's mobile profile (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip)", mobile: true,
    conditions: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } },
];
const TIMEOUT = 60000;
const REST_FILE = '/perceptron_lab.deferred.wasm';  // the rest of our code, fetched after the first frame
const IDLE_MS = 2000;

const oursRoot = process.env.PL_OURS_ROOT ? path.resolve(process.env.PL_OURS_ROOT) : releaseRoot;
const beforeRoot = process.env.PL_BEFORE_ROOT ? path.resolve(process.env.PL_BEFORE_ROOT) : null;
const floorRoot = process.env.PL_FLOOR_ROOT ? path.resolve(process.env.PL_FLOOR_ROOT) : null;
for (const root of [oursRoot, beforeRoot, floorRoot].filter(Boolean)) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`${root} has no build: run ./scripts/build.sh web first.`);
    process.exit(1);
  }
}
if (!fs.existsSync(path.join(peerDist, 'bundle.js'))) {
  const built = spawnSync(path.join(repoRoot, 'bench', 'peer', 'build.sh'), { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error(built.status === 3 ? 'The peer is not measured without its source: set PL_PEER_SRC (bench/peer/README.md).'
      : 'bench/peer/build.sh failed: the peer cannot be measured.');
    process.exit(1);
  }
}

const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n) => (n / 1024).toFixed(1);
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');
const problems = [];  // what could not be measured: printed, and the exit code is 1

const loadAtStart = os.loadavg();
// The commit of a folder measured (PL_OURS_ROOT and PL_BEFORE_ROOT may be other checkouts' build/web).
const commitOf = (dir) => {
  try { return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim(); } catch { return 'unknown'; }
};
// The sites of one run, in the order their loads interleave. `ours`: a Perceptron Lab build (timed by its
// first WebGL draw, and on the mobile line its first click and Step); `floor`: the bare Dear ImGui + SDL2
// app (its first WebGL draw only: it has no handle and no ready event); else the peer.
const SITES = [
  ...(beforeRoot ? [{ key: 'before', ours: true, root: beforeRoot, commit: commitOf(beforeRoot) }] : []),
  { key: 'ours', ours: true, root: oursRoot, commit: commitOf(oursRoot) },
  ...(floorRoot ? [{ key: 'floor', ours: false, floor: true, root: floorRoot }] : []),
  { key: 'peer', ours: false, root: peerDist },
];
const titleOf = (site) => {
  if (site.floor) return 'ImGui + SDL2 floor';
  return site.ours ? `Perceptron Lab${beforeRoot ? ` ${site.commit}` : ''}` : 'TF Playground';
};

// Everything this process starts is stopped in finally blocks, and on SIGINT / SIGTERM / SIGHUP too.
let browser = null;
const servers = [];
async function stopAll() {
  const b = browser; browser = null;
  if (b) await b.close().catch(() => {});
  while (servers.length) await servers.pop().close();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => { console.error(`\n${signal}: stopping the browser and the servers`); stopAll().finally(() => process.exit(130)); });
}

try {
  for (const site of SITES) {
    const server = await startGzipServer(site.root, site.ours ? { skipDirs: ['CMakeFiles', 'src', 'third_party', 'header-only'] } : {});
    servers.push(server);
    site.url = server.url;
  }
  // As tests/e2e/harness.mjs launchBrowser, plus the rule that no host but 127.0.0.1 resolves.
  browser = await chromium.launch({
    executablePath: process.env.PL_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  });
  const version = browser.version();

  // One untimed load of each first (the browser's GPU process and code caches start with the first page
  // of a kind): ours also gives the start scene's state the inputs are compared with, and the spot to click.
  for (const site of SITES) {
    site.reference = await measureLoad(site, PROFILES[0], `${site.key}, warm-up`, { warmUp: true })
      .catch((err) => { throw new Error(`could not measure: the warm-up load of ${titleOf(site)} failed (${err.message.split('\n')[0]})`); });
  }
  const results = {};
  const profiles = PROFILES.filter((p) => !process.env.PL_PROFILE || (process.env.PL_PROFILE === 'mobile') === Boolean(p.mobile));
  for (const profile of profiles) {
    results[profile.name] = Object.fromEntries(SITES.map((site) => [site.key, []]));
    for (let i = 0; i < LOADS; i++) {
      for (const site of SITES) {
        const label = `${site.key}, ${profile.mobile ? 'mobile' : 'unthrottled'}, load ${i + 1}`;
        try {
          results[profile.name][site.key].push(await measureLoad(site, profile, label, { reference: site.reference }));
        } catch (err) {
          if (!browser) throw err;  // stopped by a signal
          problems.push(`${label}: ${err.message.split('\n')[0]}`);
        }
      }
    }
  }
  printTable(results, version);
} finally {
  await stopAll();
}
if (problems.length) {
  console.error('\nCould not measure:');
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}

// A static server on a free 127.0.0.1 port that answers every file gzip-compressed (level 9), compressed
// once here at the start, so that no request waits for a compression.
async function startGzipServer(root, { skipDirs = [] } = {}) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css',
    '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json',
    '.txt': 'text/plain; charset=utf-8' };
  const files = new Map();  // URL path -> {type, body}
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) { if (!skipDirs.includes(entry.name)) walk(file); continue; }
      const type = types[path.extname(entry.name)];
      if (!type) continue;
      const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
      files.set(urlPath, { type, body: zlib.gzipSync(fs.readFileSync(file), { level: 9 }) });
    }
  };
  walk(root);
  files.set('/', files.get('/index.html'));
  const server = http.createServer((req, res) => {
    const file = files.get(decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname));
    if (!file) { res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'); return; }
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Encoding': 'gzip', 'Content-Length': file.body.length,
      'Cache-Control': 'no-store' });
    res.end(file.body);
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(0, '127.0.0.1', resolve); });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

// In our page, before its scripts. `reference`: the light state of the start scene and the rest's URL
// suffix (from the warm-up load). Keeps in window.__slow: the first WebGL draw, the frame after the ready
// event, when the rest of the code (perceptron_lab.deferred.wasm) was instantiated and when the widget
// fetched it synchronously (embed_deferred.js: code of the rest that runs before it has arrived), and the
// answers to the first pointerdown and the first S key, each polled once an animation frame from the input
// on (our rAF callback runs after the widget's in the same frame):
// - the click: the first frame whose canvas pixels around the pointer changed (a new point is a 16 px
//   disc; moving the mouse there draws nothing). Not the handle: state() runs code of the rest, so reading
//   it before the rest has arrived would fetch it (synchronously, ~1.7 s on the mobile profile) and time
//   the reading, not the widget, which draws the new point without the rest. The driver checks afterwards,
//   through the handle, that the click added one point.
// - the Step: the first frame whose canvas changed anywhere (the visit's animation, the new line, the
//   status line), for the same reason. The driver checks afterwards, through the handle, that S made a visit.
function oursInit(reference) {
  const marks = window.__slow = { syncFetches: [] };
  const proto = WebGL2RenderingContext.prototype;
  const names = ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'];
  const originals = names.map((name) => proto[name]);
  names.forEach((name, i) => {
    proto[name] = function (...args) {
      if (marks.firstPicture === undefined) {
        marks.firstPicture = performance.now();
        names.forEach((n, j) => { proto[n] = originals[j]; });  // the frames after it run unwrapped
      }
      return originals[i].apply(this, args);
    };
  });
  addEventListener('perceptron-lab:ready',
    () => requestAnimationFrame(() => { marks.frameAfterReady = performance.now(); }), { once: true });
  // The rest imports the first part's exports as 'primary' (embed_deferred.js); instantiated synchronously.
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function (module, imports) {
    if (marks.restAttached === undefined && imports && 'primary' in imports) marks.restAttached = performance.now();
    return new Instance(module, imports);
  };
  WebAssembly.Instance.prototype = Instance.prototype;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, async, ...rest) {
    if (async === false && String(url).endsWith(reference.restFile)) marks.syncFetches.push(performance.now());
    return open.call(this, method, url, async, ...rest);
  };
  const lab = () => document.querySelector('.perceptron-lab');
  const answerFrame = (key, event, answered) => {
    if (marks[key]) return;
    const entry = marks[key] = { at: event.timeStamp };
    const poll = () => {
      if (answered(entry)) entry.answered = performance.now(); else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  };
  // The 15x15 canvas pixels around a point of the page (the canvas keeps its drawing buffer).
  const pixelsAround = (x, y) => {
    const canvas = lab().querySelector('canvas');
    const rect = canvas.getBoundingClientRect();
    const sx = Math.round((x - rect.left) * canvas.width / rect.width) - 7;
    const sy = Math.round((y - rect.top) * canvas.height / rect.height) - 7;
    const probe = document.createElement('canvas');
    probe.width = probe.height = 15;
    const context = probe.getContext('2d', { willReadFrequently: true });
    return () => {
      context.clearRect(0, 0, 15, 15);
      context.drawImage(canvas, sx, sy, 15, 15, 0, 0, 15, 15);
      return context.getImageData(0, 0, 15, 15).data;
    };
  };
  addEventListener('pointerdown', (event) => {
    if (marks.click) return;
    const read = pixelsAround(event.clientX, event.clientY);
    const before = read();
    answerFrame('click', event, () => {
      const now = read();
      let changed = 0;
      for (let i = 0; i < now.length; i += 4) {
        if (Math.abs(now[i] - before[i]) + Math.abs(now[i + 1] - before[i + 1]) + Math.abs(now[i + 2] - before[i + 2]) > 120) changed++;
      }
      return changed >= 20;
    });
  }, { capture: true });
  // The Step: the first frame in which the canvas changed anywhere (the visit's animation, the new line,
  // the status line's count), read at a quarter of its size; the mouse stands still meanwhile.
  addEventListener('keydown', (event) => {
    if (event.key !== 's') return;
    const canvas = lab().querySelector('canvas');
    const probe = document.createElement('canvas');
    probe.width = Math.max(1, Math.round(canvas.width / 4));
    probe.height = Math.max(1, Math.round(canvas.height / 4));
    const context = probe.getContext('2d', { willReadFrequently: true });
    const read = () => {
      context.clearRect(0, 0, probe.width, probe.height);
      context.drawImage(canvas, 0, 0, probe.width, probe.height);
      return context.getImageData(0, 0, probe.width, probe.height).data;
    };
    const before = read();
    answerFrame('step', event, () => {
      const now = read();
      let changed = 0;
      for (let i = 0; i < now.length; i += 4) {
        if (Math.abs(now[i] - before[i]) + Math.abs(now[i + 1] - before[i + 1]) + Math.abs(now[i + 2] - before[i + 2]) > 60) changed++;
      }
      return changed >= 10;
    });
  }, { capture: true });
}

// In the peer's page: its first paint of the main heatmap (#heatmap), and the animation frame after it.
function peerInit() {
  const marks = window.__slow = {};
  const proto = CanvasRenderingContext2D.prototype;
  const original = proto.putImageData;
  proto.putImageData = function (...args) {
    if (marks.firstPicture === undefined && this.canvas.closest('#heatmap')) {
      marks.firstPicture = performance.now();
      requestAnimationFrame(() => { marks.frameAfter = performance.now(); });
      proto.putImageData = original;
    }
    return original.apply(this, args);
  };
}

// One load of one site: its first picture, its bytes, and (ours, mobile) the first click and Step.
async function measureLoad(site, profile, label, { reference = null, warmUp = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const net = { inFlight: new Map(), finished: [], cutOff: [], lastEvent: Date.now(), documentSent: null };
    cdp.on('Network.requestWillBeSent', (e) => {
      net.lastEvent = Date.now();
      net.inFlight.set(e.requestId, e.request.url);
      if (e.type === 'Document' && net.documentSent === null) net.documentSent = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      net.lastEvent = Date.now();
      const url = net.inFlight.get(e.requestId);
      net.inFlight.delete(e.requestId);
      if (url && /^https?:/.test(url)) net.finished.push({ url, bytes: e.encodedDataLength, at: e.timestamp });
    });
    cdp.on('Network.loadingFailed', (e) => {
      net.lastEvent = Date.now();
      const url = net.inFlight.get(e.requestId);
      net.inFlight.delete(e.requestId);
      if (url && !url.startsWith('http://127.0.0.1:')) net.cutOff.push(url);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', profile.conditions);
    if (site.ours || site.floor) await page.addInitScript(oursInit, reference ?? { state: null, restFile: REST_FILE });
    else await page.addInitScript(peerInit);
    await page.goto(`${site.url}/`, { waitUntil: 'commit', timeout: TIMEOUT });

    const waitFor = (predicate, what) => page.waitForFunction(predicate, null, { timeout: TIMEOUT })
      .catch((err) => { throw browser ? new Error(what) : err; });
    await waitFor(() => window.__slow.firstPicture !== undefined, 'no first picture');
    if (site.ours && profile.mobile) {
      // At once a click on an empty spot of the plane (right of and below the four lecture points: the
      // spot the warm-up load found), then S, each once the one before it is answered.
      await page.mouse.click(reference.spot.x, reference.spot.y);
      await waitFor(() => window.__slow.click?.answered !== undefined, 'the click never showed on the canvas (no new point)');
      await page.keyboard.press('s');
      await waitFor(() => window.__slow.step?.answered !== undefined, 'the S key never changed the canvas (no visit)');
    }
    if (site.ours) await waitFor(() => window.__slow.frameAfterReady !== undefined, 'no frame after the ready event');
    // The rest of the download: until nothing has been in flight for IDLE_MS.
    const idleBy = Date.now() + TIMEOUT;
    while (net.inFlight.size || Date.now() - net.lastEvent < IDLE_MS) {
      if (Date.now() > idleBy) throw new Error(`the network never went idle (${[...net.inFlight.values()].join(', ')})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const foreign = net.finished.filter((f) => !f.url.startsWith('http://127.0.0.1:'));
    if (foreign.length) throw new Error(`reached another host: ${foreign.map((f) => f.url).join(', ')}`);
    if (warmUp) {
      // The start scene's light state (the rest is in by now: reading it fetches nothing) and the spot to click.
      if (!site.ours) return null;
      return page.evaluate((restFile) => {
        const lab = document.querySelector('.perceptron-lab');
        const box = lab.querySelector('canvas').getBoundingClientRect();
        return { state: lab.perceptronLab.state({ points: false }), restFile,
          spot: { x: box.x + box.width * 0.85, y: box.y + box.height * 0.7 } };
      }, REST_FILE);
    }
    const marks = await page.evaluate(() => ({
      ...window.__slow,
      final: window.__slow.click ? document.querySelector('.perceptron-lab').perceptronLab.state({ points: false }) : null,
      contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .map((e) => ({ name: e.name, end: e.responseEnd })),
    }));

    const result = { firstPicture: marks.firstPicture, frameAfter: marks.frameAfterReady ?? marks.frameAfter,
      contentfulPaint: marks.contentfulPaint, cutOff: net.cutOff.length,
      cutOffHosts: [...new Set(net.cutOff.map((u) => new URL(u).host))], ...splitBytes(net, marks),
      restFetches: net.finished.filter((f) => f.url.endsWith(REST_FILE)).length };
    if (marks.click) {
      const restEnds = marks.entries.filter((e) => e.name.endsWith(REST_FILE)).map((e) => e.end);
      if (!restEnds.length) throw new Error(`${REST_FILE} was never fetched`);
      const { pointCount, visits } = reference.state;
      if (marks.final.pointCount !== pointCount + 1 || marks.final.visits === visits) {
        throw new Error(`the handle's state after the click and S has ${marks.final.pointCount} points (start: ${pointCount}) and visits ${marks.final.visits} (start: ${visits})`);
      }
      const input = (entry) => ({
        ms: entry.answered - entry.at,
        restArriving: Math.min(...restEnds) > entry.at,  // none of its fetches had ended at the input
        fetchedRest: marks.syncFetches.some((t) => t >= entry.at && t <= entry.answered),
      });
      Object.assign(result, { click: input(marks.click), step: input(marks.step) });
    }
    console.error(`${label}: first picture ${ms(result.firstPicture)}` +
      (result.click ? `, click ${ms(result.click.ms)}, Step ${ms(result.step.ms)}` : ''));
    return result;
  } finally {
    await context.close().catch(() => {});
  }
}

// Bytes before the first picture and in all. Each finished response is paired with its resource timing
// entry (same URL, in order of arrival); a response the page has no entry for (the browser's own favicon
// request) is placed by its DevTools time since the document's request.
function splitBytes(net, marks) {
  const ends = new Map();
  for (const e of [...marks.entries].sort((a, b) => a.end - b.end)) {
    if (!ends.has(e.name)) ends.set(e.name, []);
    ends.get(e.name).push(e.end);
  }
  let before = 0, all = 0;
  for (const f of [...net.finished].sort((a, b) => a.at - b.at)) {
    const end = ends.get(f.url)?.shift() ?? (f.at - net.documentSent) * 1000;
    all += f.bytes;
    if (end <= marks.firstPicture) before += f.bytes;
  }
  return { bytesBefore: before, bytesAll: all };
}

function printTable(results, version) {
  const loadEnd = os.loadavg();
  const avg = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  const of = (list, get) => median(list.map(get).filter((x) => x !== undefined));
  const short = (name) => name.split(' (')[0];
  const peer = SITES.find((site) => !site.ours && !site.floor);
  const ours = SITES.filter((site) => site.ours || site.floor);
  const lines = [];
  lines.push('### The first picture on a slow line, against TensorFlow Playground (`bench/slow_network.mjs`)', '');
  lines.push(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${ours.filter((s) => s.commit).map((s) => s.commit).join(' and ')}, Chromium ${version}; ` +
    `load average (1 / 5 / 15 min) ${avg(loadAtStart)} at the start, ${avg(loadEnd)} at the end. ` +
    `Medians of ${LOADS} loads of each site per network (after one untimed load of each), interleaved, 800x600, ` +
    'a fresh context each, gzip -9 from 127.0.0.1. Times since navigation start, measured in the page.', '');
  lines.push(`| network | ${titleOf(peer)}: first heatmap (next frame) | ` +
    ours.map((site) => `${titleOf(site)}: first WebGL draw (frame after ready) | ${titleOf(site)} / peer`).join(' | ') + ' |');
  lines.push('|---|---:|' + ours.map(() => '---:|---:|').join(''));
  for (const [name, r] of Object.entries(results)) {
    const p = of(r[peer.key], (x) => x.firstPicture);
    const cells = ours.map((site) => {
      const o = of(r[site.key], (x) => x.firstPicture);
      return `**${ms(o)}** (${ms(of(r[site.key], (x) => x.frameAfter))}) | ${(o / p).toFixed(2)}×`;
    });
    lines.push(`| ${name} | **${ms(p)}** (${ms(of(r[peer.key], (x) => x.frameAfter))}) | ${cells.join(' | ')} |`);
  }
  lines.push('', `| gzip KB fetched (KB = 1024 bytes, HTTP headers included) | ${titleOf(peer)} | ${ours.map(titleOf).join(' | ')} |`,
    '|---|---:|' + ours.map(() => '---:|').join(''));
  for (const [name, r] of Object.entries(results)) {
    const inputs = ours.some((site) => r[site.key].some((x) => x.click)) ? ', after the click and Step' : '';
    const cells = (get) => [peer, ...ours].map((site) => kb(of(r[site.key], get))).join(' | ');
    lines.push(`| ${short(name)}: before the first picture | ${cells((x) => x.bytesBefore)} |`);
    lines.push(`| ${short(name)}: in all (network idle for 2 s${inputs}) | ${cells((x) => x.bytesAll)} |`);
  }
  for (const site of ours) {
    const answered = Object.values(results).flatMap((r) => r[site.key]).filter((x) => x.click);
    if (!answered.length) continue;
    const count = (get) => `${answered.filter(get).length} of ${answered.length}`;
    lines.push('', `| mobile profile, ${titleOf(site)}, at once after the first picture | median | loads where ${REST_FILE.slice(1)} was still arriving at the input | loads where the input itself fetched it (synchronously) |`,
      '|---|---:|---:|---:|');
    lines.push(`| the first click on an empty spot of the plane (pointerdown → the first frame with the new point on the canvas; the handle counts it afterwards) | **${ms(of(answered, (x) => x.click.ms))}** | ` +
      `${count((x) => x.click.restArriving)} | ${count((x) => x.click.fetchedRest)} |`);
    lines.push(`| then the first Step, key S (keydown → the first frame in which the canvas changed; the handle counts the visit afterwards) | **${ms(of(answered, (x) => x.step.ms))}** | ` +
      `${count((x) => x.step.restArriving)} | ${count((x) => x.step.fetchedRest)} |`);
  }
  const peerLoads = Object.values(results).flatMap((r) => r[peer.key]);
  const hosts = [...new Set(peerLoads.flatMap((r) => r.cutOffHosts))];
  const oursLoads = ours.map((site) => Object.values(results).flatMap((r) => r[site.key]));
  lines.push('', `Requests to other hosts than 127.0.0.1, cut off: TF Playground ${median(peerLoads.map((r) => r.cutOff))} a load ` +
    `(${hosts.join(', ') || 'none'}: its web fonts and analytics are not in its bytes), ` +
    ours.map((site, i) => `${titleOf(site)} ${oursLoads[i].reduce((n, r) => n + r.cutOff, 0)} in all`).join(', ') + '. ' +
    ours.map((site, i) => (site.ours ? `${titleOf(site)} fetched ${REST_FILE.slice(1)} twice in ${oursLoads[i].filter((x) => x.restFetches > 1).length} of ${oursLoads[i].length} loads` : null))
      .filter(Boolean).join('; ') + '.');
  lines.push('', 'Each load, ms since navigation start: first picture [first contentful paint]:');
  for (const [name, r] of Object.entries(results)) {
    const list = (xs) => xs.map((x) => `${Math.round(x.firstPicture)} [${Math.round(x.contentfulPaint ?? NaN)}]`).join(', ');
    const oursText = ours.map((site) => {
      const xs = r[site.key];
      const inputs = xs.some((x) => x.click)
        ? `; click → answered ${xs.map((x) => Math.round(x.click.ms)).join(', ')}; Step ${xs.map((x) => Math.round(x.step.ms)).join(', ')}` : '';
      return `${titleOf(site)} ${list(xs)}${inputs}`;
    });
    lines.push(`- ${short(name)}: ${titleOf(peer)} ${list(r[peer.key])}; ${oursText.join('; ')}`);
  }
  console.log(lines.join('\n'));
}
