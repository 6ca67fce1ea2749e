// Guided lessons (docs/instructors.md "Lessons"), as a student and an instructor meet them: every built-in lesson
// opened and walked step by step (the handle and the card's own Next button) at desktop and phone
// sizes, a goal judged on real clicks, a quiz answered on its radio button, lesson links (built-in and
// an instructor's own, compressed inside the link), the work kept across a reload of a course page,
// the declarative attributes and the postMessage verbs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { startServer, launchBrowser, openPage, routePage, repoRoot, releaseRoot, onLab, waitForLab,
  settleLab as settle, drawnBy as drawn, canvasOrigin as canvasBox, clickRect, clickData, pressOnCanvas, embedPage, labOf, holdClick } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The built-in lessons as written (src/core/lesson/lessons/*.json, in file-name order, as the module lists them).
const lessonDir = path.join(repoRoot, 'src', 'core', 'lesson', 'lessons');
const BUILTIN = fs.readdirSync(lessonDir).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(lessonDir, f), 'utf8')));
const SIZES = [[1280, 800], [390, 844]];
// A step's "controls" name -> the panel switch of state().panels it turns on.
const CONTROL_PANEL = { train: 'training', data: 'data', kernel: 'kernel', show: 'show', share: 'share', theory: 'theory', plots: 'plots', lift: 'liftView' };

// onLab, waitForLab, settle, drawn, canvasBox: one widget of the page by element id (harness.mjs).

// A real click on the card's button `label` (found where the last frame drew it).
async function clickButton(page, label, who = null) {
  const frame = await drawn(page, who);
  const item = frame.items.find((i) => i.label === label);
  assert.ok(item, `a "${label}" button is drawn (${frame.items.map((i) => i.label).join(', ')})`);
  assert.ok(item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3], `"${label}" is inside its column`);
  await clickRect(page, item.rect, who);
  await settle(page, who);
}
// Scrolls the item's column with the mouse wheel (a notch at a time) until the item is whole in view.
async function wheelIntoView(page, label, who = null) {
  for (let i = 0; i < 30; i++) {
    const item = (await drawn(page, who)).items.find((it) => it.label === label);
    if (item && item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3]) return;
    const box = await canvasBox(page, who);
    const clip = item ? item.clip : (await drawn(page, who)).items.find((it) => it.label === 'Back').clip;
    await page.mouse.move(box.left + (clip[0] + clip[2]) / 2, box.top + (clip[1] + clip[3]) / 2);
    await page.mouse.wheel(0, item && item.rect[1] < item.clip[1] ? -100 : 100);
  }
}
// What the card shows of a step's text: its paragraphs without the markup, spaces collapsed.
const plainParagraphs = (text) => text.split(/\n[ \t]*\n/).map((p) => p.replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim()).filter(Boolean);
const squash = (s) => s.replace(/\s+/g, ' ').trim();
const linkKey = (link, key) => link.slice(link.indexOf('#') + 1).split('&').find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
// Until the widget's link carries its lesson compressed by the browser: the first deflate block of lessonz
// is of type 1 or 2 (Huffman codes), not the stored blocks a link carries until then (embed_lessons.js).
const lessonCompressed = (page, who = null) => page.waitForFunction(`(() => {
  const m = /[#&]lessonz=([^&]*)/.exec(${labOf(who)}.link());
  return m !== null && (atob(m[1].slice(0, 4).replace(/-/g, '+').replace(/_/g, '/')).charCodeAt(0) & 6) !== 0;
})()`, null, { timeout: 10000 });

// lesson(), state() and the card against the lesson file at step k.
async function checkStep(page, lesson, k, where) {
  const want = lesson.steps[k];
  const got = await onLab(page, null, (lab) => lab.lesson());
  assert.deepEqual(got, {
    id: lesson.id, title: lesson.title, builtin: true, step: k, steps: lesson.steps.length, stepTitle: want.title, text: want.text,
    goal: want.goal ?? null, choices: want.choices ?? [], chosen: null, checked: false, passed: null, message: '',
    kind: want.choices ? (want.answers ? 'select' : 'quiz') : want.number ? 'number' : want.predict ? 'predict' : want.vector ? 'vector' : want.goal ? 'goal' : 'text',
    ticked: [], typed: '', values: [], predicted: null, maxAttempts: want.maxAttempts ?? null, attempts: 0, marks: null, outOfTries: false,
    next: want.predict ? got.next : null, asksNewW: Boolean(want.predict && want.vector),
    scoring: lesson.scoring ?? 'passed', scoringNote: '', finished: false, summary: '',
  }, `${where}: lesson() at step ${k + 1}`);
  const state = await onLab(page, null, (lab) => lab.state());
  assert.equal(state.lesson, lesson.id);
  assert.equal(state.lessonStep, k);
  if (typeof want.state === 'string') assert.equal(linkKey(state.fragment, 'd'), linkKey(want.state, 'd'), `${where}: step ${k + 1} set its points up`);
  if (want.controls) {
    for (const [name, panel] of Object.entries(CONTROL_PANEL)) {
      assert.equal(state.panels[panel], want.controls.includes(name), `${where}: step ${k + 1} panel ${panel}`);
    }
  }
  const texts = (await drawn(page)).texts.filter((t) => t.role === 'lesson-text').map((t) => squash(t.text));
  assert.deepEqual(texts, plainParagraphs(want.text), `${where}: the card shows the text of step ${k + 1}`);
}

test('every built-in lesson opens and walks every step (Next button at 1280x800, lessonStep at 390x844), with screenshots', async () => {
  for (const [width, height] of SIZES) {
    const where = `${width}x${height}`;
    const { page, context, problems } = await openPage(browser, `${server.url}/`, { width, height });
    await waitForLab(page);
    const list = await onLab(page, null, (lab) => lab.lessons());
    assert.deepEqual(list, BUILTIN.map((l) => ({ id: l.id, title: l.title, steps: l.steps.length })));
    assert.ok(list.length >= 8);
    for (const lesson of BUILTIN) {
      assert.deepEqual(await onLab(page, null, (lab, id) => lab.openLesson(id), lesson.id), { ok: true });
      await checkStep(page, lesson, 0, `${where} ${lesson.id}`);
      await page.mouse.move(width - 2, height - 2);  // no tooltip of the last button in the picture
      await settle(page);
      await page.screenshot({ path: path.join(repoRoot, 'build', 'test-output', `lesson-${lesson.id}-${where}.png`) });
      for (let k = 1; k < lesson.steps.length; k++) {
        if (width >= 1000) await clickButton(page, 'Next');
        else assert.deepEqual(await onLab(page, null, (lab, step) => lab.lessonStep(step), k), { ok: true });
        await checkStep(page, lesson, k, `${where} ${lesson.id}`);
      }
      const beyond = await onLab(page, null, (lab, n) => lab.lessonStep(n), lesson.steps.length);
      assert.equal(beyond.ok, false);
      assert.match(beyond.error, new RegExp(`has ${lesson.steps.length} steps; there is no step ${lesson.steps.length + 1}`));
      if (width >= 1000) {  // the last step's button finishes the lesson: "Lesson complete", then Close
        await clickButton(page, 'Finish');
        const done = (await drawn(page)).texts.filter((t) => t.role === 'lesson-complete').map((t) => t.text);
        assert.equal(done[0], 'Lesson complete', `${lesson.id}: Finish says the lesson is complete`);
        await clickButton(page, 'Close the lesson');
        assert.equal(await onLab(page, null, (lab) => lab.lesson()), null, `${lesson.id}: Close the lesson closes it`);
        assert.equal((await onLab(page, null, (lab) => lab.state())).lesson, '');
      }
    }
    const unknown = await onLab(page, null, (lab) => lab.openLesson('no-such-lesson'));
    assert.equal(unknown.ok, false);
    assert.match(unknown.error, /no built-in lesson called "no-such-lesson".*update-rule/);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a goal judged on real clicks: Check fails before the edit and passes after it (separability, step 1)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  const lesson = BUILTIN.find((l) => l.id === 'separability');
  await onLab(page, null, (lab) => lab.openLesson('separability'));
  await settle(page);
  const start = await onLab(page, null, (lab) => lab.state());
  assert.equal(start.points.length, 4);
  assert.equal(start.separable, true);
  let verdict = await onLab(page, null, (lab) => lab.checkGoal());
  assert.equal(verdict.passed, false);
  assert.match(verdict.message, /points == 5 is not met: points is 4/);

  // A fifth point on the positive side keeps the classes separable: the card's Check says not yet.
  await clickData(page, 2.5, 2.5);
  assert.equal((await onLab(page, null, (lab) => lab.state())).points.length, 5);
  await clickButton(page, 'Check');
  let card = await onLab(page, null, (lab) => lab.lesson());
  assert.equal(card.checked, true);
  assert.equal(card.passed, false);
  assert.match(card.message, /separable == false is not met/);
  assert.ok(card.message.includes(lesson.steps[0].hint), 'the hint follows a failed check');

  // Undo (Ctrl+Z), then a positive point between the two negatives: no line separates them now.
  await pressOnCanvas(page, 'Control+z');
  assert.equal((await onLab(page, null, (lab) => lab.state())).points.length, 4);
  await clickData(page, -1, 0);
  const after = await onLab(page, null, (lab) => lab.state());
  assert.equal(after.points.length, 5);
  assert.deepEqual(after.labels, [1, 1, -1, -1, 1]);
  assert.equal(after.separable, false);
  await clickButton(page, 'Check');
  card = await onLab(page, null, (lab) => lab.lesson());
  assert.equal(card.passed, true);
  assert.equal(card.message, lesson.steps[0].success);
  verdict = await onLab(page, null, (lab) => lab.checkGoal());
  assert.deepEqual(verdict, { passed: true, message: lesson.steps[0].success });
  await page.mouse.move(1278, 798);
  await settle(page);
  await page.screenshot({ path: path.join(repoRoot, 'build', 'test-output', 'lesson-goal-passed.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a quiz answered by clicking its radio button, then Check (separability, step 2)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  const step = BUILTIN.find((l) => l.id === 'separability').steps[1];
  await onLab(page, null, (lab) => lab.openLesson('separability', 1));
  await clickButton(page, 'Check');
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).message, 'Pick an answer first.');

  // The radio buttons sit one per row between the last paragraph and the Back button (this step has
  // no goal line and its answers fit on one line each): solve the rows' spacing from those two.
  const frame = await drawn(page);
  const lastText = frame.texts.filter((t) => t.role === 'lesson-text').at(-1).rect;
  const back = frame.items.find((i) => i.label === 'Back').rect;
  const rowHeight = back[3] - back[1];
  const n = step.choices.length;
  const spacing = (back[1] - lastText[3] - n * rowHeight) / (n + 1);
  assert.ok(spacing > 0 && spacing < rowHeight, `rows fit: spacing ${spacing}`);
  const box = await canvasBox(page, null);
  const clickChoice = async (k) => {
    const y = lastText[3] + spacing + k * (rowHeight + spacing) + rowHeight / 2;
    await holdClick(page, box.left + back[0] + rowHeight / 2, box.top + y);
    await settle(page);
  };
  const wrong = step.answer === 0 ? 1 : 0;
  await clickChoice(wrong);
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).chosen, wrong);
  await clickButton(page, 'Check');
  let card = await onLab(page, null, (lab) => lab.lesson());
  assert.equal(card.passed, false);
  assert.match(card.message, /^Not this one\./);
  await clickChoice(step.answer);
  card = await onLab(page, null, (lab) => lab.lesson());
  assert.equal(card.chosen, step.answer);
  assert.equal(card.checked, false, 'a new answer clears the last verdict');
  await clickButton(page, 'Check');
  card = await onLab(page, null, (lab) => lab.lesson());
  assert.equal(card.passed, true);
  assert.equal(card.message, step.success);
  // The same through the handle.
  assert.equal((await onLab(page, null, (lab) => lab.chooseAnswer(7))).ok, false);
  assert.deepEqual(await onLab(page, null, (lab, k) => lab.chooseAnswer(k), wrong), { ok: true });
  assert.equal((await onLab(page, null, (lab) => lab.checkGoal())).passed, false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a built-in lesson link reopens the same step with the same work in a fresh page', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  await onLab(page, null, (lab) => lab.openLesson('update-rule'));
  await clickButton(page, 'Next');
  await clickButton(page, 'Next');
  await pressOnCanvas(page, 's');
  await pressOnCanvas(page, 's');
  await clickData(page, 2, -2, 'right');
  const want = { state: await onLab(page, null, (lab) => lab.state()), lesson: await onLab(page, null, (lab) => lab.lesson()) };
  assert.equal(want.lesson.step, 2);
  const link = await onLab(page, null, (lab) => lab.link());
  assert.equal(linkKey(link, 'lesson'), 'update-rule');
  assert.equal(linkKey(link, 'step'), '2');
  assert.equal(linkKey(link, 'lessonz'), undefined, 'a built-in lesson travels by its id');

  const fresh = await openPage(browser, link, { width: 1280, height: 800 });
  await waitForLab(fresh.page);
  assert.deepEqual(await onLab(fresh.page, null, (lab) => lab.lesson()), want.lesson);
  assert.deepEqual(await onLab(fresh.page, null, (lab) => lab.state()), want.state, 'the student\'s points and training came along');
  const texts = (await drawn(fresh.page)).texts.filter((t) => t.role === 'lesson-text').map((t) => squash(t.text));
  assert.deepEqual(texts, plainParagraphs(want.lesson.text), 'the card shows step 3');
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

// An instructor's lesson of three steps (the first sets the four lecture points up).
const MY_LESSON = {
  version: 1, id: 'my-course-week-3', title: 'Week 3: your own lines',
  steps: [
    { title: 'Start', text: 'Four points. Press **Step** a few times.', state: '#d=AgQDgBCAIIAQ_w__L_8fAIAg&v=1', controls: ['train', 'theory'], goal: 'visits >= 2' },
    { title: 'Add a point', text: 'Add a **fifth** point anywhere.\n\nThen press `Check`.', goal: 'points >= 5', hint: 'Click on the canvas.', success: 'Five points!' },
    { title: 'A question', text: 'Is w = 0 a separator?', choices: ['yes', 'no'], answer: 1 },
  ],
};

test("an instructor's lesson travels inside the link, compressed, and reopens at the same step", async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  assert.deepEqual(await onLab(page, null, (lab, l) => lab.openLesson(l), MY_LESSON), { ok: true });
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).builtin, false);
  await pressOnCanvas(page, 's');
  await clickButton(page, 'Next');
  await clickData(page, 2, -2, 'right');
  await clickButton(page, 'Check');
  const want = { state: await onLab(page, null, (lab) => lab.state()), lesson: await onLab(page, null, (lab) => lab.lesson()) };
  assert.equal(want.lesson.passed, true);
  assert.equal(want.lesson.message, 'Five points!');

  // link() answers at once; once the browser has compressed the lesson the link is shorter.
  const lessonJsonBytes = Buffer.byteLength(JSON.stringify(MY_LESSON));
  await page.waitForFunction((limit) => window.perceptronLab.link().split('lessonz=')[1].split('&')[0].length < limit,
    Math.ceil(lessonJsonBytes * 4 / 3), { timeout: 5000 });
  const link = await onLab(page, null, (lab) => lab.link());
  assert.match(link, /&lesson=my-course-week-3&step=1&lessonz=[\w-]+&v=1$/, 'lessonz before the final v=1');
  // lessonz is base64url of raw DEFLATE: any inflater reads the lesson back.
  const carried = JSON.parse(zlib.inflateRawSync(Buffer.from(linkKey(link, 'lessonz'), 'base64url')).toString('utf8'));
  assert.equal(carried.id, MY_LESSON.id);
  assert.deepEqual(carried.steps.map((s) => [s.title, s.text, s.goal, s.choices, s.answer]),
    MY_LESSON.steps.map((s) => [s.title, s.text, s.goal, s.choices, s.answer]));

  const fresh = await openPage(browser, link, { width: 1280, height: 800 });
  await waitForLab(fresh.page);
  const got = await onLab(fresh.page, null, (lab) => lab.lesson());
  assert.deepEqual(got, { ...want.lesson, checked: false, passed: null, message: '' }, 'the same lesson at the same step (the verdict is checked anew)');
  assert.deepEqual(await onLab(fresh.page, null, (lab) => lab.state()), want.state);
  assert.deepEqual(await onLab(fresh.page, null, (lab) => lab.checkGoal()), { passed: true, message: 'Five points!' });
  // The full page keeps the lesson in its URL, so a reload keeps it too.
  await fresh.page.waitForFunction(() => location.hash.includes('lessonz='), null, { timeout: 5000 });
  await fresh.page.reload();
  await waitForLab(fresh.page);
  assert.equal((await onLab(fresh.page, null, (lab) => lab.lesson())).stepTitle, 'Add a point');
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();

  // The single file (release build) from disk unpacks it too, under its own strict CSP.
  const single = await openPage(browser, `${pathToFileURL(path.join(releaseRoot, 'perceptron-lab-single.html')).href}#${link.split('#')[1]}`);
  await single.page.waitForFunction(() => document.getElementById('lab').perceptronLab, null, { timeout: 60000 });
  const singleLesson = await single.page.evaluate(() => document.getElementById('lab').perceptronLab.lesson());
  assert.deepEqual([singleLesson.id, singleLesson.step, singleLesson.builtin], [MY_LESSON.id, 1, false]);
  assert.deepEqual(single.problems, []);
  await single.context.close();

  // closeLesson() from the page's script brings back the sections the lesson's steps hid (issue 41).
  assert.equal((await onLab(page, null, (lab) => lab.state({ points: false }).panels.share)), false, 'the lesson hid Share');
  await onLab(page, null, (lab) => lab.closeLesson());
  const panels = await onLab(page, null, (lab) => lab.state({ points: false }).panels);
  assert.equal(panels.share, true, 'Share is back after closeLesson()');
  assert.equal(panels.data, true, 'Data is back after closeLesson()');
  // load() of such a link into a running widget resolves once the lesson is unpacked.
  const loaded = await onLab(page, null, (lab, l) => lab.load(l), link);
  assert.deepEqual(loaded, { ok: true });
  assert.equal((await onLab(page, null, (lab) => lab.lesson())).id, MY_LESSON.id);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a damaged lessonz: a message, the state and the lesson untouched, the widget keeps working', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForLab(page);
  await onLab(page, null, (lab, l) => lab.openLesson(l), MY_LESSON);
  await onLab(page, null, (lab) => lab.lessonStep(1));
  await lessonCompressed(page);
  const link = await onLab(page, null, (lab) => lab.link());
  const lessonz = linkKey(link, 'lessonz');
  const withLessonz = (value) => link.replace(`lessonz=${lessonz}`, `lessonz=${value}`);
  const deflated = (text) => zlib.deflateRawSync(Buffer.from(text)).toString('base64url');
  const bad = {
    truncated: withLessonz(lessonz.slice(0, Math.floor(lessonz.length / 2))),
    'cut off with the link': link.slice(0, link.indexOf('lessonz=') + 8 + Math.floor(lessonz.length / 2)),
    'not base64url': withLessonz('%%%not*base64'),
    'not deflate': withLessonz(Buffer.from('just some text, not compressed').toString('base64url')),
    'not JSON inside': withLessonz(deflated('week 3, steps 1 to 3')),
    'a malformed lesson': withLessonz(deflated(JSON.stringify({ ...MY_LESSON, steps: [{ title: 'x', text: 'y', goal: 'points >> 3' }] }))),
    'another lesson id': link.replace('lesson=my-course-week-3', 'lesson=update-rule'),
    'bad rest of the link': link.replace(/d=[^&]*/, 'd=!!!'),
  };
  // In a running widget with work and another lesson open: each refused, nothing changes.
  await onLab(page, null, (lab) => lab.openLesson('xor-lift', 1));
  await clickData(page, 0.5, 2.5);
  const before = { state: await onLab(page, null, (lab) => lab.state()), lesson: await onLab(page, null, (lab) => lab.lesson()) };
  for (const [name, value] of Object.entries(bad)) {
    const r = await onLab(page, null, (lab, l) => lab.load(l), value);
    assert.equal(r.ok, false, `${name}: refused`);
    assert.ok(r.error.length > 20, `${name}: ${r.error}`);
    assert.equal(await onLab(page, null, (lab) => lab.notice()), r.error, `${name}: the widget shows why`);
    assert.match(r.error, /The widget kept its current state\.$/, name);
    assert.deepEqual(await onLab(page, null, (lab) => lab.state()), before.state, `${name}: state untouched`);
    assert.deepEqual(await onLab(page, null, (lab) => lab.lesson()), before.lesson, `${name}: lesson untouched`);
  }
  assert.match((await onLab(page, null, (lab, l) => lab.load(l), bad.truncated)).error, /damaged or was cut off/);
  assert.match((await onLab(page, null, (lab, l) => lab.load(l), bad['another lesson id'])).error, /"my-course-week-3".*"update-rule"/);
  assert.match((await onLab(page, null, (lab, l) => lab.load(l), bad['a malformed lesson'])).error, /Step 1: the goal is not valid: position 9: expected a number/);

  // Opened as a page of its own: the default scene with the message, and a working widget.
  const fresh = await openPage(browser, bad.truncated, { width: 1280, height: 800 });
  await waitForLab(fresh.page);
  assert.match(await onLab(fresh.page, null, (lab) => lab.notice()), /could not be opened.*damaged or was cut off/);
  assert.equal(await onLab(fresh.page, null, (lab) => lab.lesson()), null);
  const n = (await onLab(fresh.page, null, (lab) => lab.state())).points.length;
  await clickData(fresh.page, 1.5, -2.5);
  assert.equal((await onLab(fresh.page, null, (lab) => lab.state())).points.length, n + 1, 'a click still adds a point');
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

