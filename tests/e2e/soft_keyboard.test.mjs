// The phone's on-screen keyboard for the text fields drawn on the canvas (a lesson's typed answer, Words
// mode's message): a finger's tap on such a field gives the page a focused input named as the field
// (a phone opens its keyboard only for one), what the keyboard delivers there (typed, inserted, Backspace,
// Enter) goes into the field, and a tap elsewhere lets go of it. A desktop click on the same field keeps
// the focus on the canvas, as before. Touches through the DevTools Protocol (harness.mjs), the field's
// reading and the verdict read from what the widget drew, the input's name from the accessibility tree.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launchBrowser, openPage, onLab, waitForLab, settleLab as settle, drawnBy, clickRect, canvasOrigin, centreOf,
  outputDir, PHONE, tap } from './harness.mjs';
import { visible } from './labels.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const ANSWER_LABEL = 'Your answer (a number, 39/7 or sqrt(5) also read)';
// A version 2 lesson of one number step on the start page's points: bound = (R/γ*)² = 39/7.
const numberLesson = (state) => ({
  version: 2, id: 'soft-keyboard', title: 'Typing on a phone',
  steps: [{ title: 'The bound', text: 'What is the mistake bound (R/γ*)² for these points?', state,
    number: { answer: 'bound', tolerance: 0.01 }, success: 'Right: 39/7.' }],
});

const drawn = (page) => drawnBy(page, null, 2);
const texts = (frame, role) => frame.texts.filter((t) => t.role === role).map((t) => t.text);
// What has the page's focus: the widget's canvas, an input (with its accessible name), or something else.
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  if (el === window.perceptronLab.canvas) return { what: 'canvas' };
  return { what: el ? el.tagName.toLowerCase() : 'none' };
});
async function itemNamed(page, name) {
  const frame = await drawn(page);
  const item = frame.items.find((i) => (i.name === name || name instanceof RegExp && name.test(i.name)) && visible(i));
  assert.ok(item, `${name} is drawn (items: ${frame.items.map((i) => i.name).join(', ')})`);
  return item;
}
async function tapItem(page, cdp, name) {
  const item = await itemNamed(page, name);
  await tap(page, cdp, centreOf(await canvasOrigin(page), item.rect));
  await settle(page);
  return item;
}
async function openNumberLesson(page) {
  const start = (await onLab(page, null, (lab) => lab.state())).fragment;
  assert.deepEqual(await onLab(page, null, (lab, obj) => lab.openLesson(obj), numberLesson(start)), { ok: true });
  await settle(page);
  if (!(await drawn(page)).items.some((i) => i.name === '##answer' && visible(i))) {
    const tab = (await drawn(page)).items.find((i) => i.label === 'Lesson');
    if (tab) await clickRect(page, tab.rect);
    await settle(page);
  }
}
async function openPhone() {
  const opened = await openPage(browser, `${server.url}/`, PHONE);
  await waitForLab(opened.page);
  return { ...opened, cdp: await opened.context.newCDPSession(opened.page) };
}
// The focused input, found by its role and accessible name (what a screen reader and the phone see).
const focusedTextbox = (page, name) => page.getByRole('textbox', { name, exact: true })
  .evaluate((el) => el === document.activeElement && el.getAttribute('inputmode') === null && el.getAttribute('autocomplete') === 'off'
    && el.getAttribute('enterkeyhint') === 'done', null, { timeout: 3000 })
  .catch(() => false);

