// Perceptron Lab embed API (ES module), the entry of the widget:
//   const lab = await mountPerceptron(element, options)  ->  the JS handle (docs/reference.md "The JS handle")
//   <div class="perceptron-lab" data-preset="xor" data-kernel="rbf"></div>  ->  mounted by autoMount()
// Each call creates its own canvas and its own WebAssembly instance (own memory and state), so several
// widgets can live on one page without sharing anything.
//
// The widget is split by concern (every embed_*.js of web/):
//   embed_handle.js (the handle), embed_options.js (mount options), embed_version.js (the version the
//   files must share), embed_load.js (the widget's own files, and what a page is told when one fails),
//   embed_wasm.js (calls into the module), embed_deferred.js (the second WebAssembly part and the
//   lessons' texts, fetched after the first frame);
//   embed_page.js (canvas, message box, wheel, size, page URL), embed_keys.js (keyboard focus in the
//   page), embed_soft_keyboard.js (a phone's on-screen keyboard for the canvas's text fields),
//   embed_page_scroll.js (one finger scrolls the course page past the widget);
//   embed_share.js (clipboard, downloads, import), embed_snapshot.js (PNG), embed_messages_start.js
//   with embed_messages.js (postMessage; fetched when the first message comes), embed_about.js (the
//   licence and notices);
//   embed_lessons.js (the lesson verbs) with embed_lesson_link.js (an instructor's lesson inside a link),
//   embed_remember.js (the work kept across a reload of the page), embed_check_states.js (the state
//   each step was checked on, kept across a reload);
//   embed_scorm.js (the SCORM run-time of a lesson package) and embed_scorm_save.js (Author mode's SCORM
//   zips), embed_xapi_start.js with embed_xapi_options.js, embed_xapi.js and embed_xapi_send.js (xAPI
//   statements; loaded only by a page that uses them);
//   embed_a11y.js with embed_a11y_parts.js, embed_a11y_lesson.js and embed_a11y_views.js (the accessible
//   mirror: the table view and the live announcements; loaded after the first frame, see A11Y_MODULE).
// scripts/build_single.mjs joins them into one classic script for the single-file build: use only
// `import {...} from './x.js'` of these files (plus the module factory's default import below), `export` in
// front of top-level declarations or `export {names}`, and not the module-only `import` meta property.
import createPerceptronLabModule from './perceptron_lab.js';
import { HANDLE_VERSION, createHandle } from './embed_handle.js';
import { MESSAGE_PREFIX, setUpMessages } from './embed_messages_start.js';
import { setUpKeyboard } from './embed_keys.js';
import { applyStartOptions, optionsFromElement, startsFromDefaults, styleElement } from './embed_options.js';
import { createCanvas, createNoticeBox, followAddressedLinks, followWheelFocus, keepUrlInSync, linkAddressedTo,
  redrawOnResize } from './embed_page.js';
import { forgetSaved, keepRemembering, readSaved, rememberKey, remembers } from './embed_remember.js';
import { keepCheckStates } from './embed_check_states.js';
import { HOST_REQUEST, setUpShare } from './embed_share.js';
import { createSnapshots } from './embed_snapshot.js';
import { setUpSoftKeyboard } from './embed_soft_keyboard.js';
import { setUpPageScroll } from './embed_page_scroll.js';
import { wasmCalls } from './embed_wasm.js';
import { createDeferredPart } from './embed_deferred.js';
import { fileProblem, versionMismatch, wasmTypeProblem } from './embed_load.js';
import { LAB_VERSION } from './embed_version.js';
import { setUpXapi } from './embed_xapi_start.js';

export { HANDLE_VERSION, MESSAGE_PREFIX, optionsFromElement };

