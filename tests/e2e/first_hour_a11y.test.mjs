// The first hour of a student with the keyboard only and a screen reader (issue 29): the accessible
// mirror ("table view", web/embed_a11y.js) and the canvas show and say the same lesson answer and verdict
// whichever side was used; the table view starts a lesson; closed, it is one Tab stop before the canvas
// and it closes when the keyboard leaves it (it never covers the canvas controls the keys work on); a
// quiz answer is read once; numbers read out carry the real minus sign.
// Everything is read as assistive technology gets it (roles, names, the live region, the aria snapshot)
// and done with real keys and clicks; the canvas's own side through the test build's drawn() hooks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitForWidget, lab, drawnBy, holdKeys as key, clickRect, openRoutedPage,
  scriptMountedPage, outputDir } from './harness.mjs';

const MINUS = '\u2212';
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const frame = (page) => drawnBy(page);
const focusedLabel = (f) => f.items.find((i) => i.focused)?.label ?? null;
// What the page's focus is on: an id, or the accessible name of a control.
const focusName = (page) => lab(page, () => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'BODY';
  if (el.id && !el.closest('.perceptron-lab')) return `#${el.id}`;
  if (el.tagName === 'CANVAS') return 'CANVAS';
  return el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent.trim();
});
// key(page, 'Shift+Tab'): keys held for a moment, then the widget has drawn and gone idle (holdKeys, harness.mjs).
// The value of fn() once it is true, or its last value after 3 s (the mirror follows the widget at most
// four times a second).
async function becomes(fn) {
  const deadline = Date.now() + 3000;
  let value = await fn();
  while (!value && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await fn();
  }
  return value;
}
async function liveSays(region, pattern) {
  const live = region.getByRole('status');
  await live.filter({ hasText: pattern }).waitFor({ timeout: 5000 });
  return (await live.textContent()).trim();
}

// A course page: a button before the widget, the widget (the handle as window.perceptronLab), one after.
const PAGE = scriptMountedPage({ title: 'Keyboard student', heading: '<h1>Perceptron</h1>' });
async function openCoursePage(size = { width: 1100, height: 760 }) {
  const opened = await openRoutedPage(browser, server.url, '/student.html', PAGE, size);
  await waitForWidget(opened.page);
  await opened.page.locator('.perceptron-lab-a11y-toggle').waitFor({ state: 'attached' });
  return { ...opened, region: opened.page.getByRole('region', { name: 'Perceptron Lab: Perceptron' }) };
}

