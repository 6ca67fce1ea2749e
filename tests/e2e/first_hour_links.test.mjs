// The first hour with links and attributes (issue 29): Copy link in a widget of a course page reopens
// THAT widget (on its page when it has an id, else in the full-page widget) and beats the work the
// browser remembers; a wrong data-* name is told by attribute, value and the README's spellings, readable
// in a 300 px widget; a hand-written lesson link sets up the step's own screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, routePage, screenshotPixels, outputDir, onLab, waitForLab,
  clickData, pressOnCanvas, settleLab as settle, drawnBy as drawn, canvasOrigin as canvasBox, holdUntilFrames, holdClick } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// onLab, waitForLab, settle, drawn, canvasBox: one widget of the page by element id (harness.mjs).
async function waitForLabs(page, ids, frames = 3) {
  for (const who of ids) await waitForLab(page, who, frames);
}

// A real click on the item `label` where the last frame drew it; scrolls the column with the wheel
// (over the item's window, the widget focused) until the item is inside it.
async function clickItem(page, label, who = null) {
  for (let tries = 0; ; tries++) {
    const frame = await drawn(page, who);
    const item = frame.items.find((i) => i.label === label);
    assert.ok(item, `a "${label}" item is drawn (${frame.items.map((i) => i.label).join(', ')})`);
    const box = await canvasBox(page, who);
    const inside = item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3];
    if (inside) {
      await holdClick(page, box.left + (item.rect[0] + item.rect[2]) / 2, box.top + (item.rect[1] + item.rect[3]) / 2, { who });
      await settle(page, who);
      return;
    }
    assert.ok(tries < 12, `"${label}" comes into view`);
    await onLab(page, who, (lab) => lab.canvas.focus({ preventScroll: true }));
    await page.mouse.move(box.left + (item.clip[0] + item.clip[2]) / 2, box.top + (item.clip[1] + item.clip[3]) / 2);
    await page.mouse.wheel(0, item.rect[1] < item.clip[1] ? -120 : 120);
    await settle(page, who);
  }
}
// The Share section starts folded: its header opens it.
async function openShare(page, who) {
  const frame = await drawn(page, who);
  if (!frame.items.some((i) => i.label === 'Copy link')) await clickItem(page, 'Share', who);
}
const pointCount = (page, who) => onLab(page, who, (lab) => lab.state({ points: false }).pointCount);
const COURSE_IDS = ['update-rule', 'xor-fails', 'xor-solved'];
const courseStates = (page) => page.evaluate((ids) => ids.map((id) => document.getElementById(id).perceptronLab.state()), COURSE_IDS);
// The widget's saved entry (embed_remember.js) equals what it shows now.
async function waitUntilRemembered(page, who) {
  await page.waitForFunction((id) => {
    const lab = document.getElementById(id).perceptronLab;
    const key = Object.keys(localStorage).find((k) => k.endsWith(`|id:${id}`));
    const link = lab.link();
    const fragment = link.slice(link.indexOf('#') + 1).replace(/^widget=[^&]*&/, '');
    return key && JSON.parse(localStorage.getItem(key)).link === `#${fragment}`;
  }, who, { timeout: 5000 });
}

