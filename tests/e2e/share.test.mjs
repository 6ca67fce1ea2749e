// Sharing: the state in the URL (links, reload, hostile fragments), import/export of CSV and JSON
// through the real file input and drop target, downloads, the clipboard and PNG snapshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, launchBrowser, openPage, waitForWidget, settle, lab, clickData, pressOnCanvas, snapshotPicture } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => lab(page, () => window.perceptronLab.state());

test('a link made after real edits and training reopens the identical state; reload keeps it', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  await clickData(page, 2, 2);              // a third positive point
  await clickData(page, -2, 0, 'right');    // a third negative point
  await pressOnCanvas(page, 's');
  await pressOnCanvas(page, 's');
  await pressOnCanvas(page, 's');
  const historyLength = await lab(page, () => history.length);
  const before = await state(page);
  assert.equal(before.points.length, 6);
  assert.equal(before.visits, 3, 'each S press trained one visit');
  const link = await lab(page, () => window.perceptronLab.link());
  assert.ok(link.startsWith(`${server.url}/#`), link);

  const second = await openPage(browser, link);
  await waitForWidget(second.page);
  const after = await state(second.page);
  assert.deepEqual(after, before, 'weights, counters, points and settings all equal');
  assert.deepEqual(second.problems, []);
  await second.context.close();

  // The full-page widget keeps its URL fragment in sync (replaceState, no new history entries).
  await page.waitForFunction(() => location.hash.slice(1) === window.perceptronLab.state().fragment, null, { timeout: 5000 });
  assert.equal(await lab(page, () => history.length), historyLength, 'no history entry per edit');
  await page.reload();
  await waitForWidget(page);
  assert.deepEqual(await state(page), before, 'a reload never loses work');
  assert.deepEqual(problems, []);
  await context.close();
});

// Fragments that must all be refused (each with a message), whatever their flavour of broken.
function malformedFragments(good) {
  const d = good.match(/(?:^|&)d=([^&]*)/)[1];
  const list = [
    'v=2', `d=${d}&v=99`, `d=${d}`, `d=${d}&alg=perceptron`, 'd=&v=1', 'd=!!!!&v=1', `d=${d}A&v=1`,
    `d=${d.slice(0, -3)}&v=1`, 'd=AA&v=1', 'd=_w&v=1', `d=${d}&alg=bogus&v=1`, `d=${d}&alg=&v=1`,
    `d=${d}&eta=-1&v=1`, `d=${d}&eta=0&v=1`, `d=${d}&eta=NaN&v=1`, `d=${d}&eta=Infinity&v=1`, `d=${d}&eta=1e400&v=1`,
    `d=${d}&epochs=0&v=1`, `d=${d}&epochs=99999999&v=1`, `d=${d}&epochs=1.5&v=1`, `d=${d}&seed=-3&v=1`,
    `d=${d}&seed=99999999999999999999999&v=1`, `d=${d}&sigma=0&v=1`, `d=${d}&gamma=-2&v=1`, `d=${d}&degree=0&v=1`,
    `d=${d}&degree=21&v=1`, `d=${d}&kernel=cubic&v=1`, `d=${d}&lift=xyz&v=1`, `d=${d}&bias=maybe&v=1`,
    `d=${d}&order=sideways&v=1`, `d=${d}&init=ones&v=1`, `d=${d}&label=2&v=1`, `d=${d}&label=0&v=1`,
    `d=${d}&online=yes&v=1`, `d=${d}&dark=2&v=1`, `d=${d}&readonly=maybe&v=1`, `d=${d}&span=0&v=1`,
    `d=${d}&cx=1e9&v=1`, `d=${d}&visits=-1&v=1`, `d=${d}&visits=999999999999&v=1`, `d=${d}&edit=later&v=1`,
    `d=${d}&alg=kernel&alg=kernel&v=1`, `d=${d}&v=1&v=1`, `d=${d}&eta=%zz&v=1`, `d=${d}&eta=%&v=1`,
    `d=${d}&preset=%00%01&v=1`, `${'a=1&'.repeat(300)}d=${d}&v=1`, `d=${d}&v=0`, `d=${d}&v=abc`,
    'javascript:alert(1)', `d=${d}&eta=<script>alert(1)</script>&v=1`, `d=${'A'.repeat(5000)}&v=1`,
  ];
  return list.slice(0, 50);
}

