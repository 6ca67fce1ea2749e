// Perceptron Lab embed API (ES module).
//   const lab = await mountPerceptron(element, options)  ->  the JS handle (README "The JS handle")
//   <div class="perceptron-lab" data-preset="xor" data-kernel="rbf"></div>  ->  mounted by autoMount()
// Each call creates its own canvas and its own WebAssembly instance (own memory and state), so several
// widgets can live on one page without sharing anything.
//
// scripts/build_single.mjs turns this file into a classic script for the single-file build: keep the one
// import line below as it is, use `export` only in front of top-level declarations, and do not use
// the module-only `import` meta property.
import createPerceptronLabModule from './perceptron_lab.js';

/** Version of the JS handle; it moves together with the link format version (v=1). */
export const HANDLE_VERSION = 1;
/** Every postMessage type starts with this (README "postMessage"). */
export const MESSAGE_PREFIX = 'perceptron-lab:';

const TRAIN_KIND = { steps: 0, epochs: 1, untilConverged: 2, nextMistake: 3, reset: 4 };
// Indices of pl::app::HostRequest as web_host.cpp sends them.
const HOST_REQUEST = ['copyLink', 'downloadCsv', 'downloadJson', 'snapshotPng', 'importFile'];
// options.controls names -> the panel switches of state.panels. data/train/kernel/show/share are
// sections of the controls panel: naming any of them shows the panel with only the named sections.
const CONTROL_PANELS = {
  controls: 'controls', data: 'data', train: 'training', training: 'training', kernel: 'kernel',
  show: 'show', share: 'share', theory: 'theory', plots: 'plots', lift: 'liftView', liftView: 'liftView',
};
const SECTIONS = ['data', 'training', 'kernel', 'show', 'share'];
const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
const DEFAULT_HEIGHT = '480px';

