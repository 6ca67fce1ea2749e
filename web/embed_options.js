// The mount options (docs/reference.md "Mount options and data-* attributes"): read from a <div data-...>, applied to the
// element (height, theme) and to the starting state (link or state, else preset; then algorithm,
// kernel, lift, bias, panels, read-only, the lesson, training on top).
import { MAX_LESSON_BYTES } from './embed_lesson_link.js';
import { xapiOptionProblems } from './embed_xapi_options.js';

// options.controls names -> the panel switches of state.panels. data/train/kernel/show/share are
// sections of the controls panel: naming any of them shows the panel with only the named sections.
const CONTROL_PANELS = {
  controls: 'controls', data: 'data', train: 'training', training: 'training', kernel: 'kernel',
  show: 'show', share: 'share', theory: 'theory', plots: 'plots', lift: 'liftView', liftView: 'liftView',
  trace: 'trace',  // the Trace section (the table of every visit)
};
const SECTIONS = ['data', 'training', 'kernel', 'show', 'share'];
const DEFAULT_HEIGHT = '480px';

// [SECTION] The options that take a name, and what a wrong one is told.
// `names`: the spellings as docs/reference.md lists them (what a message offers); `also`: the other spellings
// the module accepts (names.cpp aliases, any case), which must keep working. A wrong name is left out
// with a message that names the attribute, the value and the spellings; the other options still apply.
const NAMED_OPTIONS = {
  preset: { what: 'a data set', names: ['lecture4', 'and', 'or', 'nand', 'xor', 'bias1d', 'single-point', 'single-point-near',
    'separable', 'circles', 'moons', 'xor-blobs', 'overlap', 'spirals', 'spam'], also: ['single', 'margin', 'gaussians'] },
  algorithm: { what: 'an algorithm', names: ['perceptron', 'pocket', 'averaged', 'voted', 'logistic', 'kernel'],
    also: ['primal', 'average', 'sgd', 'dual'] },
  kernel: { what: 'a kernel', names: ['rbf', 'gaussian', 'polynomial', 'linear', 'sigmoid'], also: ['poly', 'tanh'] },
  lift: { what: 'a lift', names: ['none', 'product', 'radial', 'poly2', 'constant'], also: ['xy', 'identity', 'r2', 'quadratic', 'const'] },
  bias: { what: 'a bias setting', names: ['absorbed', 'explicit', 'none'], also: ['origin'] },
  theme: { what: 'a theme', names: ['light', 'dark'], also: [] },
  contrast: { what: 'a contrast setting', names: ['more'], also: [] },
  wheel: { what: 'a wheel setting', names: ['focus', 'always'], also: [] },
  remember: { what: 'a remember setting', names: ['off'], also: ['false', 'on', 'true', ''] },
};
const CONTROL_NAMES = ['train', 'data', 'kernel', 'show', 'share', 'theory', 'plots', 'lift', 'trace'];
const TRAIN_SPELLINGS = ['epochs:2', 'untilConverged', 'steps:5'];
/** The training verbs a page names (handle.train, data-train, the 'train' message): pl_train's names (kNamedVerbs, training_verbs.hpp). */
export const TRAIN_KEYS = ['steps', 'epochs', 'untilConverged', 'nextMistake', 'reset'];
const TEXT_SIZE = { min: 100, max: 200 };  // kTextSizeRange in src/core/base/limits.hpp

