// Every code sample of the README and of docs/{instructors,reference,developers}.md is run, so none goes
// stale (issue 29, "The README a newcomer reads"). A fenced block's info string says what it is and how
// it runs (docs/developers.md, "The docs' code samples"):
//   html  a page next to the test build (perceptron-lab/ is the build folder): every widget mounts, none
//         shows a notice, no console error and no "Perceptron Lab:" warning
//   js    a module in a page with a mounted widget whose handle is `lab` and an iframe with another widget:
//         it resolves, no handle call gives {ok: false}, no message reply is an error, no console error
//   json  a lesson (it has "steps") opens with lab.openLesson; anything else loads as a state
//   link  each line loads with lab.load;  goal  each line is the goal of a step of an opened lesson
//   sh    perceptron-cli / perceptron-lab lines run against build/native (exit 0); npx perceptron-lab lines
//         run against the npm package build/package made, installed offline; build, serve and test
//         lines are listed, and the scripts, presets and files they name must exist
//   html  (also) a CDN line, https://cdn.example/npm/perceptron-lab@VERSION/dist/..., is served the build
//         from that other origin as a CDN serves it
//   text  a picture made of text (the folder map), not a sample
//   python  a notebook's cells: each parses (python3); a file's blocks run in order as one notebook with
//         build/native on PATH, and a block that defines read_token() runs on a token made here
// A sample that cannot run is marked "no-run" after its kind; the test prints them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot, webRoot, startServer, launchBrowser } from './harness.mjs';

const DOCS = ['README.md', 'docs/instructors.md', 'docs/reference.md', 'docs/developers.md'];
const KINDS = new Set(['html', 'js', 'json', 'link', 'goal', 'sh', 'text', 'python']);
const nativeDir = path.join(repoRoot, 'build', 'native');
// The version the CDN and npm lines must name (CMakeLists.txt project(VERSION)), and the npm package
// scripts/release.mjs made of it (tests/e2e/release_package.test.mjs checks the package itself).
const VERSION = /project\(PerceptronLab VERSION ([0-9.]+)/.exec(fs.readFileSync(path.join(repoRoot, 'CMakeLists.txt'), 'utf8'))[1];
const npmPackage = path.join(repoRoot, 'build', 'package', `perceptron-lab-${VERSION}.tgz`);

// The fenced blocks of one Markdown file: {where: 'docs/x.md:12', kind, noRun, code}. A fence may be
// indented (inside a list item); its lines lose that indentation.
function fencedBlocks(file) {
  const lines = fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1].length;
    const [kind = '', ...flags] = open[2].trim().split(/\s+/).filter(Boolean);
    const body = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) body.push(lines[j++].slice(indent));
    assert.ok(j < lines.length, `${file}:${i + 1}: a code fence is never closed`);
    blocks.push({ where: `${file}:${i + 1}`, kind, noRun: flags.includes('no-run'), code: body.join('\n') });
    i = j;
  }
  return blocks;
}

const blocks = DOCS.flatMap(fencedBlocks);
const exists = (relative) => fs.existsSync(path.join(repoRoot, relative));
const runnable = (kind) => blocks.filter((b) => b.kind === kind && !b.noRun);
// The lesson samples by id: an html sample's data-lesson-src="ID.json" gets the one whose id is ID.
const lessonSamples = new Map(runnable('json').map((b) => JSON.parse(b.code)).filter((j) => j.steps).map((j) => [j.id, j]));

test('every code block of the docs says what it is, and the ones that cannot run are few and listed', () => {
  const unknown = blocks.filter((b) => !KINDS.has(b.kind)).map((b) => `${b.where}: \`\`\`${b.kind}`);
  assert.deepEqual(unknown, [], 'a block without a known kind (html, js, json, link, goal, sh, text, python)');
  const noRun = blocks.filter((b) => b.noRun);
  console.log(`docs samples: ${blocks.filter((b) => b.kind !== 'text').length} samples, ${noRun.length} marked no-run`
    + noRun.map((b) => `\n  no-run: ${b.where} (${b.kind})`).join(''));
  assert.ok(noRun.length <= 3, 'keep the list of samples that cannot run short');
  for (const kind of ['html', 'js', 'json', 'sh']) assert.ok(runnable(kind).length > 0, `no ${kind} sample found`);
});

