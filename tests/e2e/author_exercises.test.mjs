// Author mode's exercise kinds (issue 24): with real clicks and typing an instructor makes a number step
// whose key is checked as typed (a typo shows its position, the fix the value it gives now), a
// select-all step with feedback and a predict step; Save JSON gives a version 2 lesson the widget's
// parse_lesson reads, and Try it opens the new kinds. Read from what the widget drew (testHooks().drawn()).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launchBrowser, openPage, waitForWidget, settle, lab, drawnBy, clickRect, outputDir } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const shots = path.join(outputDir, 'author-exercises');
// The second fresh frame once the widget is idle: a click shows in the frame after the one that read it.
const drawn = (page) => drawnBy(page, null, 2);
const item = (frame, name) => frame.items.find((i) => i.label === name || i.name === name);
const texts = (frame, role) => frame.texts.filter((t) => t.role === role);
const textOf = (frame, role) => texts(frame, role).map((t) => t.text).join(' ');

async function must(page, name) {
  const frame = await drawn(page);
  const found = item(frame, name);
  assert.ok(found, `"${name}" is drawn (items: ${frame.items.map((i) => i.name || i.label).join(', ')})`);
  return found;
}
// A real click in the middle of the item called `name` (its visible label or its whole "label##id").
async function click(page, name) {
  await clickRect(page, (await must(page, name)).rect);
  await settle(page);
}
// Clicks the field `name` until it is the active item (the one that takes typed keys: Dear ImGui drops
// the keys of a frame where no field is active), then types `keys` into it.
async function typeInto(page, name, keys) {
  for (let tries = 0; tries < 3 && !(await must(page, name)).active; tries++) await click(page, name);
  assert.ok((await must(page, name)).active, `the field ${name} takes the typed keys`);
  await page.keyboard.type(keys, { delay: 40 });
  await settle(page);
}
const keyCheck = async (page) => textOf(await drawn(page), 'author-key-check');
const problem = async (page) => textOf(await drawn(page), 'author-problem');
// Every label and key check of the editor wraps inside the controls column (a 280 px column here, narrower
// than a phone's), and the field `wide` spans the column.
function wholeInColumn(frame, wide) {
  const field = item(frame, wide);
  const column = field.clip;
  assert.ok(field.rect[2] >= column[2] - 30, `${wide} is as wide as the column (${field.rect} in ${column})`);
  for (const t of [...texts(frame, 'author-label'), ...texts(frame, 'author-key-check')]) {
    assert.ok(t.rect[2] <= column[2] + 1, `"${t.text}" ends inside the column (${t.rect[2]} <= ${column[2]})`);
  }
}

