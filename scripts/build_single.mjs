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

// embed.js is an ES module; here it becomes part of one classic script. Its only import is the module
// factory, which the single-file module JS defines as a global; its exports become locals.
function classicEmbed(source) {
  const importLine = /^import createPerceptronLabModule from '\.\/perceptron_lab\.js';\s*$/m;
  if (!importLine.test(source)) throw new Error('embed.js: the import line changed; update build_single.mjs');
  let out = source.replace(importLine, '');
  out = out.replace(/^export (async function|function|const|let|class) /gm, '$1 ');
  if (/^\s*(export|import)\b/m.test(out) || out.includes('import.meta')) {
    throw new Error('embed.js: unexpected module syntax left for the classic single-file script');
  }
  return `(function () {\n'use strict';\n${out}\nwindow.PerceptronLab = { mountPerceptron, autoMount, optionsFromElement, HANDLE_VERSION, MESSAGE_PREFIX };\n})();\n`;
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
const script = `${moduleJs}\n${classicEmbed(read(path.join(repo, 'web/embed.js')))}`.replace(/<\/script/gi, '<\\/script');
const style = `${read(path.join(repo, 'web/embed.css'))}\n${read(path.join(repo, 'web/single/page.css'))}`;
const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)} 'wasm-unsafe-eval'`,
  `style-src ${hash(style)}`,
  'img-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const template = read(path.join(repo, 'web/single/template.html'));
for (const mark of ['/*PL_CSP*/', '/*PL_STYLE*/', '/*PL_SCRIPT*/']) {
  if (template.split(mark).length !== 2) throw new Error(`template: expected one ${mark}`);
}
// Function replacements: the inlined code contains '$' sequences that a replacement string would expand.
const html = template.replace('/*PL_CSP*/', () => csp).replace('/*PL_STYLE*/', () => style).replace('/*PL_SCRIPT*/', () => script);
fs.mkdirSync(path.dirname(outputPath), { recursive: true });
fs.writeFileSync(outputPath, html);
console.log(`${outputPath}: ${(html.length / 1024).toFixed(0)} KB`);
