// xAPI 1.0.3 statements of a widget's lessons (issue 28; docs/reference.md "xAPI statements"). Loaded
// only when a page uses them (embed_xapi_start.js, which notes the lesson's events as they happen and
// hands them here): a lesson launched (initialized), each check of a step (answered), the lesson
// completed and passed, or failed. Each statement goes to the handle's on('xapi') listeners, to the
// parent page (postMessage, only to origins in allowedOrigins) and, with data-xapi-endpoint, to the
// Learning Record Store (embed_xapi_send.js). The actor comes from the page or is anonymous: the widget
// never makes up a student's name. Nothing of the page's xAPI settings but the actor and the activity
// ids goes into a statement: the endpoint and its auth never do.
import { lrsSender } from './embed_xapi_send.js';

const VERBS = 'http://adlnet.gov/expapi/verbs/';
const LESSON_TYPE = 'http://adlnet.gov/expapi/activities/lesson';
const INTERACTION_TYPE = 'http://adlnet.gov/expapi/activities/cmi.interaction';
// The lesson's scoring rule ("passed" or "first-try": how raw was counted) as a result extension. The
// project has no domain of its own, so the key sits under the reserved .invalid name; it never changes.
const SCORING_EXTENSION = 'https://perceptron-lab.invalid/xapi/result/scoring';
const MAX_RESPONSE_CHARS = 8000;  // a goal's response is the state link checked: a huge one is left out
const REGISTRATIONS_KEY = 'perceptron-lab-xapi-registrations';
const MAX_REGISTRATIONS = 100;

/** A random UUID (version 4): crypto.randomUUID where the page has it (secure pages), else from random bytes. */
export function uuid() {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;  // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80;  // variant 10
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const verb = (name) => ({ id: `${VERBS}${name}`, display: { 'en-US': name } });
const duration = (seconds) => `PT${Math.max(0, Math.round(Number(seconds) || 0))}S`;
const checkable = (record) => record.steps.filter((s) => s.kind !== 'text');
const attemptsOf = (record) => record.steps.reduce((sum, s) => sum + s.attempts, 0);

// Where statements for the parent page may go: the targetOrigin of each postMessage. Only in a frame,
// only to allowed origins ('self' = this page's origin, 'parent' = whoever embeds the frame, '*' only
// when the page says '*'). Where the browser tells the parent's origin (location.ancestorOrigins), only
// the target that matches it is kept, so nothing is posted that the browser would drop.
function parentTargets(allowed) {
  if (typeof window === 'undefined' || window.parent === window || !allowed.length) return [];
  if (allowed.includes('*')) return ['*'];
  const known = location.ancestorOrigins && location.ancestorOrigins.length ? location.ancestorOrigins[0] : null;
  const targets = new Set();
  for (const entry of allowed) {
    if (entry === 'parent') targets.add(known && known !== 'null' ? known : '*');
    else if (entry === 'self') { if (location.origin !== 'null') targets.add(location.origin); }
    else {
      try { const origin = new URL(entry).origin; if (origin !== 'null') targets.add(origin); } catch (err) { /* not an origin */ }
    }
  }
  return known ? [...targets].filter((t) => t === '*' || t === known).slice(0, 1) : [...targets];
}

// The registration of a lesson run, kept in this browser per page, widget and lesson version, so a
// reload (which keeps the attempts) goes on with the same registration. fresh: the run has no attempts
// yet, so it is a new run with a new registration.
function registrationFor(key, fresh) {
  let store = null;
  try { store = window.localStorage || null; } catch (err) { /* refused */ }
  let map = {};
  try { map = (store && JSON.parse(store.getItem(REGISTRATIONS_KEY) || '{}')) || {}; } catch (err) { map = {}; }
  const kept = map[key];
  if (!fresh && typeof kept === 'string' && /^[0-9a-f-]{36}$/.test(kept)) return kept;
  const registration = uuid();
  delete map[key];
  map[key] = registration;
  const keys = Object.keys(map);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_REGISTRATIONS))) delete map[old];
  try { if (store) store.setItem(REGISTRATIONS_KEY, JSON.stringify(map)); } catch (err) { /* per page load then */ }
  return registration;
}

/**
 * handle: the widget's handle; settings: embed_xapi_options.js xapiSettings(); parentAllowed: the
 * allowedOrigins when the widget is in a frame, else []; listeners: the handle's 'xapi' listeners.
 * Returns {observe({at, lesson, record, checked}), stop()}: observe is given lesson() and result() after
 * each check (checked) and each change of the open lesson, in order.
 */
