// The test build's entry for the browser tests and the benchmarks (docs/developers.md "The test build"). Only the test
// build (preset web-test, CMake option PL_TEST_HOOKS) has this file and the exports it calls; the
// release build and the public JS handle have neither.
//
//   const { testHooks } = await import('/test_hooks.js');
//   const hooks = testHooks(handleOrElement);   // a mounted widget
//   hooks.framesDrawn(); hooks.toPage(2, 3); hooks.request('downloadCsv'); ...
//
// How it reaches the widget: the test build links src/platform/web_test_hooks_post.js into the module
// glue; it files every module instance under its canvas in a registry keyed by a global symbol. The
// handle's canvas (or the element's) is the key.
import { wasmCalls } from './embed_wasm.js';
import { HOST_REQUEST } from './embed_share.js';

const MODULES = Symbol.for('perceptron-lab.test-modules');

export function testHooks(target) {
  const canvas = target instanceof HTMLCanvasElement ? target
    : target?.canvas instanceof HTMLCanvasElement ? target.canvas
      : target?.querySelector?.('canvas.perceptron-lab-canvas');
  const module = canvas && globalThis[MODULES]?.get(canvas);
  if (!module) {
    throw new Error(globalThis[MODULES] ? 'testHooks: no mounted widget there'
      : 'testHooks: this page runs a release build (the hooks need the web-test build)');
  }
  const { call, text } = wasmCalls(module);
  const hooks = {
    /** Frames the widget has drawn so far (an idle widget draws none). */
    framesDrawn() { return call('pl_frames_drawn'); },
    inputPending() { return call('pl_input_pending') === 1; },
    /** The canvas area in CSS px relative to the canvas element, and the data<->screen mapping. */
    geometry() { return JSON.parse(text('pl_canvas_geometry')); },
    /** Page coordinates (CSS px) of a data point, for real mouse clicks. */
    toPage(x, y) {
      const g = hooks.geometry();
      const r = canvas.getBoundingClientRect();
      return { x: r.left + g.left + g.width / 2 + (x - g.centerX) * g.pixelsPerUnit,
               y: r.top + g.top + g.height / 2 - (y - g.centerY) * g.pixelsPerUnit };
    },
    /**
     * What a fresh frame drew: {frame, items: [{label, window, rect: [x0, y0, x1, y1], clip, textWidth,
     * open, checked, focused}], texts: [{role, text, rect}], nav: {visible, rect}} in CSS px of the canvas
     * (labelled ImGui items through ImGui's test-engine hooks, `focused` the one with the keyboard focus,
     * nav.rect where that item is (also when it has no label) and nav.visible whether its ring shows; canvas texts such as the status line, the online verdict, the
     * keyboard cursor's "cursor" label and the "keys-help" rows of the ? list).
     */
    async drawn() {
      const start = JSON.parse(text('pl_drawn'))?.frame ?? 0;
      for (let i = 0; i < 300; i++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = JSON.parse(text('pl_drawn'));
        if (now && now.frame >= start + 2) return now;
      }
      throw new Error('testHooks.drawn: the widget drew no new frame');
    },
    /** The last online-mode prediction {predicted, truth, mistake, mistakes}, or null. */
    lastOnline() { return JSON.parse(text('pl_online_json')); },
    /** GPU-vs-CPU sign agreement of the painted decision field: {fraction, notTiny}. */
    fieldAgreement() { return { fraction: call('pl_field_agreement'), notTiny: call('pl_field_not_tiny') }; },
    /** The canvas layers: {pointPictures, sprites, coarseField, fieldSettling} (point_layer.hpp, field_layer.hpp). */
    layers() { return JSON.parse(text('pl_layers_json')); },
    /** GPU field vs CPU evaluator with n RBF support vectors at 800x600: {gpu, cpu} in ms. */
    benchField(n) { return JSON.parse(text('pl_bench_field', n)); },
    /**
     * What the Share button `name` does ('copyLink', 'downloadCsv', 'downloadJson', 'snapshotPng',
     * 'importFile'): the same call into the page that the C++ Share section makes.
     */
    request(name) {
      const index = HOST_REQUEST.indexOf(name);
      if (index < 0) throw new Error(`testHooks: unknown request '${name}' (known: ${HOST_REQUEST.join(', ')})`);
      module.onHostRequest(index);
    },
  };
  return hooks;
}
