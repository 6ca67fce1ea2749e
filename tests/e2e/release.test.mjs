// What ships: the release build (preset web) carries no test or benchmark hook. Its module exports
// exactly the C functions the public embed modules call, its JS glue and single file name none of
// the test exports, and a mounted widget's handle has exactly the documented members (docs/reference.md "The JS
// handle") and still does what they promise. The test build (preset web-test) is the contrast: it
// must have every export that test_hooks.js calls, or these checks would pass for the wrong reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, repoRoot, releaseRoot, webRoot, snapshotPicture } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer({ root: releaseRoot }); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const HANDLE_MEMBERS = ['addMessage', 'addPoint', 'answer', 'canvas', 'checkGoal', 'chooseAnswer', 'closeLesson', 'configure', 'destroy',
  'dismissNotice', 'element', 'exportCsv', 'exportJson', 'exportSvg', 'exportTrace', 'exportTsv', 'finishLesson', 'generate', 'handleVersion',
  'importText', 'leaveLesson', 'lesson', 'lessonStep', 'lessons', 'link', 'linkProblem', 'load', 'notice', 'on', 'openLesson', 'options', 'preset',
  'printLesson', 'redo', 'removeMessage', 'reopenLesson', 'result', 'run', 'setNotice', 'snapshot', 'state', 'trace', 'train', 'undo',
  'unfinishLesson', 'version', 'worksheet'];
const REGISTRY = 'perceptron-lab.test-modules';  // the symbol test builds file their modules under