/**
 * options:
 *   link            a full link or '#fragment' to start from (default: the built-in 4-point example)
 *   state           a full-state object (what handle.state() or exportJson() gives) to start from
 *   preset          a named data set ('lecture4', 'xor', 'circles', 'moons', ...) when no link/state
 *   algorithm       'perceptron' | 'pocket' | 'averaged' | 'voted' | 'logistic' | 'kernel'
 *   kernel          'rbf' | 'gaussian' | 'polynomial' | ... or {type, gamma, sigma, degree, ...}: kernel perceptron
 *   lift            'none' | 'product' | 'radial' | 'poly2' | 'constant'
 *   bias            'absorbed' (default) | 'explicit' | 'none' (lecture 004's example runs without a bias)
 *   controls        which panels show: ['train','kernel','theory','plots','lift'] or 'none'
 *   panels          state.panels switches to set ({theory:false, marginBand:true, ...})
 *   readonly        no edits (points, presets, imports); training and the view still work
 *   theme           'light' | 'dark'
 *   contrast        'more': the high-contrast theme (also on by itself when the system asks for more contrast)
 *   textSize        text size in percent, 100 to 200 (the Show section's "text size")
 *   height          CSS height of the element (number = px); default: the element's own, else 480px
 *   train           what to train right after loading: {epochs: 2} (as handle.train)
 *   syncUrl         keep the page's URL fragment equal to the widget's state (full-page use)
 *   linkBase        the page address link() puts before '#' (default: this page for a widget with an id
 *                   or the full-page widget, else the full-page widget index.html next to embed.js)
 *   wheel           'focus' (default: the wheel zooms only when the widget has focus or Ctrl is held,
 *                   else the page scrolls) | 'always' (default with syncUrl)
 *   allowedOrigins  who may drive the widget by postMessage: ['self'] (default), origins, 'parent', '*';
 *                   [] turns messages off
 *   lesson          a built-in lesson's id ('update-rule', ...) or an instructor's lesson (object or JSON
 *                   text) to open after the start state (not when the link already has a lesson)
 *   lessonSrc       the address of a lesson JSON file (relative to the page) to fetch and open instead
 *   lessonStep      the step to open the lesson at (0-based, as in links; default 0)
 *   remember        false: do not keep the student's work in localStorage across reloads of the page
 *                   (default: kept, except for a full-page widget with syncUrl)
 *   xapiEndpoint, xapiAuth, xapiActor, xapiActivityBase: xAPI statements of the lessons sent to a
 *                   Learning Record Store (docs/reference.md "xAPI statements")
 */
