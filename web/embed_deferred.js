// The widget's WebAssembly comes in two parts (docs/developers.md "Download size"): the module's own .wasm holds what
// the first frames need, perceptron_lab.deferred.wasm the rest (training, the other views, importing,
// lessons, ...), split by wasm-split from the list in src/platform/split/keep_functions.txt. The rest
// is fetched and compiled in the background once the first frame is on screen, and attached to each
// widget instance; every widget on a page shares one fetch and one compile.
//
// Code of the rest that runs before it has arrived (a click in the first few hundred milliseconds)
// fetches and compiles it synchronously instead (the Emscripten glue calls loadSplitModule): a short
// pause, never a wrong result. A single-file build has no deferred part; then this does nothing.

import { fetchOk, loadProblem, wasmTypeProblem } from './embed_load.js';

const DEFERRED_FILE = 'perceptron_lab.deferred.wasm';
// The built-in lessons' texts come with the rest as one file of their own (src/platform/web_lesson_texts.cpp:
// data in the WebAssembly would be part of the first download, whatever code uses it).
const LESSONS_FILE = 'perceptron_lab.lessons.txt';
const compiled = new Map();  // absolute URL -> Promise<WebAssembly.Module>, shared by the page's widgets
const lessonFiles = new Map();  // absolute URL -> Promise<Uint8Array>, shared too

// Returns the module options that route the glue's lookups through here ({locateFile, loadSplitModule})
// and attach(module): starts the background load; resolves when the rest is in (at once without one).
// say(message): what the page is told in the widget's box: the rest was needed and could not be fetched
// (the widget cannot go on), it came with another type than application/wasm (loaded the slow way), the
// lessons' texts could not be fetched in the background. onArrived(): the rest came on the spot after
// all (its background fetch had failed).
export function createDeferredPart({ say, onArrived }) {
  let directory = null;  // where the glue found the first part (null: inlined, single-file build)
  let module = null;
  let instance = null;
  let compiledNow = null;  // the compiled rest, once the background compile is done
  let lessonBytes = null;  // the lessons' file, once it is in

  // Next to the first part, which is next to the module glue (the module's own URL): on a CDN that is the
  // CDN's folder, not the page's. document.baseURI only for a build without a folder (never fetched there).
  const urlOf = (file) => new URL(file, directory || document.baseURI).href;
  const hasDeferredPart = () => !!module && !!module.asm && Object.keys(module.asm).some((name) => name[0] === '%');
  // The rest imports the first part's exports (memory, table, functions) as 'primary'.
  const instantiate = (wasmModule, imports) => {
    if (!instance) instance = new WebAssembly.Instance(wasmModule, imports);
  };

  const moduleOptions = {
    locateFile(path, prefix) {
      if (path.endsWith('.wasm')) directory = prefix;
      return prefix + path;
    },
    // The module (web_lesson_texts.cpp), synchronously: the lessons' texts, fetched now if they are not in
    // yet. Throws why they cannot be had (the module says so in place of the lessons).
    lessonTexts() {
      if (!lessonBytes) lessonBytes = fetchSync(urlOf(LESSONS_FILE), LESSONS);
      return lessonBytes;
    },
    // The glue, synchronously, from the first call into code of the rest that has not arrived yet.
    loadSplitModule(url, glueImports) {
      if (instance) return;
      try {
        instantiate(compiledNow || new WebAssembly.Module(fetchSync(url)), glueImports);
        onArrived();
      } catch (err) {
        say(err.message);
        throw err;
      }
    },
  };

  async function attach(emscriptenModule) {
    module = emscriptenModule;
    if (!hasDeferredPart()) return;  // the single file: code and lessons are all in
    const url = urlOf(DEFERRED_FILE);
    const lessonsUrl = urlOf(LESSONS_FILE);
    if (!instance && !compiled.has(url)) compiled.set(url, compileFrom(url, say));
    if (!lessonBytes && !lessonFiles.has(lessonsUrl)) lessonFiles.set(lessonsUrl, bytesFrom(lessonsUrl));
    const lessons = lessonBytes ? Promise.resolve(lessonBytes) : lessonFiles.get(lessonsUrl);
    if (!instance) {
      compiledNow = await compiled.get(url).catch((err) => {
        compiled.delete(url);  // a later widget (or the synchronous path) tries again
        throw err;
      });
      instantiate(compiledNow, { primary: module.asm });
    }
    // A failed fetch is tried again, synchronously, when a lesson is first opened (lessonTexts above).
    const bytes = await lessons.catch((err) => {
      lessonFiles.delete(lessonsUrl);
      say(err.message);  // a lesson asks for them again when it opens
      return null;
    });
    if (bytes && !lessonBytes) lessonBytes = bytes;
    if (lessonBytes) module._pl_lesson_texts_arrived();
  }

  return { moduleOptions, attach };
}

const REST = 'the rest of its code';
const LESSONS = 'its lessons';

async function bytesFrom(url) {
  return new Uint8Array(await (await fetchOk(url, `Perceptron Lab could not load ${LESSONS}`)).arrayBuffer());
}

// WebAssembly's streaming compile takes only application/wasm: a server that sends the .wasm as another
// type (text/plain, application/octet-stream: it does not know the extension) has it compiled from its
// bytes instead, more slowly, and the page is told how to fix the server.
async function compileFrom(url, onWrongType) {
  const response = await fetchOk(url, `Perceptron Lab could not load ${REST}`);
  if (String(response.headers.get('Content-Type')).startsWith('application/wasm')) return WebAssembly.compileStreaming(response);
  onWrongType(wasmTypeProblem(url));
  return WebAssembly.compile(await response.arrayBuffer());
}

// A synchronous request may not ask for an ArrayBuffer on the main thread; a user-defined charset
// hands the bytes over one per character instead.
function fetchSync(url, what = REST) {
  const request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  const failed = (status) => new Error(loadProblem(`Perceptron Lab could not load ${what}`, url, status));
  try {
    request.send(null);
  } catch (err) {
    throw failed(0);
  }
  if (request.status !== 200) throw failed(request.status);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
