// Issue 26's flows of access, in every engine (run.mjs): the keyboard-only flow, the accessible mirror
// (DOM roles and names everywhere, and the engine's own accessibility tree where its driver reads one),
// and the single file from file:// and in a sandboxed iframe. Helpers and waits: core_flows.mjs.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openLab, settle, state, drawn, distinctColours, assertNoProblems } from './core_flows.mjs';

// A key, then wait until the widget has read it (inputPending() is false: an idle widget reads keys ten
// times a second) and drawn what it did.
async function press(page, key, times = 1) {
  for (let i = 0; i < times; i++) {
    await page.key(key);
    await page.evaluate(async () => {
      const hooks = window.testHooks(window.perceptronLab), deadline = performance.now() + 5000;
      while (hooks.inputPending() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    });
  }
  await settle(page);
}
const activeId = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
// The keyboard cursor's label as drawn, "(1, 2) · point 1, +1" -> [1, 2] (U+2212 read as a minus).
async function cursorAt(page) {
  const text = (await drawn(page)).texts.find((t) => t.role === 'cursor')?.text;
  assert.ok(text, 'the cursor is drawn with its label');
  const m = /^\(([^,]+), ([^)]+)\)/.exec(text);
  return [Number(m[1].replace('\u2212', '-')), Number(m[2].replace('\u2212', '-'))];
}
// Until the page shows `signal`, at most 30 s. The conditions are written here, not passed as text: the
// single file's Content-Security-Policy refuses a string made into code (new Function) in the page.
const waitFor = (page, signal) => page.evaluate(async (what) => {
  const SIGNALS = {
    'the single file drew two frames': () => {
      const lab = document.getElementById('lab')?.perceptronLab;  // its module, filed under the canvas (web_test_hooks_post.js)
      const module = lab && globalThis[Symbol.for('perceptron-lab.test-modules')]?.get(lab.canvas);
      return module && module._pl_frames_drawn() >= 2;
    },
    'the sandboxed widget said ready': () => window.replies.some((r) => r.type === 'perceptron-lab:ready'),
    'the sandboxed widget answered': () => window.replies.some((r) => r.type === 'perceptron-lab:state'),
  };
  const deadline = performance.now() + 30000;
  while (!SIGNALS[what]()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within 30 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}, signal);
// A screenshot's region [x0, y0, x1, y1] (CSS px) drawn with more than `least` colours, polled: what a
// person sees is the only signal that reaches into a sandboxed iframe.
async function waitForDrawing(page, [x0, y0, x1, y1], width, least = 20) {
  let colours = 0;
  for (let i = 0; i < 60 && colours <= least; i++) {
    // Two of the page's frames between pictures: a loaded machine's WebKit took 60 quick screenshots
    // of a sandboxed frame before it had painted once (a fresh-clone run; alone it passes at once).
    if (i > 0) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    const png = await page.screenshot();
    const k = png.width / width;
    colours = distinctColours(png, x0 * k, y0 * k, x1 * k, y1 * k);
  }
  return colours;
}

export const FLOWS = [
  ['the keyboard-only flow: Tab in, cursor, add, flip, Step, Escape out', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/engines/course.html`, { width: 1100, height: 760 });
    try {
      // An empty canvas, 7 units across: the cursor's grid step is 0.2 (tests/e2e/keyboard.test.mjs).
      await page.evaluate(() => window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [], view: { cx: 0, cy: 0, span: 7 } }));
      await settle(page);
      await press(page, 'Tab');
      assert.equal(await activeId(page), 'before', 'the first Tab reaches the page\'s own button');
      for (let i = 0; i < 20 && (await activeId(page)) !== 'CANVAS'; i++) {
        assert.notEqual(await activeId(page), 'after', 'Tab left the widget before reaching its canvas');
        await press(page, 'Tab');
      }
      assert.equal(await activeId(page), 'CANVAS', 'Tab reaches the widget');
      await press(page, 'c');  // C: the keys go to the canvas
      assert.deepEqual(await cursorAt(page), [0, 0], 'the cursor starts at the centre');
      await press(page, 'ArrowRight', 5);
      await press(page, 'Shift+ArrowUp');
      assert.deepEqual(await cursorAt(page), [1, 2]);
      await press(page, 'Enter');            // adds +1 under the cursor
      await press(page, 'Shift+ArrowLeft');
      assert.deepEqual(await cursorAt(page), [-1, 2]);
      await press(page, '-');                // adds −1
      let s = await state(page);
      assert.deepEqual([s.points, s.labels], [[[1, 2], [-1, 2]], [1, -1]]);
      await press(page, 'f');                // flips the point under the cursor
      assert.deepEqual((await state(page)).labels, [1, 1]);
      await press(page, 'f');
      await press(page, 's');                // Step: visit 1, (1, 2) with w = 0 is a mistake
      s = await state(page);
      assert.deepEqual([s.visits, s.weights], [1, [1, 2, 1]]);
      await press(page, 'Escape');
      const released = await activeId(page);
      assert.notEqual(released, 'CANVAS', 'Escape hands the keys back to the page');
      await press(page, 'Tab');
      assert.equal(await activeId(page), 'after', `the next Tab goes on past the widget (after Escape the focus was on ${released})`);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['the accessible mirror: table, buttons and live region', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1280, height: 800 });
    try {
      // The DOM as a screen reader is handed it: roles, and names from captions, labels and text.
      const dom = await page.evaluate(() => {
        const region = document.querySelector('[role=region][aria-label]');
        const name = (e) => (e.getAttribute('aria-label') || e.textContent).trim();
        return {
          region: region?.getAttribute('aria-label'),
          tables: [...region.querySelectorAll('table')].map((t) => t.caption?.textContent.trim()),
          buttons: [...region.querySelectorAll('button, [role=button]')].map(name),
          live: [...region.querySelectorAll('[aria-live]')].map((e) => `${e.getAttribute('role')}:${e.getAttribute('aria-live')}`),
        };
      });
      assert.equal(dom.region, 'Perceptron Lab: interactive perceptron widget');
      assert.ok(dom.tables.includes('Points 1 to 4 of 4'), `a table with its caption: ${dom.tables}`);
      for (const b of ['Step', 'Epoch', 'Converge', 'Save CSV']) assert.ok(dom.buttons.includes(b), `a button named ${b}: ${dom.buttons.join(' | ')}`);
      assert.ok(dom.live.includes('status:polite'), `a live region: ${dom.live}`);
      // The engine's own accessibility tree (its driver's way to read it: driver.mjs accessible()).
      const wanted = [['table', 'Points 1 to 4 of 4'], ['button', 'Step'], ['button', 'Next mistake'], ['button', 'Save CSV'], ['status', undefined]];
      const tree = await page.accessible(wanted, '.perceptron-lab-a11y table, .perceptron-lab-a11y button, [aria-live]');
      ctx.info.accessibilityTree = tree.how;
      assert.deepEqual(wanted.filter((_, i) => !tree.found[i]), [], `in the engine's accessibility tree (${tree.how})`);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['the single file opens from file:// and in a sandboxed iframe', async (open, ctx) => {
    const file = pathToFileURL(path.join(ctx.webRoot, 'perceptron-lab-single.html')).href;
    const page = await open(file, { width: 1000, height: 700 });
    let framed;
    try {
      // The test build's single file: its frame counter, then what it shows.
      await waitFor(page, 'the single file drew two frames');
      const s = await page.evaluate(() => { const lab = document.getElementById('lab').perceptronLab; return { preset: lab.state().preset, link: lab.link() }; });
      assert.equal(s.preset, 'lecture4');
      assert.ok(s.link.startsWith('file://'), s.link);
      const box = await page.evaluate(() => { const r = document.getElementById('lab').perceptronLab.canvas.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
      const colours = await waitForDrawing(page, box, 1000);
      assert.ok(colours > 20, `the widget is drawn from file:// (${colours} colours)`);
      assert.deepEqual(page.problems() ?? [], []);

      framed = await open(`${ctx.url}/engines/sandboxed.html`, { width: 1000, height: 700 });
      await waitFor(framed, 'the sandboxed widget said ready');
      await framed.evaluate(() => window.send({ type: 'perceptron-lab:get-state', id: 1 }));
      await waitFor(framed, 'the sandboxed widget answered');
      const reply = await framed.evaluate(() => window.replies.find((r) => r.type === 'perceptron-lab:state'));
      assert.deepEqual([reply.id, reply.state.preset, reply.state.points.length], [1, 'lecture4', 4]);
      const inFrame = await waitForDrawing(framed, [0, 0, 900, 600], 1000);
      assert.ok(inFrame > 20, `the widget is drawn in the sandboxed iframe (${inFrame} colours)`);
      assert.deepEqual(framed.problems() ?? [], []);
    } finally { await framed?.close(); await page.close(); }
  }],
];
