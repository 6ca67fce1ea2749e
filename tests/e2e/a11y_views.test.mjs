// The accessible mirror's new views (issue 25), by keyboard alone: the "Trace table" switch turns the Trace
// section on and the mirror lists the run as a real table (caption, column headers, the current visit's
// row marked aria-current); a row's button "Show the canvas after visit 3" takes the widget back to that
// visit (state().weights is trace()[2].wAfter) and the live region says so; the exports and Save SVG
// download; the "SVM view" switch shows lecture 001's problem with w, b, the margin and the support vectors
// of lecture 004's points (w = (0.8, 0.4), b = −0.6, margin √5/2 = 1.118, points 1 and 4), read from
// Chromium's accessibility tree; the open lesson's "Print this lesson" opens the sheet in a tab that
// prints it; axe-core finds nothing in the mirror with all of it on. Not one mouse event is used.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openPage, waitForWidget } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const MINUS = '\u2212';
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Chromium's accessibility tree (what a screen reader is given): role, name and the properties of each node.
async function chromiumTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  // Ignored nodes stay (a table's row group may be one) so a walk passes through them; queries skip them.
  return nodes.map((n) => ({
    ignored: Boolean(n.ignored), id: n.nodeId, parent: n.parentId, children: n.childIds ?? [], role: n.role?.value, name: n.name?.value ?? '',
    props: Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value?.value])),
  }));
}
// A node's descendants of one role, in tree order, and their names.
function nodesUnder(tree, root, role) {
  const byId = new Map(tree.map((n) => [n.id, n]));
  const out = [];
  const walk = (node) => {
    for (const id of node.children) {
      const child = byId.get(id);
      if (!child) continue;
      if (!child.ignored && child.role === role) out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}
const namesUnder = (tree, root, role) => nodesUnder(tree, root, role).map((n) => n.name);

// axe-core on the mirror (every impact), as "rule (impact): target" lines.
async function axeViolations(page) {
  if (!await page.evaluate(() => Boolean(window.axe))) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(() => window.axe.run({ include: ['.perceptron-lab-a11y'] }, { resultTypes: ['violations'] }));
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

test('keyboard only: the trace as a table with a button per visit, the SVM view, Save SVG, Print this lesson, and axe-core', { timeout: 120000 }, async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await context.addInitScript(() => { window.printed = 0; window.print = () => { window.printed += 1; }; });
  await waitForWidget(page);
  let mouseEvents = 0;
  await page.exposeFunction('countMouse', () => { mouseEvents += 1; });
  await page.evaluate(() => {
    for (const type of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'wheel']) {
      document.addEventListener(type, (e) => { if (e.isTrusted) window.countMouse(); }, true);
    }
    document.addEventListener('click', (e) => { if (e.isTrusted && e.detail > 0) window.countMouse(); }, true);
  });
  const focusedName = () => page.evaluate(() => {
    const el = document.activeElement;
    return el.labels?.[0]?.textContent ?? el.textContent.trim();
  });
  // Tab (forwards) until the named control has the focus; every control of the mirror is reachable so.
  const tabTo = async (name, key = 'Tab') => {
    for (let i = 0; i < 80; i++) {
      if (await focusedName() === name) return;
      await page.keyboard.press(key);
    }
    assert.fail(`${key} never reached "${name}"`);
  };
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  const live = region.locator('.perceptron-lab-a11y').getByRole('status');
  const said = async (pattern) => {
    await live.filter({ hasText: pattern }).waitFor({ timeout: 5000 });
    return (await live.textContent()).trim();
  };

  await page.keyboard.press('Tab');
  assert.equal(await focusedName(), 'Show table view');
  await page.keyboard.press('Enter');
  // Two epochs of lecture 004 (absorbed bias): mistakes at visits 1 and 4, the second epoch clean.
  await tabTo('Epoch');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await said(/Visits 5 to 8/);

  // [SECTION] the Trace table: its switch, the table in the tree, a row's button
  await tabTo('Trace table');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'switch');
  await page.keyboard.press('Space');
  const table = region.getByRole('table', { name: /^Trace: / });
  await table.waitFor({ timeout: 5000 });
  assert.equal((await page.evaluate(() => window.perceptronLab.state({ points: false }))).panels.trace, true, 'the switch turned the section on');
  assert.equal(await table.getByRole('row').count(), 9, 'a header row and the 8 visits');
  // Visit 4 by hand (absorbed bias, w = (1, 2, 1)): x_4 = (-1, 1), y = -1, w . (x, 1) = 2, a mistake,
  // w <- w - (x_4, 1) = (2, 1, 0). The cells as the Trace section writes them (core trace_cells).
  const visit4 = table.getByRole('row').nth(4);
  assert.equal(await visit4.getByRole('rowheader').textContent(), '4');
  assert.deepEqual((await visit4.getByRole('cell').allTextContents()).slice(0, 8),
    ['1', '4', '(\u22121, 1)', '\u22121', '2', 'yes', '(1, 2, 1)', '(2, 1, 0)']);
  await tabTo('Show the canvas after visit 3');
  await page.keyboard.press('Enter');
  assert.equal(await said(/^After visit 3/), 'After visit 3 (correct on point 3): w = (1, 2, 1).');
  const [state, trace] = await page.evaluate(() => [window.perceptronLab.state({ points: false }), window.perceptronLab.trace()]);
  assert.equal(state.trainedVisits, 3);
  assert.deepEqual(state.weights, trace[2].wAfter);
  assert.equal(trace.length, 8, 'the trace still lists the whole run');
  assert.equal(await focusedName(), 'Show the canvas after visit 3', 'the button keeps the focus');

  let tree = await chromiumTree(page);
  const traceTable = tree.find((n) => !n.ignored && n.role === 'table' && n.name.startsWith('Trace: '));
  assert.equal(traceTable?.name, 'Trace: visits 1 to 8 of 8; the canvas shows visit 3');
  assert.deepEqual(namesUnder(tree, traceTable, 'columnheader'),
    ['t', 'epoch', 'point i', 'x', 'y', 'w\u00b7x', 'mistake', 'w before', 'w after', 'Canvas']);
  assert.deepEqual(namesUnder(tree, traceTable, 'rowheader'), ['1', '2', '3', '4', '5', '6', '7', '8']);
  // Chromium's CDP tree leaves aria-current out of its properties: the rows are found by role, and the
  // attribute the browser maps to the current state is read from them.
  const marked = await table.getByRole('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-current')));
  assert.deepEqual(marked, [null, null, null, 'true', null, null, null, null, null], 'the row of visit 3 is the current one');
  const currentRows = nodesUnder(tree, traceTable, 'row').filter((n) => namesUnder(tree, n, 'rowheader')[0] === '3');
  assert.deepEqual(namesUnder(tree, currentRows[0], 'cell').slice(0, 8),
    ['1', '3', `(${MINUS}1, ${MINUS}1)`, `${MINUS}1`, `${MINUS}2`, 'no', '(1, 2, 1)', '(1, 2, 1)']);

  // The exports: the Trace section's own host requests (a download of its CSV).
  await tabTo('Save CSV', 'Shift+Tab');  // the exports sit above the table
  assert.equal(await page.evaluate(() => document.activeElement.closest('[role=group]').getAttribute('aria-label')), 'Trace table exports');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.equal(csv.suggestedFilename(), 'perceptron-lab-trace.csv');

  // [SECTION] the SVM view (lecture 004's points: the hand solve of tests/core/theory/test_svm_view.cpp)
  await tabTo('SVM view', 'Shift+Tab');
  await page.keyboard.press('Space');
  await region.getByRole('heading', { name: 'SVM view' }).waitFor({ timeout: 5000 });
  tree = await chromiumTree(page);
  const answer = tree.find((n) => !n.ignored && n.role === 'list' && n.name === 'The SVM\u2019s answer');
  assert.ok(answer, 'the SVM\'s answer is a list');
  const items = await region.getByRole('list', { name: 'The SVM\u2019s answer' }).getByRole('listitem').allTextContents();
  assert.deepEqual(items, ['w = (0.8, 0.4)', `b = ${MINUS}0.6`, 'Margin 1/\u2016w\u2016 = 1.118',
    'Support vectors: points 1 and 4 (their constraint is exactly 1)']);
  for (const item of items) assert.ok(tree.some((n) => !n.ignored && n.role === 'StaticText' && n.name === item), `"${item}" is in Chromium's tree`);
  assert.ok(tree.some((n) => !n.ignored && n.role === 'StaticText' &&
    n.name === 'The problem: minimise \u00bd\u2016w\u2016\u00b2 over w and b subject to y\u2099(w\u00b7x\u2099 + b) \u2265 1 for every point n.'));
  const constraints = tree.find((n) => !n.ignored && n.role === 'table' && n.name.startsWith('Each point\u2019s constraint value'));
  assert.ok(constraints, 'the constraint values are a table');
  assert.deepEqual(namesUnder(tree, constraints, 'columnheader'), ['Point', 'Label y\u2099', 'y\u2099(w\u00b7x\u2099 + b)']);
  // y (0.8 x1 + 0.4 x2 − 0.6): point 1 (1, 2): 0.8 + 0.8 − 0.6 = 1; point 2 (2, 1): 1.6 + 0.4 − 0.6 = 1.4;
  // point 3 (−1, −1): −(−0.8 − 0.4 − 0.6) = 1.8; point 4 (−1, 1): −(−0.8 + 0.4 − 0.6) = 1.
  assert.deepEqual(namesUnder(tree, constraints, 'cell'), ['+1', '1 (support vector)', '+1', '1.4', `${MINUS}1`, '1.8', `${MINUS}1`, '1 (support vector)']);

  // [SECTION] Save SVG in the mirror's Share part
  await tabTo('Save SVG');
  const [svg] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.equal(svg.suggestedFilename(), 'perceptron-lab.svg');
  assert.match(await fs.promises.readFile(await svg.path(), 'utf8'), /^<\?xml|^<svg/);

  // [SECTION] axe-core on the open mirror with the trace and the SVM view in it: nothing at all
  assert.equal(await region.getByRole('table', { name: /^Trace: / }).count(), 1);
  assert.deepEqual(await axeViolations(page), [], 'with the trace and the SVM view on');

  // [SECTION] a lesson started in the mirror, printed from it
  await tabTo('The update rule (4 steps)', 'Shift+Tab');
  await page.keyboard.press('Enter');
  await region.getByRole('heading', { name: 'Lesson: The update rule' }).waitFor({ timeout: 5000 });
  await tabTo('Print this lesson');
  const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await tab.waitForLoadState('load');
  await tab.waitForFunction(() => window.printed === 1);
  assert.equal(await tab.locator('h1').innerText(), 'The update rule');
  await tab.close();

  // [SECTION] axe-core on the open mirror: again with the lesson (its own screen: no trace, no SVM) in it
  assert.deepEqual(await axeViolations(page), [], 'with the lesson open');
  assert.equal(mouseEvents, 0, 'no mouse event at all');
  assert.deepEqual(problems, []);
  await context.close();
});
