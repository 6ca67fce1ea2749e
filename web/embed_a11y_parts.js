// The parts of the accessible mirror (embed_a11y.js): small DOM helpers, the settings, the paged
// points table and the open lesson. Each part is built once and then only shown new values, so the
// control a keyboard user is on never disappears under them.
import { buildLessonForm } from './embed_a11y_lesson.js';

// [SECTION] DOM helpers
/** Creates an element: el('button', {type: 'button', className: 'x'}, 'text', child, ...). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'className' || key === 'id' || key === 'type' || key === 'textContent' || key === 'hidden') node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** A button that can be switched off without leaving the Tab order (focus never drops to the page). */
export function actionButton(label, onPress) {
  const button = el('button', { type: 'button' }, label);
  button.addEventListener('click', () => { if (button.getAttribute('aria-disabled') !== 'true') onPress(); });
  return button;
}
export function setEnabled(button, enabled) {
  if (enabled) button.removeAttribute('aria-disabled');
  else button.setAttribute('aria-disabled', 'true');
}

// [SECTION] settings: the main ones as real selects and an input, acting through handle.configure()
export function buildSettings(id, handle, announce, refresh) {
  const fields = {};
  const shown = {};  // the widget's values the controls were last set to
  const node = el('div', { className: 'perceptron-lab-a11y-settings' });
  const configure = (settings) => {
    try {
      handle.configure(settings);
    } catch (err) {
      announce(err.message);
      for (const key of Object.keys(settings)) delete shown[key];  // the control goes back to the widget's value
    }
    refresh();
  };
  const select = (key, label, onChange) => {
    const control = el('select', { id: `${id}-${key}` });
    control.addEventListener('change', () => onChange(control.value));
    node.append(el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: control.id }, label), control));
    fields[key] = control;
  };
  select('algorithm', 'Algorithm', (value) => configure({ algorithm: value }));
  select('bias', 'Bias', (value) => configure({ bias: value }));
  select('order', 'Order of visits', (value) => configure({ order: value }));
  select('lift', 'Feature map \u03c6', (value) => configure({ lift: value }));
  select('kernel', 'Kernel (kernel perceptron)', (value) => configure({ kernel: { type: value } }));
  const eta = el('input', { id: `${id}-eta`, type: 'number', min: '0.001', step: 'any', inputmode: 'decimal' });
  eta.addEventListener('change', () => {
    const value = Number(eta.value);
    if (Number.isFinite(value) && value > 0) configure({ eta: value });
    else {
      announce('The learning rate \u03b7 must be a number above 0.');
      delete shown.eta;
      refresh();
    }
  });
  node.append(el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: eta.id }, 'Learning rate \u03b7'), eta));
  fields.eta = eta;
  // The seed of the random order and the random start (lesson 16 asks to try a few).
  const seed = el('input', { id: `${id}-seed`, type: 'number', min: '0', step: '1', inputmode: 'numeric' });
  seed.addEventListener('change', () => {
    const value = Number(seed.value);
    if (Number.isInteger(value) && value >= 0) configure({ seed: value });
    else {
      announce('The seed must be a whole number from 0.');
      delete shown.seed;
      refresh();
    }
  });
  node.append(el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: seed.id }, 'Random seed (order and start)'), seed));
  fields.seed = seed;
  // A data set replaces the points, so it loads on a button, not while arrowing through the list.
  select('preset', 'Data set', () => {});
  const load = actionButton('Load data set', () => {
    const result = handle.preset(fields.preset.value);
    if (!result.ok) announce(result.error);
    refresh();
  });
  node.append(load);

  return {
    node,
    setChoices(choices) {
      for (const [key, options] of Object.entries(choices)) {
        fields[key]?.replaceChildren(...options.map((o) => el('option', { value: o.value }, o.label)));
      }
    },
    /**
     * Shows the widget's settings where they changed. A control the user is changing (or has changed:
     * a data set picked but not loaded yet) keeps what the user chose until the widget's value moves.
     */
    show(values, readonly) {
      for (const [key, control] of Object.entries(fields)) {
        if (values[key] === undefined) continue;
        const value = String(values[key]);
        if (value === shown[key] || document.activeElement === control) continue;
        shown[key] = value;
        if (control.tagName === 'SELECT' && ![...control.options].some((o) => o.value === value)) continue;  // "custom" points
        control.value = value;
      }
      setEnabled(load, !readonly);
    },
  };
}