test('every file of the repository the docs name in backticks exists', () => {
  const missing = [];
  for (const file of DOCS) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const [, name] of text.matchAll(/`((?:\.\/)?(?:src|web|tests|scripts|bench|shaders|docs|\.ci)\/[\w./-]*\w)`/g)) {
      if (!exists(name)) missing.push(`${file}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});

// GitHub's anchor of a heading: lower case, punctuation dropped (but - and _), spaces to '-'.
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

test('every link of the docs to a section names a heading that exists', () => {
  const broken = [];
  for (const file of DOCS) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
      const targetFile = target ? path.join(path.dirname(path.join(repoRoot, file)), target) : path.join(repoRoot, file);
      if (!fs.existsSync(targetFile)) { broken.push(`${file}: ${target} does not exist`); continue; }
      const headings = fs.readFileSync(targetFile, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, '')));
      if (!headings.includes(anchor)) broken.push(`${file}: ${target || '(same page)'}#${anchor}`);
    }
  }
  assert.deepEqual(broken, []);
});

// ---------------------------------------------------------------------------------------------------
// Shell samples

// The presets CMakePresets.json defines, by kind.
const presets = (() => {
  const json = JSON.parse(fs.readFileSync(path.join(repoRoot, 'CMakePresets.json'), 'utf8'));
  const names = (list) => new Set((list || []).map((p) => p.name));
  return { configure: names(json.configurePresets), build: names(json.buildPresets), test: names(json.testPresets) };
})();


// Why a command that builds, serves or tests names something that does not exist ('' when all is there),
// or null when the command is not of that kind.
function listedCommandProblem(words) {
  const [command, ...args] = words;
  const presetAfter = (flag) => { const k = args.indexOf(flag); return k >= 0 ? args[k + 1] : undefined; };
  if (/^(\.\/)?scripts\/[\w.-]+\.sh$/.test(command)) {
    if (!exists(command)) return `${command} does not exist`;
    if (/build\.sh$/.test(command) && !presets.configure.has(args[0])) return `${command}: no preset '${args[0]}'`;
    return '';
  }
  if (command === 'cmake') {
    const preset = presetAfter('--preset');
    const kind = args.includes('--build') ? 'build' : 'configure';
    if (preset !== undefined && !presets[kind].has(preset)) return `cmake: no ${kind} preset '${preset}'`;
    const source = presetAfter('-S');
    if (source !== undefined && !exists(source)) return `cmake: no source folder ${source}`;
    return '';
  }
  if (command === 'ctest') {
    const preset = presetAfter('--preset');
    return preset !== undefined && !presets.test.has(preset) ? `ctest: no test preset '${preset}'` : '';
  }
  if (command === 'node') {
    const missing = args.filter((a) => /\.(m?js)$/.test(a) && !exists(a));
    return missing.length ? `node: ${missing.join(', ')} does not exist` : '';
  }
  return null;
}

