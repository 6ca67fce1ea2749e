// The two buttons of section 3 switch one widget between the lift and the RBF kernel through the JS
// handle (docs/reference.md "The JS handle"); the page's first widget, a built-in lesson (data-lesson), needs no
// script. An external file, so the page runs under a strict Content-Security-Policy (no inline scripts).
const widget = document.getElementById('xor-solved');
const buttons = document.querySelectorAll('.course-switch button');

function showPressed(how) {
  for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.solve === how));
}

function solve(how, lab) {
  const state = JSON.parse(lab.exportJson());
  const next = how === 'kernel'
    ? { ...state, algorithm: 'kernel', lift: 'none', kernel: { ...state.kernel, type: 'rbf' }, panels: { ...state.panels, liftView: false } }
    : { ...state, algorithm: 'perceptron', lift: 'product', panels: { ...state.panels, liftView: true } };
  lab.load(next);
  lab.train({ untilConverged: true });
  showPressed(how);
}

// The widget may come back from this browser's storage with the kernel already chosen (the page
// remembers each widget's work across reloads): the buttons follow what it shows.
function followWidget(lab) {
  showPressed(lab.state().algorithm === 'kernel' ? 'kernel' : 'lift');
}
if (widget.perceptronLab) followWidget(widget.perceptronLab);
else widget.addEventListener('perceptron-lab:ready', (e) => followWidget(e.detail), { once: true });

for (const button of buttons) {
  button.addEventListener('click', () => {
    if (widget.perceptronLab) solve(button.dataset.solve, widget.perceptronLab);
  });
}
