// Vector figures (issue 25, part 1): lab.exportSvg gives SVG the browser parses, with the state's points
// and classes; the Share section's "Save SVG" (a real click) downloads the same text; a bad part is
// refused with the list of parts. The figure rendered by Chromium beside a screenshot of the canvas, for
// lecture 004's example and an RBF kernel on XOR, is kept in docs/figures/ to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitForWidget, settle, lab, drawnBy as drawn, clickRect, dataArea, repoRoot } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const item = (frame, label) => frame.items.find((i) => i.label === label);

// Scrolls the controls column (the wheel over the item) until the item is wholly on the page.
async function scrollTo(page, label, viewportHeight) {
  let frame = await drawn(page);
  for (let k = 0; k < 12; k++) {
    const it = item(frame, label);
    const share = item(frame, 'Share');
    if (!it && share) {  // below the page (not drawn): the wheel over the column scrolls down to it
      await page.mouse.move((share.rect[0] + share.rect[2]) / 2, viewportHeight / 2);
      await page.mouse.wheel(0, 200);
      frame = await drawn(page);
      continue;
    }
    assert.ok(it, `"${label}" is drawn: ${frame.items.map((i) => i.label).filter(Boolean).join(', ')}`);
    if (it.rect[3] <= Math.min(viewportHeight, it.clip[3]) && it.rect[1] >= it.clip[1]) return frame;
    await page.mouse.move((it.rect[0] + it.rect[2]) / 2, viewportHeight / 2);
    await page.mouse.wheel(0, it.rect[1] < it.clip[1] ? -200 : 200);
    frame = await drawn(page);
  }
  return assert.fail(`"${label}" could not be scrolled into view`);
}

// What the page's DOMParser reads in the SVG: a parse error, and the markers' classes in order.
const readSvg = (page, svg) => page.evaluate((text) => {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const markers = [...doc.querySelectorAll('g.point')].map((g) => (g.classList.contains('positive') ? 1 : g.classList.contains('negative') ? -1 : 0));
  return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.nodeName, markers,
    texts: [...doc.querySelectorAll('text')].map((t) => t.textContent), boundaries: doc.querySelectorAll('path.boundary').length };
}, svg);

// The canvas's data area as the screen shows it, and the SVG drawn by Chromium at the same size, side by side.
async function sideBySide(page, file) {
  const area = await dataArea(page);
  const canvasPng = await page.screenshot({ clip: { x: area.left, y: area.top, width: area.width, height: area.height } });
  const svg = await lab(page, () => window.perceptronLab.exportSvg({ part: 'canvas' }));
  const sheet = await page.context().newPage();
  await sheet.setViewportSize({ width: Math.ceil(area.width * 2 + 30), height: Math.ceil(area.height + 40) });
  const img = (src) => `<img style="width:${area.width}px;height:${area.height}px;vertical-align:top" src="${src}">`;
  await sheet.setContent(`<body style="margin:0;padding:10px;background:#777;font:12px sans-serif">
    ${img(`data:image/png;base64,${canvasPng.toString('base64')}`)}<span style="display:inline-block;width:10px"></span>${img(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`)}
    <div style="color:#fff">left: the canvas (screenshot) · right: lab.exportSvg({part: 'canvas'}) drawn by Chromium</div></body>`);
  await sheet.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  const out = path.join(repoRoot, 'docs', 'figures', file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sheet.screenshot({ path: out });
  await sheet.close();
  return svg;
}

test('exportSvg parses with the state\'s points, Save SVG downloads the same figure, a bad part is refused; canvas vs SVG kept in docs/', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1000, height: 700 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  await settle(page);

  const svg = await lab(page, () => window.perceptronLab.exportSvg({ part: 'canvas' }));
  const read = await readSvg(page, svg);
  assert.equal(read.error, null, 'DOMParser reads the SVG without an error');
  assert.equal(read.root, 'svg');
  const state = await lab(page, () => window.perceptronLab.state());
  assert.deepEqual(read.markers, state.labels, 'one marker per point, with its class, in the order of the points');
  assert.equal(read.boundaries, 1, 'the boundary is drawn');
  assert.ok(read.texts.includes('x\u2081') && read.texts.includes('x\u2082'), `axis labels as text: ${read.texts.join(' | ')}`);
  for (const part of ['mistakes', 'loss', 'proof']) {
    const plot = await readSvg(page, await lab(page, (p) => window.perceptronLab.exportSvg({ part: p, print: true }), part));
    assert.equal(plot.error, null, `${part}: parses`);
  }

  // A bad part: the promise is rejected, and the message lists the parts.
  const refused = await lab(page, () => window.perceptronLab.exportSvg({ part: 'pie' }).then(() => 'resolved', (e) => e.message));
  assert.match(refused, /unknown part 'pie'.*canvas, mistakes, loss, proof, lift/);

  // The Share section's Save SVG, clicked as a person clicks it.
  let frame = await drawn(page);
  if (!item(frame, 'Save SVG')) {
    frame = await scrollTo(page, 'Share', 700);
    await clickRect(page, item(frame, 'Share').rect);
  }
  frame = await scrollTo(page, 'Save SVG', 700);
  const [download] = await Promise.all([page.waitForEvent('download'), clickRect(page, item(frame, 'Save SVG').rect)]);
  assert.equal(download.suggestedFilename(), 'perceptron-lab.svg');
  const saved = fs.readFileSync(await download.path(), 'utf8');
  assert.equal(saved, await lab(page, () => window.perceptronLab.exportSvg({ part: 'canvas' })), 'the download is the figure of the screen');

  await page.mouse.move(2, 698);  // off the button: its tooltip is not part of the canvas's picture
  await settle(page);
  await sideBySide(page, 'canvas-vs-svg-linear.png');

  // An RBF kernel on XOR: a curved boundary, traced from the exact field.
  await lab(page, () => {
    window.perceptronLab.preset('xor');
    window.perceptronLab.configure({ algorithm: 'kernel', kernel: 'rbf' });
    window.perceptronLab.train({ untilConverged: true });
  });
  await settle(page);
  const rbf = await readSvg(page, await sideBySide(page, 'canvas-vs-svg-rbf.png'));
  assert.equal(rbf.error, null);
  assert.deepEqual(rbf.markers, (await lab(page, () => window.perceptronLab.state())).labels);
  assert.equal(rbf.boundaries, 1);
  assert.deepEqual(problems, []);
  await context.close();
});