export async function mountPerceptron(element, options = {}) {
  if (!element) throw new Error('mountPerceptron: no element given');
  if (element.dataset.perceptronLabMounted) throw new Error('mountPerceptron: this element already has a widget');
  element.dataset.perceptronLabMounted = '1';  // synchronously, so autoMount() never mounts it twice
  styleElement(element, options);
  const { canvas, loading } = createCanvas(element);

  // What the module's callbacks reach once the widget is assembled (they may fire before that).
  let widget = null;  // {emitChange, share, snapshots, keys}
  let resolveReady, failReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; failReady = reject; });
  let module;
  // A file of the widget that did not come (or came wrong) is said over the canvas, each problem once,
  // until the person dismisses the box (embed_load.js): a failure to load the rest of the code stops the
  // widget, a slow load or a missing table view does not.
  const failure = createNoticeBox(element);
  // withdrawn: a problem that is over (the rest came after all, when its code was first needed).
  let loadProblems = [];
  let restProblem;
  const sayLoadProblem = (message, withdrawn) => {
    if (message && !loadProblems.includes(message)) loadProblems.push(message);
    loadProblems = loadProblems.filter((said) => said !== withdrawn);
    if (loadProblems.length) failure.show(loadProblems.join('\n'), failure.hide);
    else failure.hide();
  };
  const deferred = createDeferredPart({ say: sayLoadProblem, onArrived: () => sayLoadProblem('', restProblem) });
  // Where the module's files are (the full-page widget is there); null when inlined. It is the folder of
  // the module glue's own address (Emscripten's scriptDirectory, taken from the module script's URL, not
  // from the page's), so a widget loaded from a CDN fetches every file of its own from the CDN, whatever
  // the page's address; the late modules' import() resolves against embed.js's URL, the same folder.
  let directory = null;
  let firstPart = null;  // the first part's URL, once the glue has located it (none in the single file)
  let slowFirstPart = false;
  try {
    module = await createPerceptronLabModule({
      ...deferred.moduleOptions,
      locateFile(path, prefix) {
        if (path.endsWith('.wasm')) directory = prefix;
        if (path.endsWith('.wasm') && !firstPart) firstPart = prefix + path;
        return deferred.moduleOptions.locateFile(path, prefix);
      },
      canvas,
      arguments: [],
      print: (text) => console.log(text),
      // A first part served as another type than application/wasm: the glue's streaming compile refuses it
      // ("... MIME type ..." in Chromium, Firefox and WebKit alike), the glue logs that and compiles it from
      // its bytes, more slowly. The widget says so once it runs (a failed start says why instead).
      printErr: (text) => {
        if (/MIME type/.test(text)) slowFirstPart = true;
        console.warn(text);
      },
      // web_host.cpp: 0 = ready, 1 = the state changed.
      // main.cpp could not make its window or WebGL2 context (host.hpp cannot_start): say why.
      onCannotStart: (why) => failReady(new Error(why)),
      onWidgetEvent: (kind) => {
        if (kind === 0) resolveReady();
        else if (kind === 1 && widget) widget.emitChange();
      },
      // A Share button was pressed (index into HOST_REQUEST).
      onHostRequest: (index) => {
        if (!widget) return;
        if (SCORM_SAVES[HOST_REQUEST[index]]) saveScorm(SCORM_SAVES[HOST_REQUEST[index]], { handle, wasm, lessons, directory });
        else if (HOST_REQUEST[index] === 'openNotices') openNotices({ handle, directory });  // the About line
        else widget.share.request(HOST_REQUEST[index]);
      },
      postMainLoop: () => { if (widget) widget.snapshots.afterMainLoop(); },
      // The widget lets go of the keys (web_host.cpp): embed_keys.js moves the page's focus.
      onKeyboardExit: (how) => { if (widget) widget.keys.exit(how); },
      // A finger edits a text field on the canvas (text_field_focus.hpp): embed_soft_keyboard.js opens the keyboard.
      onTextField: (field) => { if (widget) widget.softKeyboard.follow(field); },
      // One finger hands a scroll on to the course page (host.hpp scroll_page): embed_page_scroll.js.
      pageCanScroll: () => (widget ? widget.pageScroll.canScroll() : 0),
      fingerScreenY: (id) => (widget ? widget.pageScroll.fingerScreenY(id) : NaN),
      onPageScroll: (dy, left) => { if (widget) widget.pageScroll.scroll(dy, left); },
    });
    await ready;
  } catch (err) {
    // The glue aborts without the HTTP status when the first part did not come: it is asked for once
    // more (only on this path) to say which status, or that nothing answered.
    const why = (!module && firstPart && await fileProblem('Perceptron Lab could not start: its code did not load', firstPart))
      || `Perceptron Lab could not start: ${err && err.message ? err.message : err}`;
    loading.fail(why);
    delete element.dataset.perceptronLabMounted;
    throw err;
  }
  loading.remove();
  if (slowFirstPart) sayLoadProblem(wasmTypeProblem(firstPart));
  // The rest of the code (embed_deferred.js) is fetched after the first frame: once the widget is ready
  // (below), or before the start state is applied when there is one, so that applying it never pauses
  // the page on a synchronous fetch.
  let rest = null;
  let restIn = null;
  const restArrived = new Promise((resolve) => { restIn = resolve; });  // without starting the fetch
  const loadRest = () => rest || (rest = deferred.attach(module)
    .catch((err) => sayLoadProblem(restProblem = err.message))
    .then(restIn));

  const wasm = wasmCalls(module);
  const snapshots = createSnapshots(canvas, wasm);
  const notices = createNoticeBox(element);
  const cleanups = [notices.remove, failure.remove];
  let xapi = null;  // embed_xapi_start.js: the lessons' xAPI statements, when the page uses them
  const { handle, emitChange, follow, lessons, linkTarget, xapiListeners } = createHandle({
    element, canvas, options, module, wasm, snapshots, directory,
    onNoticeDismissed: () => notices.hide(),
    onDestroy: () => { for (const cleanup of cleanups) cleanup(); },
    onXapiListener: () => xapi?.listen(),
  });
  xapi = setUpXapi({ handle, follow, wasm, options, listeners: xapiListeners });
  cleanups.push(xapi.stop);
  const share = setUpShare(element, canvas, handle, lessons.draftFile, linkTarget);
  cleanups.push(share.remove);
  const keys = setUpKeyboard(element, canvas, wasm);
  cleanups.push(keys.remove);
  const softKeyboard = setUpSoftKeyboard(element, canvas, wasm);
  cleanups.push(softKeyboard.remove);
  const pageScroll = setUpPageScroll(element);
  cleanups.push(pageScroll.remove);
  widget = { emitChange, share, snapshots, keys, softKeyboard, pageScroll };

  // The widget's message line over the canvas when the controls panel (which shows it too) is hidden.
  // lightState(): the state without its points, made only when there is a notice to place.
  const mirrorNotice = (lightState) => {
    const notice = handle.notice();
    if (notice && !lightState().panels.controls) notices.show(notice, () => handle.dismissNotice());
    else notices.hide();
  };
  follow(mirrorNotice);
  cleanups.push(followWheelFocus(element, canvas, options.wheel || (options.syncUrl ? 'always' : 'focus')));
  cleanups.push(redrawOnResize(element, wasm));
  if (options.syncUrl) cleanups.push(keepUrlInSync(handle, follow, lessons.fragment, restArrived));

  // A link addressed to this widget in the page's URL (embed_page.js): it wins over the page's start
  // and over the work this browser remembers, as a link does on the full page.
  const addressed = options.syncUrl ? null : linkAddressedTo(element.id);
  if (!startsFromDefaults(options) || remembers(options) || addressed) await loadRest();
  let startError = await applyStartOptions(handle, options);
  // A page that sets its own lesson keeps it: a link addressed to the widget may bring points and
  // progress for that lesson only (embed_lessons.js linkProblem), never another lesson in its place.
  const pageLesson = options.lesson || options.lessonSrc || options.scorm ? lessons.identity() : null;
  const openLink = async (link) => {
    const why = pageLesson ? await lessons.linkProblem(link, pageLesson) : '';
    if (!why) return openAddressedLink(handle, link);
    const refusal = `This link was not opened: ${why}. This page teaches its own lesson, and your work on it is as you left it.`;
    console.warn(`Perceptron Lab: ${refusal}`);
    return refusal;
  };
  const links = { addressed, opened: '' };  // opened: the addressed link the widget's work started from
  if (remembers(options)) startError = await restoreSavedWork(handle, follow, lessons, startError, cleanups, links, restArrived, openLink);
  else if (addressed) startError = (await openLink(addressed)) || '';
  if (addressed) element.scrollIntoView({ block: 'start' });  // the person came for this widget
  if (!options.syncUrl && element.id) {
    cleanups.push(followAddressedLinks(element, async (link) => {
      element.scrollIntoView({ block: 'start' });
      const error = await openLink(link);
      if (!error) {
        links.opened = link;
        handle.setNotice('This shared link replaced what the widget showed; press Undo (Ctrl+Z) to have it back.');
      } else {
        handle.setNotice(error);
      }
    }));
  }
  if (startError) handle.setNotice(startError);  // a bad link: the default scene and the message
  if (options.scorm) cleanups.push(await startScorm(handle, options.scorm));
  mirrorNotice(() => handle.state({ points: false }));
  // The accessible mirror starts from the start state: what the page set up is not news to announce.
  // It is built once the first frame is on screen (the task after that frame, as loadRest below):
  // building it (~15 ms here) and laying out its elements (~15 ms) before would hold that frame back
  // (bench/web_budget.mjs [load]). A screen reader meets it a frame after the ready event.
  let mirror = null;
  let mirrorLoading = null;
  let destroyed = false;
  cleanups.push(() => { destroyed = true; if (mirror) mirror.remove(); });
  const buildMirror = () => {
    if (destroyed || mirror || mirrorLoading) return;
    mirrorLoading = loadA11y().then(({ createA11yMirror }) => {
      if (!destroyed && !mirror) mirror = createA11yMirror({ element, canvas, handle, follow, wasm, share });
    }).catch(async (err) => {
      mirrorLoading = null;
      sayLoadProblem(await importProblem('The table view for screen readers could not be loaded', A11Y_MODULE, directory, err));
    });
  };

  // The state each lesson step was checked on outlives a reload too (the full page's included: its
  // link keeps the attempts, not these states), unless the page turned remembering off.
  const checkStates = options.remember === false || options.remember === 'off'
    ? null : keepCheckStates(handle, wasm, rememberKey(element));
  if (checkStates) cleanups.push(checkStates.stop);
  const stopMessages = setUpMessages(handle, follow, options, HANDLE_VERSION);
  if (stopMessages) cleanups.push(stopMessages);
  xapi.start();
  // embed.js and embed.css of two versions (a page that updated one line of two): said once mounted,
  // when the stylesheet has reached the element.
  sayLoadProblem(versionMismatch(element, LAB_VERSION));
  element.perceptronLab = handle;  // once the start state (and any saved work) is in
  element.dispatchEvent(new CustomEvent('perceptron-lab:ready', { detail: handle, bubbles: true }));
  // After the frame that follows the ready event: the rest of the code, then the mirror.
  requestAnimationFrame(() => setTimeout(() => {
    const restLoaded = loadRest();
    buildMirror();
    // The record is made by the rest of the code: give the kept states back once it is in.
    if (checkStates) Promise.resolve(restLoaded).then(() => { if (!destroyed) checkStates.restore(); });
  }, 0));
  return handle;
}

