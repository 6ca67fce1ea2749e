// Writes src/platform/split/keep_functions.txt: the functions the widget calls while it starts and
// draws its first frames, which the release build keeps in perceptron_lab.wasm (the rest goes to
// perceptron_lab.deferred.wasm, fetched after the first frame; docs/developers.md "Download size").
//
// Usage (after ./scripts/setup.sh): NODE_PATH=/usr/share/nodejs node scripts/split_profile.mjs
// Run it again when start-up code changes: tests/e2e/download.test.mjs fails when the first frame
// reaches for the deferred part, and then says so.
//
// How: builds the module instrumented by wasm-split (preset web with PL_SPLIT_PROFILE, in
// build/web-split-profile), opens the page in headless Chromium at desktop, small-embed and phone
// sizes and in the dark colour scheme, lets each run for a while without input, collects each
// instance's profile (which functions ran) and merges them; the list is what wasm-split keeps for that
// profile. Each scene also gets the events a browser sends with no student input, which can arrive
// before the deferred part does: a resize (a phone's address bar hides, an embed's frame settles),
// focus and blur, and a visibility change. A handler left out of the list would fetch the deferred part
// synchronously when the browser happens to send one early (CI saw it: Emscripten_HandleResize).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { repoRoot, startServer, launchBrowser, sendUnpromptedEvents } from '../tests/e2e/harness.mjs';

const buildDir = path.join(repoRoot, 'build', 'web-split-profile');
const listFile = path.join(repoRoot, 'src', 'platform', 'split', 'keep_functions.txt');
const IDLE_MS = 1500;
const SCENES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'small embed', viewport: { width: 800, height: 600 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: 'dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  // A slow machine (CI's, a lab's virtual desktop) takes the late-frame paths (the training share
  // shrinks, the coarse picture comes first) that a fast one may never reach in the first frames.
  { name: 'slow machine', viewport: { width: 1280, height: 800 }, cpuThrottling: 4 },
  // What a student does first, which can come before the deferred part on a slow line (issue 30: the
  // first click and the first Step answered within a second on a phone's mobile line): the mouse over
  // the canvas, a click on empty canvas adds a point, Step by its key, then a training button (the
  // left column moves once the data differ from the lecture's: Step's place before, Converge's after).
  // Places are CSS px of the default page's layout at that size (docs/screenshots).
  { name: 'first input, desktop', viewport: { width: 1280, height: 800 }, points: 6, input: async (page) => {
    // (A pause between the two clicks: a press and release that land in one frame at different
    // places are one move for Dear ImGui.)
    // Each press twice: quick, and held across frames as a person's is (the two take different code;
    // tests/e2e/download.test.mjs sends both).
    await page.mouse.move(600, 420, { steps: 4 });
    await page.mouse.click(900, 600);
    await page.waitForTimeout(300);
    await page.mouse.move(950, 560);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();
    await page.waitForTimeout(300);
    await page.keyboard.press('s');
    await page.waitForTimeout(300);
    await page.keyboard.down('s');
    await page.waitForTimeout(120);  // less than Dear ImGui's key repeat delay (0.275 s)
    await page.keyboard.up('s');
    await page.waitForTimeout(300);
    await page.mouse.click(73, 689);
  } },
  { name: 'first input, phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
    points: 6, input: async (page) => {
      // A quick tap (its start and end in one frame), then a finger held as a person's is (its start and end
      // in different frames): the canvas queues finger events differently in the two (a second event into
      // the frame's queue is pushed in place), and a tap must never run code of the deferred part.
      await page.touchscreen.tap(300, 300);
      await page.waitForTimeout(300);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 250, y: 420 }] });
      await page.waitForTimeout(150);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } },
];

