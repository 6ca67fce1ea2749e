// The JS handle of one mounted widget (docs/reference.md "The JS handle"): what a page, a test or a parent frame
// (through postMessage) may do with it. Only the documented members are on it; the test build's hooks
// live apart, in test_hooks.js.
import { createLessons } from './embed_lessons.js';
import { widgetLinkTarget, withoutWidgetAddress } from './embed_page.js';
import { printSheet } from './embed_share.js';
import { LAB_VERSION } from './embed_version.js';
import { TRAIN_KEYS } from './embed_options.js';

/** Version of the JS handle; it moves together with the link format version (v=1). */
export const HANDLE_VERSION = 1;
/** handle.exportTrace(format): the formats of the trace table (core/figures/trace_table.hpp). */
const TRACE_FORMATS = ['csv', 'latex', 'markdown'];

/**
 * widget: {element, canvas, options, module, wasm (embed_wasm.js), snapshots (embed_snapshot.js),
 *          directory (where the module's files are, or null), onNoticeDismissed(), onDestroy(),
 *          onXapiListener() (an 'xapi' listener came: embed_xapi_start.js)}
 * Returns {handle, emitChange, follow, lessons, linkTarget, xapiListeners}: emitChange() tells the 'change' listeners (the module calls it
 * after every change of the state); follow(cb) adds one of the widget's own followers (cb(lightState)); lessons (embed_lessons.js) gives the lesson-aware link fragment;
 * linkTarget() says where link() leads (embed_page.js widgetLinkTarget); xapiListeners: the 'xapi' listeners.
 */
