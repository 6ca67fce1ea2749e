// How a widget lives in its page: its canvas and loading line, the message box over the canvas, the
// mouse wheel (page scroll or zoom), following the element's size, and the page URL of a full-page
// widget. Each set-up function returns what undoes it (run by handle.destroy()).

/** The canvas (it fills the element, see embed.css) and the "Loading" line, shown if the start takes a while. */
export function createCanvas(element) {
  const canvas = document.createElement('canvas');
  canvas.className = 'perceptron-lab-canvas';
  canvas.tabIndex = 0;  // keyboard shortcuts reach the widget only when it has focus
  canvas.setAttribute('aria-label', 'Perceptron Lab: Tab moves through its controls and the canvas, '
    + 'where arrow keys move a cursor and Enter adds a point; ? lists every key; Escape leaves');
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // right-click adds the other class
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  element.appendChild(canvas);
  return { canvas, loading: createLoadingMessage(element) };
}

// How long the widget may take to start before "Loading Perceptron Lab..." is shown.
const LOADING_MESSAGE_DELAY_MS = 400;

/**
 * The message over the canvas while the widget starts. Shown only when the start takes a while: on a
 * quick one it would flash for a fraction of a second, and painting its text competes with the start
 * for the browser's GPU process (a software renderer's in school labs): the first frame came 15-30 ms
 * later with it on screen (bench/web_budget.mjs [load]). Returns {fail(message), remove()}.
 */
function createLoadingMessage(element) {
  const box = document.createElement('div');
  box.className = 'perceptron-lab-loading';
  box.textContent = 'Loading Perceptron Lab\u2026';
  box.style.visibility = 'hidden';
  element.appendChild(box);
  const timer = setTimeout(() => { box.style.visibility = ''; }, LOADING_MESSAGE_DELAY_MS);
  const show = () => { clearTimeout(timer); box.style.visibility = ''; };
  return {
    fail(message) { box.textContent = message; show(); },  // the widget could not start: say why at once
    remove() { clearTimeout(timer); box.remove(); },
  };
}

/**
 * The widget's message line shown over the canvas, for when the controls panel (which shows it too)
 * is hidden. Returns {show(message, onDismiss), hide(), remove()}.
 */
export function createNoticeBox(element) {
  let box = null;
  return {
    show(message, onDismiss) {
      if (!box) {
        box = document.createElement('div');
        box.className = 'perceptron-lab-message';
        box.setAttribute('role', 'status');
        const span = document.createElement('span');
        const close = document.createElement('button');
        close.type = 'button';
        close.textContent = '\u00d7';
        close.setAttribute('aria-label', 'Dismiss');
        box.append(span, close);
        element.appendChild(box);
      }
      box.firstChild.textContent = message;
      box.lastChild.onclick = onDismiss;
      box.hidden = false;
    },
    hide() { if (box) box.hidden = true; },
    remove() { box?.remove(); box = null; },
  };
}

/**
 * mode 'focus': the wheel zooms the canvas only when the widget has focus (a click on it) or
 * Ctrl/Cmd is held; otherwise it scrolls the page as if the widget were not there, and a hint says
 * how to zoom. The listener runs in the capture phase on the element, before SDL's on the canvas.
 * mode 'always': the wheel always zooms.
 */
export function followWheelFocus(element, canvas, mode) {
  let hint = null, hintTimer = null;
  const onWheel = (e) => {
    if (mode === 'always') return;
    if (e.target.closest?.('.perceptron-lab-a11y')) return;  // the table view scrolls itself
    if (document.activeElement === canvas || e.ctrlKey || e.metaKey) return;
    e.stopPropagation();  // no preventDefault: the page scrolls
    if (!hint) {
      hint = document.createElement('div');
      hint.className = 'perceptron-lab-hint';
      hint.textContent = 'Click the widget (or hold Ctrl) to zoom with the wheel';
      element.appendChild(hint);
    }
    hint.hidden = false;
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => { hint.hidden = true; }, 1500);
  };
  element.addEventListener('wheel', onWheel, { capture: true, passive: true });
  return () => {
    element.removeEventListener('wheel', onWheel, { capture: true });
    clearTimeout(hintTimer);
    hint?.remove();
  };
}

/**
 * The C side follows the element's size and devicePixelRatio every frame; this makes sure a frame is
 * drawn right after a resize even when the widget is idle.
 */
export function redrawOnResize(element, wasm) {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => wasm.call('pl_request_redraw'));
  observer.observe(element);
  return () => observer.disconnect();
}

// Each replaceState costs the browser work beside the page (about 2 frames a second of 30 while Run
// changes the state every frame, on a software renderer); a leaving page writes at once (pagehide).
const URL_WRITE_MS = 1000;
/**
 * The wait before the next write of something that took `costMs` to write: at least `minimum`, and at
 * least 10 times the cost, so a slow write (the link of 100,000 points) takes under a tenth of the time.
 */
function spacedAfter(costMs, minimum) {
  return Math.max(minimum, Math.min(30000, 10 * costMs));
}

/**
 * Writes the widget's state somewhere (the page's URL, localStorage) after it changes: at most once
 * every `minimumMs` (less often for a slow write: spacedAfter), and once more when the page goes away.
 * Never before the rest of the code is in (restArrived, embed_deferred.js): the link is made by code of
 * the rest, so a change made before it arrived (the first click on a slow line) is written when it does,
 * instead of fetching it synchronously in the middle of the student's first clicks. (A page that leaves
 * before then keeps its last write: a synchronous fetch is refused while it goes away.)
 * write(): returns false when writing cannot work here (the URL or storage refused): none is tried again.
 * Returns {changed (call on every change), now (write at once), stop(writePending)}.
 */
