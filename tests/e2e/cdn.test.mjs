// The widget from a CDN (docs/reference.md "Loading from a CDN"): the course page on one origin
// (127.0.0.1), the package's dist/ folder (the release build, build/web) on another (127.0.0.2), served
// as CDNs serve it (cdn_server.mjs: CORS for every origin, application/wasm, gzip). Every file the widget
// fetches comes from the CDN; the page's own lesson file and its LRS stay on the page's origin. What
// goes wrong on the way (a .wasm of the wrong type, a missing file, two versions mixed, no connection) is
// read in the widget's own box over the canvas, as a person reads it.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PNG } from 'pngjs';
import { launchBrowser, openPage, releaseRoot, webRoot, outputDir, repoRoot } from './harness.mjs';
import { startCdnServer, startPageServer } from './cdn_server.mjs';

const LAB_VERSION = fs.readFileSync(path.join(repoRoot, 'web', 'embed_version.js'), 'utf8').match(/LAB_VERSION = '([^']+)'/)[1];
const WIDGET_FILES = /(embed[\w-]*\.(js|css)|perceptron_lab[\w.]*\.(wasm|txt|js)|perceptron-lab-single\.html|fflate\.js|test_hooks\.js|main\.js)$/;
const MY_LESSON = JSON.stringify({
  version: 1, id: 'cdn-week-3', title: 'Week 3 from the course page',
  steps: [{ title: 'Add a point', text: 'Add one more point.', state: '#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&v=1', goal: 'points >= 5' }],
});

let browser, cdn, cdnTest, site;
before(async () => {
  [cdn, cdnTest, site] = await Promise.all([
    startCdnServer({ root: releaseRoot }),
    startCdnServer({ root: webRoot, prefix: '/npm/perceptron-lab-test/dist/' }),
    startPageServer({ files: { '/lessons/week-3.json': MY_LESSON } }),
  ]);
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await Promise.all([cdn?.close(), cdnTest?.close(), site?.close()]); });
afterEach(() => cdn?.reset());  // a test that failed half-way leaves no misbehaving CDN to the next

