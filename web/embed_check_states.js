// The state each lesson step was checked on, kept across a reload (issue 28). The link and the saved
// work keep a lesson's progress (attempts, passed, answers: the `lp` key) but not these states: a link
// holding one copy of the student's points per step would be too long to share. Without them, after a
// reload "Copy my result" could only give the final state, and perceptron-cli check would judge an
// earlier goal step on points the student changed later. So this browser keeps them in local storage,
// one entry per widget and lesson version: {version, hash, attempts, states}, written after every
// check and given back to the widget when it starts with that lesson open. The widget takes a state
// only for a step whose attempts still match (LessonRun::restore_check_links), so an entry from an
// older try never stands for a newer check. Nothing is kept when the page turns remembering off
// (data-remember="off"), and nothing else goes into the entry (no credentials, no names).
// Storage can be missing, full or refused: then the states live as long as the page, as before.

const KEY_PREFIX = 'perceptron-lab-checks:';  // not 'perceptron-lab:': those are the saved-work entries
const ENTRY_VERSION = 1;
const MAX_ENTRY_CHARS = 2_000_000;  // localStorage holds about 5 MB per origin: leave room for the rest

function storage() {
  try { return window.localStorage || null; } catch (err) { return null; }
}

/** The storage key of a widget's check states for one lesson version (hash); widgetKey as rememberKey(). */
export function checkStatesKey(widgetKey, hash) {
  return `${KEY_PREFIX}${widgetKey.replace(/^perceptron-lab:/, '')}|${hash}`;
}

/** The entry to keep for a result record, or null when it has no state worth keeping. */
export function entryOf(record) {
  if (!record || !record.lesson || !Array.isArray(record.steps)) return null;
  const states = record.steps.map((s) => (typeof s.state === 'string' ? s.state : ''));
  if (!states.some((s) => s)) return null;
  return { version: ENTRY_VERSION, hash: record.lesson.hash, attempts: record.steps.map((s) => s.attempts), states };
}

/**
 * Keeps the check states of the lesson open in `handle` under `widgetKey` (the page path and the
 * widget, as embed_remember.js names it). wasm: the widget's calls (restore goes through
 * pl_lesson_restore_checks). Returns {restore, stop}: restore() gives a kept entry back to the widget
 * (call it once the widget holds its start state), stop() ends the keeping.
 */
export function keepCheckStates(handle, wasm, widgetKey) {
  const store = storage();
  if (!store) return { restore() {}, stop() {} };
  const write = (record) => {
    const entry = entryOf(record);
    if (!entry) return;
    const text = JSON.stringify(entry);
    if (text.length > MAX_ENTRY_CHARS) return;  // the token still has them while the page is open
    try { store.setItem(checkStatesKey(widgetKey, entry.hash), text); } catch (err) {
      console.warn(`Perceptron Lab: cannot keep the checked states across reloads (${err.message})`);
    }
  };
  const stop = handle.on('result', write);
  const restore = () => {
    const record = handle.lesson() ? handle.result() : null;
    if (!record) return;
    let raw = null;
    try { raw = store.getItem(checkStatesKey(widgetKey, record.lesson.hash)); } catch (err) { return; }
    if (raw === null) return;
    let entry = null;
    try { entry = JSON.parse(raw); } catch (err) { entry = null; }
    if (!entry || entry.version !== ENTRY_VERSION || entry.hash !== record.lesson.hash) {
      try { store.removeItem(checkStatesKey(widgetKey, record.lesson.hash)); } catch (err) { /* nothing to do */ }
      return;
    }
    wasm.withString(JSON.stringify(entry), (ptr) => wasm.call('pl_lesson_restore_checks', ptr));
  };
  return { restore, stop };
}