const shellLines = runnable('sh').flatMap((b) => b.code.split('\n').map((line, k) => ({
  where: `${b.where.replace(/:\d+$/, '')}:${Number(b.where.split(':').pop()) + 1 + k}`,
  // Comments start with " # " (a '#' inside a word, as in '#d=', is not one).
  line: line.replace(/(^|\s+)#\s.*$/, '').trim(),
})).filter((c) => c.line));

// A scratch folder that sees the repository's build/ and tests/, so `> circles.csv` lands there.
let scratch = '';
// The folder where the npm package is installed (offline, from build/package) for the npx lines; it sees
// tests/ too, for lines that name a lesson file there.
let npxDir = '';
function npxFolder() {
  if (npxDir) return npxDir;
  assert.ok(fs.existsSync(npmPackage), `${path.relative(repoRoot, npmPackage)} is missing: ./scripts/release.sh (the test command makes it)`);
  npxDir = path.join(scratch, 'npx');
  fs.mkdirSync(npxDir);
  fs.symlinkSync(path.join(repoRoot, 'tests'), path.join(npxDir, 'tests'));
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', npmPackage], { cwd: npxDir, encoding: 'utf8', timeout: 120000 });
  assert.equal(install.status, 0, `npm install --offline ${npmPackage}: ${install.stderr}`);
  return npxDir;
}

test('the shell samples: perceptron-cli and perceptron-lab lines run, build and test lines name what exists', { timeout: 300000 }, () => {
  assert.ok(fs.existsSync(path.join(nativeDir, 'perceptron-cli')),
    'build/native is missing: ./scripts/build.sh native first (./scripts/test.sh builds it before the browser tests)');
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-docs-sh-'));
  for (const dir of ['build', 'tests']) fs.symlinkSync(path.join(repoRoot, dir), path.join(scratch, dir));
  const failures = [];
  let ran = 0, listed = 0;
  for (const { where, line } of shellLines) {
    for (const part of line.split('&&').map((s) => s.trim())) {
      const words = part.replace(/^(\w+=\S*\s+)+/, '').split(/\s+/);  // environment settings first
      const isNative = /^(\.\/)?build\/native\/perceptron-(cli|lab)$/.test(words[0]);
      const isNpx = words[0] === 'npx' && words[1] === 'perceptron-lab';
      if (words[0] === 'npm' && words[1] === 'install' && words[2] === 'perceptron-lab') {
        // Not run (no registry here): the package it would install is the one this build made.
        if (!fs.existsSync(npmPackage)) failures.push(`${where}: '${part}': ${path.relative(repoRoot, npmPackage)} is missing (scripts/release.sh)`);
        else listed++;
        continue;
      }
      if (isNpx) {
        // The npm package, installed offline into a folder beside the scratch folder, runs the line there.
        const run = spawnSync('bash', ['-c', part.replace(/^npx perceptron-lab\b/, 'npx --offline perceptron-lab')], {
          cwd: npxFolder(), encoding: 'utf8', timeout: 90000 });
        ran++;
        if (run.status !== 0) failures.push(`${where}: '${part}' exited with ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().slice(0, 400)}`);
        continue;
      }
      if (!isNative) {
        const problem = listedCommandProblem(words);
        if (problem === null) failures.push(`${where}: '${part}' is neither run nor checked by this test: mark the block no-run or teach the test`);
        else if (problem) failures.push(`${where}: ${problem}`);
        else listed++;
        continue;
      }
      // The window program closes itself after a few frames, under its own virtual display.
      const windowed = words[0].endsWith('perceptron-lab') && !part.includes('--help');
      const argv = windowed ? [path.join(repoRoot, 'tests/app/with_xvfb.sh'), 'bash', '-c', part] : ['bash', '-c', part];
      const run = spawnSync(argv[0], argv.slice(1), {
        cwd: scratch, encoding: 'utf8', timeout: 90000, env: { ...process.env, PL_FRAMES: '8' },
      });
      ran++;
      if (run.status !== 0) failures.push(`${where}: '${part}' exited with ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().slice(0, 400)}`);
    }
  }
  console.log(`shell samples: ${ran} run, ${listed} build/serve/test commands checked`);
  assert.deepEqual(failures, []);
  assert.ok(ran > 0);
});

// The notebook samples (docs/instructors.md, "Grading with a notebook"): the student's cell with its
// placeholder token, the hidden test, the token reader. Run in order, the hidden test must reach the real
// checker and stop at its first assert with the checker's sentence about the placeholder; the reader
// must decode a token made here from a record and print its score.
test('the python samples: each parses, the hidden test calls the checker, the reader decodes a token', { timeout: 120000 }, () => {
  const python = runnable('python');
  assert.ok(python.length > 0, 'no python sample found');
  for (const b of python) {
    const parsed = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: b.code, encoding: 'utf8' });
    assert.equal(parsed.status, 0, `${b.where}: ${parsed.stderr}`);
  }
  const env = { ...process.env, PATH: `${nativeDir}${path.delimiter}${process.env.PATH}` };
  for (const file of new Set(python.map((b) => b.where.split(':')[0]))) {
    const cells = python.filter((b) => b.where.startsWith(`${file}:`));
    const reader = cells.find((b) => /def read_token\(/.test(b.code));
    const notebook = cells.filter((b) => b !== reader).map((b) => b.code).join('\n');
    if (/perceptron-cli/.test(notebook)) {
      const run = spawnSync('python3', ['-c', notebook], { encoding: 'utf8', env, timeout: 60000 });
      assert.equal(run.status, 1, `${file}: the hidden test stops at an assert (${run.stderr})`);
      assert.match(run.stderr, /AssertionError: perceptron-cli: The result token is damaged/, `${file}: the checker read the placeholder token`);
    }
    if (reader) {
      const record = { format: 'perceptron-lab-result', version: 1, lesson: { id: 'separability' }, steps: [], score: { raw: 2, max: 3, scaled: 2 / 3 } };
      const token = 'PLR1.' + Buffer.from(JSON.stringify(record)).toString('base64url');
      const run = spawnSync('python3', ['-c', `RESULT = ${JSON.stringify(token)}\n${reader.code}`], { encoding: 'utf8', timeout: 60000 });
      assert.equal(run.status, 0, `${reader.where}: ${run.stderr}`);
      assert.match(run.stdout, /'raw': 2, 'max': 3/, `${reader.where}: it prints the score`);
    }
  }
});

