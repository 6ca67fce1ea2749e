// Perceptron Lab embed API (ES module).
//   const lab = await mountPerceptron(element, options)  ->  the JS handle (README "The JS handle")
// Each call creates its own canvas and its own WebAssembly instance (own memory and state), so several
// widgets can live on one page without sharing anything.
import createPerceptronLabModule from './perceptron_lab.js';

/** Version of the JS handle; it moves together with the link format version (v=1). */
export const HANDLE_VERSION = 1;

const TRAIN_KIND = { steps: 0, epochs: 1, untilConverged: 2, nextMistake: 3, reset: 4 };

/**
 * options:
 *   link      a full link or '#fragment' to start from (default: the built-in 4-point example)
 *   state     a full-state object (what handle.state() returns) to start from
 *   syncUrl   keep the page's URL fragment equal to the widget's state (full-page use)
 */
export async function mountPerceptron(element, options = {}) {
  if (!element) throw new Error('mountPerceptron: no element given');
  element.classList.add('perceptron-lab');
  const canvas = document.createElement('canvas');
  canvas.className = 'perceptron-lab-canvas';
  canvas.tabIndex = 0;  // keyboard shortcuts reach the widget only when it has focus
  canvas.setAttribute('aria-label', 'Perceptron Lab canvas: click to add points');
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right-click adds the other class
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  element.appendChild(canvas);

  const listeners = { change: new Set() };
  let resolveReady;
  const ready = new Promise((resolve) => { resolveReady = resolve; });
  let handle = null;
  let urlTimer = null;

  const module = await createPerceptronLabModule({
    canvas,
    arguments: [],
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onWidgetEvent: (kind) => {
      if (kind === 0) resolveReady();
      else if (kind === 1 && handle) handle._changed();
    },
  });
  await ready;

  const call = (name, ...args) => module['_' + name](...args);
  const withString = (text, fn) => {
    const size = module.lengthBytesUTF8(text) + 1;
    const ptr = module._malloc(size);
    try {
      module.stringToUTF8(text, ptr, size);
      return fn(ptr);
    } finally {
      module._free(ptr);
    }
  };
  const baseUrl = () => (options.linkBase || location.href).split('#')[0];

  handle = {
    version: HANDLE_VERSION,
    element,
    canvas,
    /** Everything on screen as a plain object (points, settings, weights or alphas, counters, theory). */
    state() { return JSON.parse(module.UTF8ToString(call('pl_state_json'))); },
    /** Load a link, '#fragment' or a state object. Bad input leaves the state untouched: {ok:false, error}. */
    load(objOrLink) {
      const text = typeof objOrLink === 'string' ? objOrLink : JSON.stringify(objOrLink);
      const ok = withString(text, (ptr) => call('pl_load', ptr)) === 1;
      return ok ? { ok } : { ok, error: module.UTF8ToString(call('pl_last_error')) };
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
    /** Start or stop the Run loop (as the Run/Pause button). */
    run(on = true) { call('pl_set_running', on ? 1 : 0); },
    /** A link that reproduces the current state exactly. */
    link() { return `${baseUrl()}#${module.UTF8ToString(call('pl_link_fragment'))}`; },
    /** on('change', cb): cb(state) after every change; returns a function that unsubscribes. */
    on(event, cb) {
      if (!listeners[event]) throw new Error(`unknown event '${event}'`);
      listeners[event].add(cb);
      return () => listeners[event].delete(cb);
    },
    /** Stop the widget and free its canvas and GPU context. */
    destroy() {
      try { module.pauseMainLoop(); } catch (e) { /* already stopped */ }
      const gl = canvas.getContext('webgl2');
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
      canvas.remove();
      listeners.change.clear();
      clearTimeout(urlTimer);
    },
    /** For tests: frames drawn so far, and GPU-vs-CPU agreement of the painted decision field. */
    framesDrawn() { return call('pl_frames_drawn'); },
    /** For tests: the canvas rectangle (CSS px) and the data<->screen mapping. */
    geometry() { return JSON.parse(module.UTF8ToString(call('pl_canvas_geometry'))); },
    /** Page coordinates (CSS px) of a data point, for real mouse clicks. */
    toPage(x, y) {
      const g = handle.geometry();
      const r = canvas.getBoundingClientRect();
      return { x: r.left + g.left + g.width / 2 + (x - g.centerX) * g.pixelsPerUnit,
               y: r.top + g.top + g.height / 2 - (y - g.centerY) * g.pixelsPerUnit };
    },
    /** The last online-mode prediction {predicted, truth, mistake, mistakes}, or null. */
    lastOnline() { return JSON.parse(module.UTF8ToString(call('pl_online_json'))); },
    fieldAgreement() { return { fraction: call('pl_field_agreement'), notTiny: call('pl_field_not_tiny') }; },
    _changed() {
      if (listeners.change.size) {
        const state = handle.state();
        for (const cb of listeners.change) cb(state);
      }
      if (options.syncUrl && !urlTimer) {
        // Keep the URL equal to the state (reload never loses work) without flooding the history API.
        urlTimer = setTimeout(() => {
          urlTimer = null;
          history.replaceState(null, '', handle.link());
        }, 300);
      }
    },
  };

  if (options.state) handle.load(options.state);
  else if (options.link && options.link.includes('#') && options.link.split('#')[1]) handle.load(options.link);
  return handle;
}