test('author: a number key with a typo shows its position, then its value now; select all with feedback; predict; Save JSON and Try it', async () => {
  // Tall enough that the editor's fields are in view without scrolling the controls column.
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 2400 });
  await waitForWidget(page);
  await click(page, 'Lesson');
  await click(page, 'Write your own lesson');
  await click(page, 'Add this screen as a step');  // step 1: the four lecture points

  // A number: the key typed with a typo says where it is; fixed, it gives its value on the widget now.
  await click(page, 'Number##ask-number');
  await typeInto(page, '##number-key', '7 * bund');
  assert.match(await keyCheck(page), /^position 5: .*'bund'.*'bound'/, 'the error names the position and the fact meant');
  assert.match(await problem(page), /^Step 1: the key is not valid: position 5:/);
  wholeInColumn(await drawn(page), '##number-key');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('ound', { delay: 40 });
  // The lecture's four points have the bound (R/γ*)² = 39/7, so 7 * bound is 39.
  assert.equal(await keyCheck(page), 'now: 39');
  assert.equal(await problem(page), 'The lesson is ready.');
  await click(page, 'Limit tries');
  assert.equal((await must(page, 'Limit tries')).checked, true);
  if (!fs.existsSync(shots)) fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'author-number-1280.png'), clip: { x: 0, y: 0, width: 640, height: 1400 } });

  // Select all that apply, with the feedback of a wrong choice.
  await click(page, 'Add this screen as a step');
  await click(page, 'Select all##ask-all');
  await typeInto(page, '##choices', 'the margin\nthe radius\nthe colour');
  assert.equal(await problem(page), 'Step 2: mark at least one choice right (select all that apply)');
  await click(page, 'right##right-1');
  await click(page, 'right##right-2');
  await typeInto(page, '##feedback-3', 'The colour only shows the label.');
  assert.equal(await problem(page), 'The lesson is ready.');
  wholeInColumn(await drawn(page), '##feedback-3');
  await page.screenshot({ path: path.join(shots, 'author-select-all-1280.png'), clip: { x: 0, y: 0, width: 640, height: 1400 } });

  // Predict, then step, with the new w too: its value now is shown.
  await click(page, 'Add this screen as a step');
  await click(page, 'Predict then step##ask-predict');
  await click(page, 'Also ask for the new w');
  assert.match(await keyCheck(page), /^now: \(.*\)$/);
  assert.equal(await problem(page), 'The lesson is ready.');

  const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'Save JSON')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const saved = JSON.parse(text);
  assert.equal(saved.version, 2);
  assert.deepEqual(saved.steps[0].number, { answer: '7 * bound' });
  assert.equal(saved.steps[0].maxAttempts, 3);
  assert.deepEqual(saved.steps[1].choices, ['the margin', 'the radius', 'the colour']);
  assert.deepEqual(saved.steps[1].answers, [0, 1]);
  assert.deepEqual(saved.steps[1].feedback, ['', '', 'The colour only shows the label.']);
  assert.equal(saved.steps[2].predict, true);
  assert.deepEqual(saved.steps[2].vector, { answer: 'next_w' });

  // Try it: the draft opens at the selected step; the link carries exactly the lesson saved.
  await click(page, 'Try it');
  let lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.id, 'my-lesson');
  assert.equal(lesson.step, 2);
  assert.equal(lesson.kind, 'predict');
  const link = await lab(page, () => window.perceptronLab.link());
  const packed = new URL(link.replace('#', '?')).searchParams.get('lessonz');
  assert.deepEqual(JSON.parse(zlib.inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8')), saved);
  // The card asks each kind: the prediction, the choices to tick, the number typed and checked.
  let frame = await drawn(page);
  assert.ok(item(frame, 'Mistake') && item(frame, 'No mistake'), 'the predict step asks: mistake or not?');
  await lab(page, () => window.perceptronLab.lessonStep(1));
  lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.kind, 'select');
  assert.deepEqual(texts(await drawn(page), 'lesson-choice').map((t) => t.text), ['the margin', 'the radius', 'the colour']);
  await lab(page, () => window.perceptronLab.lessonStep(0));
  lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.kind, 'number');
  assert.equal(lesson.maxAttempts, 3);
  await typeInto(page, '##answer', '39');  // the key typed in Author mode, 7 * bound, is 39 here
  await page.keyboard.press('Enter');     // Enter in the answer checks it
  await settle(page);
  lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.passed, true, lesson.message);

  // The downloaded text is a lesson the widget's own reader (parse_lesson) opens.
  await lab(page, () => window.perceptronLab.closeLesson());
  const opened = await lab(page, (t) => window.perceptronLab.openLesson(t), text);
  assert.equal(opened.ok, true, opened.error);
  lesson = await lab(page, () => window.perceptronLab.lesson());
  assert.equal(lesson.steps, 3);
  assert.deepEqual(problems, []);
  await context.close();
});

test('author: the keyboard alone picks what a step asks and types its key', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 2400 });
  await waitForWidget(page);
  await click(page, 'Lesson');
  await click(page, 'Write your own lesson');
  await click(page, 'Add this screen as a step');
  await click(page, '##goal');  // from the goal on, only keys
  const focused = async () => (await drawn(page)).items.find((i) => i.focused)?.name ?? '(none)';
  const tabTo = async (name) => {
    for (let i = 0; i < 10 && (await focused()) !== name; i++) { await page.keyboard.press('Tab'); await settle(page); }
    assert.equal(await focused(), name, `Tab reaches ${name}`);
  };
  await tabTo('Number##ask-number');
  await page.keyboard.press('Space');
  await settle(page);
  await tabTo('##number-key');
  await page.keyboard.type('bound', { delay: 40 });
  await settle(page);
  assert.equal(await keyCheck(page), 'now: 5.571', 'the lecture points\' bound, 39/7');
  assert.deepEqual(problems, []);
  await context.close();
});
