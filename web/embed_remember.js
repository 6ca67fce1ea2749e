// A widget embedded in a course page keeps the student's work (edits, training, lesson progress)
// across a reload of the page, in localStorage (docs/instructors.md "A reload loses nothing", data-remember).
// One entry per widget, keyed by the page's path and the widget's element id (or its index among the
// page's widgets when it has none); it holds the widget's link (with an instructor's lesson in it) and
// the signature of the page's own start state. When the page changes that start (other data-*
// attributes, an edited lesson file), the old entry is dropped: a student then sees the new page, not
// an old copy of it. A link addressed to the widget (embed_page.js, `#widget=<id>&...`) wins over the
// saved work when the page is opened with it, as a link does on the full page; the entry then notes that
// link (`opened`), so a reload of the same address gives back the work done since instead of the link
// again. The full-page widget keeps its state in the URL instead and stores nothing.
// Storage can be missing or refused (a sandboxed iframe, privacy settings): then nothing is kept.

import { throttledWriter } from './embed_page.js';

const KEY_PREFIX = 'perceptron-lab:';
const ENTRY_VERSION = 1;
const WRITE_INTERVAL_MS = 500;

/** Whether this widget keeps its work in localStorage (options.remember, default on; never with syncUrl). */
export function remembers(options) {
  return !options.syncUrl && options.remember !== false && options.remember !== 'off';
}

function storage() {
  try {
    const store = window.localStorage;  // throws where storage is refused
    return store || null;
  } catch (err) {
    return null;
  }
}

/** The storage key of a mounted element: page path plus element id, or its index among the widgets. */
export function rememberKey(element) {
  const name = element.id ? `id:${element.id}` : `index:${[...document.querySelectorAll('.perceptron-lab')].indexOf(element)}`;
  return `${KEY_PREFIX}${location.pathname}|${name}`;
}

function forget(store, key) {
  try { store.removeItem(key); } catch (err) { /* nothing to do */ }
}

/**
 * The saved entry {link, start, opened?} of `key`, or null. A corrupt entry is removed with a warning.
 */
export function readSaved(key) {
  const store = storage();
  if (!store) return null;
  let raw = null;
  try { raw = store.getItem(key); } catch (err) { return null; }
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw);
    if (entry && entry.version === ENTRY_VERSION && typeof entry.link === 'string' && typeof entry.start === 'string'
        && (entry.opened === undefined || typeof entry.opened === 'string')) return entry;
    throw new Error('not an entry of this version');
  } catch (err) {
    console.warn(`Perceptron Lab: ignored and removed the saved work of ${key} (${err.message})`);
    forget(store, key);
    return null;
  }
}

/** Removes the saved entry of `key` (a corrupt or outdated one). */
export function forgetSaved(key, why) {
  const store = storage();
  if (!store) return;
  if (why) console.warn(`Perceptron Lab: ignored and removed the saved work of ${key} (${why})`);
  forget(store, key);
}

/**
 * Keeps the entry of `key` up to date: at most one write every WRITE_INTERVAL_MS after a change, one
 * when the page goes away, none before the rest of the code is in (throttledWriter in embed_page.js says
 * why). `start` is the signature of the page's start state; while the widget shows exactly that, no
 * entry is kept. widget: {follow (embed_handle.js), fragment(), signature(), opened() (the addressed
 * link the widget was opened with, or '')}. writeNow: write the entry at once (the widget just took a
 * link's state). restArrived: resolves once the rest of the code is in (embed_deferred.js).
 * Returns what stops it.
 */
export function keepRemembering(key, start, widget, { writeNow = false, restArrived = Promise.resolve() } = {}) {
  const store = storage();
  if (!store) return () => {};
  const writer = throttledWriter(() => {
    try {
      const opened = widget.opened ? widget.opened() : '';
      if (widget.signature() === start && !opened) store.removeItem(key);
      else {
        const entry = { version: ENTRY_VERSION, start, link: `#${widget.fragment()}` };
        if (opened) entry.opened = opened;
        store.setItem(key, JSON.stringify(entry));
      }
      return true;
    } catch (err) {
      console.warn(`Perceptron Lab: cannot keep this widget's work across reloads (${err.message})`);
      return false;
    }
  }, WRITE_INTERVAL_MS, restArrived);
  const unsubscribe = widget.follow(writer.changed);
  if (writeNow) writer.now();
  return () => {
    writer.stop(true);
    unsubscribe();
  };
}
