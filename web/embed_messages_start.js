// postMessage, the first-download part (docs/reference.md "postMessage"): a widget whose allowedOrigins
// let pages talk to it listens from the start, and tells the parent page that it can (in a frame); what
// answers the messages (embed_messages.js) is fetched when the first one comes, and the messages that
// arrive meanwhile wait for it, in order. A page that never sends one never fetches it (the single file
// has it inlined, as window.PerceptronLabMessages).
import { allowedOrigins } from './embed_options.js';

/** Every postMessage type starts with this (docs/reference.md "postMessage"). */
export const MESSAGE_PREFIX = 'perceptron-lab:';
// The widget's own messages: a widget hears them too (same window) and must not answer them.
export const REPLIES = new Set(['state', 'link', 'loaded', 'ready', 'change', 'error', 'lessons', 'lesson', 'verdict', 'result', 'xapi']);
// A name, not a literal in import(): esbuild leaves the import alone, so the served build fetches the
// module's own bundle (bundle_release.cmake).
const MESSAGES_MODULE = './embed_messages.js';

/** Listens for messages to this widget; returns what stops listening, or null when messages are off. */
export function setUpMessages(handle, follow, options, handleVersion) {
  if (!allowedOrigins(options).length || typeof window === 'undefined') return null;
  let part = null, loading = null, stopped = false;
  const waiting = [];
  const onMessage = (event) => {
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith(MESSAGE_PREFIX)) return;
    if (REPLIES.has(msg.type.slice(MESSAGE_PREFIX.length))) return;  // a reply: nothing to fetch the answers for
    if (part) { part.hear(event); return; }
    waiting.push(event);
    loading = loading || Promise.resolve(globalThis.PerceptronLabMessages || import(MESSAGES_MODULE)).then((module) => {
      if (stopped) return;
      part = module.createMessages(handle, follow, options);
      for (const e of waiting.splice(0)) part.hear(e);
    }).catch((err) => console.warn(`Perceptron Lab: the postMessage part did not load: ${err.message}`));
  };
  window.addEventListener('message', onMessage);
  if (window.parent && window.parent !== window) {
    // Tell the parent page it can send messages now (carries no state, so any origin may see it).
    try {
      window.parent.postMessage({ type: `${MESSAGE_PREFIX}ready`, widget: handle.element.id || undefined, version: handleVersion }, '*');
    } catch (e) { /* detached */ }
  }
  return () => { stopped = true; window.removeEventListener('message', onMessage); part?.stop(); };
}