// A course page with three embedded widgets: a lesson (by id), one without an id, one that forgets.
const COURSE = (extra = '') => embedPage(`
  <div id="lesson-1" class="perceptron-lab" data-lesson="update-rule" data-height="560" style="width:1000px"></div>
  <div class="perceptron-lab" data-preset="xor" data-controls="train" data-height="400" style="width:1000px" ${extra}></div>
  <div id="forgets" class="perceptron-lab" data-preset="and" data-remember="off" data-height="400" style="width:1000px"></div>`,
{ head: '<style>body{margin:0}</style>' });
const widgetIds = async (page) => {
  await page.evaluate(() => document.querySelectorAll('.perceptron-lab').forEach((el, i) => { if (!el.id) el.id = `unnamed-${i}`; }));
  return ['lesson-1', 'unnamed-1', 'forgets'];
};
async function waitForCourse(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('.perceptron-lab')].every((el) => el.perceptronLab), null, { timeout: 60000 });
  const ids = await widgetIds(page);
  for (const id of ids) await waitForLab(page, id);
  return ids;
}

test('a reload of a course page keeps each widget\'s progress and edits; data-remember="off" does not', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1100, height: 800 });
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await routePage(page, server.url, '/course/week3.html', COURSE());
  await routePage(page, server.url, '/t/blank.html', '<!doctype html><title>another page</title>');
  await page.goto(`${server.url}/course/week3.html`);
  let [lessonWidget, unnamed, forgets] = await waitForCourse(page);
  const start = {};
  for (const id of [lessonWidget, unnamed, forgets]) start[id] = await onLab(page, id, (lab) => lab.state());
  assert.equal(start[lessonWidget].lesson, 'update-rule');
  assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), [], 'nothing is stored for an untouched page');

  // Work in each widget, with real clicks and keys.
  await onLab(page, lessonWidget, (lab) => lab.element.scrollIntoView());
  await clickButton(page, 'Next', lessonWidget);
  await pressOnCanvas(page, 's', lessonWidget);
  await clickData(page, 2.5, -1.5, 'right', lessonWidget);
  await onLab(page, unnamed, (lab) => lab.element.scrollIntoView());
  await clickData(page, 0.5, 0.5, 'left', unnamed);
  await pressOnCanvas(page, 'e', unnamed);
  await onLab(page, forgets, (lab) => lab.element.scrollIntoView());
  await clickData(page, 0.5, 0.5, 'left', forgets);  // inside the view fitted to the AND points (±1, ±1)
  const work = {};
  for (const id of [lessonWidget, unnamed, forgets]) work[id] = await onLab(page, id, (lab) => lab.state());
  const workLesson = await onLab(page, lessonWidget, (lab) => lab.lesson());
  assert.equal(workLesson.step, 1);
  assert.equal(work[unnamed].points.length, start[unnamed].points.length + 1);
  assert.equal(work[forgets].points.length, start[forgets].points.length + 1);
  await page.waitForFunction(() => Object.keys(localStorage).length === 2, null, { timeout: 5000 });
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  assert.deepEqual(keys, ['perceptron-lab:/course/week3.html|id:lesson-1', 'perceptron-lab:/course/week3.html|index:1']);

  await page.reload();
  [lessonWidget, unnamed, forgets] = await waitForCourse(page);
  assert.deepEqual(await onLab(page, lessonWidget, (lab) => lab.state()), work[lessonWidget], 'lesson widget: points, training, step');
  assert.deepEqual(await onLab(page, lessonWidget, (lab) => lab.lesson()), workLesson);
  assert.deepEqual(await onLab(page, unnamed, (lab) => lab.state()), work[unnamed], 'widget without an id: kept by its index');
  assert.deepEqual(await onLab(page, forgets, (lab) => lab.state()), start[forgets], 'data-remember="off": back to the start');

  // A corrupt entry is ignored with a warning and removed; the widget starts as the page says. (Set
  // from another page of the site: the live widget would write its own work over it.)
  const setEntry = async (value) => {
    await page.goto(`${server.url}/t/blank.html`);
    await page.evaluate((v) => localStorage.setItem('perceptron-lab:/course/week3.html|index:1', v), value);
    await page.goto(`${server.url}/course/week3.html`);
  };
  await setEntry('{"version":1,"link":');
  [lessonWidget, unnamed, forgets] = await waitForCourse(page);
  assert.deepEqual(await onLab(page, unnamed, (lab) => lab.state()), start[unnamed]);
  assert.ok(warnings.some((w) => w.includes('ignored and removed the saved work of perceptron-lab:/course/week3.html|index:1')), warnings.join('\n'));
  assert.equal(await page.evaluate(() => localStorage.getItem('perceptron-lab:/course/week3.html|index:1')), null);
  assert.equal((await onLab(page, lessonWidget, (lab) => lab.lesson())).step, 1, 'the other widget kept its work');

  // An entry whose link no longer loads: the same.
  // (The entry's start is the page's start screen without its view: embed_lessons.js signature().)
  const startSignature = start[unnamed].fragment.split('&').filter((part) => !/^(cx|cy|span)=/.test(part)).join('&');
  await setEntry(JSON.stringify({ version: 1, start: startSignature, link: '#d=!!!&v=1' }));
  [lessonWidget, unnamed, forgets] = await waitForCourse(page);
  assert.deepEqual(await onLab(page, unnamed, (lab) => lab.state()), start[unnamed]);
  assert.equal(await onLab(page, unnamed, (lab) => lab.notice()), '', 'no message about the saved link');
  assert.equal(warnings.filter((w) => w.includes('saved work of perceptron-lab:/course/week3.html|index:1')).length, 2);

  // The instructor changes the second widget: its saved work must not hide the new page.
  await onLab(page, unnamed, (lab) => lab.element.scrollIntoView());
  await clickData(page, -0.5, 0.5, 'left', unnamed);
  await page.waitForFunction(() => localStorage.getItem('perceptron-lab:/course/week3.html|index:1'), null, { timeout: 5000 });
  await page.unroute(`${server.url}/course/week3.html`);
  await routePage(page, server.url, '/course/week3.html', COURSE('data-lift="product"'));
  await page.reload();
  [lessonWidget, unnamed, forgets] = await waitForCourse(page);
  const changed = await onLab(page, unnamed, (lab) => lab.state());
  assert.equal(changed.lift, 'xy');
  assert.equal(changed.points.length, start[unnamed].points.length, 'the new start, not the old work');
  assert.equal((await onLab(page, lessonWidget, (lab) => lab.lesson())).step, 1, 'the unchanged widget kept its work');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the course page example: its lesson widget keeps its step and work across a reload', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 800 });
  await waitForLab(page, 'update-rule');
  for (const id of ['xor-fails', 'xor-solved']) await waitForLab(page, id);
  assert.equal((await onLab(page, 'update-rule', (lab) => lab.lesson())).id, 'update-rule');
  // What the page says of the pre-run XOR widget is what it shows (finding F12 of issue 24).
  const xor = await onLab(page, 'xor-fails', (lab) => lab.state());
  assert.ok(xor.mistakesPerEpoch.length > 1 && xor.mistakesPerEpoch.every((m) => m === 4), String(xor.mistakesPerEpoch));
  assert.deepEqual(xor.weights.map(Math.abs), xor.weights.map(() => 0), 'every epoch ends at w = 0');
  assert.match(await page.locator('section', { has: page.locator('#xor-fails') }).innerText(), /every epoch ends back at w = 0, where no line is drawn/);
  await onLab(page, 'update-rule', (lab) => lab.element.scrollIntoView());
  await pressOnCanvas(page, 's', 'update-rule');
  await wheelIntoView(page, 'Check', 'update-rule');  // under the card's own training buttons
  await clickButton(page, 'Check', 'update-rule');
  assert.equal((await onLab(page, 'update-rule', (lab) => lab.lesson())).passed, true, 'one Step makes the first mistake');
  await clickButton(page, 'Next', 'update-rule');
  const want = { state: await onLab(page, 'update-rule', (lab) => lab.state()), step: (await onLab(page, 'update-rule', (lab) => lab.lesson())).step };
  assert.equal(want.step, 1);
  // The saved work (one entry per widget: 'perceptron-lab:...'); the checked step's state has its own
  // entry ('perceptron-lab-checks:...', web/embed_check_states.js).
  await page.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('perceptron-lab:')).length === 1, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('perceptron-lab-checks:')).length), 1);
  await page.reload();
  await waitForLab(page, 'update-rule');
  assert.deepEqual(await onLab(page, 'update-rule', (lab) => lab.state()), want.state);
  assert.equal((await onLab(page, 'update-rule', (lab) => lab.lesson())).stepTitle, 'Predict the next update');
  // The page opens its data-lesson fresh, then the saved work: the attempts come back with the work.
  const record = await onLab(page, 'update-rule', (lab) => lab.result());
  assert.deepEqual(record.steps.map((s) => [s.attempts, s.passed]).slice(0, 2), [[1, true], [0, false]], 'the check before the reload counts');
  assert.deepEqual(problems, []);
  await context.close();
});