function asList(value) {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * options:
 *   link            a full link or '#fragment' to start from (default: the built-in 4-point example)
 *   state           a full-state object (what handle.state() or exportJson() gives) to start from
 *   preset          a named data set ('lecture4', 'xor', 'circles', 'moons', ...) when no link/state
 *   algorithm       'perceptron' | 'pocket' | 'averaged' | 'voted' | 'logistic' | 'kernel'
 *   kernel          'rbf' | 'gaussian' | 'polynomial' | ... or {type, gamma, sigma, degree, ...}: kernel perceptron
 *   lift            'none' | 'product' | 'radial' | 'poly2' | 'constant'
 *   controls        which panels show: ['train','kernel','theory','plots','lift'] or 'none'
 *   panels          state.panels switches to set ({theory:false, marginBand:true, ...})
 *   readonly        no edits (points, presets, imports); training and the view still work
 *   theme           'light' | 'dark'
 *   height          CSS height of the element (number = px); default: the element's own, else 480px
 *   train           what to train right after loading: {epochs: 2} (as handle.train)
 *   syncUrl         keep the page's URL fragment equal to the widget's state (full-page use)
 *   linkBase        the page address link() puts before '#' (default: this page)
 *   wheel           'focus' (default: the wheel zooms only when the widget has focus or Ctrl is held,
 *                   else the page scrolls) | 'always' (default with syncUrl)
 *   allowedOrigins  who may drive the widget by postMessage: ['self'] (default), origins, 'parent', '*';
 *                   [] turns messages off
 */
export async function mountPerceptron(element, options = {}) {
  if (!element) throw new Error('mountPerceptron: no element given');
  if (element.dataset.perceptronLabMounted) throw new Error('mountPerceptron: this element already has a widget');
  element.dataset.perceptronLabMounted = '1';  // synchronously, so autoMount() never mounts it twice
  element.classList.add('perceptron-lab');
  if (options.height !== undefined) {
    element.style.height = typeof options.height === 'number' ? `${options.height}px` : String(options.height);
  } else if (element.clientHeight < 100 && !options.syncUrl) {
    element.style.height = DEFAULT_HEIGHT;
  }
  if (options.theme === 'dark') element.classList.add('perceptron-lab-dark');

  const canvas = document.createElement('canvas');
  canvas.className = 'perceptron-lab-canvas';
  canvas.tabIndex = 0;  // keyboard shortcuts reach the widget only when it has focus
  canvas.setAttribute('aria-label', 'Perceptron Lab canvas: click to add points');
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right-click adds the other class
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  element.appendChild(canvas);
  const loading = document.createElement('div');
  loading.className = 'perceptron-lab-loading';
  loading.textContent = 'Loading Perceptron Lab\u2026';
  element.appendChild(loading);
  // The file picker behind "Import CSV/JSON" (tests drive it with setInputFiles).
  const fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.accept = '.csv,.json,.txt,text/csv,application/json';
  fileInput.className = 'perceptron-lab-file';
  fileInput.hidden = true;
  element.appendChild(fileInput);

  const listeners = { change: new Set() };
  const cleanups = [];
  let resolveReady;
  const ready = new Promise((resolve) => { resolveReady = resolve; });
  let handle = null;
  let urlTimer = null;
  let snapshot = null;  // {after, resolve, reject} while a PNG snapshot waits for the next frame
  let destroyed = false;

  let module;
  try {
    module = await createPerceptronLabModule({
      canvas,
      arguments: [],
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
      onWidgetEvent: (kind) => {
        if (kind === 0) resolveReady();
        else if (kind === 1 && handle) handle._changed();
      },
      onHostRequest: (index) => { if (handle) hostRequest(HOST_REQUEST[index]); },
      postMainLoop: () => { if (snapshot && handle && handle.framesDrawn() > snapshot.after) takeSnapshot(); },
    });
    await ready;
  } catch (err) {
    loading.textContent = `Perceptron Lab could not start: ${err && err.message ? err.message : err}`;
    delete element.dataset.perceptronLabMounted;
    throw err;
  }
  loading.remove();

  const call = (name, ...args) => module['_' + name](...args);
  const text = (name, ...args) => module.UTF8ToString(call(name, ...args));
  const withString = (value, fn) => {
    const size = module.lengthBytesUTF8(value) + 1;
    const ptr = module._malloc(size);
    try {
      module.stringToUTF8(value, ptr, size);
      return fn(ptr);
    } finally {
      module._free(ptr);
    }
  };
  const result = (ok) => (ok ? { ok: true } : { ok: false, error: text('pl_last_error') });
  const baseUrl = () => (options.linkBase || location.href).split('#')[0];

  // [SECTION] messages shown over the canvas (when the controls panel, which shows them too, is hidden)
  let messageBox = null;
  function showMessage(message, { dismiss } = {}) {
    if (!messageBox) {
      messageBox = document.createElement('div');
      messageBox.className = 'perceptron-lab-message';
      messageBox.setAttribute('role', 'status');
      const span = document.createElement('span');
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = '\u00d7';
      close.setAttribute('aria-label', 'Dismiss');
      messageBox.append(span, close);
      element.appendChild(messageBox);
    }
    messageBox.firstChild.textContent = message;
    messageBox.lastChild.onclick = () => { hideMessage(); if (dismiss) dismiss(); };
    messageBox.hidden = false;
  }
  function hideMessage() { if (messageBox) messageBox.hidden = true; }
  function mirrorNotice(state) {
    const notice = text('pl_notice');
    if (notice && !state.panels.controls) showMessage(notice, { dismiss: () => handle.dismissNotice() });
    else hideMessage();
  }

  // [SECTION] the Share buttons: clipboard, downloads, file picker, snapshot
  function download(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    element.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }
  function copyWithSelection(value) {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.className = 'perceptron-lab-copy';
    element.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    area.remove();
    canvas.focus({ preventScroll: true });
    return ok;
  }
  async function copyLink() {
    const link = handle.link();
    let ok = false;
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(link); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = copyWithSelection(link);
    handle.setNotice(ok ? 'Link copied to the clipboard: it reopens exactly this screen.'
      : `The clipboard is not available here. Copy this link by hand: ${link}`);
    return ok;
  }
  function hostRequest(name) {
    switch (name) {
      case 'copyLink': copyLink(); break;
      case 'downloadCsv': download(new Blob([handle.exportCsv()], { type: 'text/csv' }), 'perceptron-lab.csv'); break;
      case 'downloadJson': download(new Blob([handle.exportJson()], { type: 'application/json' }), 'perceptron-lab.json'); break;
      case 'snapshotPng':
        handle.snapshot().then((blob) => download(blob, 'perceptron-lab.png'))
          .catch((err) => handle.setNotice(`No snapshot: ${err.message}`));
        break;
      case 'importFile': fileInput.value = ''; fileInput.click(); break;
      default: break;
    }
  }
  // The WebGL drawing buffer is cleared once the page composites it, so the pixels are read right
  // after a frame the widget drew (Module.postMainLoop), then cropped to the canvas area and encoded.
  function takeSnapshot() {
    const pending = snapshot;
    snapshot = null;
    try {
      const gl = canvas.getContext('webgl2');
      const g = handle.geometry();
      const scale = gl.drawingBufferWidth / Math.max(1, canvas.clientWidth);
      const x = Math.max(0, Math.round(g.left * scale));
      const w = Math.min(gl.drawingBufferWidth - x, Math.round(g.width * scale));
      const top = Math.max(0, Math.round(g.top * scale));
      const h = Math.min(gl.drawingBufferHeight - top, Math.round(g.height * scale));
      if (w <= 0 || h <= 0) throw new Error('the canvas is too small');
      const pixels = new Uint8Array(w * h * 4);
      const previous = gl.getParameter(gl.READ_FRAMEBUFFER_BINDING);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
      gl.readPixels(x, gl.drawingBufferHeight - top - h, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, previous);
      const out = document.createElement('canvas');
      out.width = w;
      out.height = h;
      const ctx = out.getContext('2d');
      const image = ctx.createImageData(w, h);
      const row = w * 4;
      for (let y = 0; y < h; y++) image.data.set(pixels.subarray((h - 1 - y) * row, (h - y) * row), y * row);
      for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;  // opaque, whatever the buffer's alpha
      ctx.putImageData(image, 0, 0);
      out.toBlob((blob) => (blob ? pending.resolve(blob) : pending.reject(new Error('PNG encoding failed'))), 'image/png');
    } catch (err) {
      pending.reject(err);
    }
  }

  async function importFile(file) {
    if (!file) return { ok: false, error: 'No file.' };
    if (file.size > MAX_IMPORT_BYTES) {
      const error = `${file.name} is too large (${Math.round(file.size / 1048576)} MB); the limit is 32 MB.`;
      handle.setNotice(error);
      return { ok: false, error };
    }
    return handle.importText(await file.text(), file.name);
  }
  const onFileChosen = () => { const file = fileInput.files && fileInput.files[0]; if (file) importFile(file); };
  fileInput.addEventListener('change', onFileChosen);

  // Drag and drop: a CSV/JSON file, or a link dragged from another tab.
  const onDragOver = (e) => {
    if (!e.dataTransfer) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    element.classList.add('perceptron-lab-dragging');
  };
  const onDragLeave = () => element.classList.remove('perceptron-lab-dragging');
  const onDrop = (e) => {
    if (!e.dataTransfer) return;
    e.preventDefault();
    element.classList.remove('perceptron-lab-dragging');
    const file = e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) { importFile(file); return; }
    const dropped = (e.dataTransfer.getData('text/uri-list') || e.dataTransfer.getData('text/plain') || '').trim();
    if (dropped) handle.load(dropped);
  };
  element.addEventListener('dragover', onDragOver);
  element.addEventListener('dragleave', onDragLeave);
  element.addEventListener('drop', onDrop);
  cleanups.push(() => {
    element.removeEventListener('dragover', onDragOver);
    element.removeEventListener('dragleave', onDragLeave);
    element.removeEventListener('drop', onDrop);
  });

  // [SECTION] page scrolling: the wheel zooms the canvas only when the widget has focus (a click on
  // it) or Ctrl/Cmd is held; otherwise it scrolls the page as if the widget were not there. The
  // listener runs in the capture phase on the element, before SDL's listener on the canvas.
  const wheelMode = options.wheel || (options.syncUrl ? 'always' : 'focus');
  let hint = null, hintTimer = null;
  const onWheel = (e) => {
    if (wheelMode === 'always') return;
    if (document.activeElement === canvas || e.ctrlKey || e.metaKey) return;
    e.stopPropagation();  // no preventDefault: the page scrolls
    if (!hint) {
      hint = document.createElement('div');
      hint.className = 'perceptron-lab-hint';
      hint.textContent = 'Click the widget (or hold Ctrl) to zoom with the wheel';
      element.appendChild(hint);
    }
    hint.hidden = false;
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => { hint.hidden = true; }, 1500);
  };
  element.addEventListener('wheel', onWheel, { capture: true, passive: true });
  cleanups.push(() => { element.removeEventListener('wheel', onWheel, { capture: true }); clearTimeout(hintTimer); });

  // The C side follows the element's size and devicePixelRatio every frame; the observer makes sure a
  // frame is drawn right after a resize even when the widget is idle.
  if (typeof ResizeObserver !== 'undefined') {
    const observer = new ResizeObserver(() => { if (!destroyed) call('pl_request_redraw'); });
    observer.observe(element);
    cleanups.push(() => observer.disconnect());
  }

  handle = {
    version: HANDLE_VERSION,
    element,
    canvas,
    options,
    /** Everything on screen as a plain object (points, settings, weights or alphas, counters, theory). */
    state() { return JSON.parse(text('pl_state_json')); },
    /** Load a link, '#fragment' or a state object. Bad input leaves the state untouched: {ok:false, error}. */
    load(objOrLink) {
      const value = typeof objOrLink === 'string' ? objOrLink : JSON.stringify(objOrLink);
      return result(withString(value, (ptr) => call('pl_load', ptr)) === 1);
    },
    /** train({steps}) | train({epochs}) | train({untilConverged: true}) | train({nextMistake}) | train({reset: true}) */
    train(request = { steps: 1 }) {
      for (const [key, kind] of Object.entries(TRAIN_KIND)) {
        if (request[key] === undefined || request[key] === false) continue;
        const count = request[key] === true ? 1 : Number(request[key]);
        if (!Number.isFinite(count) || count < 0) throw new Error(`train: bad count for '${key}'`);
        call('pl_train', kind, count);
        return handle.state();
      }
      throw new Error("train: give one of steps, epochs, untilConverged, nextMistake, reset");
    },
    /** Change training settings as the Training panel does, e.g. configure({algorithm: 'kernel', kernel: {type: 'rbf'}}). */
    configure(settings) {
      const next = { ...handle.state(), ...settings };
      if (settings.kernel) next.kernel = { ...handle.state().kernel, ...settings.kernel };
      const ok = withString(JSON.stringify(next), (ptr) => call('pl_configure', ptr)) === 1;
      if (!ok) throw new Error(`configure: ${module.UTF8ToString(call('pl_last_error'))}`);
      return handle.state();
    },
    /** Load a generated data set from the core's seeded generators, e.g. generate('circles', {n: 300}). */
    generate(preset, { n = 200, noise = 0.1, seed = 1 } = {}) {
      const ok = withString(String(preset), (ptr) => call('pl_generate', ptr, n, noise, seed)) === 1;
      if (!ok) throw new Error(`generate: unknown preset '${preset}'`);
      return handle.state();
    },
    /** Benchmark: GPU field vs CPU evaluator with n RBF support vectors at 800x600 ({gpu, cpu} in ms). */
    benchField(n) { return JSON.parse(module.UTF8ToString(call('pl_bench_field', n))); },
    /** Start or stop the Run loop (as the Run/Pause button). */
    run(on = true, visitsPerSecond = 0) { call('pl_set_running', on ? 1 : 0, visitsPerSecond === 'max' ? 1e5 : Number(visitsPerSecond) || 0); },
    /** A link that reproduces the current state exactly. */
    link() { return `${baseUrl()}#${text('pl_link_fragment')}`; },
    /** Replace the points by a named preset: {ok} or {ok:false, error}. */
    preset(name) { return result(withString(String(name), (ptr) => call('pl_load_preset', ptr)) === 1); },
    /** Import file contents: CSV (x1,x2,label) or a JSON state. A bad file changes nothing: {ok:false, error}. */
    importText(contents, fileName = 'data.csv') {
      return result(withString(String(fileName), (namePtr) =>
        withString(String(contents), (textPtr) => call('pl_import', namePtr, textPtr))) === 1);
    },
    /** The points as CSV (header x1,x2,label). */
    exportCsv() { return text('pl_export_csv'); },
    /** The whole state as JSON text (load() and importText() read it back). */
    exportJson() { return text('pl_export_json'); },
    /** A PNG (Blob) of the canvas area with the decision regions, at the screen's full resolution. */
    snapshot() {
      if (destroyed) return Promise.reject(new Error('the widget was destroyed'));
      if (snapshot) return snapshot.promise;
      const pending = { after: handle.framesDrawn() };
      pending.promise = new Promise((resolve, reject) => { pending.resolve = resolve; pending.reject = reject; });
      snapshot = pending;
      call('pl_request_redraw');
      return pending.promise;
    },
    /** The message the widget shows ('' = none): load errors, import results, "Link copied". */
    notice() { return text('pl_notice'); },
    setNotice(message) { withString(String(message), (ptr) => call('pl_set_notice', ptr)); },
    dismissNotice() { handle.setNotice(''); hideMessage(); },
    /** on('change', cb): cb(state) after every change; returns a function that unsubscribes. */
    on(event, cb) {
      if (!listeners[event]) throw new Error(`unknown event '${event}'`);
      listeners[event].add(cb);
      return () => listeners[event].delete(cb);
    },
    /** Stop the widget and free its canvas and GPU context. */
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (urlTimer) { clearTimeout(urlTimer); urlTimer = null; }
      try { module.pauseMainLoop(); } catch (e) { /* already stopped */ }
      const gl = canvas.getContext('webgl2');
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
      for (const cleanup of cleanups) cleanup();
      canvas.remove();
      fileInput.remove();
      messageBox?.remove();
      hint?.remove();
      listeners.change.clear();
      if (snapshot) { snapshot.reject(new Error('the widget was destroyed')); snapshot = null; }
      delete element.dataset.perceptronLabMounted;
      if (element.perceptronLab === handle) delete element.perceptronLab;
    },
    /** For tests: frames drawn so far, and GPU-vs-CPU agreement of the painted decision field. */
    framesDrawn() { return call('pl_frames_drawn'); },
    /** For tests: the canvas rectangle (CSS px) and the data<->screen mapping. */
    geometry() { return JSON.parse(text('pl_canvas_geometry')); },
    /** Page coordinates (CSS px) of a data point, for real mouse clicks. */
    toPage(x, y) {
      const g = handle.geometry();
      const r = canvas.getBoundingClientRect();
      return { x: r.left + g.left + g.width / 2 + (x - g.centerX) * g.pixelsPerUnit,
               y: r.top + g.top + g.height / 2 - (y - g.centerY) * g.pixelsPerUnit };
    },
    /** The last online-mode prediction {predicted, truth, mistake, mistakes}, or null. */
    lastOnline() { return JSON.parse(text('pl_online_json')); },
    fieldAgreement() { return { fraction: call('pl_field_agreement'), notTiny: call('pl_field_not_tiny') }; },
    /** For tests: what a Share button does ('copyLink', 'downloadCsv', 'downloadJson', 'snapshotPng', 'importFile'). */
    _request(name) { hostRequest(name); },
    _changed() {
      if (destroyed) return;
      const state = handle.state();
      mirrorNotice(state);
      for (const cb of listeners.change) cb(state);
      if (options.syncUrl && !urlTimer) {
        // Keep the URL equal to the state (reload never loses work) without flooding the history API:
        // at most one replaceState per 300 ms, never a new history entry.
        urlTimer = setTimeout(writeUrl, 300);
      }
    },
  };
  element.perceptronLab = handle;

  // [SECTION] the page URL (full-page widget)
  function writeUrl() {
    urlTimer = null;
    if (destroyed) return;
    try {
      history.replaceState(history.state, '', `#${text('pl_link_fragment')}`);
    } catch (err) {
      console.warn(`Perceptron Lab: cannot keep the state in this page's URL (${err.message})`);
      options.syncUrl = false;
    }
  }
  if (options.syncUrl) {
    const flush = () => { if (urlTimer) { clearTimeout(urlTimer); writeUrl(); } };
    // Someone edits the fragment by hand or opens another shared link in this tab.
    const onHashChange = () => {
      if (location.hash.length > 1 && location.hash.slice(1) !== text('pl_link_fragment')) handle.load(location.href);
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('hashchange', onHashChange);
    cleanups.push(() => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('hashchange', onHashChange);
    });
  }

  // [SECTION] starting state: link or state, else preset; then the embed options on top
  let startError = '';
  if (options.state) {
    const r = handle.load(options.state);
    if (!r.ok) startError = r.error;
  } else if (options.link && String(options.link).includes('#') && String(options.link).split('#')[1]) {
    const r = handle.load(String(options.link));
    if (!r.ok) startError = r.error;
  }
  if ((startError || !(options.state || (options.link && String(options.link).split('#')[1]))) && options.preset) {
    const r = handle.preset(options.preset);
    if (!r.ok) { console.warn(`Perceptron Lab: ${r.error}`); startError = startError || r.error; }
  }
  const patch = statePatch(options);
  if (patch) {
    const r = handle.load(mergeState(JSON.parse(handle.exportJson()), patch));
    if (!r.ok) { console.warn(`Perceptron Lab: the embed options were not applied: ${r.error}`); startError = startError || r.error; }
  }
  if (options.train) handle.train(options.train);
  if (startError) handle.setNotice(startError);  // a bad link: the default scene and the message
  mirrorNotice(handle.state());

  // [SECTION] postMessage (a parent page driving an iframe; README "postMessage")
  const messages = setUpMessages(handle, options);
  if (messages) cleanups.push(messages);
  element.dispatchEvent(new CustomEvent('perceptron-lab:ready', { detail: handle, bubbles: true }));
  return handle;
}

