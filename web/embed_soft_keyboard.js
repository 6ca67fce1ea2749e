// The phone's on-screen keyboard for the text fields the widget draws on its canvas (the lesson card's
// answers, Words mode's message, Author mode's fields). A phone opens its keyboard only for a focused
// text element of the page; the widget's fields are pixels. While a field that a finger opened is
// edited (src/app/base/text_field_focus.hpp tells Module.onTextField), a transparent input lies over it
// and has the page's focus: the keyboard opens, the page scrolls to keep the field in sight, and what
// is typed there goes to the field (src/platform/web_text_proxy.cpp). A mouse and a hardware keyboard
// never see it: the app tells nothing about fields a finger did not open.
//
// The input is a typing buffer, not a copy of the field: it starts each edit with SEED (so a Backspace
// always has something to delete, even in an empty field), every change of its value goes to the field
// as Backspaces and the new characters (composed text and pastes included), and once a change is
// complete the value is SEED again. The field's caret and text stay Dear ImGui's.

// Numbers of the keys in web_text_proxy.cpp (kProxyKeys).
const KEYS = { Backspace: 0, Enter: 1, ArrowLeft: 2, ArrowRight: 3, ArrowUp: 4, ArrowDown: 5, Home: 6, End: 7, Delete: 8 };
// Keys the input would act on itself, sent to the field instead (Backspace goes as a change of value).
const FORWARDED = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Delete']);
const SEED = '\u200b'.repeat(8);  // zero-width spaces: nothing shows, nothing is read as a word

/** What changed from `before` to `after`: how many characters went at the end of the common start, and what came. */
export function valueChange(before, after) {
  const a = Array.from(before), b = Array.from(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.length - start - end, added: b.slice(start, b.length - end).join('') };
}

/**
 * Follows the field the widget says a finger is editing (follow(field), from Module.onTextField) with
 * an input of its own in `element`. Returns {follow(field), remove()}.
 */
export function setUpSoftKeyboard(element, canvas, wasm) {
  let input = null;       // the input (or textarea, for a field of several lines) over the field
  let field = null;       // the field it stands for ({id, x, y, width, height, label, multiline}), null: none
  let accounted = SEED;   // the input's value as the field already has it
  let composing = false;  // an input method is composing: the value is the keyboard's until it ends
  let letting = false;    // the input is being blurred because the field ended: not news for the widget

  const send = (change) => {
    for (let i = 0; i < change.removed; i++) wasm.call('pl_text_proxy_key', field.id, KEYS.Backspace);
    if (!change.added) return;
    // One line: a new line is Enter (the lesson's field checks the answer); several: a character.
    const parts = field.multiline ? [change.added] : change.added.split(/\r\n|\r|\n/);
    parts.forEach((part, i) => {
      if (i > 0) wasm.call('pl_text_proxy_key', field.id, KEYS.Enter);
      if (part) wasm.withString(part, (ptr) => wasm.call('pl_text_proxy_type', field.id, ptr));
    });
  };
  const reseed = () => {
    input.value = SEED;
    input.setSelectionRange(SEED.length, SEED.length);
    accounted = SEED;
  };
  const onInput = () => {
    if (!field) return;
    send(valueChange(accounted, input.value));
    accounted = input.value;
    if (!composing) reseed();
  };
  const onCompositionStart = () => { composing = true; };
  const onCompositionEnd = () => {
    composing = false;
    if (field) { onInput(); reseed(); }
  };
  const onKeydown = (e) => {
    if (!field || composing || e.isComposing) return;
    if (e.key === 'Enter' && !field.multiline) {
      e.preventDefault();
      wasm.call('pl_text_proxy_key', field.id, KEYS.Enter);
    } else if (FORWARDED.has(e.key)) {
      e.preventDefault();
      wasm.call('pl_text_proxy_key', field.id, KEYS[e.key]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      canvas.focus({ preventScroll: true });  // the field lets go (blur below); the widget has the keys
    }
    e.stopPropagation();  // the page's own shortcuts are not for what is typed in a field
  };
  const onBlur = () => {
    if (letting || !field) return;
    const id = field.id;
    field = null;
    input.hidden = true;
    wasm.call('pl_text_proxy_left', id);  // the person went elsewhere: the field lets go too
  };

  function create(multiline) {
    input?.remove();
    input = document.createElement(multiline ? 'textarea' : 'input');
    if (!multiline) input.type = 'text';
    input.className = 'perceptron-lab-text-proxy';
    // No inputmode: answers hold minus signs, '/', sqrt(5); Words mode's messages are words.
    for (const [name, value] of [['autocomplete', 'off'], ['autocapitalize', 'off'], ['autocorrect', 'off'],
      ['spellcheck', 'false'], ['enterkeyhint', multiline ? 'enter' : 'done']]) input.setAttribute(name, value);
    // Transparent over the field (the field under it shows the text and the caret); 16 px text, or a
    // phone's browser zooms the page in when the input gets the focus.
    Object.assign(input.style, {
      position: 'absolute', margin: '0', padding: '0', border: '0', outline: 'none', boxSizing: 'border-box',
      opacity: '0', background: 'transparent', color: 'transparent', caretColor: 'transparent', fontSize: '16px',
      resize: 'none', overflow: 'hidden', zIndex: '2',
    });
    input.addEventListener('input', onInput);
    input.addEventListener('compositionstart', onCompositionStart);
    input.addEventListener('compositionend', onCompositionEnd);
    input.addEventListener('keydown', onKeydown);
    input.addEventListener('blur', onBlur);
    element.appendChild(input);
  }

  function place(next) {
    Object.assign(input.style, {
      left: `${next.x}px`, top: `${next.y}px`, width: `${Math.max(1, next.width)}px`, height: `${Math.max(1, next.height)}px`,
    });
    input.setAttribute('aria-label', next.label);
  }

  return {
    follow(next) {
      if (!next.active) {
        if (!field) return;
        field = null;
        letting = true;
        if (document.activeElement === input) input.blur();
        letting = false;
        input.hidden = true;
        return;
      }
      const fresh = !field || field.id !== next.id;
      if (!input || (input.tagName === 'TEXTAREA') !== next.multiline) create(next.multiline);
      field = next;
      place(next);
      input.hidden = false;
      if (fresh) {
        composing = false;
        reseed();
      }
      if (document.activeElement !== input) input.focus();
    },
    remove() {
      field = null;
      input?.remove();
      input = null;
    },
  };
}
