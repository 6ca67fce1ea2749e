// xAPI statements of a lesson (issue 28, part 2; docs/reference.md "xAPI statements"). A loopback
// Learning Record Store in this process (node http on 127.0.0.1, port 0) records what the widget POSTs
// and checks the version header and the auth. A student passes the separability lesson with real
// clicks (a first failing check on the quiz and on the last step included): on('xapi') and the LRS get
// initialized, answered per Check, failed once every step was checked, then completed and passed with
// the score result() has; each statement passes @learninglocker/xapi-validation and the spec's
// required fields. With the LRS answering 503 and then gone, the widget works on, the statements wait in
// localStorage across a reload and arrive exactly once when it is back; a statement the LRS refuses
// (400) is told once and not sent again. A parent page on an allowed origin gets perceptron-lab:xapi
// messages, one on another origin none; the single file in a frame reports to its parent. The auth
// never reaches localStorage, a link, the token or a statement. Wrong xAPI attributes get one sentence
// each. The tests wait on statements, LRS counts and localStorage, never on time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openPage, embedPage, waitForLab, onLab, settleLab as settle,
  drawnBy as drawn, canvasOrigin as canvasBox, clickRect, clickData, webRoot, holdClick } from './harness.mjs';

const validateStatement = createRequire(import.meta.url)('@learninglocker/xapi-validation').default;
const AUTH = 'Basic eGFwaS10ZXN0OnMzY3JldC1vZi10aGUtbHJz';  // xapi-test:s3cret-of-the-lrs
const SECRET = 's3cret-of-the-lrs';
const ACTOR = { objectType: 'Agent', name: 'A. Student', mbox: 'mailto:a.student@example.edu' };
const BASE = 'https://course.example.edu/unit-3/perceptron';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const VERB = (name) => `http://adlnet.gov/expapi/verbs/${name}`;

