// The accessible mirror's Trace and SVM parts (embed_a11y.js): two switches that turn the widget's Trace
// and SVM sections on and off (the same state().panels the canvas's boxes change), the trace as a real
// table whose rows each have a button that shows the canvas after that visit (Session::show_visit, as a
// row of the Trace section does), its three exports (the same host requests as the section's buttons),
// and the SVM as the optimisation problem in words with w, b, the margin, the support vectors and each
// point's constraint value. All texts and numbers come from the module (web_a11y.cpp: the scene's
// `views`, `trace` and `svm`); nothing is computed here.
import { actionButton, el } from './embed_a11y_parts.js';

/**
 * id: the mirror's id; headingTag: its parts' heading tag; wasm: {text, call}; share: embed_share.js;
 * say(message): the live region; refresh(): the mirror's update. Returns {switches, trace, svm} (each
 * with node and show(scene)).
 */
export function buildViews(id, headingTag, { text, call }, share, say, refresh) {
  const heading = (label, props = {}) => el(headingTag, { className: 'perceptron-lab-a11y-part', ...props }, label);

  // [SECTION] the switches (native checkboxes in the role of a switch: Space turns them)
  const toggle = (which, label) => {
    const input = el('input', { type: 'checkbox', role: 'switch', id: `${id}-view-${which}` });
    input.addEventListener('change', () => { call('pl_a11y_set_view', which === 'trace' ? 0 : 1, input.checked ? 1 : 0); refresh(); });
    const row = el('div', { className: 'perceptron-lab-a11y-choice' }, input, el('label', { for: input.id }, label));
    return { input, row };
  };
  const traceSwitch = toggle('trace', 'Trace table');
  const svmSwitch = toggle('svm', 'SVM view');
  const switches = el('fieldset', { className: 'perceptron-lab-a11y-quiz' }, el('legend', {}, 'More views'), traceSwitch.row, svmSwitch.row);

  // [SECTION] the trace: the last rows of the run as a table; a row's button takes the canvas back there
  const note = el('p', {});
  const caption = el('caption', {});
  const head = el('thead', {});
  const body = el('tbody', {});
  const table = el('table', { className: 'perceptron-lab-a11y-table perceptron-lab-a11y-trace' }, caption, head, body);
  const exports = el('div', { className: 'perceptron-lab-a11y-buttons', role: 'group', 'aria-label': 'Trace table exports' },
    ...[['saveTraceCsv', 'Save CSV'], ['saveTraceLatex', 'Save LaTeX'], ['copyTraceMarkdown', 'Copy Markdown']]
      .map(([request, label]) => actionButton(label, () => { share.request(request); refresh(); })));
  const traceNode = el('section', { className: 'perceptron-lab-a11y-views', 'aria-labelledby': `${id}-trace`, hidden: true },
    heading('Trace', { id: `${id}-trace` }), note, exports, el('div', { className: 'perceptron-lab-a11y-table-wrap' }, table));
  let headKey = '';
  const showVisit = (t) => {
    say(text('pl_a11y_show_visit', t));
    refresh();
  };
  // A row stays the same element while its visit is listed, so the button a keyboard user is on keeps the
  // focus. Each row's cells and button are kept beside it (a <tr> has a `cells` of its own).
  const parts = new WeakMap();
  const makeRow = (t) => {
    const tr = el('tr', {}, el('th', { scope: 'row' }, String(t)));
    tr.dataset.t = String(t);
    parts.set(tr, { button: actionButton(`Show the canvas after visit ${t}`, () => showVisit(t)), cells: [] });
    return tr;
  };
  const fillRow = (tr, cells) => {
    const part = parts.get(tr);
    if (part.cells.length !== cells.length) {
      part.cells = cells.map(() => el('td', {}));
      tr.replaceChildren(tr.firstChild, ...part.cells, el('td', {}, part.button));
    }
    cells.forEach((cell, k) => { if (part.cells[k].textContent !== cell) part.cells[k].textContent = cell; });
  };
  function showTrace(trace) {
    const key = JSON.stringify(trace.head);
    if (key !== headKey) {
      headKey = key;
      head.replaceChildren(el('tr', {}, ...trace.head.map((h) => el('th', { scope: 'col' }, h)), el('th', { scope: 'col' }, 'Canvas')));
    }
    const rows = trace.rows;
    caption.textContent = rows.length === 0 ? 'Trace: no visits yet'
      : `Trace: visits ${rows[0].t} to ${rows[rows.length - 1].t} of ${trace.visits}; the canvas shows visit ${trace.current}`;
    note.textContent = rows.length === 0 ? 'No visits yet: Step or Epoch fills the table.' : trace.note;
    note.hidden = !note.textContent;
    table.hidden = rows.length === 0;
    // Rows and the listed visits are both in the order of t: drop the rows no longer listed, then walk both.
    const wanted = new Set(rows.map((r) => String(r.t)));
    for (const tr of [...body.children]) if (!wanted.has(tr.dataset.t)) tr.remove();
    let at = body.firstElementChild;
    for (const row of rows) {
      let tr = at;
      if (at && at.dataset.t === String(row.t)) at = at.nextElementSibling;
      else { tr = makeRow(row.t); body.insertBefore(tr, at); }
      fillRow(tr, row.cells);
      if (row.t === trace.current) tr.setAttribute('aria-current', 'true');
      else tr.removeAttribute('aria-current');
    }
  }

  // [SECTION] the SVM: the problem in words, its answer, and each point's constraint value
  const problem = el('p', {});
  const space = el('p', {});
  const none = el('p', {});
  const lines = el('ul', { className: 'perceptron-lab-a11y-theory', 'aria-label': 'The SVM\u2019s answer' });
  const svmCaption = el('caption', {});
  const svmBody = el('tbody', {});
  const svmTable = el('table', { className: 'perceptron-lab-a11y-table' }, svmCaption,
    el('thead', {}, el('tr', {}, ...['Point', 'Label y\u2099', 'y\u2099(w\u00b7x\u2099 + b)'].map((h) => el('th', { scope: 'col' }, h)))), svmBody);
  const svmNode = el('section', { className: 'perceptron-lab-a11y-views', 'aria-labelledby': `${id}-svm`, hidden: true },
    heading('SVM view', { id: `${id}-svm` }), problem, space, none, lines, el('div', { className: 'perceptron-lab-a11y-table-wrap' }, svmTable));
  function showSvm(svm) {
    problem.textContent = `The problem: ${svm.problem}.`;
    space.textContent = svm.space ?? '';
    space.hidden = !svm.space;
    none.textContent = svm.none ?? '';
    none.hidden = !svm.none;
    const solved = Boolean(svm.lines);
    lines.hidden = svmTable.hidden = !solved;
    if (!solved) return;
    lines.replaceChildren(...svm.lines.map((line) => el('li', {}, line)));
    const listed = svm.constraints.length;
    svmCaption.textContent = `Each point\u2019s constraint value${listed < svm.total ? ` (the first ${listed} of ${svm.total} points)` : ''}: at least 1, exactly 1 on the support vectors`;
    svmBody.replaceChildren(...svm.constraints.map((c) => el('tr', {}, el('th', { scope: 'row' }, String(c.n)), el('td', {}, c.y), el('td', {}, c.value))));
  }

  return {
    switches,
    trace: traceNode,
    svm: svmNode,
    /** scene: the mirror's scene (web_a11y.cpp) with its views {trace, svm, traceSwitch, svmSwitch}, trace and svm. */
    show(scene) {
      const views = scene.views;
      for (const [control, on] of [[traceSwitch.input, views.trace], [svmSwitch.input, views.svm]]) if (control.checked !== on) control.checked = on;
      traceSwitch.row.hidden = !views.traceSwitch && !views.trace;
      svmSwitch.row.hidden = !views.svmSwitch && !views.svm;
      switches.hidden = traceSwitch.row.hidden && svmSwitch.row.hidden;
      traceNode.hidden = !scene.trace;
      if (scene.trace) showTrace(scene.trace);
      svmNode.hidden = !scene.svm;
      if (scene.svm) showSvm(scene.svm);
    },
  };
}
