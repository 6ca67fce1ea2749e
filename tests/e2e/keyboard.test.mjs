// Keyboard only (WCAG 2.1.1, 2.1.2, 2.4.7): no mouse event in this file. The page's Tab reaches the
// widget; Tab goes through its controls to the canvas; on the canvas the arrow keys move a cursor and
// Enter, +, -, Delete and F edit the points there; Step is pressed by its shortcut and through the Tab
// order; Escape and Tab past the last control hand the focus back to the page; "?" lists every key.
// Results are read from the JS state, from what the widget drew (testHooks(lab).drawn()) and from pixels.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, useTestHooks, screenshotPixels, pixelAt, countNear, lab, drawnBy, openRoutedPage,
  scriptMountedPage, dataArea } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// A course page: a button before the widget, the widget, a button after it (harness.mjs).
async function openCoursePage({ width = 1100, height = 760 } = {}) {
  const opened = await openRoutedPage(browser, server.url, '/keyboard.html', scriptMountedPage({ title: 'Keyboard' }), { width, height });
  await opened.page.waitForFunction(() => window.perceptronLab, null, { timeout: 30000 });
  await useTestHooks(opened.page);
  return opened;
}

const frame = (page) => drawnBy(page);
async function press(page, key, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
  return frame(page);
}
const focused = (f) => f.items.find((i) => i.focused) ?? null;
const isStep = (label) => /^Step( \(S\))?$/.test(label ?? '');  // the long label, or the short one in a narrow column
const textOf = (f, role) => f.texts.find((t) => t.role === role)?.text ?? null;
const activeId = (page) => lab(page, () => document.activeElement?.id || document.activeElement?.tagName);
// "(1, −0.4) · point 2, +1" -> [1, -0.4]
function cursorAt(f) {
  const text = textOf(f, 'cursor');
  assert.ok(text, 'the cursor is drawn with its label');
  const m = /^\(([^,]+), ([^)]+)\)/.exec(text);
  return [Number(m[1].replace('\u2212', '-')), Number(m[2].replace('\u2212', '-'))];
}

// From the element before the widget, Tab passes the accessible mirror's "Show table view" button (the
// closed table view's one Tab stop: ACCESSIBILITY.md) and then reaches the canvas. Returns the frame drawn then.
async function tabToCanvas(page) {
  for (let i = 0; i < 80; i++) {
    const f = await press(page, 'Tab');
    const id = await activeId(page);
    if (id === 'CANVAS') return f;
    assert.notEqual(id, 'after', 'Tab left the widget before reaching its canvas');
  }
  assert.fail('Tab never reached the canvas');
}

// An empty canvas with a known view: 7 units across the canvas's shorter side, so the grid step is
// known by hand (ticks at least 56 px apart, five minor lines per tick).
async function emptyCanvas(page) {
  await lab(page, () => {
    const s = window.perceptronLab.state();
    window.perceptronLab.load({ ...s, points: [], labels: [], view: { cx: 0, cy: 0, span: 7 } });
  });
  const g = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  const raw = 56 / g.pixelsPerUnit;
  const power = 10 ** Math.floor(Math.log10(raw));
  const tick = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return tick / 5;
}

test('Tab walks from the page into the widget, through its controls to the canvas, and back out', async () => {
  const { page, context, problems } = await openCoursePage();
  await press(page, 'Tab');
  assert.equal(await activeId(page), 'before');
  let f = await tabToCanvas(page);
  assert.equal(await activeId(page), 'CANVAS', 'the widget is one stop of the page');
  assert.ok(f.nav.visible && f.nav.rect, 'Tab from before the widget focuses its first control, and shows it');
  const canvasArea = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  assert.ok(f.nav.rect[2] <= canvasArea.left, `the first control is in the controls column (${f.nav.rect})`);
  // Tab moves through distinct controls to the canvas (its cursor appears), Step and Fit among them.
  const seen = [], stops = new Set([JSON.stringify(f.nav.rect)]);
  for (let i = 0; i < 120 && !textOf(f, 'cursor'); i++) {
    f = await press(page, 'Tab');
    if (focused(f)?.label) seen.push(focused(f).label);
    if (f.nav.rect) stops.add(JSON.stringify(f.nav.rect));
  }
  assert.ok(textOf(f, 'cursor'), `the canvas is in the Tab order (visited ${seen.join(' | ')})`);
  for (const label of ['Data', 'Training', 'Fit']) assert.ok(seen.includes(label), `Tab reached "${label}": ${seen.join(' | ')}`);
  assert.ok(seen.some(isStep), `Tab reached Step: ${seen.join(' | ')}`);
  assert.ok(stops.size >= 25, `every control is a stop, not only text fields (${stops.size} stops)`);
  // Shift+Tab goes back the same way: from the canvas to Fit.
  f = await press(page, 'Shift+Tab');
  assert.equal(focused(f)?.label, 'Fit');
  assert.equal(textOf(f, 'cursor'), null, 'the cursor goes with the focus');
  // Back to the canvas; it is the last control at this width: Tab leaves the widget for the next element.
  f = await press(page, 'Tab');
  assert.ok(textOf(f, 'cursor'));
  await press(page, 'Tab');
  assert.equal(await activeId(page), 'after', 'Tab past the last control reaches the page\'s next element');
  // Shift+Tab from there comes back in at the last control (the canvas) ...
  f = await press(page, 'Shift+Tab');
  assert.equal(await activeId(page), 'CANVAS');
  assert.ok(textOf(f, 'cursor'), 'Shift+Tab from after the widget enters at its last control');
  // ... and Escape hands the keys back: the next Tab goes on past the widget (no keyboard trap).
  await press(page, 'Escape');
  assert.notEqual(await activeId(page), 'CANVAS');
  await press(page, 'Tab');
  assert.equal(await activeId(page), 'after');
  await press(page, 'Shift+Tab');
  await press(page, 'Escape');
  // Shift+Tab after Escape leaves the canvas backwards: to the table view's button, which comes before
  // the canvas (ACCESSIBILITY.md), and never stays on the canvas.
  await press(page, 'Shift+Tab');
  assert.notEqual(await activeId(page), 'CANVAS', 'Shift+Tab after Escape leaves the canvas');
  assert.notEqual(await activeId(page), 'after', 'Shift+Tab after Escape goes backwards');
  assert.deepEqual(problems, []);
  await context.close();
});

