// The accessible mirror of one widget (ACCESSIBILITY.md): the canvas is a picture a screen reader
// cannot read, so next to it lives the same scene as HTML: a heading, the scene in a sentence, a live
// region that says each step and each outcome, the lessons to start or the open lesson's text, quiz
// and Check, the training controls as buttons, the points as a paged table (and a form to add one),
// the theory numbers as a list, the main settings as selects. In Words mode the table lists the
// messages instead, with the word weights and the last update beside it, as the Words view shows them.
// Two switches turn on the Trace and SVM sections, which then show here too (embed_a11y_views.js). It is in the accessibility tree all the
// time, and on screen as the "table view" while it is open (the "Show table view" button before the
// canvas). Closed, it is one Tab stop (that button), so the keyboard reaches the canvas at the next
// Tab; focus that lands inside it anyway (a screen reader's cursor) opens it. It closes when the
// keyboard leaves it, so it never hides the canvas controls the keyboard works on.
//
// Everything it shows comes from the module (src/platform/web_a11y.cpp builds it with the core's
// scene_summary and describe), so it says exactly what the canvas draws; every button calls the same
// verb as the public handle (embed_handle.js). It is rebuilt after a change of the state, never every
// frame: at most four times a second, and once a second while Run is on (one sentence a second).
import { buildViews } from './embed_a11y_views.js';
import { actionButton, buildLessonList, buildLessonPart, buildMessageForm, buildPointForm, buildSettings, buildShare, buildTable, buildWordWeights, el, setEnabled } from './embed_a11y_parts.js';

let mirrorCount = 0;  // ids stay unique with several widgets on one page
const UPDATE_INTERVAL_MS = 250;
const RUNNING_INTERVAL_MS = 1000;

/**
 * widget: {element, canvas, handle, wasm (embed_wasm.js), share (embed_share.js)}. Returns {update(), remove()}.
 */
