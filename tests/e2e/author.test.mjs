// Author mode: an instructor builds a lesson inside the widget with real clicks and typing, saves it as
// JSON, tries it, and shares it in a link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, launchBrowser, openPage, waitForWidget, settle, lab, drawnBy, clickRect, holdClick } from './harness.mjs';

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