test('on the canvas the keys move a cursor and add, remove and flip points; Step by key and by the Tab order', async () => {
  const { page, context, problems } = await openCoursePage();
  const step = await emptyCanvas(page);
  assert.equal(step, 0.2);
  await press(page, 'Tab');
  await tabToCanvas(page);
  let f = await press(page, 'C');  // C: the keys go to the canvas
  assert.deepEqual(cursorAt(f), [0, 0], 'the cursor starts at the grid crossing nearest the centre');

  // The ring around the canvas and the cursor, in pixels.
  const box = await dataArea(page);
  const toScreen = (x, y) => ({ x: box.left + box.width / 2 + x * box.ppu, y: box.top + box.height / 2 - y * box.ppu });
  let png = await screenshotPixels(page, 'keyboard-cursor-start.png');
  const ring = pixelAt(png, box.left + 6.5, box.top + box.height / 2);  // 5 to 8 px inside the canvas's edge
  assert.ok(Math.abs(ring[0] - 11) + Math.abs(ring[1] - 87) + Math.abs(ring[2] - 208) < 60, `the focus ring is drawn: ${ring}`);
  const centre = toScreen(0, 0);
  assert.ok(countNear(png, Math.round(centre.x), Math.round(centre.y), 14, [20, 20, 20], 60) >= 20, 'the cursor is drawn in ink');

  // (1, 2) +1 with Enter; (2, 1) +1 with +; (-1, 1) and (-1, -1) -1 with -.
  await press(page, 'ArrowRight', 5);
  f = await press(page, 'Shift+ArrowUp');
  assert.deepEqual(cursorAt(f), [1, 2]);
  await press(page, 'Enter');
  await press(page, 'ArrowRight', 5);
  f = await press(page, 'ArrowDown', 5);
  assert.deepEqual(cursorAt(f), [2, 1]);
  await press(page, '+');
  await press(page, 'Shift+ArrowLeft');
  f = await press(page, 'ArrowLeft', 5);
  assert.deepEqual(cursorAt(f), [-1, 1]);
  await press(page, '-');
  await press(page, 'Shift+ArrowDown');
  f = await press(page, '-');
  assert.deepEqual(cursorAt(f), [-1, -1]);
  let state = await lab(page, () => window.perceptronLab.state());
  assert.deepEqual(state.points, [[1, 2], [2, 1], [-1, 1], [-1, -1]]);
  assert.deepEqual(state.labels, [1, 1, -1, -1]);
  assert.match(textOf(f, 'cursor'), /point 4, \u22121$/, 'the label names the point under the cursor');

  // Delete removes the point under the cursor; F flips it (and again).
  await press(page, 'Shift+ArrowUp');
  await press(page, 'Delete');
  state = await lab(page, () => window.perceptronLab.state());
  assert.deepEqual(state.points, [[1, 2], [2, 1], [-1, -1]]);
  await press(page, 'Shift+ArrowDown');
  await press(page, 'F');
  assert.deepEqual((await lab(page, () => window.perceptronLab.state())).labels, [1, 1, 1]);
  await press(page, 'F');
  await press(page, 'Shift+ArrowUp');
  await press(page, '-');
  state = await lab(page, () => window.perceptronLab.state());
  assert.deepEqual(state.points, [[1, 2], [2, 1], [-1, -1], [-1, 1]]);
  assert.deepEqual(state.labels, [1, 1, -1, -1]);

  // The markers are drawn where the keys put them: +1 orange at (1, 2), -1 blue at (-1, -1).
  png = await screenshotPixels(page, 'keyboard-points.png');
  const plus = toScreen(1, 2), minus = toScreen(-1, -1);
  assert.ok(countNear(png, Math.round(plus.x), Math.round(plus.y), 7, [213, 94, 0], 60) >= 15, '+1 marker drawn at (1, 2)');
  assert.ok(countNear(png, Math.round(minus.x), Math.round(minus.y), 7, [0, 114, 178], 60) >= 15, '-1 marker drawn at (-1, -1)');

  // Step by its shortcut: the first visit, (1, 2) with w = 0, is a mistake.
  f = await press(page, 'S');
  state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.visits, 1);
  assert.deepEqual(state.weights, [1, 2, 1]);
  // Step through the Tab order: Shift+Tab back to the Step button, Enter presses it.
  for (let i = 0; i < 80 && !isStep(focused(f)?.label); i++) f = await press(page, 'Shift+Tab');
  assert.ok(isStep(focused(f)?.label), `Shift+Tab reached Step: ${focused(f)?.label}`);
  await press(page, 'Enter');
  state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.visits, 2, 'Enter on the focused Step button steps');
  await press(page, 'Space');
  assert.equal((await lab(page, () => window.perceptronLab.state())).visits, 3, 'so does Space (it does not start Run there)');
  await screenshotPixels(page, 'keyboard-step-focus.png');
  assert.deepEqual(problems, []);
  await context.close();
});

