// Accessibility: the accessible mirror of each widget read as a screen reader meets it (roles and names
// through Playwright's role queries, and Chromium's own accessibility tree), trained with the keyboard
// alone, its live region's sentences and their rate while Run is on, the paged table, the lesson, and
// axe-core (npm) with no serious or critical finding on the full page and on the course page.
// Expected values are the lecture 004 trace (tests/core/facts/test_describe.cpp): absorbed bias, visit 1 is a
// mistake on (1, 2) giving w = (1, 2, 1), visit 4 a mistake on (−1, 1) giving w = (2, 1, 0), then a
// clean second epoch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openPage, routePage, waitForWidget, waitForWidgets as waitForAll, openRoutedPage, embedPage } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const MINUS = '\u2212';
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// waitForAll(page, count): every mounted widget of a page has drawn a few frames (harness.mjs waitForWidgets).

// The live region's sentence once it says something matching `pattern` (the mirror speaks right after
// its own buttons, and at most four times a second after other changes).
async function liveSentence(region, pattern) {
  const live = region.locator('.perceptron-lab-a11y').getByRole('status');
  await live.filter({ hasText: pattern }).waitFor({ timeout: 5000 });
  return (await live.textContent()).trim();
}

// Chromium's accessibility tree (what a screen reader is given): [{role, name}] of every node.
async function chromiumTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value, name: n.name?.value ?? '' }));
}

// axe-core in the page: the serious and critical violations, as "rule: target" lines.
async function axeFindings(page) {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

// A mouse user's way in: the button appears when it has focus (as a skip link does), then a click opens.
async function openTableView(region) {
  const toggle = region.getByRole('button', { name: 'Show table view' });
  await toggle.focus();
  await toggle.click();
  await region.getByRole('button', { name: 'Hide table view' }).waitFor();
}
const sceneOf = (region) => region.locator('.perceptron-lab-a11y-scene');
const rowTexts = (table) => table.getByRole('row').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));

test('the mirror in the accessibility tree: heading, scene, buttons, table and theory, and a step said in a sentence', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  await region.getByRole('heading', { name: 'Perceptron Lab: table view', level: 2 }).waitFor();
  assert.equal(await sceneOf(region).textContent(),
    '4 points, 2 of each class. Not trained yet: w = (0, 0, 0), so there is no line.');
  for (const name of ['Step', 'Next mistake', 'Epoch', 'Run', 'Converge', 'Reset', 'Undo', 'Redo', 'Add point', 'Load data set'])
    assert.equal(await region.getByRole('button', { name, exact: true }).count(), 1, `button ${name}`);
  for (const name of ['Algorithm', 'Bias', 'Order of visits', 'Kernel (kernel perceptron)', 'Data set'])
    assert.equal(await region.getByRole('combobox', { name }).count(), 1, `select ${name}`);
  assert.equal(await region.getByRole('spinbutton', { name: 'Learning rate \u03b7' }).inputValue(), '1');

  const table = region.getByRole('table', { name: 'Points 1 to 4 of 4' });
  assert.deepEqual(await rowTexts(table), [
    ['Point', 'x1', 'x2', 'Label', 'Score f(x)', 'Correct?'],
    ['1', '1', '2', '+1', '0', 'not trained yet'],
    ['2', '2', '1', '+1', '0', 'not trained yet'],
    ['3', `${MINUS}1`, `${MINUS}1`, `${MINUS}1`, '0', 'not trained yet'],
    ['4', `${MINUS}1`, '1', `${MINUS}1`, '0', 'not trained yet'],
  ]);

  await openTableView(region);
  await region.getByRole('button', { name: 'Step', exact: true }).click();
  assert.equal(await liveSentence(region, /^Visit 1/), 'Visit 1: point 1 at (1, 2), label +1, score 0: a mistake; w becomes (1, 2, 1). The label times the score went from 0 to 6, up by 6: eta times the squared length of the point plus 1.');
  // w = (1, 2, 1): scores 1 + 4 + 1 = 6, 2 + 2 + 1 = 5, −1 − 2 + 1 = −2 and −1 + 2 + 1 = 2 (wrong for −1).
  assert.deepEqual((await rowTexts(table)).slice(1).map((r) => [r[4], r[5]]), [['6', 'yes'], ['5', 'yes'], [`${MINUS}2`, 'yes'], ['2', 'no']]);
  assert.match(await sceneOf(region).textContent(), /The line w·x = 0 with w = \(1, 2, 1\) gets 3 of 4 points right; 1 mistake so far, bound 5\.571\./);
  const theory = await region.getByRole('listitem').allTextContents();
  assert.ok(theory.includes('Mistakes M: 1 (within the bound)'), theory.join(' | '));
  assert.ok(theory.includes('Mistake bound (R/\u03b3*)\u00b2: 5.571'), theory.join(' | '));
  assert.ok(theory.includes('Accuracy: 75 %'), theory.join(' | '));

  // Chromium gives a screen reader the same: the table's cells, the buttons, the live region's text.
  const tree = await chromiumTree(page);
  const has = (role, name) => tree.some((n) => n.role === role && n.name === name);
  assert.ok(has('button', 'Next mistake') && has('button', 'Hide table view'), 'buttons in the tree');
  assert.ok(has('table', 'Points 1 to 4 of 4') && has('cell', 'no') && has('rowheader', '4'), 'the table in the tree');
  assert.ok(tree.some((n) => n.role === 'status'), 'a status region');
  assert.ok(tree.some((n) => n.role === 'StaticText' && n.name.startsWith('Visit 1: point 1 at (1, 2)')), 'the sentence in the tree');
  assert.deepEqual(problems, []);
  await context.close();
});