// The page an instructor writes: the two lines from the CDN, then the widgets. Each widget's handle is
// on its element once it is ready (embed.js); `css` and `head` change the head for one test.
function coursePage(body, { from = cdn, css = `${from.base}embed.css`, head = '' } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="${css}">
<script type="module" src="${from.base}embed.js"></script>${head}</head><body>
${body}
</body></html>`;
}

// Serves `page` at `urlPath` of the page's origin and opens it; every request the browser makes is logged.
async function openCourse(urlPath, page, size = { width: 1100, height: 800 }) {
  site.pages[urlPath] = page;
  const opened = await openPage(browser, 'about:blank', size);
  const requests = [];
  opened.page.on('request', (req) => requests.push(req.url()));
  await opened.page.goto(`${site.url}${urlPath}`);
  return { ...opened, requests };
}
const handleOf = (page, id, timeout = 60000) => page.waitForFunction((el) => !!document.getElementById(el)?.perceptronLab, id, { timeout });
const onLab = (page, id, fn, arg) => page.evaluate(([el, source, a]) => new Function('lab', 'arg', `return (${source})(lab, arg)`)(document.getElementById(el).perceptronLab, a), [id, String(fn), arg]);

// What a person sees of a widget: the canvas's pixels, as a screenshot of the element. Not blank: many
// colours, and most of it not the one colour that fills most of it (the background).
async function canvasPixels(page, id) {
  const png = PNG.sync.read(await page.locator(`#${id} canvas`).screenshot({ path: path.join(outputDir, `cdn-${id}.png`) }));
  const counts = new Map();
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    const c = (png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2];
    counts.set(c, (counts.get(c) || 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const background = Math.max(...counts.values());
  return { colours: counts.size, notBackground: (total - background) / total };
}

// The widget's box over the canvas (embed_page.js createNoticeBox, or the loading line of a widget that
// could not start), as its text reads; waits until it says `pattern`.
async function boxSays(page, id, pattern, timeout = 30000) {
  const box = page.locator(`#${id} .perceptron-lab-message, #${id} .perceptron-lab-loading`).filter({ hasText: pattern });
  await box.first().waitFor({ state: 'visible', timeout });
  // The message box's text is its first part; the second is its × (Dismiss) button.
  return box.first().evaluate((el) => (el.classList.contains('perceptron-lab-message') ? el.firstChild.textContent : el.textContent));
}

// A mouse user's way in (a11y.test.mjs): the button appears when it has focus, as a skip link does, then a click opens.
async function openTableView(widget) {
  const toggle = widget.getByRole('button', { name: 'Show table view' });
  await toggle.focus();
  await toggle.click();
  await widget.getByRole('button', { name: 'Hide table view' }).waitFor();
}

// Every request for one of the widget's files went to the CDN; the page's origin was asked only for `own`.
function assertOrigins(requests, own) {
  const pageOrigin = new URL(site.url).origin;
  const widgetFiles = requests.filter((url) => WIDGET_FILES.test(new URL(url).pathname));
  assert.ok(widgetFiles.length >= 4, widgetFiles.join('\n'));
  for (const url of widgetFiles) assert.equal(new URL(url).hostname, '127.0.0.2', `${url} is a widget file from the CDN`);
  const fromPage = requests.filter((url) => url.startsWith(pageOrigin)).map((url) => new URL(url).pathname);
  assert.deepEqual([...new Set(fromPage)].sort(), [...own].sort(), 'the page\'s origin is asked only for the page and its own files');
}

test('from a CDN: a preset widget draws and trains, a lesson is checked, the mirror appears, the page\'s own lesson loads; every widget file from the CDN', async () => {
  const { page, context, problems, requests } = await openCourse('/course.html', coursePage(`
<div id="xor" class="perceptron-lab" data-preset="xor" style="width:900px;height:560px"></div>
<div id="lecture" class="perceptron-lab" data-lesson="update-rule" style="width:900px;height:560px"></div>
<div id="mine" class="perceptron-lab" data-lesson-src="lessons/week-3.json" style="width:900px;height:560px"></div>`));
  for (const id of ['xor', 'lecture', 'mine']) await handleOf(page, id);

  // The preset widget draws: the XOR points on its regions, not a blank box.
  await page.locator('#xor').scrollIntoViewIfNeeded();
  const xor = await canvasPixels(page, 'xor');
  assert.ok(xor.colours > 20 && xor.notBackground > 0.05, JSON.stringify(xor));

  // The accessible mirror (embed_a11y.js, a late module from the CDN): its table view, by role.
  const mirror = page.locator('#xor');
  await openTableView(mirror);
  await mirror.getByRole('table').first().waitFor({ timeout: 30000 });
  // The deferred part arrives: Step (a real click on the mirror's button) trains.
  const before = await onLab(page, 'xor', (lab) => lab.state({ points: false }));
  await mirror.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => document.getElementById('xor').perceptronLab.state({ points: false }).visits >= 1, null, { timeout: 30000 });
  const after = await onLab(page, 'xor', (lab) => lab.state({ points: false }));
  assert.equal(before.visits, 0);
  assert.ok(after.visits >= 1, JSON.stringify(after).slice(0, 300));

  // The built-in lesson (its texts: perceptron_lab.lessons.txt from the CDN) draws, and its first step
  // is checked: Step, then Check, in the mirror.
  const lecture = page.locator('#lecture');
  await lecture.scrollIntoViewIfNeeded();
  const lecturePixels = await canvasPixels(page, 'lecture');
  assert.ok(lecturePixels.colours > 20 && lecturePixels.notBackground > 0.05, JSON.stringify(lecturePixels));
  assert.equal((await onLab(page, 'lecture', (lab) => lab.lesson())).title, 'The update rule');
  await openTableView(lecture);
  await lecture.getByRole('button', { name: 'Step', exact: true }).click();
  await lecture.getByRole('button', { name: 'Check', exact: true }).click();
  await page.waitForFunction(() => document.getElementById('lecture').perceptronLab.result()?.steps?.[0]?.passed === true, null, { timeout: 15000 });

  // The page's own lesson (data-lesson-src, relative to the PAGE) loaded from the page's origin.
  const mine = await onLab(page, 'mine', (lab) => lab.lesson());
  assert.equal(mine.title, 'Week 3 from the course page');
  await openTableView(page.locator('#mine'));
  await page.locator('#mine').getByText('Week 3 from the course page').first().waitFor({ timeout: 10000 });

  // Where every file came from: the page's timing entries agree with the request log.
  const timed = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  for (const file of ['embed.js', 'embed.css', 'perceptron_lab.wasm', 'perceptron_lab.deferred.wasm', 'perceptron_lab.lessons.txt', 'embed_a11y.js']) {
    assert.ok(timed.some((url) => url.startsWith(cdn.base) && url.endsWith(`/${file}`)), `${file} fetched from the CDN (${timed.join(' ')})`);
  }
  assertOrigins([...requests, ...timed], ['/course.html', '/lessons/week-3.json']);
  // Served as a CDN serves them: compressed on the way.
  const encodings = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.name.endsWith('.wasm')).map((e) => [e.encodedBodySize, e.decodedBodySize]));
  for (const [encoded, decoded] of encodings) assert.ok(encoded > 0 && encoded < decoded, `gzip: ${encoded} < ${decoded}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('from a CDN: xAPI statements go to the page\'s own LRS, not the CDN', async () => {
  site.statements.length = 0;
  const { page, context, problems, requests } = await openCourse('/xapi.html', coursePage(`
<div id="lab" class="perceptron-lab" data-lesson="update-rule" data-xapi-endpoint="/lrs"
  data-xapi-actor='{"name":"Ada","mbox":"mailto:ada@example.org"}' style="width:900px;height:560px"></div>`));
  await handleOf(page, 'lab');
  const widget = page.locator('#lab');
  await openTableView(widget);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await widget.getByRole('button', { name: 'Check', exact: true }).click();
  const deadline = Date.now() + 20000;
  while (!site.statements.some((s) => /answered/.test(s.verb?.id)) && Date.now() < deadline) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  const verbs = site.statements.map((s) => s.verb.id.split('/').pop());
  assert.ok(verbs.includes('answered'), verbs.join(' '));
  assert.ok(requests.every((url) => !url.includes('/lrs') || url.startsWith(site.url)), 'statements go to the page\'s origin');
  assertOrigins(requests, ['/xapi.html', '/lrs/statements']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('from a CDN: Author mode\'s Save as SCORM 2004 packs the single file fetched from the CDN', async () => {
  // The test build on the CDN (its hooks say where Author mode's buttons are drawn); the page imports
  // the hooks from the CDN too, so the page's origin serves nothing but the page.
  const { page, context, problems, requests } = await openCourse('/author.html', coursePage(`
<div id="lab" class="perceptron-lab" style="width:1280px;height:2000px"></div>
<script type="module">
  import { testHooks } from '${cdnTest.base}test_hooks.js';
  window.testHooks = testHooks;
</script>`, { from: cdnTest }), { width: 1280, height: 2000 });
  await handleOf(page, 'lab');
  const hooks = (fn, arg) => page.evaluate(([source, a]) => new Function('hooks', 'lab', 'arg', `return (${source})(hooks, lab, arg)`)(
    window.testHooks(document.getElementById('lab').perceptronLab), document.getElementById('lab').perceptronLab, a), [String(fn), arg]);
  await page.waitForFunction(() => window.testHooks && window.testHooks(document.getElementById('lab').perceptronLab).framesDrawn() >= 3, null, { timeout: 30000 });
  const settle = async () => {
    let last = -1, since = Date.now();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const [now, pending] = await hooks((h) => [h.framesDrawn(), h.inputPending()]);
      if (now !== last || pending) { last = now; since = Date.now(); } else if (Date.now() - since > 150) break;
      await page.waitForTimeout(30);
    }
  };
  const clickItem = async (name) => {
    await settle();
    await hooks((h) => h.drawn());
    const frame = await hooks((h) => h.drawn());
    const item = frame.items.find((i) => i.label === name || i.name === name || i.name.endsWith(`###${name}`));
    assert.ok(item, `"${name}" is drawn (${frame.items.map((i) => i.label).filter(Boolean).join(', ')})`);
    const box = await page.locator('#lab canvas').boundingBox();
    const x = box.x + (item.rect[0] + item.rect[2]) / 2, y = box.y + (item.rect[1] + item.rect[3]) / 2;
    const frames = await hooks((h) => h.framesDrawn());
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForFunction((f) => window.testHooks(document.getElementById('lab').perceptronLab).framesDrawn() > f, frames, { timeout: 5000 });
    await page.mouse.up();
    await settle();
  };
  await clickItem('Lesson');
  await clickItem('Write your own lesson');
  await clickItem('Add this screen as a step');
  await clickItem('##goal');
  await page.keyboard.type('points >= 6', { delay: 40 });
  await settle();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), clickItem('save-scorm-2004')]);
  assert.equal(download.suggestedFilename(), 'my-lesson-scorm2004.zip');
  const listed = spawnSync('unzip', ['-l', await download.path()], { encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of ['imsmanifest.xml', 'index.html', 'lesson.json']) assert.match(listed.stdout, new RegExp(`\\b${file.replace('.', '\\.')}\\b`));
  const single = requests.filter((url) => url.endsWith('/perceptron-lab-single.html'));
  assert.deepEqual(single, [`${cdnTest.base}perceptron-lab-single.html`], 'the single file came from the CDN');
  assert.ok(requests.some((url) => url === `${cdnTest.base}embed_scorm_save.js`), 'the SCORM module came from the CDN');
  assertOrigins(requests, ['/author.html']);
  assert.deepEqual(problems, []);
  await context.close();
});

