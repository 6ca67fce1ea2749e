// Writes THIRD_PARTY_NOTICES.txt for one build folder: every third-party work that the build really
// puts into what ships (the web widget, the single file, the Node command line), with its licence text.
//
//   node scripts/notices.mjs OUTPUT_FILE BUILD_DIR [BUILD_DIR...]
//
// (several build folders: the works of all of them, once each: the npm package's notices cover the web
// build and the Node command line.)
// Made from the build's inputs, so it cannot drift from them: the script reads the build folder's
// build.ninja (every compile and link line, every custom command's inputs) and compile_commands.json,
// collects each absolute path that lies outside this repository and the build folder, and names the
// work each belongs to from the table below. A path that belongs to no row, and is not a build tool,
// stops the build and says which path: a new dependency cannot ship without its notice.
// The licence texts are read from what Debian installed (/usr/share/doc/<package>/copyright), from the
// Debian source packages scripts/setup.sh unpacked, and from the npm packages in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deps = process.env.PL_DEPS_DIR || path.join(os.homedir(), '.cache', 'perceptron-lab');

// A path that is a program run during the build, not something that ends up in its output.
const BUILD_TOOLS = [/^\/usr\/bin\//, /^\/bin\//, /^\/usr\/share\/emscripten\/(em|tools|third_party|cmake|emcc|emcmake|emscripten\.py)/,
  /^\/usr\/lib\/python3/, /^\/usr\/share\/cmake/, /^\/usr\/share\/binaryen/, /^\/usr\/lib\/llvm/,
  /^\/dev\/null$/, /^\/tmp\//];

// Reads a Debian machine-readable copyright file into its paragraphs (DEP-5: blank-line separated,
// "Field: value" with indented continuation lines).
function dep5(file) {
  const paragraphs = [];
  for (const block of fs.readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const fields = {};
    let last = null;
    for (const line of block.split('\n')) {
      const m = /^([A-Za-z-]+):\s?(.*)$/.exec(line);
      if (m && !line.startsWith(' ')) { last = m[1]; fields[last] = m[2]; }
      else if (last && /^\s/.test(line)) fields[last] += `\n${line}`;
    }
    if (Object.keys(fields).length) paragraphs.push({ fields, text: block.trim() });
  }
  return paragraphs;
}

// The paragraphs of a DEP-5 file that cover the given file patterns (prefixes of the Files: globs), and
// the stand-alone licence paragraphs that they name.
function dep5Excerpt(file, prefixes) {
  const paragraphs = dep5(file);
  const chosen = paragraphs.filter((p) => p.fields.Files &&
    p.fields.Files.split(/\s+/).some((glob) => prefixes.some((prefix) => glob === prefix || glob.startsWith(prefix))));
  if (!chosen.length) throw new Error(`${file}: no paragraph covers ${prefixes.join(', ')}`);
  const names = new Set();
  for (const p of chosen) {
    for (const name of p.fields.License.split('\n')[0].split(/\s+(?:or|and|with)\s+|,\s*/)) names.add(name.trim());
  }
  const licences = paragraphs.filter((p) => !p.fields.Files && p.fields.License && names.has(p.fields.License.split('\n')[0].trim()));
  return [...chosen, ...licences].map((p) => p.text).join('\n\n');
}

const read = (file) => {
  if (!fs.existsSync(file)) throw new Error(`the licence text ${file} is missing (run scripts/setup.sh)`);
  return fs.readFileSync(file, 'utf8').trim();
};
const npmVersion = (name) => JSON.parse(fs.readFileSync(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;

// One row per third-party work that can reach a build's output. `match` finds it among the build's
// absolute paths (or link flags); `text` gives its licence text.
const WORKS = [
  { id: 'imgui', name: 'Dear ImGui', version: '1.86', spdx: 'MIT', where: 'the widget\'s whole user interface (compiled in)',
    match: /\/imgui-1\.86(\/|$)/, text: () => read(path.join(deps, 'src', 'imgui-1.86', 'LICENSE.txt')) },
  { id: 'sdl2', name: 'SDL2 (Simple DirectMedia Layer)', version: '2.26.5', spdx: 'Zlib', where: 'window, input and GL context (compiled in)',
    match: /SDL2-2\.26\.5|sdl2-2\.26\.5-web|libSDL2|\/include\/SDL2(\/|$)|\/cmake\/SDL2\//, text: () => read(path.join(deps, 'src', 'SDL2-2.26.5', 'LICENSE.txt')) },
  { id: 'dejavu', name: 'DejaVu Sans (a subset of its glyphs)', version: 'fonts-dejavu-core', spdx: 'Bitstream-Vera AND LicenseRef-DejaVu-public-domain',
    where: 'the user interface font (a subset, compiled in)', match: /\/dejavu\/DejaVuSans/,
    text: () => read('/usr/share/doc/fonts-dejavu-core/copyright') },
  { id: 'nlohmann-json', name: 'JSON for Modern C++ (nlohmann/json)', version: '3.11', spdx: 'MIT', where: 'reading and writing JSON (compiled in)',
    match: /header-only\/pl_json|\/usr\/include\/nlohmann/, text: () => read('/usr/share/doc/nlohmann-json3-dev/copyright') },
  { id: 'glm', name: 'OpenGL Mathematics (GLM)', version: '0.9.9', spdx: 'MIT', where: 'the 3-D lift view\'s camera (compiled in)',
    match: /header-only\/pl_glm|\/usr\/include\/glm/, text: () => read('/usr/share/doc/libglm-dev/copyright') },
  { id: 'fflate', name: 'fflate', version: () => npmVersion('fflate'), spdx: 'MIT', where: 'fflate.js: zips the SCORM packages Author mode saves',
    match: /\/node_modules\/fflate\//, text: () => read(path.join(repo, 'node_modules', 'fflate', 'LICENSE')) },
  { id: 'libzip', name: 'libzip', version: '1.7', spdx: 'BSD-3-Clause', where: 'the command line\'s package command writes zips with it',
    match: /libzip|(^|\s)-lzip\b/, text: () => read('/usr/share/doc/libzip-dev/copyright') },
  { id: 'zlib', name: 'zlib', version: '1.2.13', spdx: 'Zlib', where: 'deflate compression inside libzip',
    match: /\/zlib-[0-9]|libz\.a|(^|\s)-lz\b/, text: () => read('/usr/share/doc/zlib1g/copyright') },
  { id: 'emscripten', name: 'Emscripten\'s runtime (its JavaScript glue, musl libc, libc++, libc++abi, compiler-rt, dlmalloc)',
    version: '3.1.6', spdx: '(MIT OR NCSA) AND MIT AND Apache-2.0 WITH LLVM-exception AND LicenseRef-public-domain',
    where: 'the WebAssembly module\'s C and C++ run-time libraries and its JavaScript loader (compiled in)',
    match: /\/usr\/(bin|share\/emscripten)\/em(cc|\+\+)/,
    text: () => dep5Excerpt('/usr/share/doc/emscripten/copyright',
      ['*', 'src/', 'system/lib/libc/musl/', 'system/lib/libcxx/', 'system/lib/libcxxabi/', 'system/lib/compiler-rt/', 'system/lib/dlmalloc.c']) },
];

// Third-party inputs of a build that never reach what ships, and why.
const NOT_SHIPPED = [
  { match: /\/doctest(\/|$)/, why: 'doctest: the unit tests only' },
];

// Every absolute path (or -l flag) named by the build folder's build files.
function buildInputs(buildDir) {
  const texts = [];
  for (const name of ['build.ninja', 'compile_commands.json']) {
    const file = path.join(buildDir, name);
    if (fs.existsSync(file)) texts.push(fs.readFileSync(file, 'utf8'));
  }
  if (!texts.length) throw new Error(`${buildDir} has no build.ninja: build it first`);
  const found = new Set();
  for (const text of texts) {
    for (const m of text.matchAll(/(?:^|[\s"'=:;(,]|-I|-isystem\s)(\/[^\s"'$;,)]+)/g)) found.add(m[1].replace(/\\$/, ''));
    for (const m of text.matchAll(/(?:^|\s)(-l[A-Za-z0-9_+-]+)/g)) found.add(m[1]);
  }
  // The header-only libraries are linked into the build folder (CMakeLists.txt pl_header_only_library).
  const headerOnly = path.join(buildDir, 'header-only');
  if (fs.existsSync(headerOnly)) for (const lib of fs.readdirSync(headerOnly)) found.add(path.join(headerOnly, lib));
  return [...found];
}

export function noticesFor(buildDir) {
  buildDir = path.resolve(buildDir);
  const present = new Map();
  const unknown = [];
  for (const input of buildInputs(buildDir)) {
    // A path may name more than one work (the Node build's prefix holds zlib and libzip).
    const works = WORKS.filter((w) => w.match.test(input));
    for (const work of works) present.set(work.id, work);
    if (works.length) continue;
    if (NOT_SHIPPED.some((n) => n.match.test(input))) continue;
    if (input.startsWith('-l')) {
      if (!['-lm', '-ldl', '-lpthread', '-lrt', '-lc'].includes(input)) unknown.push(input);
      continue;
    }
    const inside = (root) => input === root || input.startsWith(`${root}/`);
    if (inside(repo) || inside(buildDir) || BUILD_TOOLS.some((re) => re.test(input))) continue;
    // System headers and libraries of the native compiler and the Emscripten sysroot belong to the
    // toolchain row (emscripten) or to the platform (a native program links the machine's own libc).
    if (/^\/usr\/(include|lib)\/(x86_64|aarch64|gcc|clang)/.test(input) || /^\/usr\/share\/emscripten\//.test(input)) continue;
    if (/^\/usr\/lib\/x86_64-linux-gnu\/lib(GL|OpenGL|GLX|X11)/.test(input)) continue;  // the native app's GL, not shipped
    unknown.push(input);
  }
  if (unknown.length) {
    throw new Error(`the build uses third-party inputs that scripts/notices.mjs has no notice for:\n  ${[...new Set(unknown)].join('\n  ')}\n` +
      'add a row to WORKS there (name, version, licence, where it is used, the licence text)');
  }
  return WORKS.filter((w) => present.has(w.id));
}

export function noticesText(works, version) {
  const rule = '='.repeat(78);
  const lines = [
    `Perceptron Lab ${version}: third-party notices`,
    '',
    'Perceptron Lab is MIT licensed (LICENSE beside this file). It ships with the third-party works',
    'below, each under its own licence, whose full text follows its entry. This file is written by the',
    'build from its inputs (scripts/notices.mjs), so it lists what the build really puts in.',
    '',
    ...works.map((w) => `- ${w.name} ${typeof w.version === 'function' ? w.version() : w.version} (${w.spdx}): ${w.where}`),
    '',
  ];
  for (const w of works) {
    lines.push(rule, `${w.name} ${typeof w.version === 'function' ? w.version() : w.version}`, `Licence: ${w.spdx}`, `Used for: ${w.where}`, rule, '', w.text(), '');
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [output, ...buildDirs] = process.argv.slice(2);
  if (!output || !buildDirs.length) {
    console.error('usage: node scripts/notices.mjs OUTPUT_FILE BUILD_DIR [BUILD_DIR...]');
    process.exit(2);
  }
  try {
    const version = /project\(PerceptronLab VERSION ([0-9.]+)/.exec(fs.readFileSync(path.join(repo, 'CMakeLists.txt'), 'utf8'))[1];
    const ids = new Set(buildDirs.flatMap((dir) => noticesFor(dir).map((w) => w.id)));
    const text = noticesText(WORKS.filter((w) => ids.has(w.id)), version);
    if (!fs.existsSync(output) || fs.readFileSync(output, 'utf8') !== text) fs.writeFileSync(output, text);
  } catch (err) {
    console.error(`scripts/notices.mjs: ${err.message}`);
    process.exit(1);
  }
}