// A key that comes while the widget still holds back part of a quick Ctrl+key is read with the modifiers
// it was typed with. The widget hands the keys out one frame at a time (src/platform/event_pacer.cpp):
// a Ctrl+End pressed and released between two frames goes down in one frame and up in the next. A key
// typed in between (on a loaded machine, a fast typist's next key) was read as Ctrl+key: the instructor
// test's five Backspaces after Ctrl+End deleted whole words in a stress run, and here S did not step.
// A driver cannot place its presses between two given frames of the widget, so the page itself sends the
// keyboard's own DOM events (keydown, keypress, keyup, as Chromium makes them for these keys) to the
// focused canvas: the Ctrl+End at once, S as soon as the widget has drawn the frame that took Ctrl+End down.
test('a key typed right after a quick Ctrl+End is read without Ctrl: S still steps', async () => {
  const { page, context, problems } = await openCoursePage();
  await press(page, 'Tab');
  await tabToCanvas(page);
  assert.equal((await lab(page, () => window.perceptronLab.state())).visits, 0);
  const sent = await lab(page, () => new Promise((resolve) => {
    const canvas = window.perceptronLab.canvas;
    const hooks = window.testHooks(window.perceptronLab);
    const key = (type, code, name, keyCode, { ctrl = false, charCode = 0 } = {}) => {
      const event = new KeyboardEvent(type, { key: name, code, ctrlKey: ctrl, bubbles: true, cancelable: true });
      // The legacy codes Emscripten reads (keypress's charCode makes the typed character).
      for (const [field, value] of [['keyCode', keyCode], ['charCode', charCode], ['which', keyCode || charCode]]) {
        Object.defineProperty(event, field, { get: () => value });
      }
      canvas.dispatchEvent(event);
    };
    let tries = 0;
    const attempt = () => {
      key('keydown', 'ControlLeft', 'Control', 17, { ctrl: true });
      key('keydown', 'End', 'End', 35, { ctrl: true });
      key('keyup', 'End', 'End', 35, { ctrl: true });
      key('keyup', 'ControlLeft', 'Control', 17);
      const start = hooks.framesDrawn();
      const poll = () => {
        const drawn = hooks.framesDrawn() - start;
        if (drawn === 0) { requestAnimationFrame(poll); return; }
        if (drawn > 1) {  // two frames passed before this callback ran: the moment was missed, try again
          if (++tries < 5) requestAnimationFrame(attempt); else resolve(false);
          return;
        }
        key('keydown', 'KeyS', 's', 83);
        key('keypress', 'KeyS', 's', 115, { charCode: 115 });
        key('keyup', 'KeyS', 's', 83);
        resolve(true);
      };
      requestAnimationFrame(poll);
    };
    attempt();
  }));
  assert.ok(sent, 'S was sent between the frame that took Ctrl+End down and the next');
  const f = await frame(page);
  const state = await lab(page, () => window.perceptronLab.state());
  assert.equal(state.visits, 1, 'S stepped: it was not read as Ctrl+S');
  assert.deepEqual(state.weights, [1, 2, 1], 'the first visit, (1, 2) with w = 0, is a mistake: w becomes (1, 2, 1)');
  // What the student sees: the status line counts the mistake, the theory table shows the new w.
  assert.match(textOf(f, 'status'), /M = 1 mistake/);
  assert.ok(f.texts.some((t) => t.role === 'theory-row' && t.text === 'w  (1, 2, 1)'), 'the theory table shows w = (1, 2, 1)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('"?" lists every key; Escape or "?" closes it and the canvas keeps the keys', async () => {
  const { page, context, problems } = await openCoursePage();
  await press(page, 'Tab');
  await tabToCanvas(page);
  await press(page, 'C');
  let f = await press(page, '?');
  const rows = f.texts.filter((t) => t.role === 'keys-help').map((t) => t.text);
  assert.equal(rows.length, 17);
  for (const key of ['Tab, Shift+Tab', 'Escape', 'Arrows', 'Enter or +', '\u2212 (minus)', 'Delete, Backspace', 'F', 'S', 'N', 'E', 'R', 'Space', '?'])
    assert.ok(rows.some((r) => r.startsWith(`${key}: `)), `the list has ${key}: ${rows.join(' / ')}`);
  assert.equal(textOf(f, 'cursor'), null, 'the list has the keys while it is open');
  await screenshotPixels(page, 'keyboard-help.png');
  f = await press(page, 'Escape');
  assert.equal(f.texts.filter((t) => t.role === 'keys-help').length, 0, 'Escape closes the list');
  assert.equal(await activeId(page), 'CANVAS', 'and does not leave the widget');
  assert.ok(textOf(f, 'cursor'), 'the canvas has the keys again');
  f = await press(page, '?');
  assert.ok(f.texts.some((t) => t.role === 'keys-help'));
  f = await press(page, '?');
  assert.equal(f.texts.filter((t) => t.role === 'keys-help').length, 0, '"?" closes it too');
  // With the canvas holding the keys, the hint on the canvas says how to get this list.
  assert.match(textOf(f, 'keys-hint'), /\? all keys/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the focus ring around the widget shows for keyboard focus only', async () => {
  const { page, context, problems } = await openCoursePage();
  await press(page, 'Tab');
  await tabToCanvas(page);
  const edge = await lab(page, () => {
    const r = document.getElementById('lab').getBoundingClientRect();
    return { x: r.left + 1, y: r.top + r.height / 2 };
  });
  let png = await screenshotPixels(page);
  const ring = pixelAt(png, edge.x, edge.y);
  assert.ok(Math.abs(ring[0] - 11) + Math.abs(ring[1] - 87) + Math.abs(ring[2] - 208) < 40, `ring at the widget's edge: ${ring}`);
  await press(page, 'Escape');
  png = await screenshotPixels(page);
  const after = pixelAt(png, edge.x, edge.y);
  assert.ok(Math.abs(after[0] - 11) + Math.abs(after[1] - 87) + Math.abs(after[2] - 208) > 100, `no ring once the focus left: ${after}`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 41: in Words mode the message box on the canvas is in the Tab order (its view's child windows
// are part of the keyboard's walk), and letters typed into it are text, never the canvas's shortcuts.
test('Words mode: Tab reaches the message box on the canvas, and typing there runs no shortcut', async () => {
  const { page, context, problems } = await openCoursePage();
  await lab(page, () => window.perceptronLab.preset('spam'));
  await press(page, 'Tab');
  let f = await tabToCanvas(page);
  const seen = [];
  const inBox = (fr) => focused(fr)?.name === '##new-message';  // the field's label is its hint, drawn inside it
  for (let i = 0; i < 150 && !inBox(f); i++) {
    f = await press(page, 'Tab');
    seen.push(focused(f)?.name ?? '');
    if (await activeId(page) === 'after') break;
  }
  assert.ok(inBox(f), `Tab reached the message box (visited ${seen.join(' | ')})`);
  const before = await lab(page, () => window.perceptronLab.state({ points: false }));
  await page.keyboard.type('cheap viagra tonight');
  f = await frame(page);
  const after = await lab(page, () => window.perceptronLab.state({ points: false }));
  assert.equal(after.visits, before.visits, 'E, N and S typed as letters trained nothing');
  assert.equal(after.messageCount, before.messageCount);
  // Tab on to the spam button, Enter: the message joins the data.
  for (let i = 0; i < 5 && !/spam/i.test(focused(f)?.label ?? ''); i++) f = await press(page, 'Tab');
  assert.match(focused(f)?.label ?? '', /spam/i);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).messageCount === 4, null, { timeout: 5000 });
  assert.equal(await lab(page, () => window.perceptronLab.state().words.messages.at(-1)), 'cheap viagra tonight');
  assert.deepEqual(problems, []);
  await context.close();
});
