// The result record of a lesson (issue 28), as a student makes it with real clicks: a goal passed, a
// quiz answered wrong and then right on its radio buttons, each with the card's Check. result() shows
// the attempts, first tries and the score, the 'result' event fires after each check, a reload keeps
// the attempts, "Copy my result" puts a token on the clipboard that perceptron-cli check (the
// native build's, run as a process) accepts for exactly the steps passed, and checkGoal() fires the
// event as the card's Check does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startServer, launchBrowser, openPage, waitForLab, onLab, settleLab as settle, drawnBy as drawn,
  canvasOrigin as canvasBox, clickRect, clickData, repoRoot, holdClick } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const cli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');
const lessonFile = path.join(repoRoot, 'src', 'core', 'lesson', 'lessons', '06-separability.json');
const LESSON = JSON.parse(fs.readFileSync(lessonFile, 'utf8'));

// A real click on the card's button `label`, scrolled into view with the wheel first when needed.
async function clickButton(page, label) {
  for (let i = 0; i < 30; i++) {
    const item = (await drawn(page)).items.find((it) => it.label === label);
    assert.ok(item, `a "${label}" button is drawn`);
    if (item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3]) {
      await clickRect(page, item.rect);
      await settle(page);
      return;
    }
    const box = await canvasBox(page);
    await page.mouse.move(box.left + (item.clip[0] + item.clip[2]) / 2, box.top + (item.clip[1] + item.clip[3]) / 2);
    await page.mouse.wheel(0, item.rect[1] < item.clip[1] ? -100 : 100);
  }
  assert.fail(`"${label}" never came into view`);
}
const result = (page) => onLab(page, null, (lab) => lab.result());