test('storage refused (a sandboxed iframe) does not break an embedded widget', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank');
  const single = fs.readFileSync(path.join(releaseRoot, 'perceptron-lab-single.html'), 'utf8');
  // The single file's widget embedded as a course widget (no data-sync-url): it would use localStorage.
  const embedded = single.replace('data-sync-url ', 'data-lesson="xor-lift" ');
  assert.notEqual(embedded, single);
  const srcdoc = embedded.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  await routePage(page, server.url, '/t/sandboxed.html', `<!doctype html><html><body>
    <iframe sandbox="allow-scripts" width="900" height="600" srcdoc="${srcdoc}"></iframe></body></html>`);
  await page.goto(`${server.url}/t/sandboxed.html`);
  const frame = page.frames()[1];
  await frame.waitForFunction(() => document.getElementById('lab').perceptronLab, null, { timeout: 60000 });
  const r = await frame.evaluate(async () => {
    const lab = document.getElementById('lab').perceptronLab;
    let storage;
    try { storage = typeof window.localStorage; } catch (err) { storage = err.name; }
    lab.lessonStep(1);
    lab.train({ epochs: 3 });
    // Past the moment a save would be due (500 ms after the change): an absence (no error), so time in
    // the page is the measure.
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { storage, lesson: lab.lesson(), state: lab.state() };
  });
  assert.equal(r.storage, 'SecurityError', 'the sandbox refuses storage');
  assert.equal(r.lesson.id, 'xor-lift');
  assert.equal(r.lesson.step, 1);
  assert.equal(r.state.epochs, 3);
  assert.deepEqual(problems, []);
  await context.close();
});