// The accessible mirror's code (embed_a11y.js and its parts) is not needed for the first frame, which
// it follows: the served build fetches it as a bundle of its own after that frame, so its ~10 KB are not
// part of the bytes before the first picture (download.test.mjs); the single file has it on window.
// A name, not a literal in import(): esbuild leaves the import alone (bundle_release.cmake).
const A11Y_MODULE = './embed_a11y.js';
let a11yLoading = null;
function loadA11y() {
  if (!a11yLoading) {
    a11yLoading = Promise.resolve(globalThis.PerceptronLabA11y || import(A11Y_MODULE));
    a11yLoading.catch(() => { a11yLoading = null; });  // the next widget tries again
  }
  return a11yLoading;
}

// A page that declares SCORM (data-scorm: the packages of perceptron-cli package) reports to the LMS
// (embed_scorm.js): inlined in the single file, fetched only for such a page in the served build.
const SCORM_MODULE = './embed_scorm.js';
async function startScorm(handle, version) {
  try {
    const runtime = globalThis.PerceptronLabScorm || (await import(SCORM_MODULE));
    return await runtime.startScorm(handle, { version: String(version) });
  } catch (err) {
    console.warn(`Perceptron Lab: the SCORM run-time could not start (${err && err.message ? err.message : err})`);
    return () => {};
  }
}