test('Copy link on a course page reopens that widget there, over the remembered work; without an id, in the full-page widget', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 800 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await waitForLabs(page, COURSE_IDS);
  const defaults = await courseStates(page);

  // A fifth point on the lifted XOR (real click), trained again until it converges (its Converge button).
  await page.evaluate(() => document.getElementById('xor-solved').scrollIntoView());
  await settle(page, 'xor-solved');
  await clickData(page, 0.5, 0.5, 'left', 'xor-solved');
  await page.waitForFunction(() => document.getElementById('xor-solved').perceptronLab.state({ points: false }).pointCount === 5, null, { timeout: 5000 });
  await clickItem(page, 'Converge', 'xor-solved');
  const shared = await onLab(page, 'xor-solved', (lab) => lab.state());
  assert.equal(shared.points.length, 5);
  assert.equal(shared.converged, true, 'the lifted XOR with its fifth point converges');

  // Copy link, as the person does it: open the Share section, then its button.
  await openShare(page, 'xor-solved');
  await clickItem(page, 'Copy link', 'xor-solved');
  await page.waitForFunction(() => document.getElementById('xor-solved').perceptronLab.notice().includes('copied'), null, { timeout: 5000 });
  const notice = await onLab(page, 'xor-solved', (lab) => lab.notice());
  assert.match(notice, /reopens this widget on this page/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(`${server.url}/examples/course.html#widget=xor-solved&`), link);

  // More work after the copy: this browser now remembers six points for that widget.
  await clickData(page, -0.5, -0.4, 'left', 'xor-solved');
  await page.waitForFunction(() => document.getElementById('xor-solved').perceptronLab.state({ points: false }).pointCount === 6, null, { timeout: 5000 });
  await waitUntilRemembered(page, 'xor-solved');

  // The link in a fresh page of the same browser: that widget has the link's screen (five points,
  // trained), the others their page's start; the link wins over the six remembered points.
  const opened = await context.newPage();
  opened.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await opened.goto(link);
  await waitForLabs(opened, COURSE_IDS);
  const now = await courseStates(opened);
  assert.equal(now[2].points.length, 5, 'the shared widget shows the five points of the link');
  assert.deepEqual(now[2].points, shared.points);
  assert.equal(now[2].converged, true, 'and comes back trained');
  assert.deepEqual(now[2].weights, shared.weights);
  assert.equal(now[2].visits, shared.visits);
  assert.deepEqual(now[0], defaults[0], 'the lesson widget shows its own start');
  assert.deepEqual(now[1], defaults[1], 'the failing XOR shows its own start');
  const seen = await screenshotPixels(opened, 'first-hour-link-opened.png');
  assert.ok(seen.width > 0);
  const top = await opened.evaluate(() => document.getElementById('xor-solved').getBoundingClientRect().top);
  assert.ok(top >= -1 && top < 100, `the page scrolled to the shared widget (its top at ${top})`);

  // Work done after opening the link survives a reload of the same address (the link applies once).
  await settle(opened, 'xor-solved');
  await clickData(opened, 0.4, -0.6, 'left', 'xor-solved');
  await opened.waitForFunction(() => document.getElementById('xor-solved').perceptronLab.state({ points: false }).pointCount === 6, null, { timeout: 5000 });
  await waitUntilRemembered(opened, 'xor-solved');
  await opened.reload();
  await waitForLabs(opened, COURSE_IDS);
  assert.equal(await pointCount(opened, 'xor-solved'), 6, 'a reload keeps the work done since the link was opened');
  await opened.close();

  // A widget without an id: its link opens the full-page widget (index.html next to embed.js).
  await routePage(page, server.url, '/t/no-id.html', `<!doctype html><html><head>
    <link rel="stylesheet" href="/embed.css"><script type="module" src="/embed.js"></script></head><body>
    <div class="perceptron-lab" data-preset="xor" data-controls="share" data-height="420"></div></body></html>`);
  await page.goto(`${server.url}/t/no-id.html`);
  const noId = '.perceptron-lab';
  await waitForLabs(page, [noId]);
  await clickData(page, 0.5, 0.5, 'left', noId);
  await page.waitForFunction(() => document.querySelector('.perceptron-lab').perceptronLab.state({ points: false }).pointCount === 5, null, { timeout: 5000 });
  const noIdState = await onLab(page, noId, (lab) => lab.state());
  await openShare(page, noId);
  await clickItem(page, 'Copy link', noId);
  await page.waitForFunction(() => document.querySelector('.perceptron-lab').perceptronLab.notice().includes('copied'), null, { timeout: 5000 });
  assert.match(await onLab(page, noId, (lab) => lab.notice()), /opens exactly this screen in the full-page widget/);
  const fullLink = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(fullLink.startsWith(`${server.url}/index.html#d=`), fullLink);
  await page.goto(fullLink);
  await waitForLabs(page, [null]);
  const full = await page.evaluate(() => window.perceptronLab.state());
  assert.deepEqual(full.points, noIdState.points, 'the full-page widget shows the shared points');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a hand-written lesson link (#lesson=update-rule&v=1) sets up the step: no bias, the lecture points, a quiz that matches', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/#lesson=update-rule&v=1`, { width: 390, height: 844, isMobile: true, hasTouch: true });
  await waitForLabs(page, [null]);
  const LECTURE = { points: [[1, 2], [2, 1], [-1, -1], [-1, 1]], labels: [1, 1, -1, -1] };
  let s = await onLab(page, null, (lab) => lab.state());
  assert.deepEqual([s.lesson, s.lessonStep], ['update-rule', 0]);
  assert.equal(s.bias, 'none', 'the step says "no bias", and the widget runs without one');
  assert.deepEqual({ points: s.points, labels: s.labels }, LECTURE);
  assert.deepEqual(s.weights, [0, 0], 'w starts at (0, 0), as the text says');
  await page.screenshot({ path: `${outputDir}/first-hour-lesson-link-step0.png` });

  // The quiz step by a hand-written link: w = (1, 2) after one visit, as its text says; the answer the
  // lesson calls right is what the next mistake really gives.
  await page.evaluate(() => { location.hash = 'lesson=update-rule&step=1&v=1'; });
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).lessonStep === 1, null, { timeout: 5000 });
  await settle(page);
  s = await onLab(page, null, (lab) => lab.state());
  assert.equal(s.bias, 'none');
  assert.deepEqual({ points: s.points, labels: s.labels }, LECTURE);
  assert.deepEqual(s.weights, [1, 2], 'the screen the quiz asks about: w = (1, 2)');
  const card = await onLab(page, null, (lab) => lab.lesson());
  const answerText = card.choices[2];
  assert.equal(answerText, 'w = (2, 1)');
  await onLab(page, null, (lab) => lab.chooseAnswer(2));
  assert.equal((await onLab(page, null, (lab) => lab.checkGoal())).passed, true);
  // Next mistake (the N key on the widget), as the next step asks: it lands on the answer's w.
  await onLab(page, null, (lab) => lab.canvas.focus());
  await holdUntilFrames(page, null, () => page.keyboard.down('n'));  // down and up in different frames (ImGui 1.86)
  await page.keyboard.up('n');
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).mistakes >= 2, null, { timeout: 5000 });
  s = await onLab(page, null, (lab) => lab.state());
  assert.equal(`w = (${s.weights.join(', ')})`, answerText, 'the quiz answer is what the widget computes');
  await page.screenshot({ path: `${outputDir}/first-hour-lesson-link-step1.png` });
  assert.deepEqual(problems, []);
  await context.close();
});

