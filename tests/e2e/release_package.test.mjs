// What a person gets without a compiler (issue 39; docs/developers.md "Releasing"): the npm package and
// the release archive that scripts/release.mjs makes from the release web build and the Node command line.
//   - the package's file list (npm pack --dry-run) is exactly the expected one: no test hook, no build file
//   - installed offline into an empty folder with nothing else of ours on the PATH (no emcc, no build/),
//     `npx perceptron-lab` writes the same bytes as the native program
//   - one version everywhere: CMake, package.json, both command lines, the H5P library, the SCORM manifest,
//     embed.js and embed.css, lab.version and the widget's About line
//   - the licence and the notices are in the package, the archive, the single file and every package made
//   - the archive unzipped into an empty folder and served: its SHA256SUMS hold, and a page made of its
//     README's lines draws two widgets
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { unzipSync, strFromU8 } from 'fflate';
import { repoRoot, startServer, launchBrowser, openPage, outputDir, screenshotPixels, distinctColours,
  webRoot, waitForWidget, drawnBy, clickRect } from './harness.mjs';

const version = /project\(PerceptronLab VERSION ([0-9.]+)/.exec(fs.readFileSync(path.join(repoRoot, 'CMakeLists.txt'), 'utf8'))[1];
const packageDir = path.join(repoRoot, 'build', 'package');
const tgz = path.join(packageDir, `perceptron-lab-${version}.tgz`);
const archiveFile = path.join(packageDir, `perceptron-lab-${version}.zip`);
const nativeCli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');

// What the package holds, written out by hand (not read from the release script), so a file that starts
// or stops shipping shows up here.
const EXPECTED_FILES = [
  'CHANGELOG.md', 'LICENSE', 'README.md', 'THIRD_PARTY_NOTICES.txt', 'package.json',
  'cli/perceptron-lab.js', 'cli/package.json',
  'dist/LICENSE', 'dist/THIRD_PARTY_NOTICES.txt',
  'dist/embed.css', 'dist/embed.js', 'dist/embed_a11y.js', 'dist/embed_about.js', 'dist/embed_messages.js', 'dist/embed_scorm.js', 'dist/embed_scorm_save.js', 'dist/embed_xapi.js',
  'dist/examples/course.css', 'dist/examples/course.html', 'dist/examples/course.js',
  'dist/favicon.svg', 'dist/index.html', 'dist/main.js',
  'dist/perceptron-lab-single.html', 'dist/perceptron_lab.deferred.wasm', 'dist/perceptron_lab.js',
  'dist/perceptron_lab.lessons.txt', 'dist/perceptron_lab.wasm',
].sort();

let scratch = '';
let installDir = '';
let pathWithoutBuildTools = '';
before(() => {
  assert.ok(fs.existsSync(nativeCli), 'build/native/perceptron-cli is missing: ./scripts/build.sh native');
  // The test command makes the package and the archive after the builds (scripts/test.sh); run alone,
  // this file makes them when they are missing. Never remade here while they exist: another test file
  // (docs_samples) may be installing the package at the same time.
  if (!fs.existsSync(tgz) || !fs.existsSync(archiveFile)) {
    const made = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs')], { encoding: 'utf8', cwd: repoRoot });
    assert.equal(made.status, 0, `scripts/release.mjs: ${made.stderr}`);
    console.log(made.stdout.trim());
  }
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-release-'));
  // A PATH with node, npm and npx and nothing else of this machine's build tools (no emcc, no cmake).
  const bin = path.join(scratch, 'bin');
  fs.mkdirSync(bin);
  for (const tool of ['node', 'npm', 'npx', 'sh', 'env']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) fs.symlinkSync(fs.realpathSync(found), path.join(bin, tool));
  }
  pathWithoutBuildTools = bin;
});
after(() => { if (scratch) fs.rmSync(scratch, { recursive: true, force: true }); });

const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', timeout: 120000, ...options });
const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