// The embed options that change the state, as a patch of the state JSON (or null when none is given).
function statePatch(options) {
  const patch = {};
  const panels = {};
  if (options.algorithm) patch.algorithm = String(options.algorithm);
  if (options.lift) patch.lift = String(options.lift);
  if (options.kernel) {
    patch.algorithm = 'kernel';
    patch.kernel = typeof options.kernel === 'object' ? { ...options.kernel } : { type: String(options.kernel) };
  }
  const controls = asList(options.controls);
  if (controls) {
    Object.assign(panels, { controls: false, theory: false, plots: false, liftView: false });
    const named = controls.map((name) => CONTROL_PANELS[name]);
    // Sections named: the controls panel shows just those; 'controls' alone: every section.
    if (named.some((p) => SECTIONS.includes(p))) for (const s of SECTIONS) panels[s] = false;
    for (const name of controls) {
      if (name === 'none') continue;
      const panel = CONTROL_PANELS[name];
      if (SECTIONS.includes(panel)) panels.controls = true;
      if (panel) panels[panel] = true;
      else console.warn(`Perceptron Lab: unknown control '${name}' (known: ${Object.keys(CONTROL_PANELS).join(', ')}, none)`);
    }
  }
  if (options.theme === 'dark' || options.theme === 'light') panels.dark = options.theme === 'dark';
  if (options.panels && typeof options.panels === 'object') Object.assign(panels, options.panels);
  if (Object.keys(panels).length) patch.panels = panels;
  if (options.readonly !== undefined && options.readonly !== false) patch.readonly = true;
  return Object.keys(patch).length ? patch : null;
}