test('a quiz answered and checked on the canvas shows and is said in the table view, and the other way round', async () => {
  const { page, context, problems, region } = await openCoursePage();
  // Step 2 of the update rule: "Predict the next update", answer 3 of 4 is right.
  await lab(page, () => window.perceptronLab.openLesson('update-rule', 1));
  const choices = await lab(page, () => window.perceptronLab.lesson().choices);
  await region.getByRole('heading', { name: 'Lesson: The update rule' }).waitFor({ state: 'attached' });

  // The canvas, by keyboard: Tab through the lesson card to its Back button; Shift+Tab is the last answer.
  await lab(page, () => window.perceptronLab.canvas.focus());
  let f = await frame(page);
  for (let i = 0; i < 60 && focusedLabel(f) !== 'Back'; i++) { await key(page, 'Tab'); f = await frame(page); }
  assert.equal(focusedLabel(f), 'Back', 'Tab reaches the lesson card\'s Back button');
  await key(page, 'Shift+Tab');
  await key(page, 'Space');
  const last = choices.length - 1;
  assert.equal(await lab(page, () => window.perceptronLab.lesson().chosen), last, 'Space on the canvas chose the last answer');
  // The table view shows the same answer chosen (read as a screen reader reads it: a checked radio).
  const lastRadio = region.getByRole('radio', { name: choices[last] });
  assert.equal(await becomes(() => lastRadio.isChecked()), true, 'the mirror\'s radio of the answer chosen on the canvas is checked');

  // Check on the canvas (Tab: Back, Tab: Check, Enter): the live region says the verdict, the mirror shows it.
  await key(page, 'Tab');
  await key(page, 'Tab');
  assert.equal(focusedLabel(await frame(page)), 'Check');
  await key(page, 'Enter');
  const verdict = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(verdict.checked, true);
  assert.equal(verdict.passed, false);
  const said = `Not yet: ${verdict.message}`;
  assert.equal(await liveSays(region, /^Not yet/), said, 'the canvas\'s Check is announced');
  assert.equal((await region.locator('.perceptron-lab-a11y-verdict').textContent()).trim(), said, 'and shown in the table view');

  // The other way: the right answer clicked in the table view and its Check pressed there.
  await region.getByRole('button', { name: 'Show table view' }).focus();
  await page.keyboard.press('Enter');
  await region.getByText(choices[2], { exact: true }).click();  // the words beside the radio pick it too
  assert.equal(await lab(page, () => window.perceptronLab.lesson().chosen), 2);
  await region.getByRole('button', { name: 'Check', exact: true }).click();
  const passed = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(passed.passed, true);
  assert.equal(await liveSays(region, /^Passed/), `Passed: ${passed.message}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the table view starts a lesson from its list, the same list as the canvas\'s', async () => {
  const { page, context, problems, region } = await openCoursePage();
  const lessons = await lab(page, () => window.perceptronLab.lessons());
  assert.ok(lessons.length >= 10);
  // The canvas lists them as "<title> (<n> steps)" in its Lesson section while no lesson is open: on a
  // widget tall enough for the whole column, the section opened with a click shows every entry.
  await page.setViewportSize({ width: 1100, height: 1700 });
  await lab(page, () => { document.getElementById('lab').style.height = '1600px'; });
  await page.waitForFunction(() => document.querySelector('#lab canvas').getBoundingClientRect().height >= 1600);
  let f = await frame(page);
  const header = f.items.find((i) => i.label === 'Lesson');
  await clickRect(page, header.rect);
  f = await frame(page);
  const canvasList = f.texts.filter((t) => t.role === 'list').map((t) => t.text);
  const names = lessons.map((l) => `${l.title} (${l.steps} steps)`);
  assert.deepEqual(canvasList, names, 'the canvas\'s list');
  const group = region.getByRole('group', { name: 'Lessons to start' });
  assert.deepEqual(await group.getByRole('button').allTextContents(), names, 'the same words in the table view');
  await region.getByRole('heading', { name: 'Lessons' }).waitFor({ state: 'attached' });

  // By keyboard: the table view opened with Enter, Tab to the third lesson, Enter.
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  assert.equal(await focusName(page), 'Show table view');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 20 && await focusName(page) !== names[2]; i++) await page.keyboard.press('Tab');
  assert.equal(await focusName(page), names[2]);
  await page.keyboard.press('Enter');
  const open = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(open?.id, lessons[2].id, 'the lesson is open in the widget');
  assert.equal(open.step, 0);
  // The reader lands on the lesson's heading in the table view; the list is gone while it is open.
  assert.equal(await focusName(page), `Lesson: ${lessons[2].title}`);
  assert.equal(await region.getByRole('heading', { name: `Lesson: ${lessons[2].title}` }).isVisible(), true);
  assert.equal(await group.count(), 0, 'no lesson list while a lesson is open');
  assert.deepEqual(problems, []);
  await context.close();
});

test('closed, the table view is one Tab stop: two Tabs from the page\'s first button to the canvas, also after Escape', async () => {
  const { page, context, problems, region } = await openCoursePage();
  const biasBefore = await lab(page, () => window.perceptronLab.state().bias);
  // From the top of the page: Before, Show table view, the canvas.
  await lab(page, () => document.activeElement?.blur());
  const stops = [];
  for (let i = 0; i < 60 && stops.at(-1) !== 'CANVAS'; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focusName(page));
  }
  assert.deepEqual(stops, ['#before', 'Show table view', 'CANVAS'], `${stops.length} Tabs to the canvas: ${stops.join(' | ')}`);
  // Escape inside the open view closes it and gives the focus to its button; one Tab on is the canvas.
  await key(page, 'Shift+Tab');
  assert.equal(await focusName(page), 'Show table view');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  assert.equal(await focusName(page), 'Show table view');
  await key(page, 'Tab');
  assert.equal(await focusName(page), 'CANVAS', 'after Escape the next Tab is the canvas');
  assert.equal(await lab(page, () => window.perceptronLab.state().bias), biasBefore, 'no setting changed on the way');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the open table view closes when the keyboard leaves it, and never covers the canvas control the keys are on', async () => {
  const { page, context, problems, region } = await openCoursePage();
  const biasBefore = await lab(page, () => window.perceptronLab.state().bias);
  // Opened with Enter and walked with Tab: when the focus reaches the canvas the view has closed, and the
  // control the keys are on is not under it.
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  assert.equal(await focusName(page), 'Show table view');
  await page.keyboard.press('Enter');
  const toggle = region.getByRole('button', { name: /table view$/ });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const view = page.locator('.perceptron-lab-a11y');
  const openBox = await view.boundingBox();
  assert.ok(openBox.width > 300, 'the table view is on screen');
  let f;
  for (let i = 0; i < 80 && await focusName(page) !== 'CANVAS'; i++) await page.keyboard.press('Tab');
  assert.equal(await focusName(page), 'CANVAS');
  f = await frame(page);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'the table view closed as the focus left it');
  assert.equal(await toggle.textContent(), 'Show table view');
  const box = await view.boundingBox();
  const canvasBox = await page.locator('#lab canvas').boundingBox();
  assert.ok(f.nav.rect, 'a canvas control has the keys');
  const [x0, y0, x1, y1] = f.nav.rect;
  const centre = { x: canvasBox.x + (x0 + x1) / 2, y: canvasBox.y + (y0 + y1) / 2 };
  const covered = box.width > 2 && centre.x >= box.x && centre.x <= box.x + box.width && centre.y >= box.y && centre.y <= box.y + box.height;
  assert.equal(covered, false, `the focused control (${focusedLabel(f)}) is not under the table view`);
  assert.equal(await lab(page, () => window.perceptronLab.state().bias), biasBefore, 'no setting changed on the way');
  // A screen reader's cursor that lands on a control of the closed view opens it.
  await lab(page, () => [...document.querySelectorAll('.perceptron-lab-a11y button')].find((b) => !b.closest('[hidden]')).focus());
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('numbers read out carry the real minus sign: coordinates and scores in the table, a visit said', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });
  const table = region.getByRole('table', { name: 'Points 1 to 4 of 4' });
  const rows = await table.getByRole('row').evaluateAll((all) => all.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.slice(3), [['3', `${MINUS}1`, `${MINUS}1`, `${MINUS}1`, '0', 'not trained yet'],
    ['4', `${MINUS}1`, '1', `${MINUS}1`, '0', 'not trained yet']]);
  // Visits 1 to 3, then visit 4 (lecture 004): a mistake on (−1, 1), said and tabled with real minus signs.
  const live = region.getByRole('status');
  await lab(page, () => window.perceptronLab.train({ steps: 3 }));
  await live.filter({ hasText: /^Visit/ }).waitFor({ timeout: 5000 });
  assert.deepEqual((await table.getByRole('row').evaluateAll((all) => all.map((r) => r.cells[4].textContent))).slice(1),
    ['6', '5', `${MINUS}2`, '2'], 'scores of w = (1, 2, 1)');
  await lab(page, () => window.perceptronLab.train({ steps: 1 }));
  await live.filter({ hasText: /^Visit 4/ }).waitFor({ timeout: 5000 });
  assert.equal((await live.textContent()).trim(),
    `Visit 4: point 4 at (${MINUS}1, 1), label ${MINUS}1, score 2: a mistake; w becomes (2, 1, 0). The label times the score went from ${MINUS}2 to 1, up by 3: eta times the squared length of the point plus 1.`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('each quiz answer is read once: a radio button named by its words, no second copy of them', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/index.html`, { width: 1280, height: 800 });
  await waitForWidget(page);
  const region = page.getByRole('region', { name: 'Perceptron Lab: interactive perceptron widget' });

  await lab(page, () => window.perceptronLab.openLesson('update-rule', 1));
  const choices = await lab(page, () => window.perceptronLab.lesson().choices);
  const quiz = region.getByRole('group', { name: 'Your answer' });
  await quiz.waitFor({ state: 'attached' });
  const snapshot = await quiz.ariaSnapshot();
  for (const choice of choices) {
    const times = snapshot.split('\n').filter((line) => line.includes(choice)).length;
    assert.equal(times, 1, `"${choice}" is read once:\n${snapshot}`);
    assert.equal(await quiz.getByRole('radio', { name: choice, exact: true }).count(), 1);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 41: the table view finishes what it starts, by keys alone. Next says the new step and moves the
// focus to its first answer (a second Enter skips nothing); Finish shows "Lesson complete" with its
// summary; Close and Leave land on the list's Reopen, say what happened, and give the panels back.
test('the table view walks a lesson to its end by keys: Next is said and focused, Finish completes, Close and Leave land on Reopen', async () => {
  const { page, context, problems, region } = await openCoursePage();
  const title = 'The update rule';
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');  // Show table view
  for (let i = 0; i < 20 && await focusName(page) !== `${title} (4 steps)`; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(await focusName(page), `Lesson: ${title}`);
  const tabTo = async (name) => {
    for (let i = 0; i < 40 && await focusName(page) !== name; i++) await page.keyboard.press('Tab');
    assert.equal(await focusName(page), name);
  };

  // Next: the live region says the new step, the focus is on its first answer, and Enter there skips nothing.
  await tabTo('Next');
  await page.keyboard.press('Enter');
  // The step first, then what its set-up changed on the canvas.
  assert.match(await liveSays(region, /^Step 2 of 4/), /^Step 2 of 4: Predict the next update( |$)/);
  const step2 = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(step2.step, 1);
  assert.equal(await focusName(page), step2.choices[0], 'the focus is on the first answer');
  await page.keyboard.press('Enter');
  assert.equal((await lab(page, () => window.perceptronLab.lesson())).step, 1, 'a second Enter does not skip a step');

  // To the last step, then Finish: "Lesson complete" with its summary, said and focused.
  for (const k of [3, 4]) {
    await tabTo('Next');
    await page.keyboard.press('Enter');
    await liveSays(region, new RegExp(`^Step ${k} of 4`));
  }
  await tabTo('Finish');
  await page.keyboard.press('Enter');
  assert.equal(await focusName(page), 'Lesson complete');
  assert.match(await liveSays(region, /^Lesson complete/), /^Lesson complete\. You went through all 4 steps and passed 0 of the 4 checks\.$/);
  assert.equal((await lab(page, () => window.perceptronLab.lesson())).finished, true);
  assert.equal(await region.getByRole('button', { name: 'Back to the last step' }).count(), 1);

  // Close the lesson: the focus lands on the offer to reopen it, the notice is said, the panels are back.
  await tabTo('Close the lesson');
  await page.keyboard.press('Enter');
  assert.equal(await focusName(page), `Reopen "${title}" at step 4`);
  assert.match(await liveSays(region, /You closed the lesson/), /You closed the lesson "The update rule"\. You went through all 4 steps/);
  assert.equal(await lab(page, () => window.perceptronLab.lesson()), null);
  const panelsBack = await lab(page, () => window.perceptronLab.link());
  assert.doesNotMatch(panelsBack, /[#&](sshow|sshare|sdata)=0(&|$)/, 'the sections the lesson hid are back');
  assert.equal(await region.getByRole('group', { name: 'Lessons to start' }).count(), 1, 'the lesson list is back');

  // Reopen by Enter: at step 4 again, on its heading. Then Leave: the same landing, with where it was left.
  await page.keyboard.press('Enter');
  assert.equal((await lab(page, () => window.perceptronLab.lesson())).step, 3);
  assert.equal(await focusName(page), `Lesson: ${title}`);
  await tabTo('Leave the lesson');
  await page.keyboard.press('Enter');
  assert.equal(await focusName(page), `Reopen "${title}" at step 4`);
  assert.match(await liveSays(region, /You left the lesson/), /You left the lesson "The update rule" at step 4 of 4\./);
  // The canvas agrees: its notice offers the same Reopen.
  const drawnNow = await frame(page);
  assert.ok(drawnNow.items.some((i) => i.label === 'Reopen at step 4'), `the canvas's notice offers Reopen too (${drawnNow.items.map((i) => i.label).join(', ')})`);
  await region.screenshot({ path: path.join(outputDir, 'a11y-table-view-left-lesson.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 41: lesson 12's "A message of your own" by keys alone in the table view: the Words mode's message
// form (type, class, add), Converge and Check; the letters typed never reach the canvas's shortcuts.
test("lesson 12 step 5 by keys in the table view: a message of one's own added as spam, Converge, Check", async () => {
  const { page, context, problems, region } = await openCoursePage();
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');  // Show table view
  await lab(page, () => { window.perceptronLab.openLesson('spam-words'); window.perceptronLab.lessonStep(4); });
  assert.equal((await lab(page, () => window.perceptronLab.lesson())).stepTitle, 'A message of your own');
  const tabTo = async (name, key = 'Tab') => {
    for (let i = 0; i < 60 && await focusName(page) !== name; i++) await page.keyboard.press(key);
    assert.equal(await focusName(page), name);
  };
  const visitsBefore = await lab(page, () => window.perceptronLab.state({ points: false }).visits);
  await tabTo('Message');
  await page.keyboard.type('cheap viagra tonight');
  assert.equal(await lab(page, () => window.perceptronLab.state({ points: false }).visits), visitsBefore, 'the letters trained nothing (E, S, N are shortcuts on the canvas)');
  await tabTo('Class');
  assert.equal(await page.evaluate(() => document.activeElement.value), '-1', 'spam is the first class');
  await tabTo('Add message');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).messageCount === 4, null, { timeout: 5000 });
  assert.deepEqual(await lab(page, () => window.perceptronLab.state().words.messages.at(-1)), 'cheap viagra tonight');
  assert.equal(await region.getByRole('textbox', { name: 'Message' }).inputValue(), '', 'the field is empty for the next one');
  await tabTo('Converge', 'Shift+Tab');
  await page.keyboard.press('Enter');
  await tabTo('Check', 'Shift+Tab');
  await page.keyboard.press('Enter');
  assert.match(await liveSays(region, /^Passed/), /^Passed/);
  // A message removed by its number, the same way.
  await tabTo('Message number');
  await page.keyboard.type('4');
  await tabTo('Remove message');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).messageCount === 3, null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await context.close();
});