// Options made by optionsFromElement, with the attributes' own text: a message names what the
// instructor wrote (data-lift="x1x2"), a script's options are named as options (lift: "x1x2").
const fromAttributes = new WeakMap();
const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function named(options, key) {
  const attributes = fromAttributes.get(options);
  if (attributes) return `data-${kebab(key)}="${attributes[key] ?? ''}"`;
  return `the option ${key}: ${JSON.stringify(options[key])}`;
}
// "a, b, c or d"
function either(list, last = 'or') {
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} ${last} ${list[list.length - 1]}`;
}

/** '' when options[key] is one of its names, else the message for it (NAMED_OPTIONS). */
function nameProblem(options, key) {
  const value = options[key];
  if (value === undefined || value === null || (key === 'kernel' && typeof value === 'object')) return '';
  const { what, names, also } = NAMED_OPTIONS[key];
  const text = String(value).trim().toLowerCase();
  if ([...names, ...also].some((name) => name.toLowerCase() === text)) return '';
  return `${named(options, key)} is not ${what} the widget knows; use ${either(names)}.`;
}

function asList(value) {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

/** options.allowedOrigins as a list; default: same origin only. */
export function allowedOrigins(options) {
  const list = asList(options.allowedOrigins);
  return list === undefined ? ['self'] : list;
}

/** Height (default: the element's own, else 480 px; a full-page widget keeps its CSS) and theme. */
export function styleElement(element, options) {
  element.classList.add('perceptron-lab');
  if (options.height !== undefined) {
    element.style.height = typeof options.height === 'number' ? `${options.height}px` : String(options.height);
  } else if (element.clientHeight < 100 && !options.syncUrl) {
    element.style.height = DEFAULT_HEIGHT;
  }
  if (options.theme === 'dark') element.classList.add('perceptron-lab-dark');
}

/**
 * Loads the starting state: options.state or options.link, else (or when that fails) options.preset;
 * then the options that change the state; then the lesson (options.lesson or options.lessonSrc, unless
 * the link already opened one); then options.train. Resolves to '' or why something failed (the caller
 * shows it; the widget then starts from the default scene, or without the lesson).
 */
export async function applyStartOptions(handle, options) {
  let startError = '';
  const note = (error) => { if (!startError) startError = error; };
  // Wrong attributes: the first is told in full; the others are named after it, so that the message
  // stays readable in a small widget (the console has each in full).
  const wrongAttributes = [];
  const linkFragment = linkFragmentOf(options);
  if (options.state) {
    const r = handle.load(options.state);
    if (!r.ok) startError = r.error;
  } else if (linkFragment) {
    const r = await handle.load(String(options.link));
    if (!r.ok) startError = r.error;
  }
  const warn = (error) => {
    console.warn(`Perceptron Lab: ${error}`);
    const subject = /^(data-[\w-]+="[^"]*"|the option \w+: .*?) (is|names) /.exec(error);
    if (startError && subject) wrongAttributes.push(subject[1]);
    else note(error);
  };
  const presetProblem = nameProblem(options, 'preset');
  if (presetProblem) warn(presetProblem);
  else if ((startError || !(options.state || linkFragment)) && options.preset) {
    const r = handle.preset(String(options.preset).trim().toLowerCase());
    if (!r.ok) warn(r.error);
  }
  const problems = [];
  const patch = statePatch(options, problems);
  for (const problem of problems) warn(problem);
  if (patch) {
    const r = handle.load(mergeState(JSON.parse(handle.exportJson()), patch));
    if (!r.ok) warn(`The widget's options were not applied: ${r.error.replace(/^This state file could not be loaded: /, '')}`);
  }
  if ((options.lesson || options.lessonSrc) && !handle.lesson()) {
    const problem = lessonProblem(handle, options);
    if (problem) warn(problem);
    else await openStartLesson(handle, options, warn);
  }
  const trainProblem = trainingProblem(options);
  if (trainProblem) warn(trainProblem);
  else if (options.train) handle.train(options.train);
  if (wrongAttributes.length) startError += ` Also not known: ${either(wrongAttributes, 'and')}.`;
  return startError;
}

// The start lesson (options.lesson, else the file options.lessonSrc) at options.lessonStep.
async function openStartLesson(handle, options, warn) {
  const step = options.lessonStep === undefined ? 0 : Number(options.lessonStep);
  let lesson = options.lesson;
  if (!lesson) {
    try { lesson = await fetchLessonText(options.lessonSrc); } catch (err) { warn(err.message); }
  }
  if (lesson) {
    const r = handle.openLesson(lesson, step);
    const stepNamed = options.lessonStep === undefined ? '' : ` (${named(options, 'lessonStep')})`;
    if (!r.ok) warn(options.lesson ? `${r.error}${stepNamed}` : `${r.error} (in ${options.lessonSrc})${stepNamed}`);
  }
}