export function createA11yMirror({ element, canvas, handle, follow, wasm, share }) {
  const { text } = wasm;
  const id = `perceptron-lab-${++mirrorCount}`;
  // The widget is a named region; its mirror's headings continue the page's outline below the heading
  // the widget sits under (an h2 section gets an h3 table view), and say which widget they are for.
  const above = headingAbove(element);
  const level = above ? Math.min(5, Number(above.tagName[1]) + 1) : 2;
  if (!element.getAttribute('role')) element.setAttribute('role', 'region');
  if (!element.getAttribute('aria-label') && !element.getAttribute('aria-labelledby')) {
    element.setAttribute('aria-label', above ? `Perceptron Lab: ${above.textContent.trim()}` : 'Perceptron Lab');
  }
  const headingText = above ? `Perceptron Lab table view: ${above.textContent.trim()}` : 'Perceptron Lab: table view';
  const h = (text, props = {}) => el(`h${level + 1}`, { className: 'perceptron-lab-a11y-part', ...props }, text);

  // [SECTION] structure (built once; updates change only texts, values and table rows)
  const toggle = el('button', { type: 'button', className: 'perceptron-lab-a11y-toggle', 'aria-expanded': 'false',
    'aria-controls': `${id}-view` }, 'Show table view');
  const title = el(`h${level}`, { id: `${id}-title`, className: 'perceptron-lab-a11y-title', tabindex: '-1' }, headingText);
  const scene = el('p', { className: 'perceptron-lab-a11y-scene' });
  const live = el('p', { className: 'perceptron-lab-a11y-live', role: 'status', 'aria-live': 'polite' });
  const status = el('p', { className: 'perceptron-lab-a11y-status' });
  const lastVisitText = el('p', { className: 'perceptron-lab-a11y-last-update', hidden: true });

  let running = false;
  const act = (verb) => () => { verb(); update(); };
  const trainButtons = {
    step: actionButton('Step', act(() => handle.train({ steps: 1 }))),
    nextMistake: actionButton('Next mistake', act(() => handle.train({ nextMistake: 1 }))),
    epoch: actionButton('Epoch', act(() => handle.train({ epochs: 1 }))),
    run: actionButton('Run', act(() => { running = !running; handle.run(running); })),
    converge: actionButton('Converge', act(() => handle.train({ untilConverged: true }))),
    reset: actionButton('Reset', act(() => handle.train({ reset: true }))),
    undo: actionButton('Undo', act(() => handle.undo())),
    redo: actionButton('Redo', act(() => handle.redo())),
  };
  const training = el('div', { className: 'perceptron-lab-a11y-buttons', role: 'group', 'aria-labelledby': `${id}-training` },
    ...Object.values(trainButtons));

  const settings = buildSettings(id, handle, say, () => update());
  const pointForm = buildPointForm(id, handle, say, () => update());
  const messageForm = buildMessageForm(id, handle, say, () => update());
  const table = buildTable(id, (page) => { tablePage = page; update(); });
  const theory = el('ul', { className: 'perceptron-lab-a11y-theory' });
  const dataHeading = h('Points');
  const weights = buildWordWeights();
  const weightsHeading = h('Word weights');
  const sharing = buildShare(share, () => update());
  const shareHeading = h('Share');
  const views = buildViews(id, `h${level + 1}`, wasm, share, say, () => update());
  // Leaving the lesson here lands on the list's offer to reopen it (or the list), never on <body>.
  const lesson = buildLessonPart(id, `h${level + 1}`, handle, say, () => update(),
    () => (lessons.reopen.hidden ? lessons.heading : lessons.reopen).focus({ preventScroll: false }),
    () => share.request('copyResult'));
  // A lesson started (or reopened) here goes on here: the reader lands on its heading, the text comes next.
  const lessons = buildLessonList(`h${level + 1}`, handle, say, (ok) => {
    update();
    if (ok) lesson.heading.focus({ preventScroll: false });
  });

  const view = el('section', { id: `${id}-view`, className: 'perceptron-lab-a11y', 'aria-labelledby': `${id}-title` },
    title, scene, live, lessons.node, lesson.node,
    h('Training', { id: `${id}-training` }), training, status, lastVisitText,
    dataHeading, table.node, pointForm.node, messageForm.node, weightsHeading, weights.node,
    h('Theory'), theory, views.switches, views.trace, views.svm,
    h('Settings'), settings.node,
    shareHeading, sharing.node);
  // Both before the canvas in the Tab order: a keyboard user reaches the mirror's controls without
  // passing through the canvas, which keeps the keys it is given.
  element.insertBefore(toggle, canvas);
  element.insertBefore(view, canvas);

  // [SECTION] the table view: on screen while open; closed, one Tab stop; closes when the keyboard leaves
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open, focusTarget) => {
    view.classList.toggle('perceptron-lab-a11y-open', open);
    toggle.classList.toggle('perceptron-lab-a11y-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide table view' : 'Show table view';
    setTabStops(view, open);
    focusTarget?.focus({ preventScroll: true });
  };
  toggle.addEventListener('click', () => setOpen(!isOpen(), isOpen() ? null : title));
  view.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) { e.preventDefault(); setOpen(false, toggle); }
  });
  // Focus inside the closed view (a screen reader moved it there): it opens, so focus is never invisible.
  view.addEventListener('focusin', () => { if (!isOpen()) setOpen(true); });
  // The keyboard leaves the view and its button (Tab on to the canvas, Shift+Tab back to the page):
  // the view closes, so the keys never work a canvas control it covers. A press on the canvas keeps
  // it open (the pointer sees what it presses) until the keyboard is used there.
  let pressed = false;
  const onPress = () => { pressed = true; };
  const onKeyInCanvas = (e) => {
    if (isOpen() && !['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) setOpen(false);
  };
  const onFocusOut = (e) => {
    const to = e.relatedTarget;
    if (!to || !isOpen() || view.contains(to) || to === toggle) return;  // a click on text, or still inside
    if (to === canvas && pressed) return;
    setOpen(false);
  };
  element.addEventListener('pointerdown', onPress, true);
  canvas.addEventListener('keydown', onKeyInCanvas, true);
  view.addEventListener('focusout', onFocusOut);
  toggle.addEventListener('focusout', onFocusOut);
  const onKey = () => { pressed = false; };
  element.addEventListener('keydown', onKey, true);

  // [SECTION] live announcements: what happened, said once after each update
  let pending = [];
  let lastAnnounced = '';
  let lastNotice = handle.notice();
  // A part's message (a refused value, a check's verdict) waits for the update its action causes.
  function say(message) { if (message) pending.push(message); }
  function announce() {
    const sentence = [...new Set(pending)].join(' ');
    pending = [];
    if (!sentence) return;
    // A repeated sentence would not be a change of the region: a no-break space makes it one.
    lastAnnounced = sentence === lastAnnounced.trim() ? `${sentence}\u00a0` : sentence;
    live.textContent = lastAnnounced;
  }

  // [SECTION] updates: after changes, at a bounded rate
  let tablePage = 0;
  let choicesLoaded = false;
  let timer = null;
  let lastUpdate = 0;
  let removed = false;
  function update() {
    if (removed) return;
    clearTimeout(timer);
    timer = null;
    lastUpdate = performance.now();
    const data = JSON.parse(text('pl_a11y_scene', tablePage, choicesLoaded ? 0 : 1));
    if (!data) return;
    if (data.choices) { settings.setChoices(data.choices); choicesLoaded = true; }
    running = data.running;
    scene.textContent = data.sentence;
    status.textContent = data.status;
    trainButtons.run.textContent = running ? 'Pause' : 'Run';
    setEnabled(trainButtons.undo, data.canUndo && !data.readonly);
    setEnabled(trainButtons.redo, data.canRedo && !data.readonly);
    settings.show(data.settings, data.readonly);
    pointForm.setEnabled(!data.readonly);
    // Words mode: the messages, their word weights and the last update instead of the points.
    const words = data.mode === 'words';
    const rows = words ? data.messages : data.points;
    tablePage = rows.page;
    table.show(rows, data.dim, words ? 'words' : 'points');
    dataHeading.textContent = words ? 'Messages' : 'Points';
    pointForm.node.hidden = words;
    messageForm.node.hidden = !words;
    messageForm.setEnabled(!data.readonly);
    weightsHeading.hidden = weights.node.hidden = !words;
    if (words) weights.show(data.weights);
    lastVisitText.hidden = !words || !data.lastUpdate;
    lastVisitText.textContent = words && data.lastUpdate ? `Last update: ${data.lastUpdate}` : '';
    theory.replaceChildren(...data.theory.map((item) => el('li', {}, `${item.name}: ${item.value}`)));
    views.show(data);
    shareHeading.hidden = sharing.node.hidden = !data.share;
    sharing.setEnabled(data.readonly);
    const lessonNow = handle.lesson();
    lessons.show(!lessonNow && data.lessons, data.reopen);
    lesson.show(lessonNow, data.lessonParagraphs);
    if (!isOpen()) setTabStops(view, false);  // controls made by this update (table pages, a new quiz)
    say(text('pl_a11y_news'));
    // The widget's message line (a refused edit, "Link copied", an import's result) is said as well.
    const notice = handle.notice();
    if (notice !== lastNotice) { lastNotice = notice; say(notice); }
    announce();
    // While Run is on, look again a second later even if nothing else changes: Run stopping by itself
    // (converged, capped) changes no state, and the mirror must not keep saying "Pause".
    if (running) schedule();
  }
  function schedule() {
    if (timer || removed) return;
    const interval = running ? RUNNING_INTERVAL_MS : UPDATE_INTERVAL_MS;
    timer = setTimeout(update, Math.max(0, lastUpdate + interval - performance.now()));
  }
  const unsubscribe = follow(schedule);
  setTabStops(view, false);
  update();

  return {
    update,
    remove() {
      removed = true;
      clearTimeout(timer);
      unsubscribe();
      element.removeEventListener('pointerdown', onPress, true);
      element.removeEventListener('keydown', onKey, true);
      canvas.removeEventListener('keydown', onKeyInCanvas, true);
      toggle.remove();
      view.remove();
    },
  };
}

// The last heading of the page before the widget (not one of a widget's own mirrors), or null.
function headingAbove(element) {
  let found = null;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (heading.closest('.perceptron-lab')) continue;
    if (heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) found = heading;
  }
  return found;
}

// Closed, the view's controls leave the Tab order (tabindex -1: still in the accessibility tree, still
// focusable by a screen reader's cursor); open, they are back. Controls with a tabindex of their own
// (the title: -1) are left alone.
function setTabStops(view, on) {
  if (on) {
    for (const control of view.querySelectorAll('[data-pl-skipped]')) {
      control.removeAttribute('tabindex');
      control.removeAttribute('data-pl-skipped');
    }
    return;
  }
  for (const control of view.querySelectorAll('button, input, select, textarea, a[href]')) {
    if (control.hasAttribute('tabindex')) continue;
    control.tabIndex = -1;
    control.setAttribute('data-pl-skipped', '');
  }
}