// The Share section's About line, "Licence and notices" (embed_about.js): fetched on the click in the
// served build (the first download stays as it was), inlined in the single file, whose notices it opens.
const ABOUT_MODULE = './embed_about.js';
async function openNotices(widget) {
  try {
    (globalThis.PerceptronLabAbout || (await import(ABOUT_MODULE))).openNotices(widget);
  } catch (err) {
    widget.handle.setNotice(`The licence (MIT) and the notices are in THIRD_PARTY_NOTICES.txt beside the widget; this page could not open them (${err && err.message ? err.message : err}).`);
  }
}

// Why a late module (import() of `file`, next to embed.js) did not load: the import's error names no
// HTTP status, so the file is asked for once more to say which (only on this failure path).
async function importProblem(lead, file, directory, err) {
  return (directory && await fileProblem(lead, new URL(file, directory).href)) || `${lead} (${file}: ${err.message})`;
}

// Author mode's "Save as SCORM 2004/1.2" (embed_scorm_save.js, with its zip writer: fetched on the click).
// The package needs the widget's single file from the widget's folder: a widget inlined in a page (the
// single file itself) has no folder to take it from.
const SCORM_SAVES = { saveScorm12: '1.2', saveScorm2004: '2004' };
const SCORM_SAVE_MODULE = './embed_scorm_save.js';
async function saveScorm(version, widget) {
  if (!widget.directory) {
    widget.handle.setNotice(`This copy of the widget cannot build a SCORM package: press Save JSON, then run perceptron-cli package --scorm ${version} --lesson <the saved file> -o lesson.zip.`);
    return;
  }
  try {
    await (await import(SCORM_SAVE_MODULE)).saveScormPackage(version, widget);
  } catch (err) {
    widget.handle.setNotice(`The SCORM package could not be made (${err && err.message ? err.message : err}): press Save JSON and use perceptron-cli package.`);
  }
}