// [SECTION] the points, or in Words mode the messages: one page of a real table, with page buttons for
// big data sets. The columns follow the mode (the head is rebuilt only when it changes).
const COLUMNS = {
  points: ['Point', 'x1', 'x2', 'Label', 'Score f(x)', 'Correct?'],
  words: ['Message', 'Label', 'Score f', 'Verdict'],
};
export function buildTable(id, goToPage) {
  const caption = el('caption', {});
  const head = el('thead', {});
  const body = el('tbody', {});
  const table = el('table', { className: 'perceptron-lab-a11y-table', 'aria-describedby': `${id}-page` }, caption, head, body);
  let page = 0, pages = 1, layout = '';
  const previous = actionButton('Previous page', () => goToPage(page - 1));
  const next = actionButton('Next page', () => goToPage(page + 1));
  const pageText = el('span', { id: `${id}-page` });
  const pager = el('div', { className: 'perceptron-lab-a11y-pager', role: 'group', 'aria-label': 'Pages of the points table' },
    previous, pageText, next);
  const pointRow = (row, dim) => el('tr', { className: row.verdict.startsWith('no') ? 'perceptron-lab-a11y-wrong' : '' },
    el('th', { scope: 'row' }, String(row.number)),
    el('td', {}, row.x[0] ?? ''),
    el('td', {}, dim >= 2 ? (row.x[1] ?? '') : '\u2013'),
    el('td', {}, row.label), el('td', {}, row.score), el('td', {}, row.verdict));
  // A message's row is named by its number and text, as the Words view's list shows them.
  const messageRow = (row) => el('tr', { className: row.verdict.endsWith('mistake') ? 'perceptron-lab-a11y-wrong' : '' },
    el('th', { scope: 'row' }, `${row.number}: ${row.text}`),
    el('td', {}, row.label), el('td', {}, row.score), el('td', {}, row.verdict));
  return {
    node: el('div', { className: 'perceptron-lab-a11y-table-wrap' }, table, pager),
    /** rows: the scene's points or messages ({total, page, pages, first, rows}); mode: 'points' or 'words'. */
    show(rows, dim, mode = 'points') {
      const words = mode === 'words';
      if (layout !== mode) {
        layout = mode;
        head.replaceChildren(el('tr', {}, ...COLUMNS[words ? 'words' : 'points'].map((c) => el('th', { scope: 'col' }, c))));
        pager.setAttribute('aria-label', words ? 'Pages of the messages table' : 'Pages of the points table');
      }
      ({ page, pages } = rows);
      const last = rows.first + rows.rows.length;
      const noun = words ? 'Messages' : 'Points';
      caption.textContent = rows.total === 0 ? `No ${noun.toLowerCase()} yet` : `${noun} ${rows.first + 1} to ${last} of ${rows.total}`;
      body.replaceChildren(...rows.rows.map((row) => (words ? messageRow(row) : pointRow(row, dim))));
      pageText.textContent = `Page ${page + 1} of ${pages}`;
      pager.hidden = pages <= 1;
      setEnabled(previous, page > 0);
      setEnabled(next, page + 1 < pages);
    },
  };
}

// [SECTION] Words mode's word weights: the answer's weight of each word, largest first, and the bias
export function buildWordWeights() {
  const summary = el('p', {});
  const list = el('ul', { className: 'perceptron-lab-a11y-weights', 'aria-label': 'Word weights, largest first' });
  return {
    node: el('div', { className: 'perceptron-lab-a11y-words' }, summary, list),
    /** weights: {words, rows: [{word, weight}], bias: text or null} (web_a11y.cpp). */
    show(weights) {
      const listed = weights.rows.length;
      let text = weights.words === 0 ? 'No words yet.'
        : `${weights.words} ${weights.words === 1 ? 'word' : 'words'}, largest weight first (ham above 0, spam below)`;
      if (weights.words > listed) text += `; the ${listed} largest are listed`;
      if (weights.words > 0) text += '.';
      if (weights.bias !== null) text += ` Bias b = ${weights.bias}.`;
      summary.textContent = text;
      list.replaceChildren(...weights.rows.map((row) => el('li', {}, `${row.word}: ${row.weight}`)));
    },
  };
}

// [SECTION] adding a point by its coordinates (a screen reader user places points exactly)
export function buildPointForm(id, handle, announce, refresh) {
  const number = (key, label) => {
    const input = el('input', { id: `${id}-${key}`, type: 'number', step: 'any', inputmode: 'decimal', value: '0' });
    return [input, el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: input.id }, label), input)];
  };
  const [x1, x1Field] = number('new-x1', 'x1');
  const [x2, x2Field] = number('new-x2', 'x2');
  const label = el('select', { id: `${id}-new-label` }, el('option', { value: '1' }, '+1'), el('option', { value: '-1' }, '\u22121'));
  const add = actionButton('Add point', () => {
    const result = handle.addPoint(Number(x1.value), Number(x2.value), Number(label.value));
    if (!result.ok) announce(result.error);
    refresh();
  });
  const node = el('fieldset', { className: 'perceptron-lab-a11y-add' }, el('legend', {}, 'Add a point'),
    el('div', { className: 'perceptron-lab-a11y-settings' },
      x1Field, x2Field, el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: label.id }, 'Class'), label), add));
  return { node, setEnabled: (enabled) => setEnabled(add, enabled) };
}