// ---------------------------------------------------------------------------------------------------
// Browser samples

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };

// A context whose pages see the test build as perceptron-lab/ next to them, the lesson samples as
// ID.json, and the given extra files; records what a person or a developer would see go wrong.
async function sampleContext(files = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  // A CDN line (https://cdn.example/npm/perceptron-lab@VERSION/dist/...) reaches the build from another
  // origin, as a CDN serves it (Access-Control-Allow-Origin: *); a line of another version finds nothing.
  await context.route(/^https:\/\/cdn\.example\/npm\//, async (route) => {
    const m = /^https:\/\/cdn\.example\/npm\/perceptron-lab@([^/]+)\/dist\/(.*)$/.exec(route.request().url().split(/[?#]/)[0]);
    const file = m && m[1] === VERSION ? path.join(webRoot, m[2]) : null;
    if (!file || !file.startsWith(webRoot) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, body: fs.readFileSync(file), contentType: MIME[path.extname(file)] || 'application/octet-stream',
      headers: { 'Access-Control-Allow-Origin': '*' } });
  });
  await context.route(/\/docs-samples\//, async (route) => {
    const urlPath = new URL(route.request().url()).pathname;
    const inBuild = /\/perceptron-lab\/(.*)$/.exec(urlPath);
    if (inBuild) {
      const file = path.join(webRoot, inBuild[1]);
      if (file.startsWith(webRoot) && fs.existsSync(file)) {
        return route.fulfill({ status: 200, body: fs.readFileSync(file), contentType: MIME[path.extname(file)] || 'application/octet-stream' });
      }
      return route.fulfill({ status: 404, body: 'not found' });
    }
    if (files[urlPath] !== undefined) return route.fulfill({ status: 200, body: files[urlPath], contentType: MIME[path.extname(urlPath)] || 'text/html' });
    const lesson = /\/([\w-]+)\.json$/.exec(urlPath);
    if (lesson && lessonSamples.has(lesson[1])) {
      return route.fulfill({ status: 200, body: JSON.stringify(lessonSamples.get(lesson[1])), contentType: 'application/json' });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
  const page = await context.newPage();
  const problems = [];
  const watch = (p) => {
    p.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
      if (msg.type() === 'warning' && /Perceptron Lab:/.test(msg.text())) problems.push(`console warning: ${msg.text()}`);
    });
    p.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    p.on('response', (res) => { if (res.status() >= 400 && !/favicon/.test(res.url())) problems.push(`http ${res.status()}: ${res.url()}`); });
  };
  watch(page);
  // Count the widgets that say they are ready: divs by their event, iframes by their message.
  await page.addInitScript(() => {
    window.docsSamples = { divsReady: 0, framesReady: 0, replyErrors: [] };
    document.addEventListener('perceptron-lab:ready', () => { window.docsSamples.divsReady++; });
    window.addEventListener('message', (e) => {
      const type = e.data && e.data.type;
      if (type === 'perceptron-lab:ready') window.docsSamples.framesReady++;
      else if (type === 'perceptron-lab:error' || (type && type.startsWith('perceptron-lab:') && e.data.ok === false)) {
        window.docsSamples.replyErrors.push(`${type}: ${e.data.error}`);
      }
    });
  });
  return { context, page, problems };
}

// Waits until every widget of the page (divs and iframes) has mounted; then what each one's notice says.
async function mountedNotices(page) {
  const counts = () => page.evaluate(() => ({
    divs: document.querySelectorAll('.perceptron-lab:not([data-manual])').length,
    frames: document.querySelectorAll('iframe').length,
    ...window.docsSamples,
  }));
  try {
    await page.waitForFunction(() => {
      const s = window.docsSamples;
      return s && s.divsReady >= document.querySelectorAll('.perceptron-lab:not([data-manual])').length
        && s.framesReady >= document.querySelectorAll('iframe').length;
    }, null, { timeout: 60000 });
  } catch (err) {
    throw new Error(`not every widget mounted: ${JSON.stringify(await counts())}`);
  }
  const notices = [];
  for (const frame of page.frames()) {
    notices.push(...await frame.evaluate(() => [...document.querySelectorAll('.perceptron-lab')]
      .map((el) => `#${el.id || '(no id)'}: ${el.perceptronLab ? el.perceptronLab.notice() : 'no handle'}`)
      .filter((line) => !/: $/.test(line))));
  }
  return notices;
}

for (const [n, block] of runnable('html').entries()) {
  test(`html sample ${block.where}: every widget mounts with no notice and no console error`, { timeout: 120000 }, async () => {
    const urlPath = `/docs-samples/html-${n}.html`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docs sample</title></head><body>\n${block.code}\n</body></html>`;
    const { context, page, problems } = await sampleContext({ [urlPath]: html });
    try {
      await page.goto(`${server.url}${urlPath}`);
      const notices = await mountedNotices(page);
      assert.deepEqual(notices, [], `${block.where}: a widget shows a notice`);
      assert.deepEqual(problems, [], `${block.where}: the page had problems`);
    } finally {
      await context.close();
    }
  });
}

// The page the js, json, link and goal samples run in: one widget (its handle is `lab`, wrapped so that a
// call answering {ok: false} is noted) and an iframe with the full-page widget for postMessage samples.
const SAMPLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docs samples</title>
<link rel="stylesheet" href="perceptron-lab/embed.css">
<script type="module" src="perceptron-lab/embed.js"></script></head><body>
<div id="lab" class="perceptron-lab" data-remember="off" data-height="520"></div>
<iframe src="perceptron-lab/index.html" width="700" height="460"></iframe>
</body></html>`;

let shared = null;  // {context, page, problems}
async function samplePage() {
  if (shared) return shared;
  const files = { '/docs-samples/page.html': SAMPLE_PAGE };
  runnable('js').forEach((b, k) => { files[`/docs-samples/sample-${k}.mjs`] = b.code; });
  shared = await sampleContext(files);
  await shared.page.goto(`${server.url}/docs-samples/page.html`);
  const notices = await mountedNotices(shared.page);
  assert.deepEqual(notices, [], 'the samples page starts with a notice');
  await shared.page.evaluate(() => {
    const handle = document.getElementById('lab').perceptronLab;
    window.docsSamples.handle = handle;
    window.docsSamples.failedCalls = [];
    const note = (name, args) => (result) => {
      if (result && typeof result === 'object' && result.ok === false) {
        window.docsSamples.failedCalls.push(`lab.${name}(${JSON.stringify(args).slice(1, -1).slice(0, 120)}): ${result.error}`);
      }
      return result;
    };
    window.lab = new Proxy(handle, {
      get(target, key) {
        const value = target[key];
        if (typeof value !== 'function') return value;
        return (...args) => {
          const result = value.apply(target, args);
          return result && typeof result.then === 'function' ? result.then(note(String(key), args)) : note(String(key), args)(result);
        };
      },
    });
  });
  return shared;
}
after(async () => { await shared?.context.close(); });

// Runs fn(handle, arg) in the samples page after putting the widget back at rest (no lesson, no notice);
// returns what it gave and what went wrong on the page meanwhile.
async function inSamplePage(fn, arg) {
  const { page, problems } = await samplePage();
  problems.length = 0;
  await page.evaluate(() => {
    const { handle } = window.docsSamples;
    handle.run(false);
    handle.closeLesson();
    handle.dismissNotice();
    window.docsSamples.failedCalls.length = 0;
    window.docsSamples.replyErrors.length = 0;
  });
  const result = await page.evaluate(fn, arg);
  const after = await page.evaluate(() => ({
    failedCalls: [...window.docsSamples.failedCalls], replyErrors: [...window.docsSamples.replyErrors],
  }));
  return { result, ...after, problems: [...problems] };
}

for (const [k, block] of runnable('js').entries()) {
  test(`js sample ${block.where}: runs with lab as the handle, resolves, and nothing fails`, { timeout: 120000 }, async () => {
    const outcome = await inSamplePage(async (url) => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('the sample did not finish in 30 s')), 30000));
      try {
        await Promise.race([import(url), timeout]);
        return { ok: true };
      } catch (err) {
        return { ok: false, error: String(err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err) };
      }
    }, `/docs-samples/sample-${k}.mjs`);
    assert.deepEqual(outcome.result, { ok: true }, `${block.where}: the sample threw`);
    assert.deepEqual(outcome.failedCalls, [], `${block.where}: a handle call was refused`);
    assert.deepEqual(outcome.replyErrors, [], `${block.where}: a message got an error reply`);
    assert.deepEqual(outcome.problems, [], `${block.where}: the page had problems`);
  });
}