// Loads a link addressed to this widget: '' when it is in, else why not (the widget kept its state).
async function openAddressedLink(handle, link) {
  const opened = await handle.load(link);
  return opened.ok ? '' : opened.error || 'This link could not be opened.';
}

// A saved entry of this widget (embed_remember.js) wins over the page's start state, unless the page
// changed that start since it was saved, or the page was opened with a link addressed to this widget
// (links.addressed) other than the one the entry was made from (a reload keeps the work done since):
// then the saved work is loaded first and the link over it, so Undo brings the work back. openLink
// opens a link or says why not (a page's own lesson refuses links for other lessons).
// From now on the widget's work is saved as it changes. Returns the start error still to show ('' once
// the saved work or the link replaced a failed start; a link that could not be opened says so).
async function restoreSavedWork(handle, follow, lessons, startError, cleanups, links, restArrived, openLink) {
  const key = rememberKey(handle.element);
  const start = lessons.signature();
  const saved = readSaved(key);
  const { addressed } = links;
  links.opened = (saved && saved.start === start && saved.opened) || '';
  let linkError = '';
  let tookLink = false;
  let workUnder = false;  // the saved work was loaded under the link: one Undo brings it back
  if (addressed && !(saved && saved.start === start && saved.opened === addressed)) {
    const usable = saved && saved.start === start;
    if (usable) workUnder = (await handle.load(saved.link)).ok;
    linkError = await openLink(addressed);
    if (!linkError) { links.opened = addressed; tookLink = true; startError = ''; }
  }
  if (tookLink) {
    // The link's state is the widget's work now (written below, at once); the work it replaced is not
    // lost: it is the step before in the undo history, and the notice says so.
    if (workUnder) handle.setNotice('This shared link replaced the work saved in this browser; press Undo (Ctrl+Z) to have your own work back.');
  } else if (workUnder) {
    startError = '';  // the link was refused or could not be read: the saved work, loaded above, stays
  } else if (saved && (saved.start === start || startError)) {
    const restored = await handle.load(saved.link);
    if (restored.ok) startError = '';
    else {
      forgetSaved(key, restored.error);
      handle.setNotice(startError);  // not the message about the saved link: the student did nothing wrong
    }
  } else if (saved) {
    forgetSaved(key);  // the page starts differently now
  }
  const widget = { follow, fragment: lessons.fragment, signature: lessons.signature, opened: () => links.opened };
  cleanups.push(keepRemembering(key, start, widget, { writeNow: tookLink, restArrived }));
  return linkError || startError;
}

/**
 * Mounts every <div class="perceptron-lab"> under root that is not mounted yet and has no data-manual.
 * Runs by itself once the page is parsed; call it again after adding widgets to the page.
 * Resolves to the handles (also on element.perceptronLab).
 */
export async function autoMount(root = document) {
  const elements = [...root.querySelectorAll('.perceptron-lab')]
    .filter((el) => !el.dataset.perceptronLabMounted && el.dataset.manual === undefined);
  const handles = [];
  // One after another: each instance compiles its own module; in parallel they would only compete.
  for (const el of elements) {
    try {
      handles.push(await mountPerceptron(el, optionsFromElement(el)));
    } catch (err) {
      console.warn(`Perceptron Lab: a widget could not start: ${err && err.message ? err.message : err}`);
    }
  }
  return handles;
}

if (typeof document !== 'undefined') {
  // Deferred to a task of its own, so a page script that mounts an element by hand (index.html) gets
  // there first.
  const start = () => setTimeout(() => { autoMount(); }, 0);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