test('data-lesson, data-lesson-step and data-lesson-src (good, malformed, not found, not JSON)', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1100, height: 800 });
  const bad = { ...MY_LESSON, id: 'broken', steps: [{ ...MY_LESSON.steps[0], goal: 'points = 5' }] };
  const serve = (urlPath, body, contentType = 'application/json') =>
    page.route(`${server.url}${urlPath}`, (route) => route.fulfill({ status: 200, contentType, body }));
  await serve('/course/lessons/week3.json', JSON.stringify(MY_LESSON));
  await serve('/course/lessons/broken.json', JSON.stringify(bad));
  await serve('/course/lessons/page.json', '<!doctype html><p>Moved</p>', 'text/html');
  await routePage(page, server.url, '/course/index.html', embedPage(`
    <div id="by-id" class="perceptron-lab" data-lesson="xor-lift" data-lesson-step="2" data-height="500"></div>
    <div id="by-src" class="perceptron-lab" data-lesson-src="lessons/week3.json" data-height="500"></div>
    <div id="broken" class="perceptron-lab" data-preset="xor" data-lesson-src="lessons/broken.json" data-height="500"></div>
    <div id="missing" class="perceptron-lab" data-preset="xor" data-lesson-src="lessons/missing.json" data-height="500"></div>
    <div id="not-json" class="perceptron-lab" data-preset="xor" data-lesson-src="lessons/page.json" data-height="500"></div>
    <div id="no-step" class="perceptron-lab" data-lesson="update-rule" data-lesson-step="9" data-height="500"></div>`));
  await page.goto(`${server.url}/course/index.html`);
  for (const id of ['by-id', 'by-src', 'broken', 'missing', 'not-json', 'no-step']) await waitForLab(page, id);
  const byId = await onLab(page, 'by-id', (lab) => lab.lesson());
  assert.equal(byId.id, 'xor-lift');
  assert.equal(byId.step, 2);
  const bySrc = await onLab(page, 'by-src', (lab) => lab.lesson());
  assert.deepEqual([bySrc.id, bySrc.builtin, bySrc.step, bySrc.stepTitle], [MY_LESSON.id, false, 0, 'Start']);
  assert.equal((await onLab(page, 'by-src', (lab) => lab.state())).points.length, 4, 'the first step set its points up');

  const notices = {};
  for (const id of ['broken', 'missing', 'not-json', 'no-step']) {
    notices[id] = await onLab(page, id, (lab) => lab.notice());
    assert.equal(await onLab(page, id, (lab) => lab.lesson()), null, `${id}: no lesson`);
  }
  assert.match(notices.broken, /Step 1: the goal is not valid: position 8: .*'=='.*lessons\/broken\.json/);
  assert.match(notices.missing, /The lesson lessons\/missing\.json could not be loaded: the server answered 404/);
  assert.match(notices['not-json'], /lessons\/page\.json could not be loaded: it is not a lesson/);
  assert.match(notices['no-step'], /"update-rule" has 4 steps; there is no step 10/);
  // Each is still a working widget with the page's own start.
  for (const id of ['broken', 'missing', 'not-json']) {
    const s = await onLab(page, id, (lab) => lab.train({ epochs: 2 }));
    assert.deepEqual([s.preset, s.epochs], ['xor', 2], id);
  }
  await onLab(page, 'missing', (lab) => lab.element.scrollIntoView());
  await clickData(page, 0.5, 0.5, 'left', 'missing');
  // After the scroll, frames of the widgets on this page can be held back: wait (at most 5 s) for the point.
  await onLab(page, 'missing', (lab) => new Promise((resolve) => {
    const deadline = performance.now() + 5000;
    const check = () => (lab.state({ points: false }).pointCount >= 5 || performance.now() > deadline ? resolve() : setTimeout(check, 50));
    check();
  }));
  assert.equal((await onLab(page, 'missing', (lab) => lab.state())).points.length, 5);
  assert.deepEqual(problems.filter((p) => !/lessons\/missing\.json|status of 404/.test(p)), [], 'only the missing file failed');
  await context.close();
});