for (const block of runnable('json')) {
  test(`json sample ${block.where}: the widget accepts it (a lesson opens, a state loads)`, { timeout: 60000 }, async () => {
    let value;
    assert.doesNotThrow(() => { value = JSON.parse(block.code); }, `${block.where}: not JSON`);
    const outcome = await inSamplePage(async (text) => {
      const { handle } = window.docsSamples;
      const json = JSON.parse(text);
      const r = json.steps ? handle.openLesson(text) : await handle.load(json);
      return { ok: r.ok, error: r.error || null, lesson: json.steps ? handle.lesson()?.id : undefined };
    }, block.code);
    assert.equal(outcome.result.error, null, `${block.where}: refused`);
    assert.equal(outcome.result.ok, true);
    if (value.steps) assert.equal(outcome.result.lesson, value.id, `${block.where}: the lesson did not open`);
    assert.deepEqual(outcome.problems, []);
  });
}

for (const block of runnable('link')) {
  test(`link sample ${block.where}: every line opens in a widget`, { timeout: 60000 }, async () => {
    const lines = block.code.split('\n').map((s) => s.trim()).filter(Boolean);
    const outcome = await inSamplePage(async (links) => {
      const { handle } = window.docsSamples;
      const refused = [];
      for (const link of links) {
        const r = await handle.load(link);
        if (!r.ok) refused.push(`${link.slice(0, 80)}: ${r.error}`);
      }
      return refused;
    }, lines);
    assert.deepEqual(outcome.result, [], `${block.where}: a link was refused`);
    assert.deepEqual(outcome.problems, []);
  });
}

for (const block of runnable('goal')) {
  test(`goal sample ${block.where}: every line is a goal a lesson accepts`, { timeout: 60000 }, async () => {
    const goals = block.code.split('\n').map((s) => s.trim()).filter(Boolean);
    const lesson = { version: 1, id: 'docs-goals', title: 'The goals of the docs',
      steps: goals.map((goal, i) => ({ title: `Goal ${i + 1}`, text: goal, goal })) };
    const outcome = await inSamplePage((text) => {
      const r = window.docsSamples.handle.openLesson(text);
      return r.ok ? '' : r.error;
    }, JSON.stringify(lesson));
    assert.equal(outcome.result, '', `${block.where}: a goal was refused (step N is line N)`);
  });
}