// The loopback LRS. mode: 'ok' (stores, answers the ids), 'down' (503), 'refuse' (400 with a reason).
// until(n): resolves once n statements are stored. Requests without the version header or the auth
// are answered 400/401 and noted in `wrong`.
async function startLrs(port = 0) {
  const lrs = { stored: [], posts: 0, mode: 'ok', wrong: [], waiters: [] };
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Experience-API-Version' };
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') { res.writeHead(204, cors).end(); return; }
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/xapi/statements') { res.writeHead(404, cors).end(); return; }
      lrs.posts++;
      if (lrs.mode === 'down') { res.writeHead(503, cors).end('resting'); return; }
      if (req.headers['x-experience-api-version'] !== '1.0.3' || !/^application\/json/.test(req.headers['content-type'] || '')) {
        lrs.wrong.push(`headers: ${JSON.stringify(req.headers)}`);
        res.writeHead(400, cors).end('{"message":"no xAPI version header"}');
        return;
      }
      if (req.headers.authorization !== AUTH) { lrs.wrong.push(`auth: ${req.headers.authorization}`); res.writeHead(401, cors).end(); return; }
      if (lrs.mode === 'refuse') {
        res.writeHead(400, { ...cors, 'Content-Type': 'application/json' }).end('{"message":"this LRS takes no statements today"}');
        return;
      }
      const batch = JSON.parse(body);
      const list = Array.isArray(batch) ? batch : [batch];
      lrs.stored.push(...list);
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' })
        .end(JSON.stringify(list.map((s) => s.id)));
      for (const w of lrs.waiters.filter((w) => lrs.stored.length >= w.n)) { lrs.waiters.splice(lrs.waiters.indexOf(w), 1); w.resolve(); }
    });
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  lrs.port = server.address().port;
  lrs.url = `http://127.0.0.1:${lrs.port}`;
  lrs.until = (n) => (lrs.stored.length >= n ? Promise.resolve() : new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the LRS holds ${lrs.stored.length} statements, not ${n}`)), 15000);
    lrs.waiters.push({ n, resolve: () => { clearTimeout(timer); resolve(); } });
  }));
  lrs.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); });
  return lrs;
}

// The pages are files of a folder that holds the test build (by links) and this file's pages, served
// from 127.0.0.1 like the LRS: Chromium lets a page reach a loopback LRS only from a loopback page
// (a page made up by the driver counts as public and is refused, as a real public page would be).
let site, server, browser, lrs;
before(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-xapi-'));
  for (const name of fs.readdirSync(webRoot)) fs.symlinkSync(path.join(webRoot, name), path.join(site, name));
  server = await startServer({ root: site });
  browser = await launchBrowser();
  lrs = await startLrs();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await lrs?.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});
const writePage = (urlPath, html) => fs.writeFileSync(path.join(site, urlPath), html);

const coursePage = (attributes) => embedPage(`<div id="lab" class="perceptron-lab" data-height="760" ${attributes}></div>`,
  { head: '<style>body{margin:0}</style><link rel="icon" href="favicon.svg">' });
const lrsAttributes = () => `data-xapi-endpoint="${lrs.url}/xapi" data-xapi-auth="${AUTH}" data-xapi-actor='${JSON.stringify(ACTOR)}'`;

// Opens a routed page in a new context; every statement the widget hands to on('xapi') (on each load of
// the page) is noted in `seen` here. Problems caused by the LRS being down are left out of `problems`.
async function openCourse(html, urlPath = 'xapi-course.html') {
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1280, height: 800 });
  const seen = [];
  await page.exposeFunction('noteStatement', (statement) => {
    seen.push(statement);
    for (const wake of [...wakers]) wake();
  });
  await page.addInitScript(() => {
    document.addEventListener('perceptron-lab:ready', (e) => e.detail.on('xapi', (s) => window.noteStatement(s)));
  });
  writePage(urlPath, html);
  await page.goto(`${server.url}/${urlPath}`);
  await waitForLab(page, 'lab');
  const pageProblems = () => problems.filter((p) => !p.includes(lrs.url) && !/Failed to load resource/.test(p));
  return { page, context, seen, pageProblems };
}

// Resolves once check() holds, looked at again after each statement a page hands over.
const wakers = new Set();
const until = (what, check) => (check() ? Promise.resolve() : new Promise((resolve, reject) => {
  const timer = setTimeout(() => { wakers.delete(wake); reject(new Error(`never: ${what}`)); }, 15000);
  const wake = () => { if (check()) { clearTimeout(timer); wakers.delete(wake); resolve(); } };
  wakers.add(wake);
}));
const verbsOf = (statements) => statements.map((s) => s.verb.id.replace('http://adlnet.gov/expapi/verbs/', ''));

// A real click on the card's button `label`, scrolled into view with the wheel first when needed.
async function clickButton(page, label) {
  for (let i = 0; i < 30; i++) {
    const item = (await drawn(page, 'lab')).items.find((it) => it.label === label);
    assert.ok(item, `a "${label}" button is drawn`);
    if (item.rect[1] >= item.clip[1] && item.rect[3] <= item.clip[3]) {
      await clickRect(page, item.rect, 'lab');
      await settle(page, 'lab');
      return;
    }
    const box = await canvasBox(page, 'lab');
    await page.mouse.move(box.left + (item.clip[0] + item.clip[2]) / 2, box.top + (item.clip[1] + item.clip[3]) / 2);
    await page.mouse.wheel(0, item.rect[1] < item.clip[1] ? -100 : 100);
  }
  assert.fail(`"${label}" never came into view`);
}
// A real click on quiz answer k: the radio buttons sit one per row between the last paragraph and Back.
async function clickChoice(page, k, count) {
  const frame = await drawn(page, 'lab');
  const lastText = frame.texts.filter((t) => t.role === 'lesson-text').at(-1).rect;
  const back = frame.items.find((i) => i.label === 'Back').rect;
  const rowHeight = back[3] - back[1];
  const spacing = (back[1] - lastText[3] - count * rowHeight) / (count + 1);
  const box = await canvasBox(page, 'lab');
  await holdClick(page, box.left + back[0] + rowHeight / 2, box.top + lastText[3] + spacing + k * (rowHeight + spacing) + rowHeight / 2, { who: 'lab' });
  await settle(page, 'lab');
  assert.equal((await onLab(page, 'lab', (lab) => lab.lesson())).chosen, k);
}

// The spec's required fields and types (xAPI 1.0.3, part two, 2.4), one by one, besides the validator.
function assertStatementShape(s) {
  assert.deepEqual(validateStatement(s).map((w) => `${w.path.join('.')}: ${w.name}`), [], `valid: ${JSON.stringify(s)}`);
  assert.match(s.id, UUID);
  assert.ok(!Number.isNaN(Date.parse(s.timestamp)) && s.timestamp.endsWith('Z'), 'an ISO 8601 timestamp');
  assert.deepEqual(s.actor, ACTOR);
  assert.match(s.verb.id, /^http:\/\/adlnet\.gov\/expapi\/verbs\/(initialized|answered|completed|passed|failed)$/);
  assert.equal(typeof s.verb.display['en-US'], 'string');
  assert.equal(s.object.objectType, 'Activity');
  assert.ok(s.object.id.startsWith(`${BASE}/separability`), s.object.id);
  assert.match(s.context.registration, UUID);
  assert.equal(s.context.platform, 'Perceptron Lab');
  if (s.result?.score) {
    const { raw, min, max, scaled } = s.result.score;
    assert.ok(min <= raw && raw <= max && min < max && scaled >= -1 && scaled <= 1, JSON.stringify(s.result.score));
  }
  assert.ok(!JSON.stringify(s).includes(SECRET) && !JSON.stringify(s).includes(AUTH), 'no credentials in a statement');
}

// Where the auth must never be: the page's storage, its address, the widget's link and token.
async function assertNoCredentials(page) {
  const seenByPage = await onLab(page, 'lab', (lab) => {
    const stored = Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n');
    const token = lab.result()?.token || '';
    const decoded = token ? atob(token.slice(5).replace(/-/g, '+').replace(/_/g, '/')) : '';
    return [stored, location.href, lab.link(), token, decoded].join('\n');
  });
  assert.ok(!seenByPage.includes(SECRET) && !seenByPage.includes(AUTH.slice(6)), 'the auth is nowhere in the page\'s storage, links or token');
  assert.ok(seenByPage.includes('perceptron-lab-xapi'), 'the queue or the registrations are in localStorage (the check looked at them)');
}

test('a lesson passed with real clicks: initialized, answered per Check, failed, completed and passed reach on(xapi) and the LRS, valid', async () => {
  lrs.mode = 'ok';
  const { page, context, seen, pageProblems } = await openCourse(coursePage(`data-lesson="separability" ${lrsAttributes()} data-xapi-activity-base="${BASE}/"`));
  await until('initialized', () => seen.length >= 1);
  assert.deepEqual(verbsOf(seen), ['initialized']);
  assert.equal(seen[0].object.id, `${BASE}/separability`);
  assert.equal(seen[0].object.definition.type, 'http://adlnet.gov/expapi/activities/lesson');

  // Step 1: a positive point between the two negatives; Check passes.
  await clickData(page, -1, 0, 'left', 'lab');
  await clickButton(page, 'Check');
  await until('answered 1', () => seen.length >= 2);
  await clickButton(page, 'Next');
  // Step 2: the quiz, wrong and then right.
  const choices = (await onLab(page, 'lab', (lab) => lab.lesson())).choices;
  await clickChoice(page, 0, choices.length);
  await clickButton(page, 'Check');
  await clickChoice(page, 1, choices.length);
  await clickButton(page, 'Check');
  await until('answered 2 and 3', () => seen.length >= 4);
  await clickButton(page, 'Next');
  // Step 3 checked too soon (five points, not separable): every step was checked, not all passed.
  await clickButton(page, 'Check');
  await until('answered 4, failed', () => seen.length >= 6);
  // Then made separable: Ctrl+click removes the added point; a positive and a negative on their sides.
  await page.keyboard.down('Control');
  await clickData(page, -1, 0, 'left', 'lab');
  await page.keyboard.up('Control');
  await clickData(page, 2, 2, 'left', 'lab');
  await clickData(page, -2, 0, 'right', 'lab');
  await clickButton(page, 'Check');
  await until('answered 5, completed, passed', () => seen.length >= 9);
  assert.equal((await onLab(page, 'lab', (lab) => lab.lesson())).passed, true, 'the last step passed');

  assert.deepEqual(verbsOf(seen), ['initialized', 'answered', 'answered', 'answered', 'answered', 'failed', 'answered', 'completed', 'passed']);
  const answered = seen.filter((s) => s.verb.id === VERB('answered'));
  assert.deepEqual(answered.map((s) => s.result.success), [true, false, true, false, true]);
  assert.deepEqual(answered.map((s) => s.object.id.replace(`${BASE}/separability`, '')), ['/steps/0', '/steps/1', '/steps/1', '/steps/2', '/steps/2']);
  assert.deepEqual(answered.map((s) => s.object.definition.interactionType), ['other', 'choice', 'choice', 'other', 'other']);
  assert.deepEqual(answered.slice(1, 3).map((s) => s.result.response), ['answer-0', 'answer-1']);
  assert.deepEqual(answered[1].object.definition.choices.map((c) => c.description['en-US']), choices);
  assert.match(answered[0].result.response, /^#.*&v=1$/, 'a goal answers with the state link it was checked on');
  for (const s of answered) assert.deepEqual(s.context.contextActivities.parent, [{ objectType: 'Activity', id: `${BASE}/separability` }]);
  const record = await onLab(page, 'lab', (lab) => lab.result());
  const failed = seen.find((s) => s.verb.id === VERB('failed'));
  assert.deepEqual(failed.result.score, { raw: 2, min: 0, max: 3, scaled: 2 / 3 });
  assert.equal(failed.result.success, false);
  const passed = seen.find((s) => s.verb.id === VERB('passed'));
  assert.equal(passed.result.success, true);
  assert.equal(passed.result.score.scaled, record.score.scaled);
  assert.deepEqual(passed.result.score, { raw: record.score.raw, min: 0, max: record.score.max, scaled: record.score.scaled });
  assert.equal(seen.find((s) => s.verb.id === VERB('completed')).result.completion, true);
  assert.equal(new Set(seen.map((s) => s.context.registration)).size, 1, 'one registration for the run');
  assert.equal(new Set(seen.map((s) => s.context.revision)).size, 1);
  assert.equal(seen[0].context.revision, record.lesson.hash);

  // The LRS got the same statements, each once, with the version header and the auth.
  await lrs.until(seen.length);
  assert.deepEqual(lrs.wrong, []);
  assert.deepEqual(lrs.stored.map((s) => s.id).sort(), seen.map((s) => s.id).sort());
  for (const s of lrs.stored) assertStatementShape(s);
  await assertNoCredentials(page);
  assert.deepEqual(pageProblems(), []);
  await context.close();
});

test('the LRS down: the widget works on, statements wait across a reload and arrive once when it is back; a refused one is told once', async () => {
  lrs.stored.length = 0;
  lrs.mode = 'down';
  const postsBefore = lrs.posts;
  // (The lesson is opened by the page's script here: a reload gives it back from the saved work.)
  const { page, context, seen, pageProblems } = await openCourse(coursePage(`${lrsAttributes()} data-xapi-activity-base="${BASE}"`), 'xapi-down.html');
  await onLab(page, 'lab', (lab) => lab.openLesson('separability'));
  await settle(page, 'lab');
  const queued = () => onLab(page, 'lab', () => Object.keys(localStorage).filter((k) => k.startsWith('perceptron-lab-xapi-queue:'))
    .flatMap((k) => JSON.parse(localStorage.getItem(k))).map((s) => s.id));
  await until('initialized', () => seen.length >= 1);
  // A Check still works and the card says so, with the LRS answering 503.
  await clickData(page, -1, 0, 'left', 'lab');
  await clickButton(page, 'Check');
  const lesson = await onLab(page, 'lab', (lab) => lab.lesson());
  assert.equal(lesson.passed, true);
  assert.ok((await drawn(page, 'lab')).texts.some((t) => t.role === 'lesson-verdict' && t.text.includes(lesson.message.slice(0, 20))),
    'the card shows the verdict');
  await until('the answered statement', () => seen.length >= 2);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('perceptron-lab-xapi-queue:')
    && JSON.parse(localStorage.getItem(k)).length === 2), null, { timeout: 15000 });
  assert.ok(lrs.posts > postsBefore, 'the widget tried');
  assert.equal(lrs.stored.length, 0);

  // The LRS goes away entirely; a reload keeps the queue (and adds the new launch's initialized), and
  // the attempts (once the saved work has them), so the run and its registration go on.
  await page.waitForFunction(() => /lp=1\./.test(localStorage.getItem('perceptron-lab:/xapi-down.html|id:lab') || ''), null, { timeout: 15000 });
  const port = lrs.port;
  await lrs.close();
  await page.reload();
  await waitForLab(page, 'lab');
  await until('initialized after the reload', () => seen.length >= 3);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('perceptron-lab-xapi-queue:')
    && JSON.parse(localStorage.getItem(k)).length === 3), null, { timeout: 15000 });
  assert.deepEqual((await queued()).sort(), seen.map((s) => s.id).sort());
  assert.equal(seen[2].context.registration, seen[0].context.registration, 'the run goes on after the reload');
  await assertNoCredentials(page);

  // Back on the same port: the next statement (a Check) takes the queue with it, every statement once.
  const lrsAgain = await startLrs(port);
  Object.assign(lrsAgain, { mode: 'ok' });
  lrs = lrsAgain;
  await clickButton(page, 'Check');
  await until('answered after the reload', () => seen.length >= 4);
  await lrs.until(seen.length);
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('perceptron-lab-xapi-queue:')), null, { timeout: 15000 });
  const ids = lrs.stored.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length, 'no statement twice');
  assert.deepEqual([...ids].sort(), seen.map((s) => s.id).sort(), 'none lost');
  for (const s of lrs.stored) assertStatementShape(s);

  // A statement the LRS refuses (400) is dropped with one notice and the LRS's reason, not retried.
  lrs.mode = 'refuse';
  const posts = lrs.posts;
  await clickButton(page, 'Check');
  await page.waitForFunction(() => document.getElementById('lab').perceptronLab.notice().includes('takes no statements today'), null, { timeout: 15000 });
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('perceptron-lab-xapi-queue:')), null, { timeout: 15000 });
  assert.equal(lrs.posts, posts + 1, 'sent once, then dropped');
  assert.deepEqual(lrs.wrong, []);
  assert.deepEqual(pageProblems().filter((p) => !/refused statement/.test(p)), []);
  lrs.mode = 'ok';
  await context.close();
});

test('a parent page on an allowed origin gets perceptron-lab:xapi messages, one on another origin none', async (t) => {
  const allowedSite = await startServer({ root: site });  // two more origins (other 127.0.0.1 ports)
  const otherSite = await startServer({ root: site });
  // Closed even when an assertion fails: an open server would keep this file's process (and the suite) waiting.
  t.after(() => Promise.all([allowedSite.close(), otherSite.close()]));
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1000, height: 760 });
  const child = embedPage(`<div id="lab" class="perceptron-lab" data-lesson="separability" data-remember="off" data-height="600"
    data-allowed-origins="${allowedSite.url}"></div>`);
  writePage('xapi-child.html', child);
  const parent = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title><link rel="icon" href="favicon.svg"></head><body>
<script>
  window.xapiMessages = []; window.markers = 0;
  addEventListener('message', (e) => {
    if (e.data && e.data.type === 'perceptron-lab:xapi') xapiMessages.push({ origin: e.origin, widget: e.data.widget, statement: e.data.statement });
    if (e.data && e.data.type === 'xapi-test:marker') markers++;
  });
</script>
<iframe src="${server.url}/xapi-child.html" width="960" height="640"></iframe></body></html>`;
  writePage('xapi-parent.html', parent);

  // In the frame: a check through the handle, then a marker to the parent once the answered statement
  // was made (posted after the statements, so it arrives after them).
  const checkInFrame = async () => {
    const frame = page.frames().find((f) => f.url().endsWith('/xapi-child.html'));
    await frame.waitForFunction(() => document.getElementById('lab')?.perceptronLab, null, { timeout: 60000 });
    // And its accessible mirror, whose modules load after the first frame: the test leaves the page
    // afterwards, which would abort them half-way (requestfailed).
    await frame.waitForSelector('.perceptron-lab-a11y', { state: 'attached', timeout: 60000 });
    await frame.evaluate(() => new Promise((resolve) => {
      const lab = document.getElementById('lab').perceptronLab;
      lab.on('xapi', (s) => {
        if (s.verb.id.endsWith('/answered')) { parent.postMessage({ type: 'xapi-test:marker' }, '*'); resolve(); }
      });
      lab.addPoint(-1, 0, 1);
      lab.checkGoal();
    }));
    await page.waitForFunction(() => window.markers === 1, null, { timeout: 15000 });
    return page.evaluate(() => window.xapiMessages);
  };

  await page.goto(`${allowedSite.url}/xapi-parent.html`);
  const allowed = await checkInFrame();
  assert.deepEqual(allowed.map((m) => m.statement.verb.id.split('/').pop()), ['initialized', 'answered']);
  assert.ok(allowed.every((m) => m.origin === server.url && m.widget === 'lab'));
  for (const m of allowed) assert.deepEqual(validateStatement(m.statement), []);
  assert.equal(allowed[1].statement.actor.account.name, 'anonymous', 'no actor given: anonymous');

  await page.goto(`${otherSite.url}/xapi-parent.html`);  // the same frame under a parent it does not allow
  assert.deepEqual(await checkInFrame(), [], 'no statement reaches a parent on another origin');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the single file in a frame sends its statements to the parent page that drives it', async (t) => {
  const parentSite = await startServer({ root: site });  // the parent on another origin, as an LMS page
  t.after(() => parentSite.close());  // even when an assertion fails (an open server keeps the suite waiting)
  const { page, context, problems } = await openPage(browser, 'about:blank', { width: 1000, height: 760 });
  writePage('xapi-single-parent.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="favicon.svg"></head><body>
<script>
  window.xapiMessages = [];
  addEventListener('message', (e) => {
    const frame = document.querySelector('iframe').contentWindow;
    if (e.data && e.data.type === 'perceptron-lab:ready') {
      frame.postMessage({ type: 'perceptron-lab:open-lesson', lesson: 'separability' }, '*');
      frame.postMessage({ type: 'perceptron-lab:check-goal' }, '*');
    }
    if (e.data && e.data.type === 'perceptron-lab:xapi') xapiMessages.push(e.data.statement);
  });
</script>
<iframe src="${server.url}/perceptron-lab-single.html" width="960" height="700"></iframe></body></html>`);
  await page.goto(`${parentSite.url}/xapi-single-parent.html`);
  await page.waitForFunction(() => window.xapiMessages.length >= 2, null, { timeout: 60000 });
  const statements = await page.evaluate(() => window.xapiMessages);
  assert.deepEqual(verbsOf(statements), ['initialized', 'answered']);
  assert.equal(statements[1].result.success, false, 'four separable points do not meet the first goal');
  for (const s of statements) assert.deepEqual(validateStatement(s), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('wrong xAPI attributes: one sentence each, the widget starts, the auth is never shown', async () => {
  const html = coursePage(`data-lesson="separability" data-xapi-endpoint="ftp://lrs.example.edu/xapi" data-xapi-auth="${AUTH}" data-xapi-actor="{name: nobody}"`);
  const { page, context, pageProblems } = await openCourse(html, 'xapi-wrong.html');
  const notice = await onLab(page, 'lab', (lab) => lab.notice());
  assert.match(notice, /data-xapi-endpoint is not an http:\/\/ or https:\/\/ address; no statements are sent to a Learning Record Store\./);
  assert.ok(!notice.includes(SECRET) && !notice.includes(AUTH));
  assert.equal((await onLab(page, 'lab', (lab) => lab.lesson())).id, 'separability', 'the lesson is open');
  assert.deepEqual(pageProblems(), []);
  await context.close();
});

test('version 2 answers as xAPI interactions: a number is numeric, select-all a choice list, a prediction with w other, all valid', async () => {
  lrs.mode = 'ok';
  const { page, context, seen, pageProblems } = await openCourse(
    coursePage(`data-lesson="perceptron-loss" ${lrsAttributes()} data-xapi-activity-base="${BASE}/"`), 'xapi-v2.html');
  await until('initialized', () => seen.length >= 1);
  // Step 1 asks for the loss of w = (1, 2): typed as a fraction, as a student may.
  assert.deepEqual(await onLab(page, 'lab', (lab) => lab.answer('2/2')), { ok: true });
  assert.equal((await onLab(page, 'lab', (lab) => lab.checkGoal())).passed, true);
  await until('answered the number', () => seen.length >= 2);
  // Step 3 predicts a step with the new w; step 6 is select-all.
  await onLab(page, 'lab', (lab) => { lab.lessonStep(2); lab.answer('mistake'); lab.answer([1, 0.5]); return lab.checkGoal(); });
  await until('answered the prediction', () => seen.length >= 3);
  await onLab(page, 'lab', (lab) => { lab.lessonStep(5); lab.chooseAnswer(0); lab.chooseAnswer(2); return lab.checkGoal(); });
  await until('answered the select-all quiz', () => seen.length >= 4);
  const answered = seen.filter((s) => s.verb.id === VERB('answered'));
  assert.deepEqual(answered.map((s) => s.object.definition.interactionType), ['numeric', 'other', 'choice']);
  assert.deepEqual(answered.map((s) => s.result.response), ['1', 'mistake; w = (1, 0.5)', 'answer-0[,]answer-2']);
  assert.deepEqual(answered.map((s) => s.result.success), [true, true, true]);
  assert.equal(answered[2].object.definition.choices.length, 4);
  for (const s of seen) {
    assert.deepEqual(validateStatement(s).map((w) => `${w.path.join('.')}: ${w.name}`), [], `valid: ${JSON.stringify(s)}`);
  }
  assert.deepEqual(pageProblems(), []);
  await context.close();
});
