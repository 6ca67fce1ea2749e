// Issue 26's flows of a student's work, in every engine (run.mjs): a lesson step checked, Save CSV
// produces the file, a reload keeps the work, a tap adds a point. Helpers and waits: core_flows.mjs.
import assert from 'node:assert/strict';
import { SkipFlow, openLab, settle, state, toPage, clickData, clickItem, assertNoProblems } from './core_flows.mjs';

// Until the page's `ready` evaluates truthy (a widget signal read inside the page), at most 10 s.
async function waitInPage(page, ready, arg, what) {
  const ok = await page.evaluate(async ([source, a]) => {
    const check = new Function('a', `return (${source})(a);`);
    const deadline = performance.now() + 10000;
    while (!(await check(a)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return Boolean(await check(a));
  }, [String(ready), arg ?? null]);
  assert.ok(ok, `${what} (waited 10 s)`);
}

export const FLOWS = [
  ['a lesson step is checked', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1280, height: 800 });
    try {
      assert.deepEqual(await page.evaluate(() => window.perceptronLab.openLesson('update-rule')), { ok: true });
      await settle(page);
      await clickItem(page, 'Step (S)');   // step 1's goal: "mistakes >= 1"
      await clickItem(page, 'Check');
      const lesson = await page.evaluate(() => window.perceptronLab.lesson());
      assert.deepEqual([lesson.id, lesson.step, lesson.checked, lesson.passed], ['update-rule', 0, true, true], lesson.message);
      assert.deepEqual((await state(page)).weights, [1, 2], 'the first visit of the lecture: w = 0 + (1, 2)');
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['Save CSV produces the file', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 1280, height: 800 });
    try {
      // The other sections closed, so the Share section's Save CSV button is in view in the controls column.
      const shown = await page.evaluate(() => {
        const s = window.perceptronLab.state();
        return window.perceptronLab.load({ ...s, panels: { ...s.panels, data: false, training: false, kernel: false, show: false, share: true } });
      });
      assert.equal(shown.ok, true, shown.error);
      await settle(page);
      const opened = (await page.evaluate(() => window.testHooks(window.perceptronLab).drawn())).items.find((i) => i.label === 'Share');
      if (!opened?.open) await clickItem(page, 'Share');  // its header opens the section
      const file = await page.download(() => clickItem(page, 'Save CSV'));
      ctx.info.download = file.how;
      assert.equal(file.name, 'perceptron-lab.csv');
      assert.equal(file.text, await page.evaluate(() => window.perceptronLab.exportCsv()));
      assert.equal(file.text.trim().split('\n').length, 5, 'a header and the four points');
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['a reload keeps the work', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/engines/remember.html`, { width: 1000, height: 700 });
    try {
      await clickData(page, 2, 2);
      await clickData(page, -2, 0, 'right');
      const before = await state(page);
      assert.equal(before.points.length, 6);
      // The work is written at most twice a second (embed_remember.js): wait until the entry holds it.
      await waitInPage(page, () => Object.keys(localStorage).some((k) => k.startsWith('perceptron-lab:')
        && JSON.parse(localStorage.getItem(k)).link === `#${window.perceptronLab.state().fragment}`), null, 'the work is in localStorage');
      await page.reload();
      await waitInPage(page, () => window.perceptronLab && window.perceptronLab.state, null, 'the widget is back after the reload');
      await page.evaluate(async () => { window.testHooks = (await import('/test_hooks.js')).testHooks; });
      await settle(page, 2);
      const after = await state(page);
      assert.deepEqual(after.points, before.points, 'the two points are back');
      assert.deepEqual(after.labels, before.labels);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],

  ['a tap adds a point', async (open, ctx) => {
    const page = await openLab(open, `${ctx.url}/`, { width: 390, height: 844, touch: true });
    try {
      await page.evaluate(() => {
        window.perceptronLab.load({ ...window.perceptronLab.state(), points: [], labels: [] });
        window.__pointerTypes = [];
        addEventListener('pointerdown', (e) => window.__pointerTypes.push(e.pointerType), true);
      });
      await settle(page);
      const p = await toPage(page, 1, 1);
      try {
        await page.tap(p.x, p.y);
      } catch (err) {
        throw new SkipFlow(`the driver cannot send a touch: ${err.message.split('\n')[0]}`);
      }
      const types = await page.evaluate(() => window.__pointerTypes);
      if (!types.includes('touch')) throw new SkipFlow(`the driver's touch action reached the page as pointer type(s) [${types}], not a finger`);
      await waitInPage(page, () => window.perceptronLab.state().points.length === 1, null, 'the tap added a point');
      await settle(page);
      const s = await state(page);
      const ppu = await page.evaluate(() => window.testHooks(window.perceptronLab).geometry().pixelsPerUnit);
      assert.deepEqual(s.labels, [1]);
      assert.ok(Math.hypot(s.points[0][0] - 1, s.points[0][1] - 1) <= 2 / ppu, `the point at (${s.points[0]}), tapped at (1, 1)`);
      await assertNoProblems(page);
    } finally { await page.close(); }
  }],
];