export function createXapiTracker({ handle, settings, parentAllowed, listeners }) {
  const element = handle.element;
  const widget = element.id || undefined;
  const base = settings.activityBase;
  const actor = settings.actor
    || { objectType: 'Agent', account: { homePage: /^https?:/.test(base) ? base : 'https://perceptron-lab.invalid/', name: 'anonymous' } };
  const targets = parentTargets(parentAllowed);
  let noticeGiven = false;
  const reportRefusal = (reason) => {
    if (noticeGiven) return;
    noticeGiven = true;
    handle.setNotice(`The course's learning record store did not accept a statement of this lesson (${reason}). The lesson goes on as before.`);
  };
  const sender = settings.endpoint ? lrsSender(settings.endpoint, settings.auth, reportRefusal) : null;
  const widgetName = element.id ? `id:${element.id}` : `index:${[...document.querySelectorAll('.perceptron-lab')].indexOf(element)}`;
  let run = null;  // the lesson run being followed

  function deliver(statements) {
    for (const statement of statements) {
      for (const { cb } of [...listeners]) {
        try { cb(JSON.parse(JSON.stringify(statement))); } catch (err) { console.warn(`Perceptron Lab: an 'xapi' listener failed: ${err.message}`); }
      }
      for (const target of targets) {
        try { window.parent.postMessage({ type: 'perceptron-lab:xapi', widget, statement }, target); } catch (err) { /* detached */ }
      }
    }
    if (sender) sender.add(statements);
  }

  // The parts every statement of the run shares.
  function statement(at, verbName, object, extra = {}) {
    return {
      id: uuid(),
      timestamp: new Date(at).toISOString(),
      actor,
      verb: verb(verbName),
      object,
      ...extra,
      context: {
        registration: run.registration,
        platform: 'Perceptron Lab',
        revision: run.hash,  // the lesson's hash (result record): an edited lesson is another revision
        ...(extra.context || {}),
      },
    };
  }

  function begin(at, lesson, record) {
    const id = `${base}/${encodeURIComponent(record.lesson.id)}`;
    const lang = lesson.builtin ? 'en-US' : 'und';  // an instructor's lesson may be in any language
    const judgedFailed = !record.completed && checkable(record).length > 0 && checkable(record).every((s) => s.attempts > 0);
    run = {
      key: `${record.lesson.id}|${record.lesson.hash}`,
      hash: record.lesson.hash,
      id,
      lang,
      activity: { objectType: 'Activity', id, definition: { type: LESSON_TYPE, name: { [lang]: record.lesson.title || record.lesson.id } } },
      registration: registrationFor(`${location.pathname}|${widgetName}|${record.lesson.id}|${record.lesson.hash}`, attemptsOf(record) === 0),
      previous: record,
      attempts: attemptsOf(record),
      // What this run has already been judged (a reload does not send it again).
      completedSent: !!record.completed,
      failedSent: judgedFailed,
    };
    deliver([statement(at, 'initialized', run.activity)]);
  }

  // The step as an interaction. A quiz is a `choice` interaction (its answers are the choices, by
  // index); so is a select-all quiz, whose response lists every ticked choice. A number is `numeric`, a
  // vector `fill-in` (its components), a prediction without a vector `true-false` (true: "a mistake").
  // correctResponsesPattern is left out on purpose: the statements reach the page the student has open,
  // and the pattern would hand over the answer before the student found it. A goal (a condition the
  // whole widget state must meet, judged at once) is `other`: `performance` is for a task of named steps
  // answered as "step[.]response" pairs, which a goal does not have, and `other` lets the response be
  // the state link the goal was checked on.
  const answerKind = (step) => step.kind.replace(/^goal\+/, '');
  function interactionType(step) {
    switch (answerKind(step)) {
      case 'quiz': case 'select': return 'choice';
      case 'number': return 'numeric';
      case 'vector': return 'fill-in';
      case 'predict': return Array.isArray(step.values) && step.values.length ? 'other' : 'true-false';
      default: return 'other';
    }
  }
  function stepActivity(k, lesson, step) {
    const type = interactionType(step);
    const here = lesson.step === k;
    const definition = {
      type: INTERACTION_TYPE,
      name: { [run.lang]: step.title || `Step ${k + 1}` },
      interactionType: type,
    };
    const goal = here && lesson.goal ? lesson.goal : (step.kind === 'goal' ? step.response : '');
    if (goal) definition.description = { [run.lang]: `Goal: ${goal}` };
    if (type === 'choice' && here && lesson.choices.length) {
      definition.choices = lesson.choices.map((text, i) => ({ id: `answer-${i}`, description: { [run.lang]: text } }));
    }
    return { objectType: 'Activity', id: `${run.id}/steps/${k}`, definition };
  }

  // The response in the form its interaction type has (xAPI 1.0.3, "Interaction Activities").
  function response(step) {
    const values = Array.isArray(step.values) ? step.values : [];
    switch (answerKind(step)) {
      case 'quiz': return Number.isInteger(step.choice) ? `answer-${step.choice}` : undefined;
      case 'select': {
        const ticked = [];
        for (let i = 0; i < 8; i++) if ((step.selected >> i) & 1) ticked.push(`answer-${i}`);
        return ticked.length ? ticked.join('[,]') : undefined;
      }
      case 'number': return values.length === 1 ? String(values[0]) : undefined;
      case 'vector': return values.length ? values.map(String).join('[,]') : undefined;
      case 'predict':
        if (typeof step.predicted !== 'boolean') return undefined;
        return values.length ? `${step.predicted ? 'mistake' : 'no mistake'}; w = (${values.join(', ')})` : String(step.predicted);
      default:
        return typeof step.state === 'string' && step.state.length <= MAX_RESPONSE_CHARS ? step.state : undefined;
    }
  }

  function answered(at, k, lesson, record) {
    const step = record.steps[k];
    const before = run.previous.steps[k];
    // This check passed when the step turned passed; otherwise the card's verdict says (it shows the
    // step the student is at, which is the step checked).
    const success = step.passed && !(before && before.passed) ? true
      : lesson.step === k && lesson.checked ? lesson.passed === true : !!step.passed;
    const result = { success, duration: duration(step.seconds) };
    const said = response(step);
    if (said !== undefined) result.response = said;
    return statement(at, 'answered', stepActivity(k, lesson, step), {
      result,
      context: { contextActivities: { parent: [{ objectType: 'Activity', id: run.id }] } },
    });
  }

  // passed / failed / completed, with the score. The rule: the lesson is judged once every step with a
  // goal or a quiz has been checked at least once. All of them passed: completed and passed (as
  // result().completed). Some not: failed, once per run; passing them later still sends completed and
  // passed. A lesson with nothing to check sends neither.
  function judgements(at, record) {
    const steps = checkable(record);
    if (!steps.length || !steps.every((s) => s.attempts > 0)) return [];
    const { raw, max, scaled } = record.score;
    const score = { raw, min: 0, max, scaled };
    const extensions = { [SCORING_EXTENSION]: record.score.scoring || 'passed' };
    const seconds = record.steps.reduce((sum, s) => sum + (Number(s.seconds) || 0), 0);
    if (record.completed && !run.completedSent) {
      run.completedSent = true;
      return [
        statement(at, 'completed', run.activity, { result: { completion: true, success: true, score, duration: duration(seconds), extensions } }),
        statement(at, 'passed', run.activity, { result: { completion: true, success: true, score, duration: duration(seconds), extensions } }),
      ];
    }
    if (!record.completed && !run.failedSent) {
      run.failedSent = true;
      return [statement(at, 'failed', run.activity, { result: { completion: false, success: false, score, duration: duration(seconds), extensions } })];
    }
    return [];
  }

  function observe({ at, lesson, record, checked }) {
    if (!lesson || !record || !record.lesson || !Array.isArray(record.steps)) { run = null; return; }
    const attempts = attemptsOf(record);
    if (!run || run.key !== `${record.lesson.id}|${record.lesson.hash}` || attempts < run.attempts) {
      begin(at, lesson, record);
      // A lesson opened and checked at once (a page's script): the check is answered too.
      const step = record.steps[lesson.step];
      if (checked && step && step.attempts > 0) {
        run.previous = { ...record, steps: record.steps.map((s, k) => (k === lesson.step ? { ...s, attempts: 0, passed: false } : s)) };
        deliver([answered(at, lesson.step, lesson, record)]);
        run.previous = record;
      }
      return;
    }
    // The steps checked since the last look: the one the student is at, when its attempts grew (the
    // usual case), else every step whose attempts grew (a state loaded with more attempts in it).
    const grew = record.steps.map((s, k) => k).filter((k) => record.steps[k].attempts > (run.previous.steps[k]?.attempts ?? 0));
    const steps = grew.includes(lesson.step) ? [lesson.step] : grew;
    const out = steps.map((k) => answered(at, k, lesson, record));
    out.push(...judgements(at, record));
    run.previous = record;
    run.attempts = attempts;
    if (out.length) deliver(out);
  }

  return { observe, stop() { sender?.stop(); } };
}
