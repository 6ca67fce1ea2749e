// The lesson verbs of the JS handle (docs/reference.md "The JS handle"), the link of a widget with its lesson in it,
// and loading such a link. The lessons themselves (format, goals, steps, checks) live in the module
// (src/core/lesson/lesson*.hpp); src/platform/web_lessons.cpp exports what is called here.
import { compressLesson, decompressLesson, splitLessonLink, storedLesson, withLessonLink } from './embed_lesson_link.js';

/**
 * wasm: embed_wasm.js calls of one widget; result(ok): {ok: true} or {ok: false, error: pl_last_error()}.
 * Returns {verbs (the handle's lesson members), fragment(), signature(), followState(), carriesLesson(text),
 * loadWithLesson(link, loadPlain), draftFile, identity(), linkProblem(link, identity)}.
 */
export function createLessons(wasm, result) {
  const { call, text, withString } = wasm;
  const setNotice = (message) => withString(message, (ptr) => call('pl_set_notice', ptr));
  const current = () => JSON.parse(text('pl_lesson'));
  const source = () => text('pl_lesson_source');  // '' unless an instructor's lesson is open
  const open = (what, step, applyStep) => withString(what, (ptr) => call('pl_open_lesson', ptr, step, applyStep ? 1 : 0)) === 1;
  const isStep = (k) => Number.isInteger(k) && k >= 0 && k < 2 ** 31;

  // The lessonz value of the open instructor's lesson: stored blocks at once, the compressed text as
  // soon as the browser has made it (embed_lesson_link.js).
  let packed = { source: '', lessonz: '' };
  let packing = '';
  function pack(lessonSource) {
    if (packed.source !== lessonSource) {
      packed = { source: lessonSource, lessonz: storedLesson(lessonSource) };
      if (typeof CompressionStream === 'function' && packing !== lessonSource) {
        packing = lessonSource;
        compressLesson(lessonSource)
          .then((lessonz) => { if (packed.source === lessonSource) packed = { source: lessonSource, lessonz }; })
          .catch((err) => console.warn(`Perceptron Lab: the lesson stays uncompressed in links (${err.message})`))
          .finally(() => { if (packing === lessonSource) packing = ''; });
      }
    }
    return packed.lessonz;
  }

  /** The link fragment of the widget: the module's, plus lessonz for an instructor's lesson. */
  function fragment() {
    const base = text('pl_link_fragment');
    const lessonSource = source();
    return lessonSource ? withLessonLink(base, pack(lessonSource)) : base;
  }

  /**
   * Equal for equal screens and lessons, whatever form the lesson is packed in (for embed_remember.js).
   * The view (cx, cy, span) is left out: the canvas re-fits a fitted view to its own size and overlays
   * in its first frames (canvas.cpp keep_view_fitted), which is layout, not the student's work, and must
   * neither make a page's start look changed nor save an entry nobody made.
   */
  function signature() {
    const screen = text('pl_link_fragment').split('&').filter((part) => !/^(cx|cy|span)=/.test(part)).join('&');
    const lessonSource = source();
    return lessonSource ? `${screen}|${hash(lessonSource)}` : screen;
  }

  /**
   * After a state was loaded: open, move or close the lesson that state names, at once (the module
   * would follow it at its next frame; lesson() must be right as soon as load() returns). The student's
   * work in the loaded state is kept (applyStep 0). A link that names a lesson but carries no state of
   * its own (a hand-written `#lesson=update-rule&step=1&v=1`) was already set up by the module as the
   * student walking the lesson meets that step, in one load (load_state.cpp), so nothing is left to
   * undo that the student never did. Returns '' or why the lesson is gone.
   */
  function followState() {
    const { lesson: id, lessonStep: step } = JSON.parse(text('pl_state_json', 0));  // the light state: no points
    const now = current();
    if (!id) {
      if (now) call('pl_close_lesson');
      return '';
    }
    if (!(now && now.id === id && now.step === step)
        && !open(now && now.id === id && !now.builtin ? source() : id, step, false)) {
      const error = text('pl_last_error');
      call('pl_close_lesson');
      setNotice(error);
      return error;
    }
    return '';
  }

  const builtinIds = () => JSON.parse(text('pl_lessons')).map((l) => l.id);
  // The same lesson whatever the spacing of its JSON text.
  const canonical = (lessonText) => { try { return JSON.stringify(JSON.parse(lessonText)); } catch (err) { return lessonText; } };

  /**
   * The open lesson as a page set it (data-lesson, data-lesson-src, data-scorm): {id, title, builtin,
   * canonical}, null with none. A link addressed to that page may bring only this lesson (linkProblem).
   */
  function identity() {
    const now = current();
    if (!now) return null;
    return { id: now.id, title: now.title, builtin: now.builtin, canonical: now.builtin ? '' : canonical(source()) };
  }

  /**
   * '' when `link` opens the lesson `page` (identity()): the same built-in lesson, or an instructor's
   * lesson of the same text. Else why not, in words: a link shared into a course page brings points and
   * progress for the page's lesson, never a lesson of its own in its place.
   */
  async function linkProblem(link, page) {
    const parts = splitLessonLink(String(link).trim());
    const name = `this page's lesson "${page.title}"`;
    if (!parts.lessonId) return `it does not open ${name}`;
    if (parts.lessonz === null) return page.builtin && parts.lessonId === page.id ? '' : `it opens another lesson than ${name}`;
    if (page.builtin) return `it carries a lesson of its own, not ${name}`;
    let lessonText;
    try { lessonText = await decompressLesson(parts.lessonz); } catch (err) { return `its lesson cannot be read (${err.message})`; }
    return canonical(lessonText) === page.canonical ? '' : `it carries a lesson of its own, not ${name}`;
  }

  /** Whether a link (not JSON text) carries an instructor's lesson, so load() has to unpack it first. */
  function carriesLesson(value) {
    return typeof value === 'string' && !value.trimStart().startsWith('{') && splitLessonLink(value.trim()).lessonz !== null;
  }

  /**
   * Loads a link with lessonz: unpacks the lesson and opens it at the link's step (the student's work
   * is in the link: applyStep 0), then loads the rest of the link. Anything wrong leaves the widget as
   * it was, with the message shown. Resolves to {ok} or {ok: false, error}.
   */
  async function loadWithLesson(link, loadPlain) {
    const parts = splitLessonLink(link.trim());
    const refuse = (why) => {
      const error = `This link could not be opened: ${why}. The widget kept its current state.`;
      setNotice(error);
      return { ok: false, error };
    };
    if (!parts.lessonId) return refuse('it carries a lesson (lessonz) but does not say which lesson is open (lesson=...)');
    if (parts.step !== null && !/^\d{1,9}$/.test(parts.step)) return refuse(`its lesson step "${parts.step}" is not a whole number`);
    let lessonText;
    try {
      lessonText = await decompressLesson(parts.lessonz);
    } catch (err) {
      return refuse(err.message);
    }
    let id;
    try { id = JSON.parse(lessonText)?.id; } catch (err) { return refuse(`its lesson is not JSON (${err.message})`); }
    if (id !== parts.lessonId) return refuse(`it carries the lesson "${id}" but is positioned in the lesson "${parts.lessonId}"`);
    // A built-in lesson's name on a lesson from a link would pass it off as the widget's own (its title,
    // its place in the list): a lesson from a link always has an id of its own.
    if (builtinIds().includes(id)) return refuse(`the lesson it carries takes the id "${id}" of a built-in lesson; a lesson in a link needs an id of its own`);

    const before = current();
    const beforeSource = before && !before.builtin ? source() : '';
    if (!open(lessonText, parts.step === null ? 0 : Number(parts.step), false)) return { ok: false, error: text('pl_notice') };  // as shown
    const loaded = loadPlain(parts.rest);
    if (!loaded.ok) {  // the rest of the link is bad: the lesson goes back to what it was
      if (!before) call('pl_close_lesson');
      else open(before.builtin ? before.id : beforeSource, before.step, false);
      return loaded;
    }
    // The lesson opened before the link's state was in, so without the student's progress (lp) in it:
    // opened again on that state (which it keeps), it takes the attempts and passes from there.
    open(lessonText, parts.step === null ? 0 : Number(parts.step), false);
    if (source()) pack(source());
    return loaded;
  }

  const verbs = {
    /** The built-in lessons: [{id, title, steps}]. */
    lessons() { return JSON.parse(text('pl_lessons')); },
    /** Open a built-in lesson by id, or an instructor's lesson (an object or its JSON text), at a step. */
    openLesson(idOrObject, step = 0) {
      if (idOrObject === null || idOrObject === undefined) return { ok: false, error: 'openLesson: give a lesson id or a lesson object.' };
      if (!isStep(step)) return { ok: false, error: `openLesson: the step must be a whole number from 0 (got ${step}).` };
      const what = typeof idOrObject === 'string' ? idOrObject : JSON.stringify(idOrObject);
      const ok = open(what, step, true);
      if (ok && source()) pack(source());
      return result(ok);
    },
    /**
     * null, or {id, title, builtin, step, steps, stepTitle, text, goal, choices, chosen, checked, passed, message,
     * kind, ticked, typed, values, predicted, maxAttempts, attempts, marks, outOfTries, next} (docs/reference.md).
     */
    lesson() { return current(); },
    /** Move to step k (0-based) and set it up as the lesson says. */
    lessonStep(k) {
      if (!isStep(k)) return { ok: false, error: `lessonStep: the step must be a whole number from 0 (got ${k}).` };
      return result(call('pl_lesson_step', k) === 1);
    },
    /**
     * Check the step (its goal on the widget now, its answer against the key): {passed, message}, and
     * marks (one per choice) after a judged check of a select-all quiz. On a predict step the check makes the visit.
     */
    checkGoal() { return JSON.parse(text('pl_check_goal')); },
    /**
     * Answer a number or vector step: a number, an array of numbers, or text ('39/7', 'sqrt(5)', '1, -2');
     * on a predict step 'mistake' or 'no mistake' (and the new w as an array or text when it asks for one).
     * {ok} or {ok: false, error}; then checkGoal() judges it.
     */
    answer(value) {
      if (!current()) return { ok: false, error: 'No lesson is open.' };
      let typed;
      if (typeof value === 'number') typed = Number.isFinite(value) ? String(value) : null;
      else if (Array.isArray(value)) typed = value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? value.map(String).join(', ') : null;
      else if (typeof value === 'string') typed = value.trim().toLowerCase() === 'mistake' || value.trim().toLowerCase() === 'no mistake' ? value.trim().toLowerCase() : value;
      else typed = null;
      if (typed === null) return { ok: false, error: `answer: give a finite number, an array of numbers or text such as "39/7" (got ${String(value)}).` };
      const error = withString(typed, (ptr) => text('pl_lesson_answer', ptr));
      return error ? { ok: false, error } : { ok: true };
    },
    /** Pick answer k (0-based) of the step's quiz, as a click on its radio button; in a select-all quiz, tick or untick it. */
    chooseAnswer(k) {
      const now = current();
      if (!now) return { ok: false, error: 'No lesson is open.' };
      if (!now.choices.length) return { ok: false, error: 'This step has no quiz.' };
      if (!isStep(k) || k >= now.choices.length || call('pl_lesson_choose', k) !== 1) {
        return { ok: false, error: `This quiz has ${now.choices.length} answers, numbered from 0 (got ${k}).` };
      }
      return { ok: true };
    },
    /** Leave the lesson; the widget keeps what is on it. */
    closeLesson() { call('pl_dismiss_lesson'); },
    /**
     * As the card's buttons: leaveLesson() leaves the open lesson (a notice says where, and it can be
     * reopened there; the panels come back as before the lesson); finishLesson() on the last step shows
     * "Lesson complete"; unfinishLesson() goes back to the last step from there; reopenLesson() reopens
     * the lesson left last at its step. Each returns true when it did something.
     */
    leaveLesson() { return call('pl_leave_lesson') === 1; },
    finishLesson() { return call('pl_finish_lesson') === 1; },
    unfinishLesson() { return call('pl_unfinish_lesson') === 1; },
    reopenLesson() { return call('pl_reopen_lesson') === 1; },
  };
  /** The Author mode's draft (Save JSON in the widget): {name, text} for a download. */
  const draftFile = () => ({ name: `${text('pl_lesson_draft_id') || 'lesson'}.json`, text: text('pl_lesson_draft') });
  return { verbs, fragment, signature, followState, carriesLesson, loadWithLesson, draftFile, identity, linkProblem };
}

// FNV-1a (32 bits) of a text's UTF-16 units: tells lessons apart in a signature without storing them.
function hash(value) {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