export function createHandle(widget) {
  const { element, canvas, options, module, wasm, snapshots } = widget;
  const { call, text, withString } = wasm;
  const listeners = { change: new Set(), result: new Set(), xapi: new Set() };
  let checksSeen = 0;  // pl_lesson_checks when the 'result' listeners last heard
  let destroyed = false;
  const result = (ok) => (ok ? { ok: true } : { ok: false, error: text('pl_last_error') });
  const linkTarget = () => widgetLinkTarget(element, options, widget.directory);
  const lessons = createLessons(wasm, result);
  // A link, fragment or state object without an instructor's lesson in it: loaded at once.
  const loadPlain = (objOrLink) => {
    const value = typeof objOrLink === 'string' ? objOrLink : JSON.stringify(objOrLink);
    const loaded = result(withString(value, (ptr) => call('pl_load', ptr)) === 1);
    if (loaded.ok) lessons.followState(value);
    return loaded;
  };

  const handle = {
    version: LAB_VERSION,  // the product's version ('0.2.0'), as the package and embed.css name it
    handleVersion: HANDLE_VERSION,  // the handle's own (1), which moves with the link format
    element,
    canvas,
    options,
    /**
     * Everything on screen as a plain object (points, settings, weights or alphas, counters, theory).
     * state({points: false}): the light state, without the lists that grow with the data or the run
     * (points, labels, heldOut, words' messages, alphas, the per-epoch lists, fragment), with
     * pointCount, testPointCount and messageCount instead: cheap at 100,000 points.
     */
    state({ points = true } = {}) { return JSON.parse(text('pl_state_json', points === false ? 0 : 1)); },
    /**
     * Load a link, '#fragment' or a state object. Bad input leaves the state untouched: {ok:false, error}.
     * A link that carries an instructor's lesson (lessonz) is unpacked first: then a Promise of that.
     */
    load(objOrLink) {
      // A link addressed to one widget of a course page (#widget=<id>&...) loads into any widget.
      const value = typeof objOrLink === 'string' ? withoutWidgetAddress(objOrLink) : objOrLink;
      return lessons.carriesLesson(value) ? lessons.loadWithLesson(value, loadPlain) : loadPlain(value);
    },
    /** train({steps}) | train({epochs}) | train({untilConverged: true}) | train({nextMistake}) | train({reset: true}) */
    train(request = { steps: 1 }) {
      for (const key of TRAIN_KEYS) {
        if (request[key] === undefined || request[key] === false) continue;
        const count = request[key] === true ? 1 : Number(request[key]);
        if (!Number.isFinite(count) || count < 0) throw new Error(`train: bad count for '${key}'`);
        withString(key, (ptr) => call('pl_train', ptr, count));
        return handle.state();
      }
      throw new Error("train: give one of steps, epochs, untilConverged, nextMistake, reset");
    },
    /** Change training settings as the Training panel does, e.g. configure({algorithm: 'kernel', kernel: {type: 'rbf'}}). */
    configure(settings) {
      const now = handle.state({ points: false });  // only the settings are read: no need for the points
      delete now.dim;    // (these describe the data the light state leaves out)
      delete now.words;
      const next = { ...now, ...settings };
      if (settings.kernel) next.kernel = { ...now.kernel, ...settings.kernel };
      const ok = withString(JSON.stringify(next), (ptr) => call('pl_configure', ptr)) === 1;
      if (!ok) throw new Error(`configure: ${text('pl_last_error')}`);
      return handle.state();
    },
    /** Load a generated data set from the core's seeded generators, e.g. generate('circles', {n: 300}). */
    generate(preset, { n = 200, noise = 0.1, seed = 1 } = {}) {
      const ok = withString(String(preset), (ptr) => call('pl_generate', ptr, n, noise, seed)) === 1;
      if (!ok) throw new Error(`generate: unknown preset '${preset}'`);
      return handle.state();
    },
    /** Start or stop the Run loop (as the Run/Pause button). */
    run(on = true, visitsPerSecond = 0) {
      call('pl_set_running', on ? 1 : 0, visitsPerSecond === 'max' ? 1e5 : Number(visitsPerSecond) || 0);
    },
    /**
     * A link that reproduces the current state exactly (with an instructor's lesson in it, if one is
     * open): on an embedded widget with an id, addressed to that widget on this page; without an id, to
     * the full-page widget; on the full-page widget, this page.
     */
    link() {
      const { base, address } = linkTarget();
      return `${base}#${address}${lessons.fragment()}`;
    },
    /** Add a point at (x1, x2) of class label (+1 or -1), as a click on the canvas: {ok} or {ok:false, error}. */
    addPoint(x1, x2, label = 1) {
      if (!Number.isFinite(Number(x1)) || !Number.isFinite(Number(x2))) return { ok: false, error: 'addPoint: x1 and x2 must be numbers' };
      return result(call('pl_add_point', Number(x1), Number(x2), Number(label) > 0 ? 1 : -1) === 1);
    },
    /**
     * Words mode: add a message as spam (label -1) or ham (1), as the Words view's text box does (in
     * online mode the model predicts it first): {ok} or {ok: false, error}. removeMessage(k) removes the
     * message k (0-based).
     */
    addMessage(text, label = 1) { return result(withString(String(text), (ptr) => call('pl_add_message', ptr, Number(label) > 0 ? 1 : -1)) === 1); },
    removeMessage(k) { return result(call('pl_remove_message', Number(k)) === 1); },
    /** Undo the last edit of the points (as Ctrl+Z): true when there was one to undo. */
    undo() { return call('pl_undo') === 1; },
    /** Redo the last undone edit (as Ctrl+Y): true when there was one to redo. */
    redo() { return call('pl_redo') === 1; },
    /** Replace the points by a named preset ('spam': Words mode with the lecture's messages): {ok} or {ok:false, error}. */
    preset(name) { return result(withString(String(name), (ptr) => call('pl_load_preset', ptr)) === 1); },
    /** Import file contents: CSV (x1,x2,label), TSV messages (label<TAB>text, name *.tsv) or a JSON state. A bad file changes nothing: {ok:false, error}. */
    importText(contents, fileName = 'data.csv') {
      return result(withString(String(fileName), (namePtr) =>
        withString(String(contents), (textPtr) => call('pl_import', namePtr, textPtr))) === 1);
    },
    /**
     * A vector figure as SVG text (a Promise): part 'canvas' | 'mistakes' | 'loss' | 'proof' | 'lift'; print: the
     * light theme; grayscale: shapes only; widthCm: its width on paper (default: the canvas's size on screen).
     */
    exportSvg({ part = 'canvas', print = false, grayscale = false, widthCm = 0 } = {}) {
      if (destroyed) return Promise.reject(new Error('the widget was destroyed'));
      const svg = withString(String(part), (ptr) => text('pl_export_svg', ptr, print ? 1 : 0, grayscale ? 1 : 0, Number(widthCm) || 0));
      return svg ? Promise.resolve(svg) : Promise.reject(new Error(text('pl_last_error')));
    },
    /** The points as CSV (header x1,x2,label). */
    exportCsv() { return text('pl_export_csv'); },
    /** The open lesson as a printable sheet {name, html} (with {key: true} its answer key); null when no lesson is open. */
    worksheet({ key = false } = {}) { return JSON.parse(text('pl_worksheet', key ? 1 : 0, 0)); },
    /** "Print this lesson": the sheet in a new tab that prints itself (a blocked tab: downloaded instead): {ok, opened}. */
    printLesson({ key = false } = {}) { return printSheet(element, handle, JSON.parse(text('pl_worksheet', key ? 1 : 0, 1))); },
    /**
     * The Trace section's rows, one per visit of the run (the whole run since the data or the settings last
     * changed, at most the last 10,000 visits): {t, epoch, index (0-based), x, y, score, mistake, wBefore,
     * wAfter}; bBefore/bAfter with an explicit bias, alphaBefore/alphaAfter (no w) for the kernel
     * perceptron, message and words [{word, before, after}] (no x, no w) in Words mode.
     */
    trace() { return JSON.parse(withString('json', (ptr) => text('pl_export_trace', ptr))); },
    /** The same table as text: exportTrace('csv' | 'latex' | 'markdown'). */
    exportTrace(format = 'csv') {
      if (!TRACE_FORMATS.includes(format)) throw new Error(`exportTrace: unknown format '${format}': it must be one of ${TRACE_FORMATS.join(', ')}`);
      return withString(format, (ptr) => text('pl_export_trace', ptr));
    },
    /** The messages of Words mode as TSV (header label<TAB>text, labels -1 spam / 1 ham). */
    exportTsv() { return text('pl_export_tsv'); },
    /** '' when link() can be opened again; else why not (a screen too large for a link) and what to use instead. */
    linkProblem() { return text('pl_link_problem'); },
    /** The whole state as JSON text (load() and importText() read it back). */
    exportJson() { return text('pl_export_json'); },
    /** A PNG (Blob) of the canvas area with the decision regions, at the screen's full resolution. */
    snapshot() {
      if (destroyed) return Promise.reject(new Error('the widget was destroyed'));
      return snapshots.request();
    },
    /** The message the widget shows ('' = none): load errors, import results, "Link copied". */
    notice() { return text('pl_notice'); },
    setNotice(message) { withString(String(message), (ptr) => call('pl_set_notice', ptr)); },
    dismissNotice() { handle.setNotice(''); widget.onNoticeDismissed(); },
    ...lessons.verbs,
    /**
     * The result record of the open lesson (docs/reference.md "The result record"): lesson id, title
     * and hash, per step attempts, passed, firstTry, choice, response, seconds, the score {raw, max,
     * scaled}, completed, link, and token (the record and the link in one string for "Copy my result"
     * and perceptron-cli check). null with no lesson open.
     */
    result() { return JSON.parse(text('pl_lesson_result')); },
    /**
     * on('change', cb): cb(state) after every change; returns a function that unsubscribes.
     * on('change', cb, {points: false}): cb gets the light state (see state()).
     * on('result', cb): cb(record) after every check of a lesson step that judged something (from the
     * card, the mirror or checkGoal()), with result().
     * on('xapi', cb): cb(statement) for each xAPI statement of a lesson (docs/reference.md "xAPI statements").
     */
    on(event, cb, { points = true } = {}) {
      if (!listeners[event]) throw new Error(`unknown event '${event}'`);
      const entry = { cb, light: points === false };
      listeners[event].add(entry);
      if (event === 'xapi') widget.onXapiListener?.();  // the statements' code comes when first asked for
      return () => listeners[event].delete(entry);
    },
    /** Stop the widget and free its canvas and GPU context. */
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try { module.pauseMainLoop(); } catch (e) { /* already stopped */ }
      const gl = canvas.getContext('webgl2');
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
      widget.onDestroy();
      canvas.remove();
      listeners.change.clear();
      listeners.result.clear();
      listeners.xapi.clear();
      followers.clear();
      snapshots.cancel(new Error('the widget was destroyed'));
      delete element.dataset.perceptronLabMounted;
      if (element.perceptronLab === handle) delete element.perceptronLab;
    },
  };

  // The widget's own followers (URL, saved work, accessible mirror, notices) need no state, or only a
  // little of it: they get a function that makes the light state once, when first asked. A page's
  // listeners get the state they asked for, made once per change, so a change costs nothing that
  // nobody reads (at 100,000 points the whole state is megabytes of JSON, and Run changes it each frame).
  const followers = new Set();
  function follow(cb) { followers.add(cb); return () => followers.delete(cb); }
  function emitChange() {
    if (destroyed) return;
    const made = {};
    const get = (light) => {
      const key = light ? 'light' : 'full';
      if (!made[key]) made[key] = handle.state({ points: !light });
      return made[key];
    };
    for (const cb of followers) cb(() => get(true));
    for (const { cb, light } of listeners.change) cb(get(light));
    // A check writes the step's attempts into the state, so every check reaches here as a change.
    const checks = call('pl_lesson_checks');
    if (checks !== checksSeen) {
      checksSeen = checks;
      if (listeners.result.size) {
        const record = handle.result();
        for (const { cb } of listeners.result) cb(record);
      }
    }
  }
  return { handle, emitChange, follow, lessons, linkTarget, xapiListeners: listeners.xapi };
}