test('the npm package holds exactly the expected files, is public, MIT, and names its files in exports and bin', () => {
  const dry = run('npm', ['pack', '--dry-run', '--json'], { cwd: path.join(packageDir, 'stage') });
  assert.equal(dry.status, 0, dry.stderr);
  const [info] = JSON.parse(dry.stdout);
  const files = info.files.map((f) => f.path).sort();
  assert.deepEqual(files, EXPECTED_FILES);
  assert.ok(!files.some((f) => /test_hooks|\.map$|CMake|\.ninja/.test(f)), 'no test hook or build file ships');
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'stage', 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'perceptron-lab');
  assert.equal(pkg.private, undefined, 'the package is public');
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.version, version);
  assert.equal(pkg.bin['perceptron-lab'], 'cli/perceptron-lab.js');
  for (const target of Object.values(pkg.exports)) {
    if (!target.includes('*')) assert.ok(fs.existsSync(path.join(packageDir, 'stage', target)), `exports names ${target}, which ships`);
  }
  const tgzSize = fs.statSync(tgz).size;
  console.log(`perceptron-lab-${version}.tgz: ${files.length} files, ${(tgzSize / 1024).toFixed(0)} KB (${(info.unpackedSize / 1024).toFixed(0)} KB unpacked)`);
});

test('installed offline into an empty folder, npx perceptron-lab writes the native program\'s bytes', { timeout: 300000 }, () => {
  installDir = path.join(scratch, 'course');
  fs.mkdirSync(installDir);
  const env = { HOME: scratch, PATH: pathWithoutBuildTools, npm_config_cache: path.join(scratch, 'npm-cache'), npm_config_update_notifier: 'false' };
  assert.notEqual(run('sh', ['-c', 'command -v emcc'], { env }).status, 0, 'emcc is not on this PATH');
  const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tgz], { cwd: installDir, env });
  assert.equal(install.status, 0, `npm install --offline: ${install.stderr}`);

  const npx = (args) => run('npx', ['--offline', 'perceptron-lab', ...args], { cwd: installDir, env });
  const native = (args, cwd) => run(nativeCli, args, { cwd });
  const nativeDir = path.join(scratch, 'native-out');
  fs.mkdirSync(nativeDir);
  const widget = path.join(installDir, 'node_modules', 'perceptron-lab', 'dist', 'perceptron-lab-single.html');
  assert.equal(fs.readFileSync(widget, 'utf8'), fs.readFileSync(path.join(repoRoot, 'build', 'web', 'perceptron-lab-single.html'), 'utf8'),
    'the package\'s single file is the release build\'s');

  const cases = [
    { args: ['package', '--scorm', '2004', '--lesson', 'separability', '-o', 's.zip'], file: 's.zip' },
    { args: ['package', '--scorm', '1.2', '--lesson', 'separability', '-o', 's12.zip'], file: 's12.zip' },
    { args: ['package', '--h5p', '--lesson', 'separability', '-o', 's.h5p'], file: 's.h5p' },
  ];
  for (const { args, file } of cases) {
    const ours = npx(args);
    assert.equal(ours.status, 0, `npx perceptron-lab ${args.join(' ')}: ${ours.stderr}`);
    // The native program takes the same single file (the package's), so the packages can be equal.
    const theirs = native([...args.slice(0, -2), '--widget', widget, '-o', path.join(nativeDir, file)], nativeDir);
    assert.equal(theirs.status, 0, theirs.stderr);
    const a = fs.readFileSync(path.join(installDir, file));
    const b = fs.readFileSync(path.join(nativeDir, file));
    assert.equal(sha256(a), sha256(b), `${file}: the same bytes as the native program`);
    const inside = unzipSync(new Uint8Array(a));
    const notices = Object.keys(inside).find((name) => name.endsWith('THIRD_PARTY_NOTICES.txt'));
    assert.ok(notices, `${file} carries THIRD_PARTY_NOTICES.txt: ${Object.keys(inside).join(', ')}`);
    assert.match(strFromU8(inside[notices]), /^MIT License[\s\S]*Dear ImGui[\s\S]*SDL2/);
  }
  const scorm = unzipSync(new Uint8Array(fs.readFileSync(path.join(installDir, 's.zip'))));
  assert.match(strFromU8(scorm['imsmanifest.xml']), new RegExp(`<manifest identifier="[^"]+" version="${version.replace(/\./g, '\\.')}"`));
  assert.match(strFromU8(scorm['index.html']), /id="perceptron-lab-notices">\s*MIT License/);
  const h5p = unzipSync(new Uint8Array(fs.readFileSync(path.join(installDir, 's.h5p'))));
  const [major, minor, patch] = version.split('.').map(Number);
  const libraryPath = Object.keys(h5p).find((name) => name.endsWith('/library.json'));
  assert.equal(libraryPath, `H5P.PerceptronLab-${major}.${minor}/library.json`);
  const library = JSON.parse(strFromU8(h5p[libraryPath]));
  assert.deepEqual([library.majorVersion, library.minorVersion, library.patchVersion, library.license], [major, minor, patch, 'MIT']);

  // An unknown command or option: usage on stderr, exit 2, as natively.
  for (const args of [['fly'], ['check', '--frobnicate']]) {
    const ours = npx(args);
    const theirs = native(args, nativeDir);
    assert.equal(ours.status, 2, `${args.join(' ')}: exit 2`);
    assert.equal(ours.stderr, theirs.stderr);
    assert.equal(ours.stdout, theirs.stdout);
  }
});