const run = (cmd, args) => execFileSync(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
const depsDir = process.env.PL_DEPS_DIR || path.join(os.homedir(), '.cache', 'perceptron-lab');
if (!fs.existsSync(path.join(buildDir, 'build.ninja'))) {
  run('cmake', ['--preset', 'web', '-B', buildDir, '-DPL_SPLIT_PROFILE=ON', `-DPL_DEPS_DIR=${depsDir}`]);
}
run('cmake', ['--build', buildDir, '--target', 'perceptron_lab', 'pl_web_files']);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-split-'));
const server = await startServer({ root: buildDir });
const browser = await launchBrowser();
const profiles = [];
try {
  for (const scene of SCENES) {
    const { name, cpuThrottling, input, points, ...contextOptions } = scene;
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    if (cpuThrottling) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    }
    if (input) {
      // The link of a change (the page's URL, the work kept across reloads) is written by code of the
      // rest, and only once the rest has arrived (embed.js restArrived). The instrumented module is
      // whole, so it would write it here and pull the link's code into the first part: the input scenes
      // mount the widget without either.
      await page.route(`${server.url}/main.js`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript',
        body: "import { mountPerceptron } from './embed.js';\n" +
          "window.perceptronLab = await mountPerceptron(document.getElementById('lab'), { remember: 'off' });\n" }));
    }
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => window.perceptronLab, null, { timeout: 60000 });
    await page.waitForTimeout(IDLE_MS / 2);
    await sendUnpromptedEvents(page, contextOptions.viewport);
    await page.waitForTimeout(IDLE_MS / 2);
    if (input) {
      await input(page);
      // Past the end of the update's animation (Canvas::kAnimationSeconds, 1.6 s), whose last frames run
      // code too: on a slow line the rest is still arriving then.
      await page.waitForTimeout(2500);
    }
    // The instrumented module's __write_profile(ptr, size) writes which functions ran into memory.
    const bytes = await page.evaluate(() => {
      const modules = globalThis[Symbol.for('perceptron-lab.test-modules')];
      const module = modules.get(document.querySelector('.perceptron-lab canvas'));
      const memory = Object.values(module.asm).find((value) => value instanceof WebAssembly.Memory);
      const size = module.asm.__write_profile(0, 0);
      const ptr = module._malloc(size);
      const written = module.asm.__write_profile(ptr, size);
      return Array.from(new Uint8Array(memory.buffer, ptr, written));
    });
    // Checked after the profile is written: state() serialises the whole state, which the first
    // frames never do.
    if (input && await page.evaluate(() => window.perceptronLab.state().points.length) !== (points ?? 5)) {
      throw new Error(`${name}: the clicks or taps did not each add a point (layout changed? see the places above)`);
    }
    const file = path.join(work, `profile-${profiles.length}.data`);
    fs.writeFileSync(file, Buffer.from(bytes));
    profiles.push(file);
    console.log(`${name}: profile of ${bytes.length} bytes`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const merged = path.join(work, 'merged.data');
run('wasm-split', ['--merge-profiles', ...profiles, '-o', merged]);
const orig = path.join(buildDir, 'perceptron_lab.wasm.orig');
const primary = path.join(work, 'primary.wasm');
const deferred = path.join(work, 'deferred.wasm');
// -v prints "Keeping functions: a, b, ..." with the names escaped as wasm-split reads them back
// (a comma inside a name is \2c), so ", " separates names.
const verbose = run('wasm-split', ['-v', '--enable-mutable-globals', '--export-prefix=%', `--profile=${merged}`,
  orig, '-o1', primary, '-o2', deferred]);
const line = verbose.split('\n').find((l) => l.startsWith('Keeping functions: '));
if (!line) throw new Error('wasm-split -v printed no "Keeping functions" line');
const names = line.slice('Keeping functions: '.length).split(', ').filter(Boolean).sort();
fs.mkdirSync(path.dirname(listFile), { recursive: true });
fs.writeFileSync(listFile, `${names.join('\n')}\n`);
const gz = (file) => (zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024).toFixed(1);
console.log(`${path.relative(repoRoot, listFile)}: ${names.length} functions kept`);
console.log(`first part ${gz(primary)} KB gzip, deferred part ${gz(deferred)} KB gzip`);
fs.rmSync(work, { recursive: true, force: true });
