// The widget's own files and what a page is told when one of them does not come as it should. The files
// (the two WebAssembly parts, the lessons' texts, the late modules, the single file Author mode packs) are
// always next to embed.js, wherever that is: the page's own folder, or a CDN on another origin
// (docs/reference.md "Loading from a CDN"). Their addresses are made from the folder the module glue
// found itself in (the module script's own URL, given to locateFile as `prefix`), never from the page's
// address: relative to the page they would ask the course's server for files it does not have. Only what
// belongs to the page (data-lesson-src, data-xapi-endpoint) is relative to the page. A file that fails
// is said in the widget's own box over the canvas, naming the file, the HTTP status or the lost
// connection, and what to do; never only on the console, which a teacher or a student does not open.

const nameOf = (url) => url.slice(url.lastIndexOf('/') + 1);

/**
 * What to say when the file at `url` could not be loaded: `lead` (e.g. 'Perceptron Lab could not load its
 * lessons'), then the file, why (the HTTP status; 0 or none: nothing answered), where from, and what to
 * do. A missing file is the page's author's to fix; no answer at all is the connection's.
 */
export function loadProblem(lead, url, status) {
  const file = nameOf(url);
  const from = new URL(url).host;
  return status
    ? `${lead} (${file}: HTTP ${status} from ${from}). The page's author: put ${file} next to embed.js.`
    : `${lead} (${file}: no answer from ${from}). Check the connection, then reload the page.`;
}

/** The .wasm at `url` came with another type than application/wasm: the widget works, more slowly. */
export function wasmTypeProblem(url) {
  return `${nameOf(url)} came from ${new URL(url).host} without Content-Type: application/wasm, so it loaded `
    + 'the slow way. The page\'s author: have the server send .wasm files as application/wasm.';
}

/** fetch(url), or an Error with loadProblem()'s sentence when it fails or answers with an HTTP error. */
export async function fetchOk(url, lead) {
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    response = err;  // no status: nothing answered
  }
  if (!response.ok) throw new Error(loadProblem(lead, url, response.status));
  return response;
}

/** loadProblem()'s sentence for the file at `url` when asking for it again fails; '' when it comes. */
export async function fileProblem(lead, url) {
  try {
    await fetchOk(url, lead);
    return '';
  } catch (err) {
    return err.message;
  }
}

/**
 * embed.css and embed.js of one version: the stylesheet names its version (--perceptron-lab-version on
 * .perceptron-lab); '' when they agree or the page has no stylesheet of ours, else what to tell the page.
 */
export function versionMismatch(element, labVersion) {
  const declared = getComputedStyle(element).getPropertyValue('--perceptron-lab-version').replace(/["' ]/g, '');
  if (!declared || declared === labVersion) return '';
  return `This page loads embed.js ${labVersion} with embed.css ${declared}. The page's author: load both from one version.`;
}
