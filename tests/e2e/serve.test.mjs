// The README's first command (issue 27): `./scripts/serve.sh` must serve the release build it has just
// built (build/web), not the browser tests' build (build/web-test), which only the test command makes.
// Both tests start the server as a process the way a newcomer does, read the URL it prints, and load
// `/` and `/examples/course.html` in Chromium: every widget on them draws its first frame (read from a
// screenshot), with no console error and no failed request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, openPage, repoRoot, releaseRoot, distinctColours, screenshotPixels } from './harness.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

// Starts `command` in its own process group and waits for the lines the serve script prints.
// Returns {root, url, stop}; stop() ends the whole group by its PID.
async function startServing(command, args, { cwd }) {
  const env = { ...process.env, PORT: '0' };
  delete env.PL_WEB_DIR;  // what a newcomer runs: no override
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed within 5 minutes:\n${out}`)), 300000);
      const look = () => { if (/^Open: \S+/m.test(out)) { clearTimeout(timer); resolve(); } };
      child.stdout.on('data', look);
      child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code} before serving:\n${out}`)); });
    });
  } catch (err) { stop(); throw err; }
  return { root: out.match(/^Perceptron Lab is served from (.+)$/m)?.[1], url: out.match(/^Open: (\S+?)\/?$/m)[1], stop, output: () => out };
}

// Opens a page of the server and waits until each of its `widgets` widgets has drawn its first frame
// (the animation frame after its ready event, as bench/web_budget.mjs measures it); then checks the
// canvases show a picture and that nothing failed on the way.
async function expectFirstFrames(url, widgets, label) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(() => {
    window.firstFrames = 0;
    addEventListener('perceptron-lab:ready', () => requestAnimationFrame(() => { window.firstFrames += 1; }));
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`); });
  const response = await page.goto(url);
  assert.equal(response.status(), 200, `${label}: ${url} answers ${response.status()}`);
  await page.waitForFunction((n) => window.firstFrames >= n, widgets, { timeout: 60000 })
    .catch(() => assert.fail(`${label}: not every widget drew a first frame; ${problems.join('; ')}`));
  const first = page.locator('canvas').first();
  await first.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const box = await first.boundingBox();
  const png = await screenshotPixels(page, `serve-${label}.png`);
  const colours = distinctColours(png, Math.round(box.x), Math.max(0, Math.round(box.y)),
    Math.round(box.x + box.width), Math.min(png.height, Math.round(box.y + box.height)));
  assert.ok(colours > 20, `${label}: the first widget shows a picture (${colours} colours)`);
  assert.equal(await page.locator('canvas').count(), widgets, `${label}: ${widgets} widget canvases`);
  assert.deepEqual(problems, [], `${label}: no console error or failed request`);
  await context.close();
}

// What is served is the release: the bundled embed.js and no test hook beside it.
async function expectRelease(url) {
  const hooks = await fetch(`${url}/test_hooks.js`);
  assert.equal(hooks.status, 404, 'the served folder has no test_hooks.js (it is the release, not the test build)');
  const embed = await (await fetch(`${url}/embed.js`)).text();
  assert.ok(!/from\s*['"]\.\/embed_\w+\.js['"]/.test(embed), 'embed.js is the release bundle, not the module sources');
}

test('./scripts/serve.sh, as the README runs it, serves build/web and both pages draw their widgets', { timeout: 600000 }, async () => {
  const server = await startServing('./scripts/serve.sh', [], { cwd: repoRoot });
  try {
    assert.equal(server.root, releaseRoot, `it says what it serves:\n${server.output()}`);
    await expectRelease(server.url);
    await expectFirstFrames(`${server.url}/`, 1, 'index');
    await expectFirstFrames(`${server.url}/examples/course.html`, 3, 'course');
  } finally { server.stop(); }
});

// A fresh clone after `./scripts/build.sh web`: build/ holds the release folder and nothing else. The serve
// script and the harness it imports are copied into a folder laid out like the repository, whose
// build/web is the release build; no build/web-test exists there.
test('on a clone that has only the release build, the serve script serves it (no 404)', { timeout: 120000 }, async () => {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-serve-'));
  try {
    for (const file of ['scripts/serve.mjs', 'tests/e2e/harness.mjs']) {
      fs.mkdirSync(path.join(clone, path.dirname(file)), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, file), path.join(clone, file));
    }
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'));
    fs.mkdirSync(path.join(clone, 'build'));
    fs.cpSync(releaseRoot, path.join(clone, 'build', 'web'), { recursive: true, filter: (src) => !/\/(CMakeFiles|src)$/.test(src) });
    const server = await startServing(process.execPath, ['scripts/serve.mjs'], { cwd: clone });
    try {
      assert.equal(fs.realpathSync(server.root), fs.realpathSync(path.join(clone, 'build', 'web')), server.output());
      await expectRelease(server.url);
      await expectFirstFrames(`${server.url}/`, 1, 'clone-index');
      await expectFirstFrames(`${server.url}/examples/course.html`, 3, 'clone-course');
    } finally { server.stop(); }
  } finally { fs.rmSync(clone, { recursive: true, force: true }); }
});