// '' or why options.lesson (a built-in lesson's id, when it is not a lesson's JSON) or options.lessonStep is wrong.
function lessonProblem(handle, options) {
  const step = options.lessonStep;
  if (step !== undefined && !(Number.isInteger(Number(step)) && Number(step) >= 0)) {
    return `${named(options, 'lessonStep')} is not a step number; steps count from 0 (0 is the first step).`;
  }
  const lesson = options.lesson;
  if (typeof lesson !== 'string' || lesson.trimStart().startsWith('{')) return '';
  const ids = handle.lessons().map((l) => l.id);
  if (ids.includes(lesson.trim())) return '';
  return `${named(options, 'lesson')} is not a built-in lesson; use ${either(ids)} (or data-lesson-src for a lesson file of your own).`;
}

// '' or why options.train is not a training request ({epochs: 2}, {untilConverged: true}, ...).
function trainingProblem(options) {
  const train = options.train;
  if (!train) return '';
  const entries = typeof train === 'object' ? Object.entries(train) : [];
  const good = entries.length === 1 && TRAIN_KEYS.includes(entries[0][0])
    && (entries[0][1] === true || (Number.isFinite(Number(entries[0][1])) && Number(entries[0][1]) >= 0));
  return good ? '' : `${named(options, 'train')} is not a training request; use ${either(TRAIN_SPELLINGS)}.`;
}

/** True when applyStartOptions has nothing to do: the widget stays on its default scene. */
export function startsFromDefaults(options) {
  return !options.state && !linkFragmentOf(options) && !options.preset && !statePatch(options) && !options.lesson
    && !options.lessonSrc && !options.train;
}

// The state part of options.link (after '#'), or a falsy value when it has none.
function linkFragmentOf(options) {
  return options.link && String(options.link).includes('#') && String(options.link).split('#')[1];
}

const LESSON_FETCH_TIMEOUT_MS = 15000;

/** The text of a lesson file (data-lesson-src), relative to the page; rejects with a sentence for people. */
async function fetchLessonText(src) {
  const failed = (why) => new Error(`The lesson ${src} could not be loaded: ${why}. The widget works without it.`);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LESSON_FETCH_TIMEOUT_MS);
  let response, body = '';
  try {
    response = await fetch(new URL(String(src), document.baseURI), { signal: abort.signal });
    if (response.ok) body = await response.text();
  } catch (err) {
    throw failed(err.name === 'AbortError' ? `no answer within ${LESSON_FETCH_TIMEOUT_MS / 1000} s` : err.message);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw failed(`the server answered ${response.status} ${response.statusText}`.trim());
  if (body.length > MAX_LESSON_BYTES) throw failed(`it is larger than ${MAX_LESSON_BYTES / 1048576} MB`);
  if (!body.trimStart().startsWith('{')) throw failed('it is not a lesson (a JSON object)');
  return body;
}

