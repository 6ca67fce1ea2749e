// The first-download part of xAPI (docs/reference.md "xAPI statements"): whether a widget's lessons
// become statements at all, and the lesson's events noted as they happen. A page uses xAPI when it
// listens with on('xapi'), sets data-xapi-endpoint, or has the widget in a frame whose allowedOrigins
// let statements reach the parent page. Only then are lesson changes watched, and embed_xapi.js, which
// makes and sends the statements, is loaded (a dynamic import: a page without xAPI never fetches it;
// the single file has it inlined). Events noted before it arrives wait for it, in order.
import { allowedOrigins } from './embed_options.js';
import { xapiSettings } from './embed_xapi_options.js';

const MAX_WAITING = 200;
// A name, not a literal in import(): esbuild leaves the import alone, so the served build fetches the
// module's own bundle (bundle_release.cmake); the single file has it on window (build_single.mjs).
const XAPI_MODULE = './embed_xapi.js';

/**
 * widget: {handle, follow (the widget's own followers), wasm, options, listeners (the handle's 'xapi'
 * listeners)}. Returns {start() at the end of the mount, listen() when an 'xapi' listener comes, stop()}.
 */
export function setUpXapi({ handle, follow, wasm, options, listeners }) {
  const settings = xapiSettings(options);
  const inFrame = typeof window !== 'undefined' && window.parent && window.parent !== window;
  const parentAllowed = inFrame ? allowedOrigins(options) : [];
  let watching = false;
  let stopped = false;
  let tracker = null;
  let loading = null;
  const waiting = [];
  let checksSeen = 0;
  let lessonSeen = '';

  const load = () => {
    if (tracker || loading || stopped) return;
    loading = Promise.resolve(globalThis.PerceptronLabXapi || import(XAPI_MODULE)).then((xapi) => {
      if (stopped) return;
      tracker = xapi.createXapiTracker({ handle, settings, parentAllowed, listeners });
      for (const noted of waiting.splice(0)) tracker.observe(noted);
    }).catch((err) => {
      loading = null;  // the next event tries again
      console.warn(`Perceptron Lab: xAPI statements wait: their code could not be loaded (${err.message})`);
    });
  };
  // lesson() and result() as they are now, with the time: what the statements are made from.
  // checked: a check was made since the last note (with a lesson opened in the same moment too).
  const note = (checked = false) => {
    const noted = { at: Date.now(), lesson: handle.lesson(), record: handle.result(), checked };
    if (tracker) { tracker.observe(noted); return; }
    if (waiting.length < MAX_WAITING) waiting.push(noted);
    load();
  };
  const watch = () => {
    if (watching || stopped) return;
    watching = true;
    checksSeen = wasm.call('pl_lesson_checks');
    lessonSeen = handle.state({ points: false }).lesson || '';
    if (lessonSeen) note();
    if (settings.endpoint) load();  // statements an earlier load left in the queue go out now
  };
  // A check (the module counts them) or another lesson (or none) since the last change.
  const unfollow = follow((lightState) => {
    if (!watching) return;
    const checks = wasm.call('pl_lesson_checks');
    const lesson = lightState().lesson || '';
    if (checks === checksSeen && lesson === lessonSeen) return;
    const checked = checks !== checksSeen;
    checksSeen = checks;
    lessonSeen = lesson;
    note(checked);
  });
  return {
    start() { if (settings.endpoint || parentAllowed.length || listeners.size) watch(); },
    listen: watch,
    stop() {
      stopped = true;
      unfollow();
      if (tracker) tracker.stop();
    },
  };
}