test('postMessage: list, open, read, move, answer, check and close a lesson; a lesson link loads', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1100, height: 700 });
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await routePage(page, server.url, '/t/messages.html', embedPage('<div id="w" class="perceptron-lab" data-remember="off" data-height="500"></div>'));
  await page.goto(`${server.url}/t/messages.html`);
  await waitForLab(page, 'w');
  const ask = (msg) => page.evaluate((m) => new Promise((resolve) => {
    const id = Math.random();
    const onReply = (e) => {
      if (e.data?.id !== id || !['lessons', 'lesson', 'verdict', 'loaded', 'error'].includes(e.data.type.split(':')[1])) return;
      window.removeEventListener('message', onReply);
      resolve(e.data);
    };
    window.addEventListener('message', onReply);
    window.postMessage({ ...m, id, widget: 'w' }, '*');
  }), msg);

  let reply = await ask({ type: 'perceptron-lab:get-lessons' });
  assert.equal(reply.type, 'perceptron-lab:lessons');
  assert.deepEqual(reply.lessons.map((l) => l.id), BUILTIN.map((l) => l.id));
  reply = await ask({ type: 'perceptron-lab:get-lesson' });
  assert.deepEqual([reply.type, reply.lesson], ['perceptron-lab:lesson', null]);
  reply = await ask({ type: 'perceptron-lab:open-lesson', lesson: 'single-point' });
  assert.equal(reply.ok, true);
  assert.deepEqual([reply.lesson.id, reply.lesson.step], ['single-point', 0]);
  reply = await ask({ type: 'perceptron-lab:choose-answer', answer: 1 });
  assert.deepEqual([reply.ok, reply.lesson.chosen], [true, 1]);
  reply = await ask({ type: 'perceptron-lab:check-goal' });
  assert.equal(reply.type, 'perceptron-lab:verdict');
  assert.equal(reply.passed, true);
  assert.equal(reply.message, BUILTIN.find((l) => l.id === 'single-point').steps[0].success);
  reply = await ask({ type: 'perceptron-lab:lesson-step', step: 1 });
  assert.deepEqual([reply.ok, reply.lesson.step, reply.lesson.goal], [true, 1, 'converged and mistakes == 1']);
  reply = await ask({ type: 'perceptron-lab:check-goal' });
  assert.equal(reply.passed, false);
  await onLab(page, 'w', (lab) => lab.train({ untilConverged: true }));
  assert.equal((await ask({ type: 'perceptron-lab:check-goal' })).passed, true, 'one point: one mistake, then converged');
  reply = await ask({ type: 'perceptron-lab:open-lesson', lesson: MY_LESSON, step: 2 });
  assert.deepEqual([reply.ok, reply.lesson.id, reply.lesson.stepTitle], [true, MY_LESSON.id, 'A question']);
  reply = await ask({ type: 'perceptron-lab:open-lesson', lesson: 'nope' });
  assert.equal(reply.ok, false);
  assert.match(reply.error, /no built-in lesson called "nope"/);
  assert.equal(reply.lesson.id, MY_LESSON.id, 'a refused lesson leaves the open one');
  reply = await ask({ type: 'perceptron-lab:lesson-step', step: 5 });
  assert.equal(reply.ok, false);
  assert.match(reply.error, /3 steps; there is no step 6/);

  // A link with the instructor's lesson, through the load message.
  await onLab(page, 'w', (lab) => lab.lessonStep(1));
  await lessonCompressed(page, 'w');
  const link = await onLab(page, 'w', (lab) => lab.link());
  reply = await ask({ type: 'perceptron-lab:close-lesson' });
  assert.deepEqual([reply.ok, reply.lesson], [true, null]);
  reply = await ask({ type: 'perceptron-lab:load', link });
  assert.equal(reply.type, 'perceptron-lab:loaded');
  assert.equal(reply.ok, true);
  assert.equal(reply.state.lesson, MY_LESSON.id);
  assert.equal((await onLab(page, 'w', (lab) => lab.lesson())).stepTitle, 'Add a point');

  // Version 2: a typed answer through the message; a predict step holds train() back until its Check.
  reply = await ask({ type: 'perceptron-lab:open-lesson', lesson: 'normalised-bound' });
  reply = await ask({ type: 'perceptron-lab:answer', value: '32/2' });
  assert.deepEqual([reply.ok, reply.lesson.values], [true, [16]]);
  assert.equal((await ask({ type: 'perceptron-lab:check-goal' })).passed, true, '1/γ*² = 16 for the quarter-size points');
  reply = await ask({ type: 'perceptron-lab:open-lesson', lesson: 'bias-and-order' });
  const held = await onLab(page, 'w', (lab) => { lab.train({ steps: 3 }); return lab.state({ points: false }).visits; });
  assert.equal(held, 0, 'train() is held back until the prediction is checked');
  reply = await ask({ type: 'perceptron-lab:answer', value: 'mistake' });
  assert.equal(reply.ok, true);
  reply = await ask({ type: 'perceptron-lab:answer', value: [1, 3, 1] });
  assert.deepEqual([reply.ok, reply.lesson.predicted], [true, 'mistake']);
  assert.equal((await ask({ type: 'perceptron-lab:check-goal' })).passed, true, 'the first visit: a mistake, (w, b) = (1, 3, 1)');
  assert.equal(await onLab(page, 'w', (lab) => lab.state({ points: false }).visits), 1, 'Check made the visit');

  // Bad requests: an error reply and a warning, never an exception.
  for (const [msg, why] of [[{ type: 'perceptron-lab:open-lesson' }, /give lesson/], [{ type: 'perceptron-lab:lesson-step', step: 'two' }, /whole number/],
    [{ type: 'perceptron-lab:choose-answer' }, /give answer/], [{ type: 'perceptron-lab:open-lesson', lesson: 'xor-lift', step: -1.5 }, /whole number/],
    [{ type: 'perceptron-lab:answer', value: { n: 1 } }, /give value/]]) {
    reply = await ask(msg);
    assert.equal(reply.type, 'perceptron-lab:error', msg.type);
    assert.match(reply.error, why);
  }
  assert.ok(warnings.some((w) => w.includes("ignored message 'perceptron-lab:open-lesson'")), warnings.join('\n'));
  assert.deepEqual(problems, []);
  await context.close();
});