// The embed options that change the state, as a patch of the state JSON (or null when none is given).
// A wrong name is left out of the patch, and its message added to `problems`.
function statePatch(options, problems = []) {
  const patch = {};
  const panels = {};
  const good = (key) => {
    if (!options[key]) return false;
    const problem = nameProblem(options, key);
    if (problem) problems.push(problem);
    return !problem;
  };
  if (good('algorithm')) patch.algorithm = String(options.algorithm);
  if (good('lift')) patch.lift = String(options.lift);
  if (good('bias')) patch.bias = String(options.bias);
  if (good('kernel')) {
    patch.algorithm = 'kernel';
    patch.kernel = typeof options.kernel === 'object' ? { ...options.kernel } : { type: String(options.kernel) };
  }
  const controls = asList(options.controls);
  if (controls) {
    Object.assign(panels, { controls: false, theory: false, plots: false, liftView: false });
    const panelsNamed = controls.map((name) => CONTROL_PANELS[name]);
    // Sections named: the controls panel shows just those; 'controls' alone: every section.
    if (panelsNamed.some((p) => SECTIONS.includes(p))) for (const s of SECTIONS) panels[s] = false;
    const unknown = [];
    for (const name of controls) {
      if (name === 'none') continue;
      const panel = CONTROL_PANELS[name];
      if (SECTIONS.includes(panel)) panels.controls = true;
      if (panel) panels[panel] = true;
      else unknown.push(`"${name}"`);
    }
    if (unknown.length) {
      problems.push(`${named(options, 'controls')} names ${either(unknown, 'and')}, which ${unknown.length > 1 ? 'are not parts' : 'is not a part'}`
        + ` of the widget; use any of ${CONTROL_NAMES.join(', ')}, or none.`);
    }
  }
  if (good('theme') && /^(dark|light)$/i.test(String(options.theme).trim())) panels.dark = /dark/i.test(options.theme);
  if (good('contrast') && /^more$/i.test(String(options.contrast).trim())) panels.highContrast = true;
  good('wheel');     // (read by embed.js; checked here so that a wrong one is told)
  good('remember');  // (read by embed_remember.js)
  problems.push(...xapiOptionProblems(options, (key) => (fromAttributes.has(options) ? `data-${kebab(key)}` : `the option ${key}`)));
  if (options.textSize !== undefined) {
    const size = Number(options.textSize);
    if (Number.isInteger(size) && size >= TEXT_SIZE.min && size <= TEXT_SIZE.max) panels.textSize = size;
    else problems.push(`${named(options, 'textSize')} is not a text size; use a whole number from ${TEXT_SIZE.min} to ${TEXT_SIZE.max} (percent).`);
  }
  if (options.panels && typeof options.panels === 'object') Object.assign(panels, options.panels);
  if (Object.keys(panels).length) patch.panels = panels;
  if (options.readonly !== undefined && options.readonly !== false) patch.readonly = true;
  return Object.keys(patch).length ? patch : null;
}

function mergeState(state, patch) {
  const out = { ...state, ...patch };
  for (const key of ['kernel', 'panels', 'view']) {
    if (patch[key]) out[key] = { ...(state[key] || {}), ...patch[key] };
  }
  return out;
}

/** The options of a declarative <div class="perceptron-lab" data-...> (docs/reference.md "Mount options and data-* attributes"). */
export function optionsFromElement(el) {
  const d = el.dataset;
  const flag = (v) => v !== undefined && v !== 'false' && v !== '0';
  const options = {};
  if (d.preset) options.preset = d.preset;
  if (d.link) options.link = d.link;
  if (d.state) {
    try { options.state = JSON.parse(d.state); } catch (e) { console.warn(`Perceptron Lab: data-state is not JSON (${e.message})`); }
  }
  for (const key of ['algorithm', 'kernel', 'lift', 'bias', 'theme', 'contrast', 'wheel', 'controls', 'linkBase']) if (d[key]) options[key] = d[key];
  if (d.textSize) options.textSize = Number(d.textSize);
  if (d.height) options.height = /^\d+(\.\d+)?$/.test(d.height) ? Number(d.height) : d.height;
  if (flag(d.readonly)) options.readonly = true;
  if (flag(d.syncUrl)) {
    options.syncUrl = true;
    if (!options.link) options.link = location.href;
  }
  if (d.allowedOrigins !== undefined) options.allowedOrigins = d.allowedOrigins;
  if (d.lesson) options.lesson = d.lesson;
  if (d.lessonSrc) options.lessonSrc = d.lessonSrc;
  if (d.lessonStep !== undefined) options.lessonStep = Number(d.lessonStep);
  for (const key of ['xapiEndpoint', 'xapiAuth', 'xapiActor', 'xapiActivityBase']) if (d[key] !== undefined) options[key] = d[key];
  if (d.scorm) options.scorm = d.scorm;  // '1.2' | '2004': report to the LMS (embed_scorm.js)
  if (d.remember === 'off' || d.remember === 'false') options.remember = false;
  else if (d.remember !== undefined && !/^(on|true|)$/.test(d.remember)) options.remember = d.remember;  // kept, and told
  fromAttributes.set(options, { ...d });
  if (d.train) {
    // data-train="epochs:2" or "untilConverged"
    const [key, value] = d.train.split(':');
    options.train = { [key.trim()]: value === undefined ? true : Number(value) };
  }
  return options;
}