test('a lesson graded from real clicks: attempts, the result event, a reload, and a token the checker accepts', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await waitForLab(page);
  assert.equal(await result(page), null, 'no lesson open: no record');
  await onLab(page, null, (lab) => lab.openLesson('separability'));
  await settle(page);

  // Step 1: a positive point between the two negatives makes the data not separable.
  await clickData(page, -1, 0);
  await clickButton(page, 'Check');
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).passed, true);
  await onLab(page, null, (lab) => {
    window.resultEvents = [];
    lab.on('result', (record) => window.resultEvents.push(record));
  });
  await clickButton(page, 'Next');

  // Step 2: the quiz. Its radio buttons sit one per row between the last paragraph and Back.
  const frame = await drawn(page);
  const lastText = frame.texts.filter((t) => t.role === 'lesson-text').at(-1).rect;
  const back = frame.items.find((i) => i.label === 'Back').rect;
  const rowHeight = back[3] - back[1];
  const quiz = LESSON.steps[1];
  const spacing = (back[1] - lastText[3] - quiz.choices.length * rowHeight) / (quiz.choices.length + 1);
  const box = await canvasBox(page);
  const clickChoice = async (k) => {
    await holdClick(page, box.left + back[0] + rowHeight / 2, box.top + lastText[3] + spacing + k * (rowHeight + spacing) + rowHeight / 2);
    await settle(page);
    assert.equal((await onLab(page, null, (lab) => lab.lesson())).chosen, k);
  };
  const wrong = quiz.answer === 0 ? 1 : 0;
  await clickChoice(wrong);
  await clickButton(page, 'Check');
  await clickChoice(quiz.answer);
  await clickButton(page, 'Check');
  await page.waitForFunction(() => window.resultEvents.length >= 2, null, { timeout: 5000 });

  const events = await page.evaluate(() => window.resultEvents);
  assert.equal(events.length, 2, 'one result event per Check');
  assert.equal(events[0].steps[1].attempts, 1);
  assert.equal(events[0].steps[1].passed, false);
  assert.equal(events[1].steps[1].passed, true);
  const record = await result(page);
  assert.equal(record.lesson.id, 'separability');
  assert.match(record.lesson.hash, /^[0-9a-f]{16}$/);
  assert.deepEqual(record.steps.map((s) => [s.attempts, s.passed, s.firstTry]), [[1, true, true], [2, true, false], [0, false, false]]);
  assert.equal(record.steps[1].choice, quiz.answer);
  assert.equal(record.steps[1].response, quiz.choices[quiz.answer]);
  assert.equal(record.steps[0].response, LESSON.steps[0].goal);
  assert.deepEqual(record.score, { raw: 2, max: 3, scaled: 2 / 3, scoring: 'passed' });
  assert.equal(record.completed, false);
  assert.match(record.token, /^PLR1\.[A-Za-z0-9_-]+$/);

  // The full-page widget keeps its state in the address: a reload keeps the attempts.
  await page.waitForFunction(() => /[#&]lp=1\.3\.-\.\d+_2\.1\.\d\.\d+_0(&|$)/.test(location.hash), null, { timeout: 5000 });
  await page.reload();
  await waitForLab(page);
  const reloaded = await result(page);
  assert.deepEqual(reloaded.steps.map((s) => [s.attempts, s.passed, s.firstTry]), [[1, true, true], [2, true, false], [0, false, false]]);
  assert.equal(reloaded.score.raw, 2);
  // The state step 1 was checked on comes back too (kept in local storage, not in the link), so the
  // student may go on changing the points: a Ctrl-click takes the positive point away again, and the
  // checker still judges step 1 on the state it passed on, not on the final link.
  await page.waitForFunction(() => window.perceptronLab.result().steps[0].state, null, { timeout: 5000 });
  const onPoint = await onLab(page, null, (w) => window.testHooks(w).toPage(-1, 0));
  await onLab(page, null, (w) => w.canvas.focus());  // the keys go where the focus is
  await page.mouse.move(onPoint.x, onPoint.y);  // the canvas finds the point under the mouse in a frame
  await page.keyboard.down('Control');
  await settle(page);
  await clickData(page, -1, 0);
  await page.keyboard.up('Control');
  assert.equal((await onLab(page, null, (lab) => lab.state())).points.length, 4, 'the positive point is gone');

  // "Copy my result" on the card: the token on the clipboard, and the checker agrees step by step.
  await clickButton(page, 'Copy my result');
  await page.waitForFunction(() => window.perceptronLab.notice().includes('result is copied'), null, { timeout: 5000 });
  const token = await page.evaluate(() => navigator.clipboard.readText());
  // The same record as result() gives a moment later, but for the seconds at the step the student is on,
  // which go on counting between the two reads (a loaded machine saw 2 and then 3).
  const withoutSeconds = (t) => {
    const r = JSON.parse(Buffer.from(t.replace(/^PLR1\./, ''), 'base64url').toString('utf8'));
    for (const step of r.steps) delete step.seconds;
    return r;
  };
  assert.deepEqual(withoutSeconds(token), withoutSeconds((await result(page)).token));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pl-result-')), 'token.txt');
  fs.writeFileSync(file, token);
  const run = spawnSync(cli, ['check', '--lesson', 'separability', '--token', `@${file}`, '--json'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true });
  assert.equal(run.status, 1, `not every step is passed yet: exit 1 (${run.stderr})`);
  const checked = JSON.parse(run.stdout);
  assert.deepEqual(checked.steps.map((s) => s.verdict), ['passed', 'passed', 'not checked']);
  assert.equal(checked.steps[0].judgedOn, 'own state', 'step 1 is judged on the state it was checked on');
  assert.deepEqual(checked.score, { raw: 2, max: 3, scaled: 2 / 3, scoring: 'passed' });

  // A check through the handle fires the event too (an attempt more, after the reload).
  await onLab(page, null, (lab) => { window.viaHandle = []; lab.on('result', (record) => window.viaHandle.push(record)); });
  await onLab(page, null, (lab, k) => { lab.chooseAnswer(k); lab.checkGoal(); }, quiz.answer);
  await page.waitForFunction(() => window.viaHandle.length === 1, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.viaHandle[0].steps[1].attempts), 3);
  assert.deepEqual(problems, []);
  await context.close();
});
