// Big data stays live (issue 14): what the speed-ups must not change. 100,000 points show as squares of
// their class colours, drawn from one picture that Run does not make again; 1,000 points are drawn from
// a handful of sprites; the regions are coarse only while Run is on and exact (GPU = CPU at every
// pixel) once it stops; the light state and light change events carry counts, not megabytes of points.
// Speed itself is measured by bench/big_data.mjs, not here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, countNear, lab } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const hooks = (page) => lab(page, () => window.testHooks(window.perceptronLab).layers());

// Two tight clouds, +1 around (3, 3) and -1 around (-3, -3), written as a CSV in the page (seeded),
// and an XOR of four points far away at (8..9, -8..-9), so that no line separates the whole set and Run
// goes on until it is stopped.
async function importClouds(page, n) {
  return lab(page, (count) => {
    let s = 11;
    const u = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
    const rows = ['x1,x2,label'];
    for (let i = 0; i < count; i++) {
      const y = i % 2 ? 1 : -1;
      rows.push(`${(3 * y + (u() - 0.5) * 1.5).toFixed(3)},${(3 * y + (u() - 0.5) * 1.5).toFixed(3)},${y}`);
    }
    rows.push('8,-8,1', '9,-9,1', '8,-9,-1', '9,-8,-1');
    return window.perceptronLab.importText(rows.join('\n'), 'clouds.csv');
  }, n);
}

// The class colours as the canvas paints them: the palette's marker colours (light theme).
const POSITIVE = [213, 94, 0];
const NEGATIVE = [0, 114, 178];

test('100,000 points: coloured squares from one picture that Run does not repaint; light state and events', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  // Regions off, so the squares stand on the plain canvas.
  await lab(page, () => { const l = window.perceptronLab; const s = l.state(); l.load({ ...s, panels: { ...s.panels, field: false } }); });
  assert.deepEqual(await importClouds(page, 99996), { ok: true });  // + 4 = the 100,000 limit
  await settle(page);
  const light = await lab(page, () => window.perceptronLab.state({ points: false }));
  assert.equal(light.pointCount, 100000);
  assert.equal(light.points, undefined, 'the light state leaves the points out');
  assert.equal(light.fragment, undefined);
  assert.equal(light.panels.field, false);

  const png = await screenshotPixels(page, 'big-data-100k.png');
  const plus = await lab(page, () => window.testHooks(window.perceptronLab).toPage(3, 3));
  const minus = await lab(page, () => window.testHooks(window.perceptronLab).toPage(-3, -3));
  const box = 20;  // a 40 x 40 px box in the middle of each cloud is nearly all squares of its class
  assert.ok(countNear(png, Math.round(plus.x), Math.round(plus.y), box, POSITIVE) > 0.5 * (2 * box) ** 2, 'orange squares at (3, 3)');
  assert.ok(countNear(png, Math.round(minus.x), Math.round(minus.y), box, NEGATIVE) > 0.5 * (2 * box) ** 2, 'blue squares at (-3, -3)');
  assert.equal(countNear(png, Math.round(plus.x), Math.round(plus.y), box, NEGATIVE), 0, 'no blue square among the +1 cloud');

  const before = await hooks(page);
  assert.ok(before.pointPictures >= 1);
  // Run at full speed: the learner changes every frame, the picture of the points does not.
  await lab(page, () => {
    window.lightEvents = [];
    window.perceptronLab.on('change', (s) => window.lightEvents.push({ n: s.pointCount, points: 'points' in s, visits: s.visits }), { points: false });
    window.lightFrom = window.testHooks(window.perceptronLab).framesDrawn();
    window.perceptronLab.run(true, 'max');
  });
  // Until Run has drawn 10 frames and sent 3 change events (the asserts below say which is missing).
  await page.waitForFunction(() => window.testHooks(window.perceptronLab).framesDrawn() >= window.lightFrom + 10
    && window.lightEvents.length >= 3, null, { timeout: 30000 }).catch(() => {});
  const during = await hooks(page);
  await lab(page, () => window.perceptronLab.run(false));
  assert.equal(during.pointPictures, before.pointPictures, 'Run repainted the points');
  const events = await lab(page, () => window.lightEvents);
  assert.ok(events.length >= 3, `change events while Run is on: ${events.length}`);
  assert.ok(events.every((e) => e.n === 100000 && !e.points), 'light change events carry the count, not the points');
  assert.ok(events.at(-1).visits > events[0].visits, 'the events follow the training');
  assert.deepEqual(problems, []);
  await context.close();
});

test('1,000 points: markers from a handful of sprites; regions coarse while Run is on, exact when it stops', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  assert.deepEqual(await importClouds(page, 1000), { ok: true });
  await lab(page, () => window.perceptronLab.train({ epochs: 1 }));
  await settle(page);
  const trained = await hooks(page);
  assert.ok(trained.sprites >= 2 && trained.sprites <= 8, `sprites for 1,000 markers: ${trained.sprites}`);
  assert.equal(trained.coarseField, false);

  // The +1 point of the XOR corner at (9, -9) stands alone: its marker shows its class colour there.
  const first = [9, -9];
  await settle(page);
  const png = await screenshotPixels(page, 'big-data-1k.png');
  const at = await lab(page, (p) => window.testHooks(window.perceptronLab).toPage(p[0], p[1]), first);
  const seen = countNear(png, Math.round(at.x), Math.round(at.y), 6, POSITIVE);
  assert.ok(seen >= 12, `the + marker is drawn in its class colour (${seen} px of it at ${at.x}, ${at.y})`);

  await lab(page, () => window.perceptronLab.configure({ maxEpochs: 1000000 }));
  const runFrom = await lab(page, () => {
    window.perceptronLab.run(true, 'max');
    return { frames: window.testHooks(window.perceptronLab).framesDrawn(), visits: window.perceptronLab.state({ points: false }).visits };
  });
  // Until Run has trained and drawn a few frames since.
  await page.waitForFunction((from) => window.perceptronLab.state({ points: false }).visits > from.visits
    && window.testHooks(window.perceptronLab).framesDrawn() >= from.frames + 4, runFrom, { timeout: 30000 }).catch(() => {});
  const running = await hooks(page);
  assert.equal(running.coarseField, true, 'while Run is on the regions are painted coarse');
  await lab(page, () => window.perceptronLab.run(false));
  await settle(page);
  await page.waitForFunction(() => !window.testHooks(window.perceptronLab).layers().fieldSettling, null, { timeout: 20000 });
  const rest = await hooks(page);
  assert.equal(rest.coarseField, false, 'at rest the exact regions are shown');
  const agreement = await lab(page, () => window.testHooks(window.perceptronLab).fieldAgreement());
  assert.ok(agreement.fraction >= 0.999, `GPU/CPU sign agreement ${agreement.fraction}`);
  assert.equal(agreement.notTiny, 0);
  assert.deepEqual(problems, []);
  await context.close();
});
