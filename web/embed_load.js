// The widget's own files and what a page is told when one of them does not come as it should. The files
// (the two WebAssembly parts, the lessons' texts, the late modules, the single file Author mode packs) are
// always next to embed.js, wherever that is: the page's own folder, or a CDN on another origin
// (docs/reference.md "Loading from a CDN"). Their addresses are made from the folder the module glue
// found itself in (the URL of the module script itself, given to locateFile as `prefix`), never from the page's address:
// relative to the page they would ask the course's server for files it does not have. A file that fails
// is said in the widget's own box over the canvas, naming the file, the HTTP status or the lost
// connection, and what to do; never only on the console, which a teacher or a student does not open.

/** Why a fetch of `url` failed: {status} for an HTTP error, {offline: true} when nothing answered. */
export function failureOf(responseOrError) {
  if (responseOrError && typeof responseOrError.status === 'number' && responseOrError.status > 0) return { status: responseOrError.status };
  return { offline: true };
}

/**
 * What to say when a file could not be loaded: `lead` (e.g. 'Perceptron Lab could not load its lessons'),
 * then the file, why, where from, and what to do. A missing file (an HTTP error) is the page's author's
 * to fix; no answer at all is the connection's.
 */
export function loadProblem(lead, file, url, why) {
  const from = hostOf(url);
  if (why.offline) {
    return `${lead} (${file}: no answer from ${from}; the page may be offline). Check the connection, then reload the page.`;
  }
  return `${lead} (${file}: HTTP ${why.status} from ${from}). `
    + `Reload the page; if this stays, tell the page's author: ${file} must be in the same folder as embed.js.`;
}

/** A file that came with another type than application/wasm: the widget works, more slowly. */
export function wasmTypeProblem(file, type, url) {
  return `${file} came from ${hostOf(url)} as ${type || 'no type'}, not application/wasm, so it loaded the slow way `
    + '(the widget works). The page\'s author: have the server send .wasm files with Content-Type: application/wasm.';
}

function hostOf(url) {
  try { return new URL(url).host || url; } catch (err) { return String(url); }
}

/**
 * Compiles a fetched .wasm. WebAssembly's streaming compile takes only application/wasm; any other type
 * (text/plain, application/octet-stream: a server that does not know the extension) is compiled from
 * its bytes instead, and onWrongType(type) says so. Rejects with loadProblem()'s sentence on a failed fetch.
 * streaming(response) / fromBytes(bytes): the caller's compile or instantiate, by stream or from bytes.
 */
export async function fetchWasm(url, file, lead, { streaming, fromBytes, onWrongType }) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (err) {
    throw new Error(loadProblem(lead, file, url, failureOf(err)));
  }
  if (!response.ok) throw new Error(loadProblem(lead, file, url, failureOf(response)));
  const type = (response.headers.get('Content-Type') || '').split(';')[0].trim();
  if (type === 'application/wasm' && streaming) return streaming(response);
  onWrongType(type);
  let bytes;
  try {
    bytes = await response.arrayBuffer();
  } catch (err) {
    throw new Error(loadProblem(lead, file, url, { offline: true }));
  }
  return fromBytes(bytes);
}

/**
 * The Emscripten module option instantiateWasm for the first part: fetched by fetchWasm (so a missing
 * file or a lost connection is said with its status, where the glue would only abort), instantiated
 * with the glue's imports. firstPartUrl() gives its address (found by locateFile); onFailure(error) ends
 * the start; onWrongType(message) says a slow load.
 */
export function instantiateFirstPart({ firstPartUrl, onFailure, onWrongType, file = 'perceptron_lab.wasm' }) {
  return (imports, receiveInstance) => {
    const url = firstPartUrl();
    fetchWasm(url, file, 'Perceptron Lab could not start: its code did not load', {
      streaming: WebAssembly.instantiateStreaming ? (response) => WebAssembly.instantiateStreaming(response, imports) : null,
      fromBytes: (bytes) => WebAssembly.instantiate(bytes, imports),
      onWrongType: (type) => onWrongType(wasmTypeProblem(file, type, url)),
    }).then((made) => receiveInstance(made.instance, made.module), onFailure);
    return {};  // asynchronous: the glue waits for receiveInstance
  };
}

/**
 * embed.css and embed.js of one version: the stylesheet names its version (--perceptron-lab-version on
 * .perceptron-lab); '' when they agree or the page has no stylesheet of ours, else what to tell the page.
 */
export function versionMismatch(element, labVersion) {
  const declared = getComputedStyle(element).getPropertyValue('--perceptron-lab-version').trim().replace(/^["']|["']$/g, '');
  if (!declared || declared === labVersion) return '';
  return `This page loads embed.js ${labVersion} with embed.css ${declared}: the widget may look wrong. `
    + `The page's author: load both files from the same version (${labVersion}).`;
}
