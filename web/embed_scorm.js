// The SCORM run-time of a lesson package (perceptron-cli package --scorm, issue 28): on a page that
// declares SCORM (data-scorm="1.2" or "2004" on the mount element, as the package's index.html does),
// the widget finds the LMS's API object the way the SCORM run-time environment says, and keeps the LMS
// up to date after every check: the step (lesson_location / location), the student's work and attempts
// (suspend_data: the state link with the lesson progress `lp`, without the lesson itself, which the
// package carries), the score, the status, one interaction per checked step; then it commits. The
// session time and the end of the session go to the LMS when the page goes away. No API found (the
// file opened outside an LMS): nothing happens, the lesson works as any other.
//
// The single file inlines this module (scripts/build_single.mjs) and embed.js finds it on
// window.PerceptronLabScorm; the served build fetches it (a dynamic import) only for a SCORM page.
// Only ASCII here: the single file's inlined script must be (build_single.mjs).
import { splitLessonLink } from './embed_lesson_link.js';

// What differs between the two versions: the calls, the data model's names and its limits.
const VERSIONS = {
  '1.2': {
    api: 'API', initialize: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit',
    terminate: 'LMSFinish', location: 'cmi.core.lesson_location', score: 'cmi.core.score', exit: 'cmi.core.exit',
    mode: 'cmi.core.lesson_mode',
    sessionTime: 'cmi.core.session_time', response: 'student_response', wrong: 'wrong', goalType: 'performance',
    suspendLimit: 4096, responseLimit: 255,
  },
  2004: {
    api: 'API_1484_11', initialize: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit',
    terminate: 'Terminate', location: 'cmi.location', score: 'cmi.score', exit: 'cmi.exit', mode: 'cmi.mode',
    sessionTime: 'cmi.session_time', response: 'learner_response', wrong: 'incorrect', goalType: 'other',
    suspendLimit: 64000, responseLimit: 4000,
  },
};
// The keys of the state link that say where the student is and what they did (the lesson, the step,
// the progress `lp` and the link's end mark): what suspend_data keeps when the points do not fit.
const PROGRESS_KEYS = ['lesson', 'step', 'lp', 'v'];
const MAX_PARENTS = 500;  // the SCORM run-time's API discovery algorithm gives up after this many

export const SCORM_VERSIONS = Object.keys(VERSIONS);

/** The told sentence when the points do not fit in the suspend data (one sentence, for the notice). */
export function droppedPointsNotice(limit) {
  return `Your points are too many for this course's records (at most ${limit.toLocaleString('en-US')} characters), `
    + 'so when you come back you will find your step and your attempts but not your points.';
}