function mergeState(state, patch) {
  const out = { ...state, ...patch };
  for (const key of ['kernel', 'panels', 'view']) {
    if (patch[key]) out[key] = { ...(state[key] || {}), ...patch[key] };
  }
  return out;
}

function parseOrigins(value) {
  const list = asList(value);
  return list === undefined ? ['self'] : list;
}

function setUpMessages(handle, options) {
  const allowed = parseOrigins(options.allowedOrigins);
  if (!allowed.length || typeof window === 'undefined') return null;
  const id = handle.element.id || undefined;
  const subscribers = [];
  const inIframe = window.parent && window.parent !== window;
  const originAllowed = (event) => {
    if (allowed.includes('*')) return true;
    if (allowed.includes('parent') && inIframe && event.source === window.parent) return true;
    if (event.origin === 'null') return false;  // opaque origins never match a name
    if (allowed.includes('self') && event.origin === location.origin) return true;
    return allowed.includes(event.origin);
  };
  const REPLIES = new Set(['state', 'link', 'loaded', 'ready', 'change', 'error']);
  const onMessage = (event) => {
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith(MESSAGE_PREFIX)) return;
    const verb = msg.type.slice(MESSAGE_PREFIX.length);
    if (REPLIES.has(verb)) return;  // a widget's own reply, not a request
    if (msg.widget !== undefined && msg.widget !== id) return;  // meant for another widget on this page
    if (!originAllowed(event)) {
      console.warn(`Perceptron Lab: ignored '${msg.type}' from ${event.origin} (not in allowedOrigins: ${allowed.join(', ')})`);
      return;
    }
    const target = event.source;
    const targetOrigin = event.origin === 'null' ? '*' : event.origin;
    const reply = (body) => {
      try { target?.postMessage({ ...body, id: msg.id, widget: id }, targetOrigin); } catch (err) {
        console.warn(`Perceptron Lab: could not reply to ${event.origin}: ${err.message}`);
      }
    };
    const refuse = (why) => {
      console.warn(`Perceptron Lab: ignored message '${msg.type}': ${why}`);
      reply({ type: `${MESSAGE_PREFIX}error`, request: msg.type, error: why });
    };
    try {
      switch (verb) {
        case 'load': {
          const what = typeof msg.link === 'string' ? msg.link : msg.state;
          if (typeof what !== 'string' && (typeof what !== 'object' || what === null)) { refuse('give link (a string) or state (an object)'); return; }
          const r = handle.load(what);
          reply({ type: `${MESSAGE_PREFIX}loaded`, ...r, state: handle.state() });
          return;
        }
        case 'train': {
          const request = {};
          for (const key of Object.keys(TRAIN_KIND)) if (msg[key] !== undefined) request[key] = msg[key];
          if (Object.keys(request).length !== 1) { refuse(`give exactly one of ${Object.keys(TRAIN_KIND).join(', ')}`); return; }
          const value = Object.values(request)[0];
          if (!(value === true || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e7))) {
            refuse('the count must be a number from 0 to 1e7 (or true)');
            return;
          }
          reply({ type: `${MESSAGE_PREFIX}state`, state: handle.train(request) });
          return;
        }
        case 'get-state': reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() }); return;
        case 'get-link': reply({ type: `${MESSAGE_PREFIX}link`, link: handle.link() }); return;
        case 'run': handle.run(msg.on !== false); reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() }); return;
        case 'subscribe':
          if (target && !subscribers.some((s) => s.target === target)) subscribers.push({ target, targetOrigin });
          reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() });
          return;
        default: refuse('unknown message type');
      }
    } catch (err) {
      refuse(err.message);
    }
  };
  window.addEventListener('message', onMessage);
  const unsubscribe = handle.on('change', (state) => {
    for (const s of subscribers) {
      try { s.target.postMessage({ type: `${MESSAGE_PREFIX}change`, widget: id, state }, s.targetOrigin); } catch (e) { /* gone */ }
    }
  });
  if (inIframe) {
    // Tell the parent page it can send messages now (carries no state, so any origin may see it).
    try { window.parent.postMessage({ type: `${MESSAGE_PREFIX}ready`, widget: id, version: HANDLE_VERSION }, '*'); } catch (e) { /* detached */ }
  }
  return () => { window.removeEventListener('message', onMessage); unsubscribe(); };
}