// [SECTION] Words mode: a message of one's own added as spam or ham, or a message removed (the Words
// view's text box and list, for a keyboard and a screen reader: lesson 12 asks for a message of one's own)
export function buildMessageForm(id, handle, announce, refresh) {
  const text = el('input', { id: `${id}-new-message`, type: 'text', autocomplete: 'off', spellcheck: 'false' });
  const label = el('select', { id: `${id}-message-label` }, el('option', { value: '-1' }, 'spam (\u22121)'), el('option', { value: '1' }, 'ham (+1)'));
  const add = actionButton('Add message', () => {
    const result = handle.addMessage(text.value, Number(label.value));
    if (result.ok) text.value = '';
    else announce(result.error);
    refresh();
  });
  text.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); add.click(); } });
  const number = el('input', { id: `${id}-remove-number`, type: 'number', min: '1', step: '1', inputmode: 'numeric' });
  const remove = actionButton('Remove message', () => {
    const result = handle.removeMessage(Number(number.value) - 1);
    if (!result.ok) announce(result.error);
    refresh();
  });
  const field = (control, words) => el('div', { className: 'perceptron-lab-a11y-field' }, el('label', { for: control.id }, words), control);
  const node = el('div', {},
    el('fieldset', { className: 'perceptron-lab-a11y-add' }, el('legend', {}, 'Add a message'),
      el('div', { className: 'perceptron-lab-a11y-settings' }, field(text, 'Message'), field(label, 'Class'), add)),
    el('fieldset', { className: 'perceptron-lab-a11y-add' }, el('legend', {}, 'Remove a message'),
      el('div', { className: 'perceptron-lab-a11y-settings' }, field(number, 'Message number'), remove)));
  return { node, setEnabled: (enabled) => { setEnabled(add, enabled); setEnabled(remove, enabled); } };
}

// [SECTION] sharing: the Share section's buttons (embed_share.js does what they ask)
export function buildShare(share, onRequest) {
  const buttons = [['copyLink', 'Copy link'], ['downloadCsv', 'Save CSV'], ['downloadJson', 'Save JSON'],
    ['snapshotPng', 'Save PNG'], ['saveSvg', 'Save SVG'], ['importFile', 'Import CSV or JSON']]
    .map(([request, label]) => [request, actionButton(label, () => { share.request(request); onRequest(); })]);
  const node = el('div', { className: 'perceptron-lab-a11y-buttons', role: 'group', 'aria-label': 'Share' },
    ...buttons.map(([, button]) => button));
  return {
    node,
    setEnabled(readonly) { for (const [request, button] of buttons) if (request === 'importFile') setEnabled(button, !readonly); },
  };
}

// [SECTION] the lessons: the built-in ones to start (as the canvas lists them while no lesson is open)
export function buildLessonList(headingTag, handle, announce, opened) {
  const buttons = el('div', { className: 'perceptron-lab-a11y-lesson-list', role: 'group', 'aria-label': 'Lessons to start' });
  // The lesson left last, at its step (as the canvas's list offers it first).
  const reopen = actionButton('Reopen', () => { opened(handle.reopenLesson()); });
  reopen.hidden = true;
  const heading = el(headingTag, { className: 'perceptron-lab-a11y-part', tabindex: '-1' }, 'Lessons');
  const node = el('section', { className: 'perceptron-lab-a11y-lessons', hidden: true },
    heading, reopen,
    el('p', {}, 'Guided lessons walk through the lectures step by step; the widget checks each exercise.'),
    buttons);
  let listed = false;
  return {
    node,
    heading,
    reopen,
    /**
     * available: the widget lists lessons (no lesson open, and the instructor left the Data section in);
     * left: {title, step} of the lesson to offer to reopen, or null.
     */
    show(available, left = null) {
      node.hidden = !available;
      reopen.hidden = !left;
      if (left) reopen.textContent = `Reopen "${left.title}" at step ${left.step + 1}`;
      if (!available || listed) return;
      listed = true;
      // The same words as the canvas's list (src/app/lesson/panel_lesson.cpp): "<title> (<n> steps)".
      buttons.replaceChildren(...handle.lessons().map((lesson) => actionButton(`${lesson.title} (${lesson.steps} steps)`, () => {
        const result = handle.openLesson(lesson.id);
        if (!result.ok) announce(result.error);
        opened(result.ok);
      })));
    },
  };
}

// [SECTION] the open lesson: its text, its answer as form controls of the step's kind, Check, and the
// step buttons (the handle's lesson verbs), built by embed_a11y_lesson.js with these DOM helpers
export function buildLessonPart(id, headingTag, handle, announce, refresh, left, copyResult) {
  return buildLessonForm({ el, actionButton, setEnabled }, id, headingTag, handle, announce, refresh, left, copyResult);
}