test('phone: tapping the answer field opens a named input, the keyboard\'s typing reads on the card, Enter checks; a desktop click opens none', async () => {
  const { page, context, problems, cdp } = await openPhone();
  await openNumberLesson(page);

  const field = await tapItem(page, cdp, '##answer');
  assert.deepEqual(await focused(page), { what: 'input' }, 'the tap gave the page a text input (the keyboard opens for it)');
  assert.equal(await focusedTextbox(page, ANSWER_LABEL), true, `the input is named "${ANSWER_LABEL}", with no decimal keyboard`);
  // It lies over the field, so the page scrolls to keep the field above the keyboard.
  const box = await page.evaluate(() => { const r = document.activeElement.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  const origin = await canvasOrigin(page);
  const at = [origin.left + field.rect[0], origin.top + field.rect[1], origin.left + field.rect[2], origin.top + field.rect[3]];
  for (let k = 0; k < 4; k++) assert.ok(Math.abs(box[k] - at[k]) <= 2, `the input covers the field: ${box} against ${at}`);

  // A soft keyboard delivers text as input, not as key presses; then a Backspace.
  await page.keyboard.insertText('39/77');
  await settle(page);
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).typed, '39/77', 'every character arrived once');
  await page.keyboard.press('Backspace');
  await settle(page);
  assert.deepEqual(texts(await drawn(page), 'lesson-reading'), ['= 5.571'], '"39/77" less one character reads 39/7');
  assert.deepEqual((await onLab(page, null, (lab) => lab.lesson())).typed, '39/7');
  await page.screenshot({ path: path.join(outputDir, 'soft-keyboard-answer-390x844.png') });

  await page.keyboard.press('Enter');
  await settle(page);
  assert.deepEqual(texts(await drawn(page), 'lesson-verdict'), ['Right: 39/7.'], 'Enter on the keyboard checks the answer');
  assert.notEqual((await focused(page)).what, 'input', 'the field ended: its input let go of the focus (the keyboard closes)');

  // Open it again, then tap the card's text: the field and its input let go.
  await tapItem(page, cdp, '##answer');
  assert.deepEqual(await focused(page), { what: 'input' });
  const text = (await drawn(page)).texts.find((t) => t.role.startsWith('lesson-') && t.role !== 'lesson-reading');
  await tap(page, cdp, centreOf(await canvasOrigin(page), text.rect));
  await settle(page);
  assert.deepEqual(await focused(page), { what: 'canvas' }, 'a tap elsewhere on the canvas takes the focus back');
  assert.equal((await drawn(page)).items.find((i) => i.name === '##answer').active, false, 'the field is no longer edited');
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('input, textarea')].filter((el) => !el.hidden
    && el.closest('.perceptron-lab') && !el.closest('.perceptron-lab-a11y')).length), 0, 'no input is left over the canvas');
  assert.deepEqual(problems, []);
  await context.close();
  await desktopClickKeepsCanvasFocus();
});

// The same field clicked with a mouse: no input is made, the canvas keeps the keys, typing works as before.
async function desktopClickKeepsCanvasFocus() {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  await openNumberLesson(page);
  await clickRect(page, (await itemNamed(page, '##answer')).rect);
  await settle(page);
  assert.equal((await drawn(page)).items.find((i) => i.name === '##answer').active, true, 'the click put the cursor into the field');
  assert.deepEqual(await focused(page), { what: 'canvas' }, 'desktop: the canvas keeps the focus');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.perceptron-lab-text-proxy').length), 0, 'desktop: no input was made');
  await page.keyboard.type('39/7', { delay: 30 });
  await settle(page);
  assert.deepEqual(texts(await drawn(page), 'lesson-reading'), ['= 5.571']);
  assert.deepEqual(problems, []);
  await context.close();
}

test('phone: a Words-mode message typed with the on-screen keyboard is added as spam', async () => {
  const { page, context, problems, cdp } = await openPhone();
  assert.equal((await onLab(page, null, (lab) => lab.preset('spam'))).ok, true);
  await settle(page);
  await tapItem(page, cdp, '##new-message');
  assert.equal(await focusedTextbox(page, 'New message'), true, 'the message box has a focused input named "New message"');
  await page.keyboard.insertText('cheap viagra');
  await page.keyboard.type(' tonight', { delay: 30 });  // a keyboard that sends key presses
  await settle(page);
  const words = (await onLab(page, null, (lab) => lab.state())).words;
  assert.equal(words.trainedVisits, 0, 'the letters typed (n, space, ...) were text, not the widget\'s shortcuts');
  await tapItem(page, cdp, /###add-spam$/);
  assert.equal(texts(await drawn(page), 'words-message')[3], '4 spam | cheap viagra tonight | f = 0 \u2192 on the line | wrong');
  assert.notEqual((await focused(page)).what, 'input');
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: when the on-screen keyboard shrinks the page to 390x508, the answer field being typed in stays in sight (issue 41 item 8)', async () => {
  const { page, context, problems, cdp } = await openPhone();
  await openNumberLesson(page);
  await tapItem(page, cdp, '##answer');
  assert.deepEqual(await focused(page), { what: 'input' });
  await page.setViewportSize({ width: 390, height: 508 });  // what the keyboard leaves of the page
  await settle(page);
  const field = (await drawn(page)).items.find((i) => i.name === '##answer');
  assert.equal(field.active, true, 'the field is still being edited');
  assert.ok(field.rect[1] >= field.clip[1] - 1 && field.rect[3] <= field.clip[3] + 1,
    `the whole field shows in its panel: field ${field.rect.map(Math.round)}, visible part ${field.clip.map(Math.round)}`);
  const height = await page.evaluate(() => window.innerHeight);
  const box = await page.evaluate(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; });
  assert.ok(box[0] >= 0 && box[1] <= height + 1, `the input over it lies in the page that shows: ${box} of ${height}`);
  await page.keyboard.insertText('39/7');
  await settle(page);
  assert.deepEqual(texts(await drawn(page), 'lesson-reading'), ['= 5.571'], 'typing still reaches the field');
  await page.screenshot({ path: path.join(outputDir, 'soft-keyboard-390x508.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
