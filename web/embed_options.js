// The mount options (README "Embed in your course page"): read from a <div data-...>, applied to the
// element (height, theme) and to the starting state (link or state, else preset; then algorithm,
// kernel, lift, bias, panels, read-only, the lesson, training on top).
import { MAX_LESSON_BYTES } from './embed_lesson_link.js';

// options.controls names -> the panel switches of state.panels. data/train/kernel/show/share are
// sections of the controls panel: naming any of them shows the panel with only the named sections.
const CONTROL_PANELS = {
  controls: 'controls', data: 'data', train: 'training', training: 'training', kernel: 'kernel',
  show: 'show', share: 'share', theory: 'theory', plots: 'plots', lift: 'liftView', liftView: 'liftView',
};
const SECTIONS = ['data', 'training', 'kernel', 'show', 'share'];
const DEFAULT_HEIGHT = '480px';

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
  const linkFragment = linkFragmentOf(options);
  if (options.state) {
    const r = handle.load(options.state);
    if (!r.ok) startError = r.error;
  } else if (linkFragment) {
    const r = await handle.load(String(options.link));
    if (!r.ok) startError = r.error;
  }
  if ((startError || !(options.state || linkFragment)) && options.preset) {
    const r = handle.preset(options.preset);
    if (!r.ok) { console.warn(`Perceptron Lab: ${r.error}`); note(r.error); }
  }
  const patch = statePatch(options);
  if (patch) {
    const r = handle.load(mergeState(JSON.parse(handle.exportJson()), patch));
    if (!r.ok) { console.warn(`Perceptron Lab: the embed options were not applied: ${r.error}`); note(r.error); }
  }
  if ((options.lesson || options.lessonSrc) && !handle.lesson()) {
    const step = options.lessonStep === undefined ? 0 : Number(options.lessonStep);
    let lesson = options.lesson;
    if (!lesson) {
      try { lesson = await fetchLessonText(options.lessonSrc); } catch (err) { note(err.message); }
    }
    if (lesson) {
      const r = handle.openLesson(lesson, step);
      if (!r.ok) note(options.lesson ? r.error : `${r.error} (in ${options.lessonSrc})`);
    }
  }
  if (options.train) handle.train(options.train);
  return startError;
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
function statePatch(options) {
  const patch = {};
  const panels = {};
  if (options.algorithm) patch.algorithm = String(options.algorithm);
  if (options.lift) patch.lift = String(options.lift);
  if (options.bias) patch.bias = String(options.bias);
  if (options.kernel) {
    patch.algorithm = 'kernel';
    patch.kernel = typeof options.kernel === 'object' ? { ...options.kernel } : { type: String(options.kernel) };
  }
  const controls = asList(options.controls);
  if (controls) {
    Object.assign(panels, { controls: false, theory: false, plots: false, liftView: false });
    const named = controls.map((name) => CONTROL_PANELS[name]);
    // Sections named: the controls panel shows just those; 'controls' alone: every section.
    if (named.some((p) => SECTIONS.includes(p))) for (const s of SECTIONS) panels[s] = false;
    for (const name of controls) {
      if (name === 'none') continue;
      const panel = CONTROL_PANELS[name];
      if (SECTIONS.includes(panel)) panels.controls = true;
      if (panel) panels[panel] = true;
      else console.warn(`Perceptron Lab: unknown control '${name}' (known: ${Object.keys(CONTROL_PANELS).join(', ')}, none)`);
    }
  }
  if (options.theme === 'dark' || options.theme === 'light') panels.dark = options.theme === 'dark';
  if (options.contrast === 'more') panels.highContrast = true;
  if (options.textSize !== undefined) panels.textSize = Number(options.textSize);
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

/** The options of a declarative <div class="perceptron-lab" data-...> (README "Embed in your course page"). */
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
  if (d.remember === 'off' || d.remember === 'false') options.remember = false;
  if (d.train) {
    // data-train="epochs:2" or "untilConverged"
    const [key, value] = d.train.split(':');
    options.train = { [key.trim()]: value === undefined ? true : Number(value) };
  }
  return options;
}
