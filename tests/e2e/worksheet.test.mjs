// The printable lesson (issue 25, part 3): `perceptron-cli worksheet` for two built-in lessons, printed to
// PDF by headless Chromium and read back with pdftotext (every step title; in the key, the answers the
// learner works out, which are worked out by hand below), and the lesson card's "Print this lesson"
// clicked for real: the sheet opens in a new tab that prints itself, and with the tab blocked it is
// downloaded instead. The first page of a sheet is kept as docs/figures/worksheet-page.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, openPage, onLab, waitForLab, settleLab as settle, drawnBy, clickRect, repoRoot } from './harness.mjs';
import { visible } from './labels.mjs';

const cli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');
const lessonDir = path.join(repoRoot, 'src', 'core', 'lesson', 'lessons');
const lessonFile = (id) => JSON.parse(fs.readFileSync(path.join(lessonDir, fs.readdirSync(lessonDir)
  .find((f) => f.endsWith('.json') && JSON.parse(fs.readFileSync(path.join(lessonDir, f), 'utf8')).id === id)), 'utf8'));

let server, browser, tmp;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-worksheet-'));
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// The sheet of lesson `id` as the CLI writes it, printed to PDF by Chromium, as pdftotext reads it
// (whitespace joined, so a title wrapped across lines still reads as one).
async function printedText(id, key) {
  const html = path.join(tmp, `${id}${key ? '-key' : ''}.html`), pdf = html.replace(/\.html$/, '.pdf');
  execFileSync(cli, ['worksheet', '--lesson', id, ...(key ? ['--key'] : []), '-o', html]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(fs.readFileSync(html, 'utf8'), { waitUntil: 'load' });
  await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true });
  await context.close();
  return { pdf, text: execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ') };
}

test('two lessons printed to PDF: every step title, and the key has the answers worked out', { timeout: 120000 }, async () => {
  // update-rule, lecture 004's points without a bias: from w = (1, 2) the scores are 4, −3 (right) and
  // (−1, 1)·(1, 2) = 1 for a negative point, a mistake: w = (1, 2) − (−1, 1) = (2, 1), choice (c); the
  // run converges after those 2 mistakes.
  // bias-and-order step 1: (1, 3), y = +1 from w = 0, b = 0 scores 0: a mistake, w = (1, 3), b = 1.
  const expected = {
    'update-rule': ['Answer: (c) w = (2, 1).', 'converged = true, mistakes = 2'],
    'bias-and-order': ['Prediction: mistake', 'Vector = next_w: (1, 3, 1)'],
  };
  for (const id of Object.keys(expected)) {
    const lesson = lessonFile(id);
    const sheet = await printedText(id, false);
    const key = await printedText(id, true);
    for (const [k, step] of lesson.steps.entries()) {
      const title = `Step ${k + 1}. ${step.title.replace(/\*\*|`/g, '')}`;
      assert.ok(sheet.text.includes(title), `${id}: the sheet has "${title}"`);
      assert.ok(key.text.includes(title), `${id}: the key has "${title}"`);
    }
    assert.ok(sheet.text.includes('Name:'), `${id}: the sheet has a line for the student's name`);
    assert.ok(!sheet.text.includes('Key.'), `${id}: the sheet has no key`);
    for (const answer of expected[id]) assert.ok(key.text.includes(answer), `${id}: the key says "${answer}"`);
    if (id === 'update-rule') {
      // The first page as a picture, kept for the docs and looked at.
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', sheet.pdf, path.join(tmp, 'page')]);
      fs.mkdirSync(path.join(repoRoot, 'docs', 'figures'), { recursive: true });
      fs.copyFileSync(path.join(tmp, 'page.png'), path.join(repoRoot, 'docs', 'figures', 'worksheet-page.png'));
    }
  }
});

const drawn = (page) => drawnBy(page, null, 2);
async function clickItem(page, label) {
  const frame = await drawn(page);
  const item = frame.items.find((i) => (i.label === label || i.name === label) && visible(i));
  assert.ok(item, `"${label}" is drawn (items: ${frame.items.map((i) => i.name).join(', ')})`);
  await clickRect(page, item.rect);
}

test('"Print this lesson" on the card opens the sheet in a new tab that prints it, or downloads it when tabs are blocked', { timeout: 120000 }, async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  // Count the prints of every page of this context (the new tab included) instead of opening a dialog.
  await context.addInitScript(() => { window.printed = 0; window.print = () => { window.printed += 1; }; });
  await waitForLab(page);
  assert.deepEqual(await onLab(page, null, (lab) => lab.openLesson('update-rule')), { ok: true });
  await settle(page);
  const [tab] = await Promise.all([context.waitForEvent('page'), clickItem(page, 'Print this lesson')]);
  await tab.waitForLoadState('load');
  await tab.waitForFunction(() => window.printed === 1);
  assert.equal(await tab.locator('h1').innerText(), 'The update rule');
  const titles = await tab.locator('h2').allInnerTexts();
  assert.deepEqual(titles, lessonFile('update-rule').steps.map((s, k) => `Step ${k + 1}. ${s.title}`));
  assert.equal(await tab.locator('section.step svg').count(), 4, 'a figure for each step (steps 3 and 4 show step 2\'s points)');
  assert.equal(await tab.locator('.key').count(), 0, 'the student\'s sheet has no key');
  await tab.close();

  // A browser that blocks the new tab: the sheet comes as a download, and the notice says so.
  await page.evaluate(() => { window.open = () => null; });
  const [download] = await Promise.all([page.waitForEvent('download'), clickItem(page, 'Print this lesson')]);
  assert.equal(download.suggestedFilename(), 'update-rule-worksheet.html');
  const saved = fs.readFileSync(await download.path(), 'utf8');
  assert.match(saved, /<h2>Step 2\. Predict the next update<\/h2>/);
  await page.waitForFunction(() => /blocked a new tab/.test(window.perceptronLab.notice()));
  assert.match(await onLab(page, null, (lab) => lab.notice()),
    /^The browser blocked a new tab, so the sheet was downloaded as update-rule-worksheet\.html: open it and print it\.$/);
  // The handle's own verb gives the key too.
  const key = await onLab(page, null, (lab) => lab.worksheet({ key: true }));
  assert.equal(key.name, 'update-rule-key.html');
  assert.match(key.html, /<b>Answer<\/b>: \(c\) w = \(2, 1\)\./);
  assert.deepEqual(problems, []);
  await context.close();
});
