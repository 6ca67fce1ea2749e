// One finger on the widget scrolls the course page around it where the widget has no use for the drag
// (src/platform/touch_input.hpp: a panel that cannot scroll, or is at its end; touch_gestures.hpp: the
// canvas before a tap makes it active). The widget draws its panels itself and so takes every touch:
// the browser cannot scroll the page past it, and this file does, with the short glide a browser's own
// scroll has after the finger leaves (none when the person asked for reduced motion).

const GLIDE_MS = 325;          // the speed falls by e in this time, as a phone's own fling does
const GLIDE_STOP = 0.02;       // px per ms below which the glide ends
const FRESH_MS = 100;          // a finger that stood still longer than this before leaving does not glide

/** The element that scrolls the page around `element`: the nearest scrolling parent, else the document. */
function scrollerOf(element) {
  for (let e = element.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const overflow = getComputedStyle(e).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && e.scrollHeight > e.clientHeight + 1) return e;
  }
  const root = document.scrollingElement || document.documentElement;
  const hidden = [document.documentElement, document.body].some((e) => e && getComputedStyle(e).overflowY === 'hidden');
  return !hidden && root.scrollHeight > window.innerHeight + 1 ? root : null;
}

export function setUpPageScroll(element) {
  const reduce = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  let scroller = null, velocity = 0, lastAt = 0, glide = 0;
  const stop = () => { cancelAnimationFrame(glide); glide = 0; };
  document.addEventListener('touchstart', stop, { capture: true, passive: true });  // a new touch catches the page
  // Where each finger is in the viewport, as the browser says it: the module's own finger positions are
  // relative to the canvas, which the page scroll moves under the finger (and a touch's end is placed
  // from the page's origin), so the scroll is measured with these.
  const fingerY = new Map();
  const follow = (event) => { for (const t of event.changedTouches) fingerY.set(t.identifier, t.clientY); };
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) element.addEventListener(type, follow, { capture: true, passive: true });

  function glideOn() {
    let before = performance.now();
    const frame = (now) => {
      const dt = Math.max(1, now - before);
      before = now;
      const top = scroller.scrollTop;
      scroller.scrollTop = top + velocity * dt;
      velocity *= Math.exp(-dt / GLIDE_MS);
      glide = Math.abs(velocity) > GLIDE_STOP && scroller.scrollTop !== top ? requestAnimationFrame(frame) : 0;
    };
    glide = requestAnimationFrame(frame);
  }

  return {
    /** The viewport y of the finger `id` at its last event (NaN: none seen). */
    fingerScreenY(id) { return fingerY.has(id) ? fingerY.get(id) : NaN; },
    /** Asked when a touch begins: 1 when the page around the widget can scroll. */
    canScroll() {
      scroller = scrollerOf(element);
      return scroller ? 1 : 0;
    },
    /** The finger moved `fingerDy` CSS px down since the last call; `fingerLeft`: it has left the screen. */
    scroll(fingerDy, fingerLeft) {
      if (!scroller) return;
      stop();
      const now = performance.now();
      if (fingerDy) {
        const speed = -fingerDy / Math.max(1, now - lastAt);
        velocity = lastAt && now - lastAt < FRESH_MS ? 0.8 * speed + 0.2 * velocity : 0;
        lastAt = now;
        scroller.scrollTop += -fingerDy;
      }
      if (fingerLeft) {
        if (now - lastAt < FRESH_MS && !(reduce && reduce.matches)) glideOn();
        lastAt = 0;
      }
    },
    remove() {
      stop();
      document.removeEventListener('touchstart', stop, { capture: true });
      for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) element.removeEventListener(type, follow, { capture: true });
    },
  };
}