export function throttledWriter(write, minimumMs, restArrived = Promise.resolve()) {
  let arrived = false;
  restArrived.then(() => { arrived = true; });
  let timer = null;
  let enabled = true;
  let interval = minimumMs;
  function run() {
    if (!arrived) { restArrived.then(run); return; }  // the timer stays set: one write when it is in
    timer = null;
    if (!enabled) return;
    const started = performance.now();
    if (write() === false) { enabled = false; return; }
    interval = spacedAfter(performance.now() - started, minimumMs);
  }
  const flush = () => { if (timer && arrived) { clearTimeout(timer); run(); } };
  window.addEventListener('pagehide', flush);
  return {
    changed: () => { if (enabled && !timer) timer = setTimeout(run, interval); },
    now: run,
    stop: (writePending) => {
      if (writePending) flush();
      enabled = false;
      clearTimeout(timer);
      timer = null;
      window.removeEventListener('pagehide', flush);
    },
  };
}

/**
 * Full-page widget (options.syncUrl): the page URL's fragment follows the state, so a reload never
 * loses work, and a fragment typed by hand or another shared link opened in this tab is loaded.
 * fragment(): the widget's link fragment (embed_lessons.js: with an instructor's lesson in it).
 * restArrived: resolves once the rest of the code is in (embed_deferred.js; throttledWriter says why).
 * At most one replaceState a second (less often for a link that is slow to write: a big data set while
 * Run is on), never a new history entry: no flooding of the history API.
 */
export function keepUrlInSync(handle, follow, fragment, restArrived = Promise.resolve()) {
  const writer = throttledWriter(() => {
    if (handle.linkProblem()) return true;  // too large for a link: the URL keeps its last readable state
    try {
      history.replaceState(history.state, '', `#${fragment()}`);
      return true;
    } catch (err) {
      console.warn(`Perceptron Lab: cannot keep the state in this page's URL (${err.message})`);
      return false;
    }
  }, URL_WRITE_MS, restArrived);
  const unsubscribe = follow(writer.changed);
  const onHashChange = () => {
    if (location.hash.length > 1 && location.hash.slice(1) !== fragment()) handle.load(location.href);
  };
  window.addEventListener('hashchange', onHashChange);
  return () => {
    unsubscribe();
    writer.stop(false);
    window.removeEventListener('hashchange', onHashChange);
  };
}

// [SECTION] A widget's own link on a page with several widgets (docs/instructors.md "Copy link in an embedded widget").
// An embedded widget with an element id writes its link as `page#widget=<id>&d=...&v=1`: only the
// widget with that id applies it when the page opens (and when the fragment changes), so a course page
// with several widgets reopens the one that was shared and leaves the others alone. A widget without an
// id cannot be told apart from its neighbours in a lasting way (its place changes when the page is
// edited), so its link opens the full-page widget (index.html next to embed.js) instead. The
// full-page widget (syncUrl) keeps the plain fragment, as the page's URL does.
export const WIDGET_ADDRESS_KEY = 'widget';

/**
 * Where the widget's link leads: {base (before '#'), address (the fragment's first pair, or ''),
 * opens: 'this-page' | 'full-page' | 'same-page'}. directory: where the module's files are (index.html
 * is next to them), or null when they are inlined (the single-file build).
 */
export function widgetLinkTarget(element, options, directory) {
  const page = location.href.split('#')[0];
  const address = element.id && !options.syncUrl ? `${WIDGET_ADDRESS_KEY}=${encodeURIComponent(element.id)}&` : '';
  if (options.linkBase) return { base: String(options.linkBase).split('#')[0], address, opens: 'same-page' };
  if (options.syncUrl) return { base: page, address: '', opens: 'same-page' };
  if (address) return { base: page, address, opens: 'this-page' };
  if (directory) return { base: new URL('index.html', new URL(directory, document.baseURI)).href, address: '', opens: 'full-page' };
  return { base: page, address: '', opens: 'same-page' };
}

// Splits '#widget=<id>&rest' (or a link or bare fragment with that first pair) into {id, link}, where
// link is the same text without the address; null when the text is not addressed to a widget.
function splitAddress(text) {
  const hash = text.indexOf('#');
  const fragment = hash >= 0 ? text.slice(hash + 1) : text;
  const prefix = `${WIDGET_ADDRESS_KEY}=`;
  if (!fragment.startsWith(prefix)) return null;
  const end = fragment.indexOf('&');
  const value = end < 0 ? fragment.slice(prefix.length) : fragment.slice(prefix.length, end);
  let id;
  try { id = decodeURIComponent(value); } catch (err) { id = value; }
  return { id, link: `${hash >= 0 ? text.slice(0, hash + 1) : ''}${end < 0 ? '' : fragment.slice(end + 1)}` };
}

/** A link or fragment without its widget address: what any widget loads (load() ignores the address). */
export function withoutWidgetAddress(text) {
  if (text.trimStart().startsWith('{')) return text;  // JSON text, not a link
  const split = splitAddress(text.trim());
  return split ? split.link : text;
}

/** The link in the page's URL fragment when it is addressed to the widget with this id, else null. */
export function linkAddressedTo(id, hash = location.hash) {
  if (!id) return null;
  const split = splitAddress(hash);
  return split && split.id === id && split.link.length > 1 ? split.link : null;
}

/**
 * An embedded widget with an id follows later changes of the page's fragment too (a shared link pasted
 * into the address bar of an open course page): open(link) loads it. Returns what stops it.
 */
export function followAddressedLinks(element, open) {
  const onHashChange = () => {
    const link = linkAddressedTo(element.id);
    if (link) open(link);
  };
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}