// The mirror is built in the task after the first frame that follows the ready event, so that building
// and laying it out does not hold the first picture back (bench/web_budget.mjs [load]); a widget
// destroyed as soon as it is ready never builds one.
test('the mirror comes right after the first frame, and a widget destroyed at once builds none', async () => {
  for (const destroyAtOnce of [false, true]) {
    const { page, context, problems } = await openPage(browser, 'about:blank');
    await page.addInitScript((destroy) => {
      addEventListener('perceptron-lab:ready', (event) => {
        window.mirrorAtReady = document.querySelectorAll('.perceptron-lab-a11y').length;
        window.readyAt = performance.now();
        if (destroy) event.detail.destroy();
      }, { once: true });
    }, destroyAtOnce);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => window.readyAt !== undefined, null, { timeout: 60000 });
    if (destroyAtOnce) {
      // An absence (no mirror ever built): a second of the page's own time is the measure.
      await page.waitForFunction(() => performance.now() - window.readyAt > 1000, null, { timeout: 30000 });
      assert.equal(await page.locator('.perceptron-lab-a11y').count(), 0, 'no mirror for a destroyed widget');
    } else {
      await page.locator('.perceptron-lab-a11y').getByRole('heading', { name: 'Perceptron Lab: table view', level: 2 }).waitFor({ timeout: 5000 });
      const { atReady, after } = await page.evaluate(() => ({ atReady: window.mirrorAtReady, after: performance.now() - window.readyAt }));
      assert.equal(atReady, 0, 'not built before the first frame');
      assert.ok(after < 2000, `the mirror came ${after.toFixed(0)} ms after the ready event`);
      assert.equal(await page.locator('.perceptron-lab-a11y').count(), 1);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('keyboard only: open the table view, add a point, train to convergence and read the outcome', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await waitForWidget(page);
  let mouseEvents = 0;
  await page.exposeFunction('countMouse', () => { mouseEvents += 1; });
  await page.evaluate(() => {
    // Enter and Space on a button fire a click too, but with detail 0; a mouse click counts its presses.
    for (const type of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'wheel']) {
      document.addEventListener(type, (e) => { if (e.isTrusted) window.countMouse(); }, true);
    }
    document.addEventListener('click', (e) => { if (e.isTrusted && e.detail > 0) window.countMouse(); }, true);
  });
  const focusedName = () => page.evaluate(() => {
    const el = document.activeElement;
    return el.labels?.[0]?.textContent ?? el.textContent.trim();
  });
  // Tab until the named control has focus (every control of the mirror is reachable this way).
  const tabTo = async (name) => {
    for (let i = 0; i < 40; i++) {
      if (await focusedName() === name) return;
      await page.keyboard.press('Tab');
    }
    assert.fail(`Tab never reached ${name}`);
  };

  await page.keyboard.press('Tab');
  assert.equal(await focusedName(), 'Show table view', 'the first Tab stop is the table view button, before the canvas');
  await page.keyboard.press('Enter');
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  assert.equal(await region.getByRole('button', { name: 'Hide table view' }).getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('.perceptron-lab-a11y').boundingBox().then((b) => b.width > 300), 'the table view is on screen');

  // Add the point (0, 3) of class +1: typed into the form, the Add point button pressed with Space.
  await tabTo('x1');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await tabTo('Add point');
  await page.keyboard.press('Space');
  assert.equal(await liveSentence(region, /^5 points/), `5 points: 3 of class +1, 2 of class ${MINUS}1.`);
  assert.deepEqual((await rowTexts(region.getByRole('table'))).at(-1), ['5', '0', '3', '+1', '0', 'not trained yet']);

  // Converge (Shift+Tab back up to the training buttons). Visits 1 to 4 go as in the lecture (w = (2, 1, 0)),
  // visit 5 on the new point scores 0 + 3 + 0 = 3 (correct), and the second epoch is clean.
  for (let i = 0; i < 40 && await focusedName() !== 'Converge'; i++) await page.keyboard.press('Shift+Tab');
  assert.equal(await focusedName(), 'Converge');
  await page.keyboard.press('Enter');
  assert.equal(await liveSentence(region, /Converged/),
    'Visits 1 to 10: 2 mistakes (2 in all); w = (2, 1, 0). Converged after 2 epochs and 2 mistakes.');
  assert.match(await sceneOf(region).textContent(), /separates all of them; 2 mistakes so far/);
  const state = await page.evaluate(() => window.perceptronLab.state());
  assert.deepEqual([state.points.length, state.converged, state.mistakes, state.weights], [5, true, 2, [2, 1, 0]]);

  // Escape closes the table view and gives the focus back to its button.
  await page.keyboard.press('Escape');
  assert.equal(await focusedName(), 'Show table view');
  assert.equal(mouseEvents, 0, 'no mouse event at all');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Run is said once a second, not once per visit, and its end is said when it stops', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1000, height: 700 });
  await waitForWidget(page);
  await page.evaluate(() => window.perceptronLab.generate('overlap', { n: 200, noise: 0.6, seed: 3 }));
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  await sceneOf(region).filter({ hasText: /^200 points/ }).waitFor();
  await page.evaluate(() => {
    window.spoken = [];
    const live = document.querySelector('.perceptron-lab-a11y-live');
    new MutationObserver(() => window.spoken.push([performance.now(), live.textContent])).observe(live, { childList: true, characterData: true, subtree: true });
    window.perceptronLab.run(true, 60);
    window.runFrom = performance.now();
  });
  // A rate (sentences per time) is measured: 4.2 s of the page's own time, and Run stopped in the page.
  await page.waitForFunction(() => {
    if (performance.now() - window.runFrom < 4200) return false;
    window.perceptronLab.run(false);
    return true;
  }, null, { timeout: 30000 });
  const spoken = await page.evaluate(() => window.spoken);
  const visits = await page.evaluate(() => window.perceptronLab.state().visits);
  assert.ok(visits >= 150, `Run at 60 visits/s for 4 s made ${visits} visits`);
  assert.ok(spoken.length >= 3 && spoken.length <= 6, `${spoken.length} sentences in 4 s: ${spoken.map((s) => s[1]).join(' / ')}`);
  for (const [, sentence] of spoken) assert.match(sentence, /^Visits \d+ to \d+: (no mistake|\d+ mistakes?) \(\d+ in all\); w = \(/);
  for (let i = 1; i < spoken.length; i++) assert.ok(spoken[i][0] - spoken[i - 1][0] > 800, 'at least ~1 s apart');

  // Run on the four lecture points stops by itself at convergence: the outcome is said, the button says Run again.
  await page.evaluate(() => { window.perceptronLab.preset('lecture4'); window.perceptronLab.run(true, 20); });
  assert.match(await liveSentence(region, /Converged/), /Converged after 2 epochs and 2 mistakes\.$/);
  await region.getByRole('button', { name: 'Run', exact: true }).waitFor({ timeout: 3000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('big data: the table is paged (50 rows a page); settings act on the widget through real selects', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await page.evaluate(() => window.perceptronLab.generate('circles', { n: 120, seed: 2 }));
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  const first = region.getByRole('table', { name: 'Points 1 to 50 of 120' });
  await first.waitFor();
  assert.equal(await first.getByRole('row').count(), 51);
  await openTableView(region);
  await region.getByRole('button', { name: 'Next page' }).click();
  const second = region.getByRole('table', { name: 'Points 51 to 100 of 120' });
  await second.waitFor();
  const points = await page.evaluate(() => window.perceptronLab.state().points);
  const row51 = (await rowTexts(second))[1];
  assert.equal(row51[0], '51');
  const read = (cell) => Number(cell.replace(MINUS, '-'));  // the table writes a real minus sign
  assert.ok(Math.abs(read(row51[1]) - points[50][0]) < 1e-3 && Math.abs(read(row51[2]) - points[50][1]) < 1e-3, row51.join(','));
  assert.equal(await region.getByText('Page 2 of 3').count(), 1);
  await region.getByRole('button', { name: 'Next page' }).click();
  await region.getByRole('table', { name: 'Points 101 to 120 of 120' }).waitFor();
  assert.equal(await region.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled'), 'true');

  await region.getByRole('combobox', { name: 'Bias' }).selectOption('none');
  await region.getByRole('combobox', { name: 'Algorithm' }).selectOption('kernel');
  const state = await page.evaluate(() => window.perceptronLab.state());
  assert.deepEqual([state.bias, state.algorithm], ['none', 'kernel']);
  await sceneOf(region).filter({ hasText: /Not trained yet: no point has α > 0/ }).waitFor();
  await region.getByRole('combobox', { name: 'Feature map' }).selectOption('xy');
  assert.equal(await page.evaluate(() => window.perceptronLab.state().lift), 'xy');
  await region.getByRole('combobox', { name: 'Data set' }).selectOption('xor');
  // The mirror updates in between (any change of the widget): the picked data set stays picked.
  await page.evaluate(() => {
    window.mirrorUpdated = false;
    new MutationObserver(() => { window.mirrorUpdated = true; }).observe(document.querySelector('.perceptron-lab-a11y'), { childList: true, subtree: true });
    window.perceptronLab.setNotice('');
  });
  await page.waitForFunction(() => window.mirrorUpdated, null, { timeout: 5000 });
  assert.equal(await region.getByRole('combobox', { name: 'Data set' }).inputValue(), 'xor');
  await region.getByRole('button', { name: 'Load data set' }).click();
  assert.equal(await liveSentence(region, /^4 points/), '4 points, 2 of each class.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('course page: a mirror per widget with its own ids and headings; the lesson read and checked', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 800 });
  await waitForAll(page, 3);
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  assert.equal(new Set(ids).size, ids.length, 'every id on the page is unique');
  const regions = page.getByRole('region', { name: /^Perceptron Lab: / });
  // Each widget becomes a named region with its mirror, which comes after its first frame (embed.js).
  await regions.nth(2).waitFor({ state: 'attached' });
  assert.equal(await regions.count(), 3);
  const lessonWidget = page.getByRole('region', { name: 'Perceptron Lab: 1. The update rule, one point at a time' });
  await openTableView(lessonWidget);
  await lessonWidget.getByRole('heading', { level: 3, name: 'Perceptron Lab table view: 1. The update rule, one point at a time' }).waitFor();
  await lessonWidget.getByRole('heading', { level: 4, name: 'Lesson: The update rule' }).waitFor();
  assert.equal(await lessonWidget.getByText('Step 1 of', { exact: false }).count(), 1);
  assert.match(await lessonWidget.locator('.perceptron-lab-a11y-lesson-text').textContent(), /These are the four training points/);
  await lessonWidget.getByRole('button', { name: 'Step', exact: true }).click();
  await lessonWidget.getByRole('button', { name: 'Check', exact: true }).click();
  assert.match(await liveSentence(lessonWidget, /^Passed/), /^Passed: With w = 0 every score is 0/);

  const xor = page.getByRole('region', { name: 'Perceptron Lab: 2. XOR: no line will do' });
  assert.match(await sceneOf(xor).textContent(), /no mistake bound: the points are not linearly separable\. Stopped at the epoch cap\./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('share from the table view (a real download, the link notice said); a read-only embed without Share', async () => {
  const { page, context, problems } = await openRoutedPage(browser, server.url, '/readonly.html', embedPage(`<main><h1>Two widgets</h1>
<h2>Open</h2><div class="perceptron-lab"></div>
<h2>Read-only</h2><div class="perceptron-lab" data-readonly data-controls="train,theory"></div></main>`, { title: 'Two widgets' }),
  { width: 1280, height: 800 });
  await waitForAll(page, 2);
  const open = page.getByRole('region', { name: 'Perceptron Lab: Open' });
  await openTableView(open);
  const [download] = await Promise.all([page.waitForEvent('download'), open.getByRole('button', { name: 'Save CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  assert.equal(csv, await page.evaluate(() => document.querySelector('.perceptron-lab').perceptronLab.exportCsv()));
  assert.match(csv, /^x1,x2,label\n1,2,1\n/);
  await open.getByRole('button', { name: 'Copy link' }).click();
  assert.match(await liveSentence(open, /link/i), /^(Link copied to the clipboard|The clipboard is not available here)/);

  const readonly = page.getByRole('region', { name: 'Perceptron Lab: Read-only' });
  await openTableView(readonly);
  assert.equal(await readonly.getByRole('button', { name: 'Add point' }).getAttribute('aria-disabled'), 'true');
  assert.equal(await readonly.getByRole('button', { name: 'Load data set' }).getAttribute('aria-disabled'), 'true');
  assert.equal(await readonly.getByRole('button', { name: 'Copy link' }).count(), 0, 'Share is left out as in the widget');
  await readonly.getByRole('button', { name: 'Epoch', exact: true }).click();  // training still works
  assert.match(await liveSentence(readonly, /^Visits/), /^Visits 1 to 4: 2 mistakes \(2 in all\); w = \(2, 1, 0\)\.$/);
  assert.deepEqual(problems, []);
  await context.close();
});

// A page of the course kind with one dark widget and a lesson open (the dark table view's contrast).
const DARK_PAGE = embedPage('<main><h1>A dark widget</h1><div class="perceptron-lab" data-theme="dark" data-lesson="update-rule"></div></main>',
  { title: 'Dark widget' });

for (const [name, url, count, phone] of [['the full page', '/index.html', 1], ['the course page', '/examples/course.html', 3],
  ['the course page on a phone', '/examples/course.html', 3, true], ['a dark widget with a lesson', '/dark.html', 1]]) {
  test(`axe-core: no serious or critical finding on ${name}, with the table view closed and open`, async () => {
    const size = phone ? { width: 390, height: 844, hasTouch: true, isMobile: true } : { width: 1280, height: 900 };
    const { page, context, problems } = await openPage(browser, 'about:blank', size);
    await routePage(page, server.url, '/dark.html', DARK_PAGE);
    await page.goto(`${server.url}${url}`);
    await waitForAll(page, count);
    await page.waitForFunction(() => document.querySelectorAll('.perceptron-lab-a11y-toggle').length > 0);
    assert.deepEqual(await axeFindings(page), [], 'closed');
    await page.evaluate(() => { for (const b of document.querySelectorAll('.perceptron-lab-a11y-toggle')) b.click(); });
    await page.evaluate(() => document.querySelector('.perceptron-lab').perceptronLab.train({ steps: 1 }));
    assert.deepEqual(await axeFindings(page), [], 'open');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
