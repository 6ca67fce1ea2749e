// The widget's keyboard focus in its page (src/app/base/keyboard.hpp has the keys inside the widget):
// how the page's focus arrives (Tab from before the widget: its first control; Shift+Tab from after
// it: its last; a click: where it is), where the focus goes when the widget lets go of the keys
// (Escape: the page has them again; Tab past the last control: the page's next element; Shift+Tab
// before the first: the previous one), and the focus ring around the widget while it has keyboard focus.

// Numbers of pl_keyboard_focus (src/platform/web_host.cpp); "pointer" also stands for a script's focus().
const ENTRY = { left: 0, forward: 1, backward: 2, pointer: 3 };
// Numbers of Module.onKeyboardExit (web_host.cpp: pl_keyboard_exit_js).
const EXIT = { release: 0, forward: 1, backward: 2 };

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, audio[controls], video[controls], '
  + '[tabindex], [contenteditable=""], [contenteditable="true"]';

/** The elements Tab visits, in document order (positive tabindex values are not reordered). */
export function tabbableElements(root = document) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]')
    && !(el instanceof HTMLInputElement && el.type === 'hidden') && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden');
}

/**
 * Follows the canvas's focus and blur, tells the widget how the focus came, and answers the widget's
 * requests to move the page's focus. Returns {exit(how), remove()}.
 */
export function setUpKeyboard(element, canvas, wasm) {
  let lastTab = null;  // the page's last Tab key: which way the focus is travelling
  let lastPointer = -Infinity;  // a press on the canvas focuses it too (embed_page.js): no ring then
  // Escape let go of the keys and nothing took the focus since: the next Tab goes on from the canvas's place
  // in the page. Chromium and Firefox keep that place after blur(); WebKit (Safari) starts again from the top
  // of the page, so the page's Tab is moved here instead (issue 26's WebKit lane found it).
  let released = false;
  const onKeydown = (e) => {
    if (e.key !== 'Tab') return;
    lastTab = { shift: e.shiftKey, time: performance.now() };
    const nowhere = !document.activeElement || document.activeElement === document.body;
    if (released && nowhere) {
      released = false;
      const target = neighbour(e.shiftKey ? -1 : +1);
      if (target) { e.preventDefault(); target.focus(); }
    }
  };
  const onPointerDown = () => { lastPointer = performance.now(); };
  const onAnyPointer = () => { released = false; };  // a click elsewhere sets the browser's own starting point
  const onAnyFocus = () => { released = false; };
  const onFocus = () => {
    const now = performance.now();
    const byTab = lastTab !== null && now - lastTab.time < 1000;
    const byPointer = now - lastPointer < 1000;
    const byKeyboard = byTab || (!byPointer && canvas.matches(':focus-visible'));
    element.classList.toggle('perceptron-lab-keyboard-focus', byKeyboard);
    // Only a Tab moves the widget's own focus to its first (last) control; a script's focus() leaves it
    // (the next Tab or arrow key starts there), so the mouse keeps working as before.
    const entry = !byTab ? ENTRY.pointer : lastTab.shift ? ENTRY.backward : ENTRY.forward;
    lastTab = null;
    wasm.call('pl_keyboard_focus', entry);
  };
  const onBlur = () => {
    element.classList.remove('perceptron-lab-keyboard-focus');
    wasm.call('pl_keyboard_focus', ENTRY.left);
  };
  window.addEventListener('keydown', onKeydown, true);
  window.addEventListener('pointerdown', onAnyPointer, true);
  document.addEventListener('focusin', onAnyFocus);
  canvas.addEventListener('pointerdown', onPointerDown, true);
  canvas.addEventListener('focus', onFocus);
  canvas.addEventListener('blur', onBlur);

  // The page's next (+1) or previous (-1) element after the canvas; none: the focus leaves the page's
  // content (the browser's own controls come next).
  function neighbour(direction) {
    const all = tabbableElements();
    const at = all.indexOf(canvas);
    return (at < 0 ? null : direction > 0 ? all[at + 1] : all[at - 1]) ?? null;
  }
  function moveFocus(direction) {
    const target = neighbour(direction);
    if (target) target.focus();
    else canvas.blur();
  }
  return {
    exit(how) {
      if (how === EXIT.forward) moveFocus(+1);
      else if (how === EXIT.backward) moveFocus(-1);
      else { canvas.blur(); released = true; }  // Escape: the next Tab starts from the canvas's place in the page
    },
    remove() {
      window.removeEventListener('keydown', onKeydown, true);
      window.removeEventListener('pointerdown', onAnyPointer, true);
      document.removeEventListener('focusin', onAnyFocus);
      canvas.removeEventListener('pointerdown', onPointerDown, true);
      canvas.removeEventListener('focus', onFocus);
      canvas.removeEventListener('blur', onBlur);
      element.classList.remove('perceptron-lab-keyboard-focus');
    },
  };
}