test('one version everywhere: CMake, package.json, both command lines, embed.js, embed.css, lab.version and the About line', async () => {
  const firstLine = (r) => r.stdout.split('\n')[0];
  assert.equal(firstLine(run(nativeCli, ['--version'])), `perceptron-cli ${version}`);
  const node = run(process.execPath, [path.join(packageDir, 'stage', 'cli', 'perceptron-lab.js'), '--version']);
  assert.equal(node.stdout, run(nativeCli, ['--version']).stdout, 'the Node command line says the same');
  assert.equal(JSON.parse(fs.readFileSync(path.join(packageDir, 'stage', 'package.json'), 'utf8')).version, version);
  const dist = path.join(packageDir, 'stage', 'dist');
  assert.ok(fs.readFileSync(path.join(dist, 'embed.js'), 'utf8').includes(`"${version}"`) ||
    fs.readFileSync(path.join(dist, 'embed.js'), 'utf8').includes(`'${version}'`), 'embed.js carries the version');
  assert.ok(fs.readFileSync(path.join(dist, 'embed.css'), 'utf8').includes(`--perceptron-lab-version: "${version}"`));

  // In the browser (the test build, for what the widget drew): lab.version, and the Share section's About line.
  const server = await startServer({ root: webRoot });
  const browser = await launchBrowser();
  try {
    const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 900 });
    await waitForWidget(page);
    assert.equal(await page.evaluate(() => window.perceptronLab.version), version);
    // Open the Share section (a click on its header) if the About line is not drawn, and scroll to it.
    let frame = await drawnBy(page);
    const item = (f, label) => f.items.find((i) => i.label === label);
    if (!item(frame, 'Licence and notices')) {
      const share = item(frame, 'Share');
      assert.ok(share, 'the Share section is there');
      await clickRect(page, share.rect);
      frame = await drawnBy(page);
    }
    for (let k = 0; k < 12; k++) {
      const button = item(frame, 'Licence and notices');
      const anchor = button || item(frame, 'Share');
      if (button && button.rect[3] <= Math.min(900, button.clip[3]) && button.rect[1] >= button.clip[1]) break;
      await page.mouse.move((anchor.rect[0] + anchor.rect[2]) / 2, 450);
      await page.mouse.wheel(0, button && button.rect[1] < button.clip[1] ? -200 : 200);
      frame = await drawnBy(page);
    }
    const about = frame.texts.find((t) => t.role === 'about');
    assert.ok(about, 'the About line is drawn');
    const button = item(frame, 'Licence and notices');
    assert.ok(button.textWidth <= button.rect[2] - button.rect[0] && button.rect[2] <= button.clip[2] + 1, 'its button is whole');
    assert.equal(about.text, `Perceptron Lab ${version}, MIT licence`);
    // Its button opens the notices, served beside the widget, in a new tab.
    const [tab] = await Promise.all([context.waitForEvent('page'), clickRect(page, item(frame, 'Licence and notices').rect)]);
    await tab.waitForLoadState();
    assert.match(new URL(tab.url()).pathname, /\/THIRD_PARTY_NOTICES\.txt$/);
    assert.match(await tab.evaluate(() => document.body.innerText), /Perceptron Lab [0-9.]+: third-party notices[\s\S]*Dear ImGui 1\.86/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the notices list what the builds put in, and a build input with no notice stops the build', () => {
  const notices = fs.readFileSync(path.join(packageDir, 'stage', 'THIRD_PARTY_NOTICES.txt'), 'utf8');
  for (const work of ['Dear ImGui 1.86', 'SDL2', 'DejaVu Sans', 'nlohmann/json', 'GLM', 'fflate', 'Emscripten', 'libzip', 'zlib']) {
    assert.ok(notices.includes(work), `the package's notices name ${work}`);
  }
  const web = fs.readFileSync(path.join(repoRoot, 'build', 'web', 'THIRD_PARTY_NOTICES.txt'), 'utf8');
  assert.ok(!web.includes('libzip'), 'the web widget does not claim libzip, which it does not hold');
  const single = fs.readFileSync(path.join(repoRoot, 'build', 'web', 'perceptron-lab-single.html'), 'utf8');
  assert.ok(single.includes(fs.readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8').trim()), 'the single file carries the licence');
  assert.ok(single.includes(web.trim()), 'the single file carries the web build\'s notices');

  // A build folder that names a third-party path the table does not know: the build stops and says which.
  const fake = path.join(scratch, 'fake-build');
  fs.mkdirSync(fake);
  fs.writeFileSync(path.join(fake, 'build.ninja'), 'build a.o: CXX_COMPILER /opt/somebody/else/lib.cpp\n');
  const refused = run(process.execPath, [path.join(repoRoot, 'scripts', 'notices.mjs'), path.join(fake, 'N.txt'), fake]);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /no notice for:\n {2}\/opt\/somebody\/else\/lib\.cpp/);
});

test('the archive: unzipped into an empty folder its SHA256SUMS hold, and a page of its README\'s lines draws two widgets', async () => {
  const zip = unzipSync(new Uint8Array(fs.readFileSync(archiveFile)));
  const top = `perceptron-lab-${version}/`;
  const folder = path.join(scratch, 'unzipped');
  for (const [name, bytes] of Object.entries(zip)) {
    assert.ok(name.startsWith(top), `${name} is inside ${top}`);
    const file = path.join(folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  const root = path.join(folder, top);
  for (const name of ['LICENSE', 'THIRD_PARTY_NOTICES.txt', 'CHANGELOG.md', 'README.txt', 'SHA256SUMS', 'perceptron-lab/embed.js']) {
    assert.ok(fs.existsSync(path.join(root, name)), `the archive has ${name}`);
  }
  const check = run('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: root });
  assert.equal(check.status, 0, check.stdout + check.stderr);
  assert.ok(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8').includes(`## ${version}`), 'the changelog has this release');

  // The README's three lines, as an instructor pastes them, and the same div once more.
  const readme = fs.readFileSync(path.join(root, 'README.txt'), 'utf8');
  const lines = readme.split('\n').filter((l) => /^<(link|script|div)\b/.test(l));
  assert.equal(lines.length, 3, `the README gives three lines: ${lines.join(' / ')}`);
  const div = lines[2];
  fs.writeFileSync(path.join(root, 'course.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title><link rel="icon" href="data:,">
${lines[0]}
${lines[1]}
</head><body><h1>Week 3</h1>
<div style="width:640px;height:420px">${div}</div>
<div style="width:640px;height:420px">${div.replace('data-preset="lecture4"', 'data-preset="xor"')}</div>
</body></html>`);
  const server = await startServer({ root });
  const browser = await launchBrowser();
  try {
    const { page, context, problems } = await openPage(browser, 'about:blank', { width: 700, height: 1000 });
    await page.addInitScript(() => {
      window.readyCount = 0;
      document.addEventListener('perceptron-lab:ready', () => { window.readyCount++; });
    });
    await page.goto(`${server.url}/course.html`);
    await page.waitForFunction(() => window.readyCount === 2, null, { timeout: 60000 });
    // Each widget's own next frame, then the picture a person sees.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const png = await screenshotPixels(page, 'release-archive-two-widgets.png');
    const boxes = await page.$$eval('.perceptron-lab canvas', (cs) => cs.map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); }));
    assert.equal(boxes.length, 2);
    for (const [x0, y0, x1, y1] of boxes) {
      assert.ok(distinctColours(png, x0, y0, Math.min(x1, png.width), Math.min(y1, png.height)) > 20, `a widget drew at ${x0},${y0}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`perceptron-lab-${version}.zip: ${Object.keys(zip).length} files, ${(fs.statSync(archiveFile).size / 1024).toFixed(0)} KB`);
  fs.copyFileSync(archiveFile, path.join(outputDir, path.basename(archiveFile)));
});