// The Content-Security-Policy a strict course page needs for the widget from a CDN (docs/reference.md
// "Loading from a CDN"): with exactly that header, the widget draws, trains and builds its mirror, and
// the browser reports no violation.
test('from a CDN: a page with the documented strict CSP still draws the widget', async () => {
  const csp = `default-src 'none'; script-src ${cdn.url} 'wasm-unsafe-eval'; style-src ${cdn.url}; connect-src 'self' ${cdn.url}; img-src 'self' data: blob:`;
  const docs = fs.readFileSync(path.join(repoRoot, 'docs', 'reference.md'), 'utf8');
  assert.ok(docs.includes(csp.replaceAll(cdn.url, 'https://cdn.example')), `docs/reference.md gives the CSP: ${csp}`);
  const opened = await openPage(browser, 'about:blank', { width: 1000, height: 700 });
  const { page, context, problems } = opened;
  const violations = [];
  page.on('console', (msg) => { if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text()); });
  site.pages['/strict.html'] = { body: coursePage('<div id="lab" class="perceptron-lab" data-preset="moons"></div>'), headers: { 'Content-Security-Policy': csp } };
  await page.goto(`${site.url}/strict.html`);
  await handleOf(page, 'lab');
  const pixels = await canvasPixels(page, 'lab');
  assert.ok(pixels.colours > 20 && pixels.notBackground > 0.05, JSON.stringify(pixels));
  await openTableView(page.locator('#lab'));
  await page.locator('#lab').getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => document.getElementById('lab').perceptronLab.state({ points: false }).visits >= 1, null, { timeout: 30000 });
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});