test('undo after a hand-written lesson link (#lesson=update-rule&step=2&v=1) walks back through no earlier step', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/#lesson=update-rule&step=2&v=1`, { width: 1280, height: 800 });
  await waitForLabs(page, [null]);
  const LECTURE = [[1, 2], [2, 1], [-1, -1], [-1, 1]];
  const screen = async () => {
    const s = await onLab(page, null, (lab) => lab.state());
    return { points: s.points, bias: s.bias, weights: s.weights, visits: s.visits, step: s.lessonStep };
  };
  const setUp = { points: LECTURE, bias: 'none', weights: [1, 2], visits: 1, step: 2 };
  assert.deepEqual(await screen(), setUp, 'the step is set up: the screen its quiz asked about');
  // Ctrl+Z on the canvas, twice: nothing the student did, so nothing changes (before: step 2's state,
  // then step 1's, then the widget's first screen came back).
  for (let i = 0; i < 2; i++) {
    await pressOnCanvas(page, 'Control+z');
    assert.deepEqual(await screen(), setUp, `Ctrl+Z #${i + 1} leaves the set-up step as it is`);
  }
  // The student's own edit is undone, and only that.
  await clickData(page, 2, -2, 'left', null);
  await settle(page);
  assert.equal((await screen()).points.length, 5, 'a click adds a point');
  await pressOnCanvas(page, 'Control+z');
  const afterOwnUndo = await screen();
  assert.deepEqual([afterOwnUndo.points, afterOwnUndo.bias, afterOwnUndo.step], [LECTURE, 'none', 2], 'Ctrl+Z takes the student\'s point away');
  await pressOnCanvas(page, 'Control+z');
  assert.deepEqual(await screen(), afterOwnUndo, 'a second Ctrl+Z brings back no earlier step');

  // A lesson whose steps set up other points (single-point: one point at step 1, another at step 3;
  // step 4 keeps step 3's): before, Ctrl+Z brought back step 1's point, then the link's own points.
  await page.evaluate(() => { location.hash = 'lesson=single-point&step=3&v=1'; });
  await page.waitForFunction(() => window.perceptronLab.state({ points: false }).lesson === 'single-point', null, { timeout: 5000 });
  await settle(page);
  const stepFour = await screen();
  assert.equal(stepFour.step, 3);
  for (let i = 0; i < 3; i++) {
    await pressOnCanvas(page, 'Control+z');
    assert.deepEqual(await screen(), stepFour, `single-point step 4: Ctrl+Z #${i + 1} changes nothing`);
  }
  await page.screenshot({ path: `${outputDir}/first-hour-lesson-link-undo.png` });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a wrong data-* name is told by attribute, value and the README spellings, whole in a 300 px widget', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 600, height: 900 });
  await routePage(page, server.url, '/t/attributes.html', `<!doctype html><html><head>
    <link rel="stylesheet" href="/embed.css"><script type="module" src="/embed.js"></script>
    <script type="module">
      import { mountPerceptron } from '/embed.js';
      mountPerceptron(document.getElementById('script'), { lift: 'x1x2', height: 300 });
    </script></head><body>
    <div id="lift" class="perceptron-lab" data-preset="xor" data-lift="x1x2" data-height="300"></div>
    <div id="many" class="perceptron-lab" data-preset="xorr" data-algorithm="perceptrn" data-bias="off"
         data-controls="train,foo" data-train="forever" data-height="300"></div>
    <div id="more" class="perceptron-lab" data-kernel="gauss" data-lesson="update" data-text-size="huge"
         data-controls="none" data-height="300"></div>
    <div id="script" class="perceptron-lab" data-manual></div>
    </body></html>`);
  await page.goto(`${server.url}/t/attributes.html`);
  await waitForLabs(page, ['lift', 'many', 'more', 'script']);
  const notice = (who) => onLab(page, who, (lab) => lab.notice());

  const LIFT = 'is not a lift the widget knows; use none, product, radial, poly2 or constant.';
  assert.equal(await notice('lift'), `data-lift="x1x2" ${LIFT}`);
  const lifted = await onLab(page, 'lift', (lab) => lab.state({ points: false }));
  assert.deepEqual([lifted.preset, lifted.lift], ['xor', 'none'], 'the other attributes still apply');
  assert.equal(await notice('script'), `the option lift: "x1x2" ${LIFT}`);
  const many = await notice('many');
  assert.ok(many.startsWith('data-preset="xorr" is not a data set the widget knows; use lecture4, and, or, nand, xor, bias1d, '
    + 'single-point, single-point-near, separable, circles, moons, xor-blobs, overlap, spirals or spam.'), many);
  assert.ok(many.endsWith(' Also not known: data-algorithm="perceptrn", data-bias="off", data-controls="train,foo" and data-train="forever".'), many);
  assert.equal((await onLab(page, 'many', (lab) => lab.state({ points: false }))).panels.training, true, 'data-controls="train" still applies');
  assert.equal(await notice('more'), 'data-kernel="gauss" is not a kernel the widget knows; use rbf, gaussian, polynomial, linear or sigmoid.'
    + ' Also not known: data-text-size="huge" and data-lesson="update".');
  assert.ok(!/state file/.test(many + await notice('lift')), 'no file is blamed');

  // The whole message is on screen in the 300 px widget: its last line is drawn inside the notice box
  // (the box's colour beside it, dark text in it), above the Dismiss button.
  await page.evaluate(() => document.getElementById('lift').scrollIntoView());
  const frame = await drawn(page, 'lift');
  const text = frame.texts.find((t) => t.role === 'notice');
  assert.ok(text, 'the notice is drawn in the controls column');
  const dismiss = frame.items.find((i) => i.label === 'Dismiss');
  const box = await canvasBox(page, 'lift');
  const png = await screenshotPixels(page, 'first-hour-attribute-notice.png');
  const at = (x, y) => { const i = (Math.round(box.top + y) * png.width + Math.round(box.left + x)) * 4; return [png.data[i], png.data[i + 1], png.data[i + 2]]; };
  const [x0, y0, x1, y1] = text.rect;
  const lineHeight = dismiss.rect[3] - dismiss.rect[1] - 6;  // a button is a line of text and its padding
  assert.ok(y1 <= 300 && y1 <= dismiss.rect[1], `the text (bottom ${y1}) ends above the Dismiss button (${dismiss.rect[1]}) inside the widget`);
  const background = at(x0 - 3, y0 + 2);
  const lastLine = at(x0 - 3, y1 - 3);
  assert.ok(background.every((c, k) => Math.abs(c - lastLine[k]) < 12), `the box reaches the last line (${background} vs ${lastLine})`);
  let dark = 0;
  for (let y = y1 - lineHeight + 2; y < y1 - 1; y++) for (let x = x0; x < x1; x++) if (at(x, y).reduce((a, b) => a + b) < 300) dark++;
  assert.ok(dark > 20, `the last line's letters are drawn (${dark} dark pixels)`);
  // Five wrong attributes in a 300 px widget: the notice is read whole, not scrolled in a box a few
  // words wide (before: the box under the tab bar held three of its eleven lines), at this page's width
  // and at a phone's; the Dismiss button under it.
  for (const width of [600, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.getElementById('many').scrollIntoView());
    const f = await drawn(page, 'many');
    const size = await onLab(page, 'many', (lab) => { const r = lab.canvas.getBoundingClientRect(); return { width: r.width, height: r.height }; });
    const t = f.texts.find((x) => x.role === 'notice');
    const d = f.items.find((i) => i.label === 'Dismiss');
    assert.ok(t && d, `${width}: the notice and its Dismiss button are drawn`);
    assert.ok(t.rect[1] >= 0 && t.rect[3] <= d.rect[1] + 0.5 && d.rect[3] <= size.height,
      `${width}: the whole text (${t.rect}) is above Dismiss (${d.rect}) inside the ${size.height} px widget`);
    assert.ok(t.rect[0] >= 0 && t.rect[2] <= size.width + 0.5, `${width}: the text is inside the widget's width (${t.rect})`);
    assert.ok(d.rect[1] >= d.clip[1] && d.rect[3] <= d.clip[3], `${width}: Dismiss is not scrolled away (${d.rect} in ${d.clip})`);
    const shotBox = await page.evaluate(() => document.getElementById('many').getBoundingClientRect().toJSON());
    const name = width === 600 ? 'instructor-6-many-attributes-300px.png' : 'instructor-6-many-attributes-300px-phone.png';
    await page.screenshot({ path: `${outputDir}/first-hour-${name}`, clip: { x: shotBox.left, y: shotBox.top, width: shotBox.width, height: shotBox.height } });
  }
  await page.setViewportSize({ width: 600, height: 900 });

  // Without the controls column the message is the box over the canvas: whole, inside the widget.
  const html = await page.evaluate(() => {
    const el = document.getElementById('more');
    const m = el.querySelector('.perceptron-lab-message');
    const r = m.getBoundingClientRect(), e = el.getBoundingClientRect();
    return { inside: r.top >= e.top && r.bottom <= e.bottom && r.left >= e.left && r.right <= e.right, cut: m.scrollHeight > m.clientHeight + 1 };
  });
  assert.deepEqual(html, { inside: true, cut: false });

  // Every spelling a message offers is one the widget takes.
  const offered = (message) => /; use (?:any of )?(.*?)\./.exec(message)[1].replace(/,? (or|and) /g, ', ').split(', ');
  for (const lift of offered(LIFT)) assert.equal((await onLab(page, 'lift', (lab, l) => lab.load({ ...JSON.parse(lab.exportJson()), lift: l }), lift)).ok, true, lift);
  for (const preset of offered(many)) assert.equal((await onLab(page, 'many', (lab, p) => lab.preset(p), preset)).ok, true, preset);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 45: a link shared into a course page cannot swap the page's lesson, a lesson in a link never
// takes a built-in id, and a link that replaces saved work leaves that work one Undo away.
// Every part of a widget has arrived (the table view comes after the first frame): leaving the page
// sooner would abort its requests.
const mirrored = (page, id) => page.waitForFunction((i) => document.getElementById(i)?.querySelector('.perceptron-lab-a11y'), id, { timeout: 10000 });

test("a link with a lesson of its own cannot take a course page's lesson, nor a built-in id; saved work stays one Undo away", async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 800 });
  await waitForLabs(page, COURSE_IDS);
  // The student's real progress: step 1 of the update-rule lesson passed (Step, then Check).
  await onLab(page, 'update-rule', (lab) => { lab.train({ steps: 1 }); lab.checkGoal(); });
  const progress = await onLab(page, 'update-rule', (lab) => lab.result().steps.map((s) => [s.attempts, s.passed]));
  assert.deepEqual(progress[0], [1, true]);
  await waitUntilRemembered(page, 'update-rule');

  // A lesson that takes the built-in id and title, with a phishing text, packed as a link would carry it.
  const evil = { id: 'update-rule', title: 'The update rule', steps: [{ title: 'Session expired',
    text: 'Your course session has expired: sign in again at evil.example.' }] };
  const lessonz = await page.evaluate(async (json) => (await import('/embed_lesson_link.js')).storedLesson(json), JSON.stringify(evil));
  const hostile = `${server.url}/examples/course.html#widget=update-rule&lesson=update-rule&step=0&lessonz=${lessonz}&v=1`;
  const opened = await context.newPage();
  opened.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await opened.goto(hostile);
  await waitForLabs(opened, COURSE_IDS);
  const seen = await onLab(opened, 'update-rule', (lab) => ({ lesson: lab.lesson(), notice: lab.notice(),
    steps: lab.result().steps.map((s) => [s.attempts, s.passed]) }));
  assert.equal(seen.lesson.stepTitle, 'Four points, no threshold', 'the page keeps its own lesson');
  assert.doesNotMatch(JSON.stringify(seen.lesson), /evil\.example/);
  assert.match(seen.notice, /^This link was not opened: it carries a lesson of its own, not this page's lesson "The update rule"\. This page teaches its own lesson/);
  assert.deepEqual(seen.steps, progress, "the student's progress is as it was");
  await opened.reload();
  await waitForLabs(opened, COURSE_IDS);
  assert.deepEqual(await onLab(opened, 'update-rule', (lab) => lab.result().steps.map((s) => [s.attempts, s.passed])), progress,
    'a reload shows the saved progress, not the link');
  await opened.close();

  // A link for the page's own lesson still opens there (another step of the same built-in lesson).
  const own = await context.newPage();
  await own.goto(`${server.url}/examples/course.html#widget=update-rule&lesson=update-rule&step=1&v=1`);
  await waitForLabs(own, COURSE_IDS);
  assert.equal((await onLab(own, 'update-rule', (lab) => lab.lesson())).step, 1);
  await own.close();

  // A page without a lesson of its own: a link's lesson under a built-in id is refused too.
  await mirrored(page, 'update-rule');
  await routePage(page, server.url, '/t/plain.html', `<!doctype html><html><head>
    <link rel="stylesheet" href="/embed.css"><script type="module" src="/embed.js"></script></head><body>
    <div id="plain" class="perceptron-lab" data-height="420"></div></body></html>`);
  await page.goto(`${server.url}/t/plain.html#widget=plain&lesson=update-rule&step=0&lessonz=${lessonz}&v=1`);
  await waitForLabs(page, ['plain']);
  const plain = await onLab(page, 'plain', (lab) => ({ lesson: lab.lesson(), notice: lab.notice() }));
  await mirrored(page, 'plain');
  assert.equal(plain.lesson, null);
  assert.match(plain.notice, /takes the id "update-rule" of a built-in lesson; a lesson in a link needs an id of its own/);

  // Saved work replaced by a shared link: the notice says so, and Ctrl+Z (a real key press) brings it back.
  await page.goto(`${server.url}/t/plain.html`);
  await waitForLabs(page, ['plain']);
  const xorLink = await onLab(page, 'plain', (lab) => { lab.preset('xor'); const link = lab.link(); lab.undo(); return link; });
  assert.match(xorLink, /#widget=plain&/);
  await clickData(page, 0.5, 0.5, 'left', 'plain');
  const mine = await onLab(page, 'plain', (lab) => lab.state().points);
  await waitUntilRemembered(page, 'plain');
  await mirrored(page, 'plain');
  await page.goto('about:blank');  // a fresh load of the page, as opening a shared link is
  await page.goto(xorLink);
  await waitForLabs(page, ['plain']);
  assert.equal(await pointCount(page, 'plain'), 4, 'the link opened');
  assert.match(await onLab(page, 'plain', (lab) => lab.notice()), /replaced the work saved in this browser; press Undo \(Ctrl\+Z\)/);
  await onLab(page, 'plain', (lab) => lab.canvas.focus());
  await page.keyboard.press('Control+z');
  await page.waitForFunction((n) => document.getElementById('plain').perceptronLab.state({ points: false }).pointCount === n, mine.length, { timeout: 5000 });
  assert.deepEqual(await onLab(page, 'plain', (lab) => lab.state().points), mine);
  assert.deepEqual(problems, []);
  await context.close();
});