test('50 malformed fragments: each refused with a message, state stays the default, no console error', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const start = await state(page);
  const fragments = malformedFragments(start.fragment);
  assert.equal(fragments.length, 50);
  const accepted = await lab(page, (list) => list.filter((f) => window.perceptronLab.load(`#${f}`).ok), fragments);
  assert.deepEqual(accepted, [], 'every one is refused');
  for (const fragment of fragments) {
    const r = await lab(page, (f) => window.perceptronLab.load(`#${f}`), fragment);
    assert.equal(r.ok, false, `refused: ${fragment.slice(0, 80)}`);
    assert.ok(typeof r.error === 'string' && r.error.length > 10, `an error message for ${fragment.slice(0, 80)}`);
    const notice = await lab(page, () => window.perceptronLab.notice());
    assert.ok(notice.includes(r.error.slice(0, 20)), 'the message is shown in the widget');
    assert.deepEqual(await state(page), start, 'state untouched');
  }
  // Opened as the page's own URL: the default scene and the (dismissible) message.
  for (const fragment of [fragments[0], fragments[11], fragments[44], fragments[50 - 1]]) {
    await page.goto(`${server.url}/#${fragment}`);
    await waitForWidget(page);
    await settle(page);
    const s = await state(page);
    assert.equal(s.fragment, start.fragment, 'default scene');
    assert.match(await lab(page, () => window.perceptronLab.notice()), /could not be opened/);
  }
  await lab(page, () => window.perceptronLab.dismissNotice());
  assert.equal(await lab(page, () => window.perceptronLab.notice()), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('CSV import through the real file input: a bad line is rejected by line, a good file loads', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const before = await state(page);
  await page.setInputFiles('.perceptron-lab-file', {
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('x1,x2,label\n1,2,1\n3,abc,-1\n0,0,1\n'),
  });
  await page.waitForFunction(() => window.perceptronLab.notice().includes('bad.csv'), null, { timeout: 5000 });
  const notice = await lab(page, () => window.perceptronLab.notice());
  assert.match(notice, /line 3/, notice);
  assert.match(notice, /kept/, notice);
  assert.deepEqual(await state(page), before, 'the state is untouched by a bad file');

  await page.setInputFiles('.perceptron-lab-file', {
    name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from('x1,x2,label\n1,1,1\n-1,-1,0\n2,0.5,1\n'),
  });
  await page.waitForFunction(() => window.perceptronLab.state().points.length === 3, null, { timeout: 5000 });
  const s = await state(page);
  assert.deepEqual(s.points, [[1, 1], [-1, -1], [2, 0.5]]);
  assert.deepEqual(s.labels, [1, -1, 1]);
  assert.equal(s.preset, 'good.csv');
  assert.match(await lab(page, () => window.perceptronLab.notice()), /Loaded good\.csv: 3 points/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('JSON state dropped onto the widget loads it; a broken JSON drop changes nothing', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const target = await state(page);
  const json = await lab(page, () => {
    const s = JSON.parse(window.perceptronLab.exportJson());
    return JSON.stringify({ ...s, points: [[0, 1], [1, 0], [3, 3]], labels: [1, -1, 1], algorithm: 'pocket' });
  });
  const drop = (name, text) => lab(page, ([n, t]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], n, { type: 'application/json' }));
    window.perceptronLab.element.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text]);
  await drop('state.json', json);
  await page.waitForFunction(() => window.perceptronLab.state().points.length === 3, null, { timeout: 5000 });
  const s = await state(page);
  assert.equal(s.algorithm, 'pocket');
  assert.notDeepEqual(s, target);
  await drop('broken.json', '{"points": [[1, 2]], "labels": [1');
  await page.waitForFunction(() => window.perceptronLab.notice().includes('could not be loaded'), null, { timeout: 5000 });
  assert.deepEqual(await state(page), s, 'a broken file changes nothing');
  assert.deepEqual(problems, []);
  await context.close();
});

test('downloads of CSV and JSON, copy link to the clipboard, PNG snapshot of the canvas', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { deviceScaleFactor: 2 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.train({ epochs: 2 }));
  await settle(page);
  const s = await state(page);

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), lab(page, () => window.testHooks(window.perceptronLab).request('downloadCsv'))]);
  assert.equal(csvDownload.suggestedFilename(), 'perceptron-lab.csv');
  const csv = fs.readFileSync(await csvDownload.path(), 'utf8');
  assert.equal(csv.trim().split('\n')[0], 'x1,x2,label');
  assert.equal(csv.trim().split('\n').length, s.points.length + 1);

  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), lab(page, () => window.testHooks(window.perceptronLab).request('downloadJson'))]);
  assert.equal(jsonDownload.suggestedFilename(), 'perceptron-lab.json');
  const json = JSON.parse(fs.readFileSync(await jsonDownload.path(), 'utf8'));
  assert.equal(json.trainedVisits, s.visits);
  assert.deepEqual(json.points, s.points);
  // The exported JSON reloads to the same state (training replayed).
  await lab(page, () => window.perceptronLab.train({ reset: true }));
  assert.deepEqual(await lab(page, (t) => window.perceptronLab.importText(t, 'saved.json'), JSON.stringify(json)), { ok: true });
  assert.deepEqual(await state(page), s);

  await lab(page, () => window.testHooks(window.perceptronLab).request('copyLink'));
  await page.waitForFunction(() => window.perceptronLab.notice().includes('copied'), null, { timeout: 5000 });
  assert.equal(await lab(page, () => navigator.clipboard.readText()), await lab(page, () => window.perceptronLab.link()));

  const g = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  const png = { ...await snapshotPicture(page), cssWidth: g.width, cssHeight: g.height };
  assert.equal(png.type, 'image/png');
  assert.ok(Math.abs(png.width - 2 * png.cssWidth) <= 2, `full resolution at DPR 2: ${png.width} vs ${png.cssWidth}`);
  assert.ok(Math.abs(png.height - 2 * png.cssHeight) <= 2);
  assert.ok(png.colours > 20, `the decision regions, points and axes are in the picture (${png.colours} colours)`);
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), lab(page, () => window.testHooks(window.perceptronLab).request('snapshotPng'))]);
  assert.equal(pngDownload.suggestedFilename(), 'perceptron-lab.png');
  assert.deepEqual(problems, []);
  await context.close();
});