// [SECTION] what goes wrong on the way, said in the widget's box
// A page with one widget from a CDN told to misbehave (cdn_server.mjs misbehave).
const misbehaving = (misbehave, id) => {
  cdn.misbehave = misbehave;
  return openCourse(`/bad-${Object.keys(misbehave).join('-')}.html`,
    coursePage(`<div id="${id}" class="perceptron-lab" data-preset="xor" style="width:900px;height:560px"></div>`));
};

for (const type of ['text/plain', 'application/octet-stream']) {
  test(`from a CDN: .wasm served as ${type}: the widget works and its box says how to fix the server`, async () => {
    const { page, context } = await misbehaving({ types: { '.wasm': type } }, 'lab');
    await handleOf(page, 'lab');
    const said = await boxSays(page, 'lab', /perceptron_lab\.deferred\.wasm came/);
    const slow = (file) => `${file} came from ${cdn.url.slice(7)} without Content-Type: application/wasm, so it loaded the slow way. `
      + 'The page\'s author: have the server send .wasm files as application/wasm.';
    assert.equal(said, [slow('perceptron_lab.wasm'), slow('perceptron_lab.deferred.wasm')].join('\n'));
    // It works: it drew, and Step (needing the rest, which came the slow way) trains.
    const pixels = await canvasPixels(page, 'lab');
    assert.ok(pixels.colours > 20, JSON.stringify(pixels));
    await openTableView(page.locator('#lab'));
    await page.locator('#lab').getByRole('button', { name: 'Step', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('lab').perceptronLab.state({ points: false }).visits >= 1, null, { timeout: 30000 });
    cdn.reset();
    await context.close();
  });
}

const MISSING = [
  ['perceptron_lab.wasm', /^Perceptron Lab could not start: its code did not load \(perceptron_lab\.wasm: HTTP 404 from 127\.0\.0\.2:\d+\). The page's author: put perceptron_lab\.wasm next to embed\.js\.$/],
  ['perceptron_lab.deferred.wasm', /^Perceptron Lab could not load the rest of its code \(perceptron_lab\.deferred\.wasm: HTTP 404 from 127\.0\.0\.2:\d+\). The page's author: put perceptron_lab\.deferred\.wasm next to embed\.js\.$/],
  ['perceptron_lab.lessons.txt', /^Perceptron Lab could not load its lessons \(perceptron_lab\.lessons\.txt: HTTP 404 from 127\.0\.0\.2:\d+\). The page's author: put perceptron_lab\.lessons\.txt next to embed\.js\.$/],
  ['embed_a11y.js', /^The table view for screen readers could not be loaded \(embed_a11y\.js: HTTP 404 from 127\.0\.0\.2:\d+\). The page's author: put embed_a11y\.js next to embed\.js\.$/],
];
for (const [file, message] of MISSING) {
  test(`from a CDN: ${file} missing (HTTP 404): the box says which file, the status and what to do`, async () => {
    const { page, context } = await misbehaving({ status: { [file]: 404 } }, 'lab');
    const said = await boxSays(page, 'lab', file);
    assert.match(said.trim(), message);
    cdn.reset();
    await context.close();
  });
}

test('from a CDN: embed.css of another version than embed.js: the box names both versions', async () => {
  const css = fs.readFileSync(path.join(releaseRoot, 'embed.css'), 'utf8').replace(`"${LAB_VERSION}"`, '"0.1.9"');
  const { page, context } = await misbehaving({ css }, 'lab');
  await handleOf(page, 'lab');
  const said = await boxSays(page, 'lab', /embed\.css/);
  assert.equal(said, `This page loads embed.js ${LAB_VERSION} with embed.css 0.1.9. The page's author: load both from one version.`);
  assert.equal(await onLab(page, 'lab', (lab) => [lab.version, lab.handleVersion].join(' ')), `${LAB_VERSION} 1`);
  cdn.reset();
  await context.close();

  // The same version: nothing to say.
  const same = await openCourse('/same.html', coursePage('<div id="lab" class="perceptron-lab" data-preset="xor"></div>'));
  await handleOf(same.page, 'lab');
  await same.page.locator('#lab').getByRole('button', { name: 'Show table view' }).waitFor();
  assert.equal(await same.page.locator('#lab .perceptron-lab-message:visible').count(), 0);
  assert.deepEqual(same.problems, []);
  await same.context.close();
});

test('from a CDN, offline: no answer for the first part or for the rest is said, with what to do', async () => {
  for (const [file, lead] of [['perceptron_lab.wasm', 'Perceptron Lab could not start: its code did not load'],
    ['perceptron_lab.deferred.wasm', 'Perceptron Lab could not load the rest of its code']]) {
    const { page, context } = await misbehaving({ drop: [file] }, 'lab');
    const said = await boxSays(page, 'lab', file);
    assert.match(said.trim(), new RegExp(`^${lead.replace(/[()]/g, '\\$&')} \\(${file.replaceAll('.', '\\.')}: no answer from 127\\.0\\.0\\.2:\\d+\\)\\. Check the connection, then reload the page\\.$`));
    cdn.reset();
    await context.close();
  }
});
