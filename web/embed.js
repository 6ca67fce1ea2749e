// Perceptron Lab embed API (ES module).
//   const lab = await mountPerceptron(element, options)  ->  the JS handle (see README "The JS handle")
// Each call creates its own canvas and its own WebAssembly instance (own memory and state), so several
// widgets can live on one page.
import createPerceptronLabModule from './perceptron_lab.js';

export const HANDLE_VERSION = 1;

export async function mountPerceptron(element, options = {}) {
  if (!element) throw new Error('mountPerceptron: no element given');
  element.classList.add('perceptron-lab');
  const canvas = document.createElement('canvas');
  canvas.className = 'perceptron-lab-canvas';
  canvas.tabIndex = 0;  // keyboard shortcuts reach the widget only when it has focus
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right-click adds the other class
  canvas.addEventListener('mousedown', () => canvas.focus());
  element.appendChild(canvas);

  const listeners = { change: new Set(), ready: new Set() };
  let ready;
  const readyPromise = new Promise((resolve) => { ready = resolve; });
  const module = await createPerceptronLabModule({
    canvas,
    arguments: [],
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onWidgetEvent: (kind) => {
      if (kind === 0) ready();
      if (kind === 1) for (const cb of listeners.change) cb(handle.state());
    },
  });
  await readyPromise;

  const call = (name, ...args) => module['_' + name](...args);
  const handle = {
    version: HANDLE_VERSION,
    element,
    canvas,
    /** Plain object: points, labels, settings (and, with the learner, weights, counters, theory). */
    state() { return JSON.parse(module.UTF8ToString(call('pl_state_json'))); },
    /** How many frames the widget has drawn (tests wait on this). */
    framesDrawn() { return call('pl_frames_drawn'); },
    on(event, cb) {
      if (!listeners[event]) throw new Error(`unknown event '${event}'`);
      listeners[event].add(cb);
      return () => listeners[event].delete(cb);
    },
    destroy() {
      try { module.pauseMainLoop && module.pauseMainLoop(); } catch (e) { /* already stopped */ }
      canvas.remove();
      listeners.change.clear();
    },
  };
  return handle;
}
