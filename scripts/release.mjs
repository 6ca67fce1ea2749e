// Makes what a person can get without a compiler (docs/developers.md "Releasing"), from the release web
// build (build/web) and the Node command line (build/cli-node):
//   build/package/perceptron-lab-X.Y.Z.tgz   the npm package perceptron-lab (npm pack of build/package/stage)
//   build/package/perceptron-lab-X.Y.Z.zip   the release archive: the folder a page copies, LICENSE, the
//                                            notices, CHANGELOG.md, a README for instructors, SHA256SUMS
// Run by scripts/release.sh, which builds both first. Checks before it writes: every shipped file is
// there, no file of the build folder is left out unnoticed, and no test hook ships.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.resolve(process.env.PL_RELEASE_WEB_DIR || path.join(repo, 'build', 'web'));
const cliDir = path.resolve(process.env.PL_RELEASE_CLI_DIR || path.join(repo, 'build', 'cli-node', 'npm-cli'));
const outDir = path.join(repo, 'build', 'package');
const stage = path.join(outDir, 'stage');

export const version = /project\(PerceptronLab VERSION ([0-9]+\.[0-9]+\.[0-9]+)/.exec(fs.readFileSync(path.join(repo, 'CMakeLists.txt'), 'utf8'))[1];

// The files of build/web that ship (dist/ in the package, perceptron-lab/ in the archive), each with why.
export const SHIPPED_WEB = [
  ['embed.js', 'the embed API, bundled: what a page names'],
  ['embed.css', 'the widget\'s styles: what a page names'],
  ['perceptron_lab.js', 'the module\'s loader'],
  ['perceptron_lab.wasm', 'the first part of the module: what the first frame needs'],
  ['perceptron_lab.deferred.wasm', 'the rest of the module, fetched after the first frame'],
  ['perceptron_lab.lessons.txt', 'the built-in lessons\' texts, fetched with the rest'],
  ['embed_a11y.js', 'the accessible table view and live announcements, fetched after the first frame'],
  ['embed_scorm.js', 'the SCORM run-time link, fetched by a page that declares data-scorm'],
  ['embed_scorm_save.js', 'Author mode\'s SCORM packages, with their zip writer'],
  ['embed_xapi.js', 'xAPI statements, fetched by a page that uses them'],
  ['embed_about.js', 'the About line\'s "Licence and notices", fetched on that click'],
  ['embed_messages.js', 'what answers postMessage, fetched when a page sends the first message'],
  ['perceptron-lab-single.html', 'the whole widget in one file (and what Author mode packs into SCORM)'],
  ['index.html', 'the full-page widget'],
  ['main.js', 'the full-page widget\'s script'],
  ['favicon.svg', 'the full-page widget\'s icon'],
  ['examples/course.html', 'an example course page with two widgets'],
  ['examples/course.css', 'its styles'],
  ['examples/course.js', 'its script'],
  ['LICENSE', 'the licence (MIT)'],
  ['THIRD_PARTY_NOTICES.txt', 'the third-party works inside, with their licences'],
];
// What else a release build folder holds, and why it does not ship.
const BUILD_ONLY = [/^CMakeFiles$/, /^CMakeCache\.txt$/, /^cmake_install\.cmake$/, /^build\.ninja$/, /^\.ninja_/, /^compile_commands\.json$/,
  /^generated$/, /^header-only$/, /^src$/, /^shaders$/, /^third_party$/, /^h5p$/ /* the H5P content type: inside perceptron-cli's packages */,
  /^single$/ /* the single file's template and page styles: inlined into perceptron-lab-single.html */,
  /^fflate\.js$/ /* bundled into embed_scorm_save.js */, /\.log$/, /^Testing$/];

function fail(message) {
  console.error(`scripts/release.mjs: ${message}`);
  process.exit(1);
}

function checkWebFolder() {
  for (const [file] of SHIPPED_WEB) if (!fs.existsSync(path.join(webDir, file))) fail(`${webDir} has no ${file}: run ./scripts/build.sh web`);
  const shippedTop = new Set(SHIPPED_WEB.map(([file]) => file.split('/')[0]));
  const stray = fs.readdirSync(webDir).filter((name) => !shippedTop.has(name) && !BUILD_ONLY.some((re) => re.test(name)));
  if (stray.length) fail(`${webDir} holds files that are neither shipped nor known build files: ${stray.join(', ')} (add them to SHIPPED_WEB or BUILD_ONLY)`);
  if (fs.existsSync(path.join(webDir, 'test_hooks.js'))) fail(`${webDir} is a test build (test_hooks.js): use the release build`);
  if (!fs.existsSync(path.join(cliDir, 'perceptron-lab.js'))) fail(`${cliDir}/perceptron-lab.js is missing: run ./scripts/build.sh cli-node`);
}

const copy = (from, to) => { fs.mkdirSync(path.dirname(to), { recursive: true }); fs.copyFileSync(from, to); };
const fill = (file) => fs.readFileSync(path.join(repo, 'scripts', 'release', file), 'utf8').replaceAll('@VERSION@', version);

// The package's own package.json: public, every file a page names under `exports`, the command as `bin`.
export function packageJson() {
  return {
    name: 'perceptron-lab',
    version,
    description: 'An interactive widget for teaching the Perceptron and the Kernel Perceptron: exact decision regions, the mistake bound, guided lessons, grades for an LMS.',
    license: 'MIT',
    author: 'The Perceptron Lab authors',
    keywords: ['perceptron', 'kernel', 'machine-learning', 'teaching', 'widget', 'webassembly', 'scorm', 'h5p', 'xapi', 'accessibility'],
    browser: './dist/embed.js',
    module: './dist/embed.js',
    exports: {
      '.': './dist/embed.js',
      './embed.js': './dist/embed.js',
      './embed.css': './dist/embed.css',
      './single.html': './dist/perceptron-lab-single.html',
      './dist/*': './dist/*',
      './package.json': './package.json',
    },
    bin: { 'perceptron-lab': 'cli/perceptron-lab.js' },
    files: ['dist/', 'cli/', 'THIRD_PARTY_NOTICES.txt', 'CHANGELOG.md'],
    engines: { node: '>=18' },
    sideEffects: ['./dist/embed.js', '*.css'],
  };
}

function stagePackage() {
  fs.rmSync(stage, { recursive: true, force: true });
  for (const [file] of SHIPPED_WEB) copy(path.join(webDir, file), path.join(stage, 'dist', file));
  for (const file of fs.readdirSync(cliDir)) copy(path.join(cliDir, file), path.join(stage, 'cli', file));
  fs.chmodSync(path.join(stage, 'cli', 'perceptron-lab.js'), 0o755);
  // The package's notices cover both builds it carries.
  const notices = spawnSync(process.execPath, [path.join(repo, 'scripts', 'notices.mjs'), path.join(stage, 'THIRD_PARTY_NOTICES.txt'),
    webDir, path.resolve(cliDir, '..')], { encoding: 'utf8' });
  if (notices.status !== 0) fail(notices.stderr.trim());
  copy(path.join(repo, 'LICENSE'), path.join(stage, 'LICENSE'));
  copy(path.join(repo, 'CHANGELOG.md'), path.join(stage, 'CHANGELOG.md'));
  fs.writeFileSync(path.join(stage, 'README.md'), fill('npm-README.md'));
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
}

function npmPack() {
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' });
  if (packed.status !== 0) fail(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout);
  return { file: path.join(outDir, info.filename), size: info.size, unpackedSize: info.unpackedSize, entries: info.entryCount };
}

// The archive: one top folder, so that unzipping it never spills files into the folder it lands in.
// Every entry has one fixed date (2026-01-01): the same build gives the same bytes.
function archive() {
  const top = `perceptron-lab-${version}`;
  const files = {};
  for (const [file] of SHIPPED_WEB) files[`perceptron-lab/${file}`] = fs.readFileSync(path.join(webDir, file));
  files['LICENSE'] = fs.readFileSync(path.join(repo, 'LICENSE'));
  files['THIRD_PARTY_NOTICES.txt'] = fs.readFileSync(path.join(webDir, 'THIRD_PARTY_NOTICES.txt'));
  files['CHANGELOG.md'] = fs.readFileSync(path.join(repo, 'CHANGELOG.md'));
  files['README.txt'] = Buffer.from(fill('archive-README.txt'));
  const sums = Object.keys(files).sort().map((name) => `${crypto.createHash('sha256').update(files[name]).digest('hex')}  ${name}\n`).join('');
  files['SHA256SUMS'] = Buffer.from(sums);
  const mtime = new Date(Date.UTC(2026, 0, 1));
  const tree = {};
  for (const name of Object.keys(files).sort()) tree[`${top}/${name}`] = [new Uint8Array(files[name]), { mtime }];
  const zip = zipSync(tree, { level: 9, mtime });
  const file = path.join(outDir, `${top}.zip`);
  fs.writeFileSync(file, zip);
  return { file, size: zip.length, entries: Object.keys(tree).length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkWebFolder();
  fs.mkdirSync(outDir, { recursive: true });
  stagePackage();
  const tgz = npmPack();
  const zip = archive();
  console.log(`${path.relative(repo, tgz.file)}: ${tgz.entries} files, ${(tgz.size / 1024).toFixed(0)} KB (${(tgz.unpackedSize / 1024).toFixed(0)} KB unpacked)`);
  console.log(`${path.relative(repo, zip.file)}: ${zip.entries} files, ${(zip.size / 1024).toFixed(0)} KB`);
}