// The pl_* functions a set of sources calls: JS modules through wasm.call('pl_x', ...) / text('pl_x') or
// the module's module._pl_x(...), and the C++ files' EM_JS code through Module['_pl_x'].
function calledExports(files) {
  const names = new Set();
  for (const file of files) {
    const pattern = /\b(?:call|text)\('(pl_\w+)'|\bmodule\._(pl_\w+)\(|Module\['_(pl_\w+)'\]/g;
    for (const [, a, b, c] of fs.readFileSync(file, 'utf8').matchAll(pattern)) names.add(a || b || c);
  }
  return names;
}
const webFile = (name) => path.join(repoRoot, 'web', name);
const platformDir = path.join(repoRoot, 'src', 'platform');
const embedModules = [
  ...fs.readdirSync(path.join(repoRoot, 'web')).filter((f) => /^embed.*\.js$/.test(f)).map(webFile),
  ...fs.readdirSync(platformDir).filter((f) => /^web_.*\.cpp$/.test(f)).map((f) => path.join(platformDir, f)),
];

// The C functions a build's module glue binds to wasm exports: Module["_pl_x"] = ...asm["<export>"]
// (minified in a release folder: m._pl_x=m.asm.<export>). Checks that every one of them really is an
// export of the .wasm next to it (the first part, which also exports what lives in the deferred rest).
// glueFile: the file the page loads the glue from (a release folder bundles it into embed.js).
function boundExports(dir, glueFile) {
  const glue = fs.readFileSync(path.join(dir, glueFile), 'utf8');
  const wasmExports = new Set(WebAssembly.Module.exports(new WebAssembly.Module(fs.readFileSync(path.join(dir, 'perceptron_lab.wasm'))))
    .map((e) => e.name));
  const bound = new Map();
  const binding = /(?:Module\["_(pl_\w+)"\]|\b[\w$]+\._(pl_\w+))=(?:Module\["asm"\]\["([^"]+)"\]|[\w$]+\.asm\.([\w$]+))/g;
  for (const m of glue.matchAll(binding)) bound.set(m[1] || m[2], m[3] || m[4]);
  for (const [name, exported] of bound) assert.ok(wasmExports.has(exported), `${dir}: ${name} -> ${exported} is a wasm export`);
  return { names: new Set(bound.keys()), wasmExportCount: wasmExports.size, glue };
}

test('the release module exports exactly what the embed modules call; the test exports are only in the test build', () => {
  const publicCalls = calledExports(embedModules);
  const testCalls = calledExports([webFile('test_hooks.js')]);
  assert.ok(publicCalls.has('pl_state_json') && publicCalls.has('pl_snapshot_area'), [...publicCalls].join(' '));
  assert.ok(testCalls.has('pl_frames_drawn') && testCalls.has('pl_bench_field'), [...testCalls].join(' '));
  for (const name of testCalls) assert.ok(!publicCalls.has(name), `${name} is called by the public embed modules`);

  const release = boundExports(releaseRoot, 'embed.js');
  assert.deepEqual([...release.names].sort(), [...publicCalls].sort(), 'release: the bound pl_* exports are the public ones');
  const testBuild = boundExports(webRoot, 'perceptron_lab.js');
  for (const name of [...publicCalls, ...testCalls]) assert.ok(testBuild.names.has(name), `test build exports ${name}`);
  assert.ok(testBuild.wasmExportCount >= release.wasmExportCount + testCalls.size,
    `test build ${testBuild.wasmExportCount} wasm exports, release ${release.wasmExportCount}`);

  // Not even the names: the glue, the single file and the folder of the release carry no test hook.
  const single = fs.readFileSync(path.join(releaseRoot, 'perceptron-lab-single.html'), 'utf8');
  for (const name of [...testCalls, REGISTRY]) {
    assert.ok(!release.glue.includes(name), `release embed.js mentions ${name}`);
    assert.ok(!single.includes(name), `release perceptron-lab-single.html mentions ${name}`);
  }
  assert.ok(testBuild.glue.includes(REGISTRY), 'the test build registers its modules');
  assert.ok(!fs.existsSync(path.join(releaseRoot, 'test_hooks.js')), 'no test_hooks.js in the release folder');
  assert.ok(fs.existsSync(path.join(webRoot, 'test_hooks.js')), 'test_hooks.js in the test build folder');
});

test('release widget: the handle has exactly the documented members, and they work (train, change, snapshot)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/#`, { deviceScaleFactor: 2 });
  await page.waitForFunction(() => window.perceptronLab, null, { timeout: 60000 });
  const members = await page.evaluate(() => Object.keys(window.perceptronLab).sort());
  assert.deepEqual(members, HANDLE_MEMBERS);
  assert.equal(await page.evaluate((key) => globalThis[Symbol.for(key)], REGISTRY), undefined, 'no module registry');

  // The default scene (the 4-point lecture example) converges; a change reaches on('change').
  const result = await page.evaluate(() => new Promise((resolve) => {
    const lab = window.perceptronLab;
    const stop = lab.on('change', (state) => { stop(); resolve({ state, version: lab.version, handleVersion: lab.handleVersion }); });
    lab.train({ untilConverged: true });
  }));
  // lab.version is the product's version, project(VERSION) in CMakeLists.txt; the handle's own is handleVersion.
  const projectVersion = fs.readFileSync(path.join(repoRoot, 'CMakeLists.txt'), 'utf8').match(/project\([^)]*VERSION\s+([\d.]+)/)[1];
  assert.equal(result.version, projectVersion, 'the product version');
  assert.equal(result.handleVersion, 1);
  assert.equal(result.state.points.length, 4);
  assert.equal(result.state.converged, true);

  // The lesson exports are in the release too: open a lesson, move, check.
  const lesson = await page.evaluate(() => {
    const lab = window.perceptronLab;
    return { opened: lab.openLesson('update-rule'), moved: lab.lessonStep(3), lesson: lab.lesson(), check: lab.checkGoal() };
  });
  assert.deepEqual([lesson.opened, lesson.moved], [{ ok: true }, { ok: true }]);
  const stepFour = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src/core/lesson/lessons/01-update-rule.json'), 'utf8')).steps[3];
  assert.deepEqual([lesson.lesson.id, lesson.lesson.step, lesson.lesson.goal], ['update-rule', 3, stepFour.goal]);
  assert.equal(typeof lesson.check.passed, 'boolean');

  // The accessible mirror's verbs (docs/instructors.md "Screen readers"): add a point, undo, redo; the mirror itself.
  const edits = await page.evaluate(() => {
    const lab = window.perceptronLab;
    lab.closeLesson();
    const count = () => lab.state().points.length;
    const added = lab.addPoint(0.5, 3, -1);
    const afterAdd = count();
    const undone = lab.undo();
    const afterUndo = count();
    const redone = lab.redo();
    return { added, afterAdd, undone, afterUndo, redone, afterRedo: count(), again: lab.redo(), bad: lab.addPoint('x', 1) };
  });
  assert.deepEqual(edits, { added: { ok: true }, afterAdd: 5, undone: true, afterUndo: 4, redone: true, afterRedo: 5, again: false,
    bad: { ok: false, error: 'addPoint: x1 and x2 must be numbers' } });
  assert.equal(await page.getByRole('button', { name: 'Show table view' }).count(), 1);
  await page.locator('.perceptron-lab-a11y-scene').filter({ hasText: /^5 points: 2 of class \+1, 3 of class −1\./ }).waitFor();

  // The snapshot waits for a frame the widget draws and crops the canvas area out of it: a PNG
  // at device resolution (DPR 2), smaller than the whole canvas (the panels are cut off), with the
  // coloured decision regions in it.
  const png = { ...await snapshotPicture(page), ...await page.evaluate(() => {
    const c = window.perceptronLab.canvas;
    return { canvasWidth: c.width, canvasHeight: c.height, cssWidth: c.clientWidth };
  }) };
  assert.equal(png.type, 'image/png');
  assert.equal(png.canvasWidth, 2 * png.cssWidth, 'the canvas backing store is at DPR 2');
  assert.ok(png.width > 0.3 * png.canvasWidth && png.width < png.canvasWidth, `${png.width} of ${png.canvasWidth}`);
  assert.ok(png.height > 0.3 * png.canvasHeight && png.height <= png.canvasHeight, `${png.height} of ${png.canvasHeight}`);
  assert.ok(png.colours > 20, `decision regions, points and axes in the picture (${png.colours} colours)`);
  assert.deepEqual(problems, []);
  await context.close();
});

// index.html fetches the WebAssembly and every module of the embed graph at once (<link rel=preload>
// and modulepreload) instead of one import level after another. A module missing from that list would
// only be slower, and a preload that does not match the module's own request would fetch twice: so
// every script and the wasm the page loads are listed (but the deferred part), and each is fetched once.
// A release folder serves the embed graph as one bundle: main.js, embed.js and the wasm, nothing else.
test('release page: one bundle; every script and the wasm are preloaded, and each is fetched once', async () => {
  const html = fs.readFileSync(path.join(releaseRoot, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="(?:modulepreload|preload)" href="([^"]+)"/g)].map((m) => m[1]));
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  // The first load is over (its deferred part too) before the requests of the reload are counted.
  // Both of the rest's files, fetched side by side: a reload while one is still coming aborts it, and
  // the first page says so (a fresh-clone run on a loaded machine did).
  await page.waitForFunction(() => ['deferred.wasm', 'lessons.txt'].every((file) =>
    performance.getEntriesByType('resource').some((e) => e.name.endsWith(file))), null, { timeout: 60000 });
  const fetched = new Map();
  page.on('request', (req) => {
    const file = new URL(req.url()).pathname.slice(1);
    if (/\.(js|wasm)$/.test(file)) fetched.set(file, (fetched.get(file) || 0) + 1);
  });
  await page.reload();
  await page.waitForFunction(() => window.perceptronLab, null, { timeout: 60000 });
  // The deferred part and the mirror are asked for after the first frame, which may be after the handle
  // exists (a loaded machine): wait for the page to have both before the list is read.
  await page.waitForFunction(() => ['deferred.wasm', 'embed_a11y.js'].every((file) =>
    performance.getEntriesByType('resource').some((e) => e.name.endsWith(file))), null, { timeout: 60000 });
  const loaded = [...fetched.keys()].sort();
  assert.deepEqual(loaded, ['embed.js', 'embed_a11y.js', 'main.js', 'perceptron_lab.deferred.wasm', 'perceptron_lab.wasm']);
  // The bundled parts left the folder; what stays is fetched after the first frame (the accessible
  // mirror) or only by the pages that ask for it (a SCORM page, Author mode's SCORM buttons, a page that
  // sends xAPI statements, the About line's "Licence and notices"), each bundled whole on its own.
  const onDemand = ['embed_a11y.js', 'embed_about.js', 'embed_messages.js', 'embed_scorm.js', 'embed_scorm_save.js', 'embed_xapi.js'];
  assert.deepEqual(fs.readdirSync(releaseRoot).filter((f) => /^embed_.*\.js$/.test(f)).sort(), onDemand, 'the bundled parts left the folder');
  for (const file of onDemand)
    assert.doesNotMatch(fs.readFileSync(path.join(releaseRoot, file), 'utf8'), /from\s*["']\.\/embed_/, `${file} imports a part that left`);
  // The deferred part of the wasm comes after the first frame on purpose (download.test.mjs).
  assert.ok(!preloaded.has('perceptron_lab.deferred.wasm'), 'index.html preloads the deferred part');
  for (const file of loaded) {
    const late = file === 'main.js' || file === 'perceptron_lab.deferred.wasm' || file === 'embed_a11y.js';
    if (!late) assert.ok(preloaded.has(file), `${file} is fetched but not preloaded by index.html`);
    assert.equal(fetched.get(file), 1, `${file} fetched ${fetched.get(file)} times`);
  }
  for (const file of preloaded) assert.ok(fetched.has(file), `index.html preloads ${file}, which the page never uses`);
  assert.deepEqual(problems, []);
  await context.close();
});
