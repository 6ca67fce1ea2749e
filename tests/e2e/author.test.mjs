// Author mode: an instructor builds a lesson inside the widget with real clicks and typing, saves it as
// JSON, tries it, and shares it in a link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitForWidget, settle, lab, drawnBy, clickRect, holdClick, holdKeys, outputDir } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The second fresh frame once the widget is idle: a click shows in the frame after the one that read it.
const drawn = (page) => drawnBy(page, null, 2);
// A real click on the item whose visible label (or whole "##name") is `name`.
async function clickItem(page, name) {
  const frame = await drawn(page);
  const item = frame.items.find((i) => i.label === name || i.name === name);
  assert.ok(item, `"${name}" is drawn (items: ${frame.items.map((i) => i.label || i.name).join(', ')})`);
  await clickRect(page, item.rect);
  await settle(page);
}

test('author mode: a screen becomes a step, the goal is typed, Save JSON downloads a lesson that loads', async () => {
  // Tall enough that the author's fields are in view without scrolling the controls column.
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 2400 });
  await waitForWidget(page);
  await clickItem(page, 'Lesson');                  // the section with the list of lessons
  await clickItem(page, 'Write your own lesson');
  await clickItem(page, 'Add this screen as a step');
  await clickItem(page, '##goal');
  await page.keyboard.type('points >= 6', { delay: 40 });
  await settle(page);
  const [download] = await Promise.all([page.waitForEvent('download'), clickItem(page, 'Save JSON')]);
  const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.equal(download.suggestedFilename(), 'my-lesson.json');
  // The widget says what it saved (issue 41 item 13), and the button's tooltip does not cover that.
  await page.waitForFunction(() => /^Saved my-lesson\.json \(\d+(\.\d)? (KB|bytes)\) with your browser's downloads\.$/.test(window.perceptronLab.notice()), null, { timeout: 5000 });
  const afterSave = await drawnBy(page, null, 2);
  assert.ok(afterSave.texts.some((t) => t.text.startsWith('Saved my-lesson.json')), 'the notice is drawn');
  assert.deepEqual(afterSave.texts.filter((t) => t.role === 'tooltip').map((t) => t.text), [], 'no tooltip over the notice while the pointer stays');
  assert.equal(saved.steps.length, 1);
  assert.equal(saved.steps[0].goal, 'points >= 6');
  assert.match(saved.steps[0].state, /^#d=/, 'the step starts from the screen it was made on');

  // Try it: the lesson opens as a student sees it; the goal is judged on real clicks.
  await clickItem(page, 'Try it');
  const lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.id, 'my-lesson');
  assert.equal(lesson.builtin, false);
  assert.equal((await lab(page, () => window.perceptronLab.checkGoal())).passed, false);
  for (const [x, y] of [[2.5, -2], [-2.5, 2.5]]) {
    const p = await lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
    await holdClick(page, p.x, p.y);
    await settle(page);
  }
  assert.equal((await lab(page, () => window.perceptronLab.checkGoal())).passed, true);
  // The link carries the lesson itself; a fresh page reopens it.
  const link = await lab(page, () => window.perceptronLab.link());
  assert.match(link, /lessonz=/);
  const fresh = await openPage(browser, link.replace(/^[^#]*/, `${server.url}/`), { width: 1280, height: 800 });
  await waitForWidget(fresh.page);
  await settle(fresh.page);
  const reopened = await lab(fresh.page, () => window.perceptronLab.lesson());
  assert.equal(reopened?.id, 'my-lesson');
  assert.equal(reopened.stepTitle, 'Step 1');
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('author mode: a saved lesson file opens again in Author mode to fix a typo, and saves with the fix (issue 41 item 13)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 2400 });
  await waitForWidget(page);
  await clickItem(page, 'Lesson');
  await clickItem(page, 'Write your own lesson');
  await clickItem(page, 'Add this screen as a step');
  await clickItem(page, 'Add this screen as a step');
  await clickItem(page, '##goal');
  await page.keyboard.type('points >= 6', { delay: 40 });
  await settle(page);
  const [first] = await Promise.all([page.waitForEvent('download'), clickItem(page, 'Save JSON')]);
  const saved = JSON.parse(fs.readFileSync(await first.path(), 'utf8'));
  // The instructor spots a typo in the file's title and wants to fix it in the widget, later.
  saved.title = 'My lesoon';
  const file = path.join(outputDir, 'author-typo.json');
  fs.writeFileSync(file, JSON.stringify(saved, null, 2));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickItem(page, 'Open a lesson file')]);
  await chooser.setFiles(file);
  await page.waitForFunction(() => /^Opened author-typo\.json in Author mode \(2 steps\)/.test(window.perceptronLab.notice()), null, { timeout: 5000 });
  await settle(page);
  const frame = await drawn(page);
  assert.ok(frame.items.some((i) => i.name === '##lesson-title'), 'Author mode shows the lesson');
  await clickItem(page, '##lesson-title');
  await holdKeys(page, 'Control+a');
  await page.keyboard.type('My lesson', { delay: 30 });
  await settle(page);
  const [second] = await Promise.all([page.waitForEvent('download'), clickItem(page, 'Save JSON')]);
  const fixed = JSON.parse(fs.readFileSync(await second.path(), 'utf8'));
  assert.equal(fixed.title, 'My lesson');
  assert.equal(fixed.steps.length, 2, 'both steps came back');
  assert.equal(fixed.steps[1].goal, 'points >= 6', 'with their goals');
  // A file that says it is a lesson but is not a good one changes nothing and says why.
  fs.writeFileSync(file, JSON.stringify({ version: 2, id: 'x', title: 'x', steps: 'none' }));
  const [again] = await Promise.all([page.waitForEvent('filechooser'), clickItem(page, 'Open a lesson file')]);
  await again.setFiles(file);
  await page.waitForFunction(() => window.perceptronLab.notice().startsWith('author-typo.json is a lesson that could not be opened:'), null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await context.close();
});
