// See build_single.sh. Inlines everything into web/single/template.html and writes a Content-Security-
// Policy <meta> that allows exactly the inlined script and style (by hash) and WebAssembly
// compilation ('wasm-unsafe-eval'), nothing else: no eval, no network.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [moduleJsPath, outputPath] = process.argv.slice(2);
if (!moduleJsPath || !outputPath) throw new Error('usage: build_single.mjs SINGLE_MODULE_JS OUTPUT_HTML');
const read = (p) => fs.readFileSync(p, 'utf8');

// embed.js and the modules it imports are ES modules; here they become one classic script (a module
// script does not load from file://). Each module turns into a function that runs once, in import
// order, and returns its exports; an import turns into a read of those exports. Only the syntax the
// web/ modules use is accepted (see the header of web/embed.js); anything else stops the build rather
// than producing a broken file.
const FACTORY_IMPORT = /^import createPerceptronLabModule from '\.\/perceptron_lab\.js';[ \t]*$/m;
const NAMED_IMPORT = /^import \{([^}]*)\} from '\.\/([\w-]+\.js)';[ \t]*$/gm;
const EXPORT_DECLARATION = /^export (async function|function|const|class) ([\w$]+)/gm;
const EXPORT_LIST = /^export \{([^}]*)\};[ \t]*$/gm;

const names = (list) => list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => s.split(/\s+as\s+/));

function bundleModules(entry, extras = []) {
  const order = [];
  const visiting = new Set();
  const sources = new Map();
  const visit = (file) => {
    if (sources.has(file)) return;
    if (visiting.has(file)) throw new Error(`web/${file}: circular import; build_single.mjs runs modules in import order`);
    visiting.add(file);
    const source = read(path.join(repo, 'web', file));
    for (const [, , dependency] of source.matchAll(NAMED_IMPORT)) visit(dependency);
    visiting.delete(file);
    sources.set(file, source);
    order.push(file);
  };
  visit(entry);
  for (const extra of extras) visit(extra.file);

  const parts = order.map((file) => {
    const exported = [];
    let out = sources.get(file).replace(FACTORY_IMPORT, '');  // the single-file module JS defines it globally
    out = out.replace(NAMED_IMPORT, (line, list, dependency) =>
      `const { ${names(list).map(([name, local]) => (local ? `${name}: ${local}` : name)).join(', ')} } = modules['${dependency}'];`);
    out = out.replace(EXPORT_DECLARATION, (line, kind, name) => { exported.push(name); return `${kind} ${name}`; });
    out = out.replace(EXPORT_LIST, (line, list) => {
      for (const [local, name] of names(list)) exported.push(name ? `${name}: ${local}` : local);
      return '';
    });
    if (/^\s*(export|import)\b/m.test(out) || out.includes('import.meta')) {
      throw new Error(`web/${file}: module syntax that build_single.mjs does not handle (see web/embed.js)`);
    }
    return `modules['${file}'] = (function () {\n'use strict';\n${out}\nreturn { ${exported.join(', ')} };\n})();\n`;
  });
  // Modules embed.js imports only when a page asks for them (the SCORM run-time, xAPI) or after the
  // first frame (the accessible mirror) are on window too.
  const globals = extras.map((extra) => `window.${extra.global} = modules['${extra.file}'];\n`).join('');
  return `(function () {\nconst modules = {};\n${parts.join('')}window.PerceptronLab = modules['${entry}'];\n${globals}})();\n`;
}

// Emscripten 3.1.6 first tries fetch() on the wasm's data: URI (a CSP violation under connect-src
// 'none') before decoding it itself; newer versions skip the fetch for data: URIs, and so do we.
function noDataUriFetch(js) {
  const from = 'if(typeof fetch=="function"){return fetch(wasmBinaryFile';
  const to = 'if(typeof fetch=="function"&&!isDataURI(wasmBinaryFile)){return fetch(wasmBinaryFile';
  if (js.split(from).length !== 2) throw new Error('module JS: getBinaryPromise changed; update build_single.mjs');
  return js.replace(from, () => to);
}

const moduleJs = noDataUriFetch(read(moduleJsPath));
if (!/var createPerceptronLabModule\b/.test(moduleJs)) throw new Error(`${moduleJsPath}: no createPerceptronLabModule`);
// A literal "</script" inside the inlined code would end the <script> element early.
const script = `${moduleJs}\n${bundleModules('embed.js', [{ file: 'embed_scorm.js', global: 'PerceptronLabScorm' },
  { file: 'embed_xapi.js', global: 'PerceptronLabXapi' }, { file: 'embed_a11y.js', global: 'PerceptronLabA11y' },
  { file: 'embed_about.js', global: 'PerceptronLabAbout' }, { file: 'embed_messages.js', global: 'PerceptronLabMessages' }])}`.replace(/<\/script/gi, '<\\/script');
const style = `${read(path.join(repo, 'web/embed.css'))}\n${read(path.join(repo, 'web/single/page.css'))}`;
// ASCII only (write \u2026, not the character): a page that inlines the file with srcdoc in a document of
// another encoding would change those bytes, the CSP hashes would no longer match, and nothing would run.
for (const [name, text] of [['script', script], ['style', style]]) {
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) throw new Error(`single file: non-ASCII character in the inlined ${name}: ...${text.slice(Math.max(0, at - 60), at + 10)}...`);
}
const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)} 'wasm-unsafe-eval'`,
  `style-src ${hash(style)}`,
  'img-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// The licence and the notices the build wrote beside this file (CMakeLists.txt pl_notices), carried inside
// so that the file alone (and every SCORM and H5P package made from it) says what it holds.
const noticesText = ['LICENSE', 'THIRD_PARTY_NOTICES.txt'].map((name) => {
  const file = path.join(path.dirname(outputPath), name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: the build writes it before the single file (pl_notices)`);
  return read(file).trim();
}).join('\n\n');
if (/<\/script/i.test(noticesText)) throw new Error('the notices contain "</script", which would end their element early');

const template = read(path.join(repo, 'web/single/template.html'));
for (const mark of ['/*PL_CSP*/', '/*PL_STYLE*/', '/*PL_SCRIPT*/', '/*PL_NOTICES*/']) {
  if (template.split(mark).length !== 2) throw new Error(`template: expected one ${mark}`);
}
// Function replacements: the inlined code contains '$' sequences that a replacement string would expand.
const html = template.replace('/*PL_CSP*/', () => csp).replace('/*PL_STYLE*/', () => style).replace('/*PL_SCRIPT*/', () => script)
  .replace('/*PL_NOTICES*/', () => noticesText);
fs.mkdirSync(path.dirname(outputPath), { recursive: true });
fs.writeFileSync(outputPath, html);
console.log(`${outputPath}: ${(html.length / 1024).toFixed(0)} KB`);