// The window's `name` object on it or one of its parents (at most MAX_PARENTS up), or null; a parent
// of another origin cannot be read and ends the walk.
function searchParents(win, name) {
  try {
    for (let level = 0; win && level <= MAX_PARENTS; level++) {
      if (win[name]) return win[name];
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
  } catch (err) { /* another origin: no API there */ }
  return null;
}

/** The LMS's API object for `version` ('1.2': window.API, '2004': window.API_1484_11), or null. */
export function findScormApi(version, win = window) {
  const { api } = VERSIONS[version];
  let found = searchParents(win, api);
  try {
    if (!found && win.opener) found = searchParents(win.opener, api);
  } catch (err) { /* an opener of another origin */ }
  return found;
}

// The state link of the widget without its lesson (lessonz) and without the '#': the suspend data.
function suspendLink(handle) {
  const link = handle.link();
  const hash = link.indexOf('#');
  return splitLessonLink(hash >= 0 ? link.slice(hash + 1) : link).rest;
}

// The same link with only the step and the progress: no points, no settings.
function progressOnly(fragment) {
  return fragment.split('&').filter((pair) => PROGRESS_KEYS.includes(pair.slice(0, pair.indexOf('=')))).join('&');
}

/** The suspend data for a state link: {data, dropped} (dropped: the points did not fit the limit). */
export function suspendData(fragment, limit) {
  if (fragment.length <= limit) return { data: fragment, dropped: false };
  return { data: progressOnly(fragment).slice(0, limit), dropped: true };
}

// The fragment with `pair` (key=value) in place of its own pair of that key, before the end mark v=.
function withPair(fragment, pair) {
  const key = pair.slice(0, pair.indexOf('=') + 1);
  const pairs = fragment.split('&').filter((p) => !p.startsWith(key));
  const end = pairs.findIndex((p) => p.startsWith('v='));
  pairs.splice(end < 0 ? pairs.length : end, 0, pair);
  return pairs.join('&');
}

// Loads the suspend data of an earlier session into the widget whose page opened the lesson. A first
// load puts the student's state in (or, when only the step and the progress were kept, the step as the
// lesson sets it up); a second one, with the lesson inside (lessonz), opens the lesson anew on that
// state, which is when the widget takes a link's lesson progress: a link that only moves within the open
// lesson keeps the progress the lesson has. A built-in lesson (no lessonz) takes it when the link moves
// it to another step: it stands on another step first.
async function resume(handle, saved) {
  const first = await handle.load(`#${saved}`);
  if (!first.ok) return first;
  const progress = saved.split('&').find((p) => p.startsWith('lp='));
  const link = handle.link();
  let fragment = link.slice(link.indexOf('#') + 1);
  if (progress) fragment = withPair(fragment, progress);
  if (!/(?:^|&)lessonz=/.test(fragment)) {
    const open = handle.lesson();
    if (open && open.steps > 1) handle.lessonStep(open.step === 0 ? 1 : 0);
  }
  return handle.load(`#${fragment}`);
}

function sessionTime(version, ms) {
  const seconds = Math.max(0, ms) / 1000;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (version === '2004') return `PT${h}H${m}M${s.toFixed(2)}S`;
  const two = (n) => String(n).padStart(2, '0');
  return `${String(Math.min(h, 9999)).padStart(4, '0')}:${two(m)}:${two(Math.floor(s))}.${two(Math.floor((s % 1) * 100))}`;
}

/**
 * Starts the run-time for a mounted widget with its lesson open. Resolves to a function that ends the
 * session (also called by itself when the page goes away); outside an LMS, to a function that does nothing.
 */
export async function startScorm(handle, { version }) {
  const v = VERSIONS[version];
  if (!v) {
    console.warn(`Perceptron Lab: data-scorm="${version}" is not a SCORM version the widget knows; use 1.2 or 2004.`);
    return () => {};
  }
  const api = findScormApi(version);
  if (!api || String(api[v.initialize]('')) !== 'true') return () => {};
  const get = (key) => String(api[v.get](key) ?? '');
  const set = (key, value) => api[v.set](key, String(value));
  const started = Date.now();
  // A teacher's Preview (browse) or a Review of a finished attempt: the lesson works, and nothing is
  // written (Moodle records a Preview's score, a 0, as the grade otherwise).
  const mode = get(v.mode);
  const recording = mode !== 'browse' && mode !== 'review';

  // Resume: the suspend data is the state link of the last session; a location alone moves to its step.
  const saved = get('cmi.suspend_data');
  const location = Number.parseInt(get(v.location), 10);
  if (saved) {
    const loaded = await resume(handle, saved);
    if (!loaded.ok) console.warn(`Perceptron Lab: the LMS's suspend data could not be loaded (${loaded.error})`);
  } else if (location >= 1) {
    handle.lessonStep(location - 1);
  }

  // tell: say so when the points do not fit (after a check: not at the start, nor as the page goes away).
  let toldDropped = false;
  const keepWork = (tell) => {
    const lesson = handle.lesson();
    // A student who closed the lesson (its card's "Close the lesson", or Leave) keeps the suspend data of
    // the lesson as they left it: the next launch reopens it at that step with their checks, where a
    // state without the lesson would show a plain widget and no result.
    if (!lesson) return;
    set(v.location, lesson.step + 1);
    const { data, dropped } = suspendData(suspendLink(handle), v.suspendLimit);
    set('cmi.suspend_data', data);
    if (tell && dropped && !toldDropped) handle.setNotice(droppedPointsNotice(v.suspendLimit));
    if (tell) toldDropped = dropped;
  };

  // The score, then the status (some players judge the status by the score they hold when it is set).
  // In percent in both versions: an LMS grades with raw as it is (Moodle shows raw out of 100), so raw is
  // 0-100 of min 0, max 100, and SCORM 2004 also gets scaled. No score before the first check: a student
  // who opens the lesson and leaves has no grade yet, not a 0. The status never reads "failed" for an
  // unfinished lesson: incomplete until every checked step passed (the manifest sets no mastery score
  // that an LMS could turn into "failed", scorm_package.cpp).
  const report = (record, tell = true) => {
    keepWork(tell);
    const { max, scaled } = record.score;
    const checkedOnce = record.steps.some((step) => step.kind !== 'text' && step.attempts > 0);
    if (max > 0 && checkedOnce) {
      set(`${v.score}.raw`, Math.round(scaled * 100));
      set(`${v.score}.min`, 0);
      set(`${v.score}.max`, 100);
      if (version === '2004') set(`${v.score}.scaled`, Number(scaled.toFixed(4)));
    }
    if (version === '1.2') {
      set('cmi.core.lesson_status', max === 0 ? 'completed' : record.completed ? 'passed' : 'incomplete');
    } else {
      set('cmi.completion_status', record.completed ? 'completed' : 'incomplete');
      if (max > 0) set('cmi.success_status', record.completed ? 'passed' : 'unknown');
    }
    // One interaction per checked step, in the lesson's order (so the same step keeps its entry).
    const checked = record.steps.map((step, k) => ({ step, k })).filter(({ step }) => step.kind !== 'text' && step.attempts > 0);
    checked.forEach(({ step, k }, n) => {
      const at = `cmi.interactions.${n}.`;
      const kind = step.kind.replace(/^goal\+/, '');
      const values = Array.isArray(step.values) ? step.values : [];
      // A choice as an identifier (1.2: a, b, ...; 2004: choice_1, ...: Moodle accepts a 2004 choice
      // response only as [\w.]{1,250}, so no '-'); select-all: every ticked one.
      const choiceId = (i) => (version === '1.2' ? String.fromCharCode(97 + i) : `choice_${i + 1}`);
      const ticked = [];
      for (let i = 0; i < 8; i++) if ((step.selected >> i) & 1) ticked.push(choiceId(i));
      const predictedOnly = kind === 'predict' && typeof step.predicted === 'boolean' && !values.length;
      const type = kind === 'quiz' || kind === 'select' ? 'choice' : kind === 'number' ? 'numeric'
        : predictedOnly ? 'true-false' : v.goalType;
      set(`${at}id`, `step-${k + 1}`);
      set(`${at}type`, type);
      // A goal, a vector or a prediction with w: the answer in words (the record's response).
      let response = step.response || '';
      if (kind === 'quiz') response = step.choice === null ? '' : choiceId(step.choice);
      if (kind === 'select') response = ticked.join(version === '1.2' ? ',' : '[,]');
      if (kind === 'number') response = values.length === 1 ? String(values[0]) : '';
      if (predictedOnly) response = version === '1.2' ? (step.predicted ? 't' : 'f') : String(step.predicted);
      if (response) set(`${at}${v.response}`, response.slice(0, v.responseLimit));
      set(`${at}result`, step.passed ? 'correct' : v.wrong);
      if (version === '2004') set(`${at}description`, step.title.replace(/^\{/, '(').slice(0, 250));
    });
    api[v.commit]('');
  };

  if (!recording) {
    let closed = false;
    const close = () => { if (!closed) { closed = true; window.removeEventListener('pagehide', close); api[v.terminate](''); } };
    window.addEventListener('pagehide', close);
    return close;
  }
  // The status from the start: a lesson is under way (or done, when nothing in it is checked).
  const record = handle.result();
  if (record) report(record, false);
  const stopResults = handle.on('result', report);

  let ended = false;
  // A tab that is hidden may never come back (a phone drops it, Moodle 4.5's frame blocks unload):
  // keep the work and commit then, without ending the session.
  const keepOnHide = () => {
    if (document.visibilityState !== 'hidden' || ended) return;
    keepWork(false);
    api[v.commit]('');
  };
  const end = () => {
    if (ended) return;
    ended = true;
    stopResults();
    window.removeEventListener('pagehide', end);
    window.removeEventListener('unload', end);
    document.removeEventListener('visibilitychange', keepOnHide);
    keepWork(false);
    set(v.sessionTime, sessionTime(version, Date.now() - started));
    set(v.exit, 'suspend');  // the LMS keeps the suspend data for the next session
    api[v.commit]('');
    api[v.terminate]('');
  };
  window.addEventListener('pagehide', end);
  window.addEventListener('unload', end);
  document.addEventListener('visibilitychange', keepOnHide);
  return end;
}