/** The options of a declarative <div class="perceptron-lab" data-...> (README "Embed in your course page"). */
export function optionsFromElement(el) {
  const d = el.dataset;
  const flag = (v) => v !== undefined && v !== 'false' && v !== '0';
  const options = {};
  if (d.preset) options.preset = d.preset;
  if (d.link) options.link = d.link;
  if (d.state) {
    try { options.state = JSON.parse(d.state); } catch (e) { console.warn(`Perceptron Lab: data-state is not JSON (${e.message})`); }
  }
  for (const key of ['algorithm', 'kernel', 'lift', 'theme', 'wheel', 'controls', 'linkBase']) if (d[key]) options[key] = d[key];
  if (d.height) options.height = /^\d+(\.\d+)?$/.test(d.height) ? Number(d.height) : d.height;
  if (flag(d.readonly)) options.readonly = true;
  if (flag(d.syncUrl)) {
    options.syncUrl = true;
    if (!options.link) options.link = location.href;
  }
  if (d.allowedOrigins !== undefined) options.allowedOrigins = d.allowedOrigins;
  if (d.train) {
    // data-train="epochs:2" or "untilConverged"
    const [key, value] = d.train.split(':');
    options.train = { [key.trim()]: value === undefined ? true : Number(value) };
  }
  return options;
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
