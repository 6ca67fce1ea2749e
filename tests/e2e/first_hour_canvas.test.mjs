// The first hour on the canvas (issue 29): no point hides under the canvas's own overlays (the class
// switch and Fit, the legend, the status line, the keys hint) on the course page's XOR widgets at phone,
// small-embed and desktop sizes; the keyboard cursor and its label stay clear of the status line and the
// keys hint at the canvas's edges; a section header with the keyboard focus shows a ring.
// Checked through what the widget drew (testHooks(...).drawn(): items and canvas texts with their
// rectangles), toPage() for where the points are, real key presses, and pixels from screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launchBrowser, openPage, routePage, settle, settleLab, useTestHooks, screenshotPixels, pixelAt, outputDir, holdClick } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 800 };
const SMALL = { width: 600, height: 400 };
const MARKER = 8;    // a marker's radius and its rim (canvas_overlays.hpp kMarkerRadius)
const REACH = 16;    // the keyboard cursor's arms (canvas_cursor.cpp)
const OVERLAY_TEXTS = ['status', 'keys-hint', 'field-notice', 'legend'];
const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

// A small embed: one XOR widget as the course page's section 3 has it, 600 x 300 px.
const SMALL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Small embed</title>
<link rel="stylesheet" href="/embed.css"><script type="module" src="/embed.js"></script>
<style>body{margin:0;background:#fff}</style></head><body>
<button id="before">Before</button>
<div id="xor-small" class="perceptron-lab" data-preset="xor" data-lift="product" data-controls="train,lift,share"
     data-train="untilConverged" data-height="300" style="width:600px"></div>
</body></html>`;

// Waits for the widget with this id, brings it into view and lets it rest.
async function widget(page, id) {
  await page.waitForFunction((i) => document.getElementById(i)?.perceptronLab, id, { timeout: 30000 });
  await useTestHooks(page);
  await page.waitForFunction((i) => window.testHooks(document.getElementById(i)).framesDrawn() >= 2, id, { timeout: 30000 });
  await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'center' }), id);
  await settleLab(page, id);
}

// What the widget drew last, its points in canvas coordinates and its canvas area.
async function look(page, id) {
  return page.evaluate(async (i) => {
    const el = document.getElementById(i);
    const hooks = window.testHooks(el);
    const drawn = await hooks.drawn();
    const box = el.perceptronLab.canvas.getBoundingClientRect();
    const points = el.perceptronLab.state().points.map(([x, y]) => {
      const p = hooks.toPage(x, y);
      return { x, y, cx: p.x - box.left, cy: p.y - box.top };
    });
    return { drawn, points, area: hooks.geometry() };
  }, id);
}

// The overlays the canvas drew: its buttons (items) and its texts, each [label, rect].
function overlaysOf(drawn) {
  const buttons = drawn.items.filter((i) => /^Adds |^Fit$/.test(i.label)).map((i) => [i.label, i.rect]);
  const texts = drawn.texts.filter((t) => OVERLAY_TEXTS.includes(t.role)).map((t) => [t.role, t.rect]);
  return [...buttons, ...texts];
}

function assertPointsClear(seen, where) {
  const overlays = overlaysOf(seen.drawn);
  assert.ok(overlays.some(([name]) => name === 'status'), `${where}: the status line is drawn`);
  assert.ok(overlays.some(([name]) => /^Adds /.test(name)), `${where}: the class switch is drawn`);
  const { left, top, width, height } = seen.area;
  assert.ok(seen.points.length >= 4, `${where}: the XOR points`);
  for (const p of seen.points) {
    const marker = [p.cx - MARKER, p.cy - MARKER, p.cx + MARKER, p.cy + MARKER];
    const what = `${where}: the point (${p.x}, ${p.y}) at [${marker.map(Math.round)}]`;
    assert.ok(marker[0] >= left && marker[2] <= left + width && marker[1] >= top && marker[3] <= top + height, `${what} is on the canvas`);
    for (const [name, rect] of overlays)
      assert.ok(!overlaps(marker, rect), `${what} is under the ${name} [${rect.map(Math.round)}]`);
  }
}

test('the course page\'s XOR widgets on a phone and a desktop: every point clear of the canvas\'s buttons, legend and texts, also once the keys hint shows',
  async () => {
  for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, size);
    for (const id of ['xor-fails', 'xor-solved']) {
      await widget(page, id);
      assertPointsClear(await look(page, id), `${name} ${id}`);
    }
    await screenshotPixels(page, `first-hour-canvas-xor-${name}.png`);
    if (name === 'desktop') {
      // The keys go to the canvas: the keys hint appears above the status line, and the points stay clear.
      await page.evaluate(() => document.getElementById('xor-solved').perceptronLab.canvas.focus());
      await page.keyboard.press('C');
      await settleLab(page, 'xor-solved');
      const seen = await look(page, 'xor-solved');
      assert.ok(seen.drawn.texts.some((t) => t.role === 'keys-hint'), 'the keys hint is drawn');
      assertPointsClear(seen, 'desktop xor-solved with the keys');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

// The cursor's position from its label "(x, y) ...", in canvas coordinates.
async function cursorOnCanvas(page, id, text) {
  const m = /^\(([^,]+), ([^)]+)\)/.exec(text);
  const [x, y] = [Number(m[1].replace('\u2212', '-')), Number(m[2].replace('\u2212', '-'))];
  return page.evaluate(([i, px, py]) => {
    const el = document.getElementById(i);
    const p = window.testHooks(el).toPage(px, py);
    const box = el.perceptronLab.canvas.getBoundingClientRect();
    return { x: p.x - box.left, y: p.y - box.top };
  }, [id, x, y]);
}

test('a small embed: the points clear of the overlays; the keyboard cursor and its label never under the status line or the keys hint, at every edge',
  async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', SMALL);
  await routePage(page, server.url, '/small.html', SMALL_PAGE);
  await page.goto(`${server.url}/small.html`);
  await widget(page, 'xor-small');
  assertPointsClear(await look(page, 'xor-small'), 'small embed');

  // Real keys: Tab from the page's button into the widget, C gives the canvas the keys.
  await page.focus('#before');
  for (let i = 0; i < 5 && await page.evaluate(() => document.activeElement?.tagName) !== 'CANVAS'; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('C');
  await settleLab(page, 'xor-small');
  const id = 'xor-small';
  // Walk to each edge 10 grid lines at a time, past it (the view follows), and check every frame on the way.
  const walks = [['Shift+ArrowDown', 'bottom'], ['Shift+ArrowRight', 'right'], ['Shift+ArrowUp', 'top'], ['Shift+ArrowLeft', 'left'],
    ['Shift+ArrowDown', 'bottom left']];
  let checked = 0;
  for (const [key, edge] of walks) {
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press(key);
      await settleLab(page, id);
      const { drawn, area } = await look(page, id);
      const label = drawn.texts.find((t) => t.role === 'cursor');
      assert.ok(label, `the cursor is drawn (${edge})`);
      const c = await cursorOnCanvas(page, id, label.text);
      const cursor = [c.x - REACH, c.y - REACH, c.x + REACH, c.y + REACH];
      const lines = drawn.texts.filter((t) => t.role === 'status' || t.role === 'keys-hint');
      assert.equal(lines.length, 2, 'the status line and the keys hint are drawn');
      for (const line of lines) {
        assert.ok(!overlaps(label.rect, line.rect),
          `${edge}: the cursor's label "${label.text}" [${label.rect.map(Math.round)}] is under the ${line.role} [${line.rect.map(Math.round)}]`);
        assert.ok(!overlaps(cursor, line.rect), `${edge}: the cursor at [${cursor.map(Math.round)}] is under the ${line.role}`);
      }
      assert.ok(label.rect[1] >= area.top && label.rect[3] <= area.top + area.height && label.rect[0] >= area.left,
        `${edge}: the label [${label.rect.map(Math.round)}] is on the canvas`);
      checked++;
    }
  }
  assert.equal(checked, 25);
  await screenshotPixels(page, 'first-hour-canvas-cursor-small.png');
  assert.deepEqual(problems, []);
  await context.close();
});

// Pixels of the focus colour in a band `depth` px deep just inside each side of `rect` (page px),
// as the share of positions along the side where most of the band has it; corners are left out.
function ringShares(png, rect, colour, scale, depth = 3) {
  const near = (p) => Math.abs(p[0] - colour[0]) + Math.abs(p[1] - colour[1]) + Math.abs(p[2] - colour[2]) <= 60;
  const [x0, y0, x1, y1] = rect.map((v) => v * scale);
  const d = depth * scale, corner = 6 * scale;
  const side = (positions, at) => {
    let hits = 0;
    for (const t of positions) {
      let inBand = 0;
      for (let k = 0; k < d; k++) if (near(pixelAt(png, ...at(t, k)))) inBand++;
      if (inBand >= d * 0.6) hits++;
    }
    return hits / positions.length;
  };
  const xs = [], ys = [];
  for (let x = Math.ceil(x0 + corner); x < x1 - corner; x++) xs.push(x);
  for (let y = Math.ceil(y0 + corner); y < y1 - corner; y++) ys.push(y);
  return {
    top: side(xs, (x, k) => [x, Math.ceil(y0) + k]),
    bottom: side(xs, (x, k) => [x, Math.floor(y1) - 1 - k]),
    left: side(ys, (y, k) => [Math.ceil(x0) + k, y]),
    right: side(ys, (y, k) => [Math.floor(x1) - 1 - k, y]),
  };
}

// Online mode in a narrow embed: the verdict of the last visit wraps onto three lines under the buttons.
const ONLINE_PAGE = SMALL_PAGE.replace('data-controls="train,lift,share"', 'data-controls="train"').replace('data-lift="product" ', '')
  .replace('width:600px', 'width:480px');

test('online mode in a small embed: no point under the verdict of the last visit, when it appears and after Fit', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank', SMALL);
  await routePage(page, server.url, '/online.html', ONLINE_PAGE);
  await page.goto(`${server.url}/online.html`);
  const id = 'xor-small';
  await widget(page, id);
  await page.evaluate((i) => { const lab = document.getElementById(i).perceptronLab; lab.load({ ...lab.state(), onlineMode: true }); }, id);
  await settleLab(page, id);
  // The verdict shows for a few seconds after a visit: the frames are read while it does (no settling).
  const lookNow = async () => {
    const n = await page.evaluate((i) => window.testHooks(document.getElementById(i)).framesDrawn(), id);
    await page.waitForFunction(([i, k]) => window.testHooks(document.getElementById(i)).framesDrawn() > k + 1, [id, n]);
    return look(page, id);
  };
  const assertClearOfVerdict = (seen, where) => {
    const verdict = seen.drawn.texts.find((t) => t.role === 'online');
    assert.ok(verdict, `${where}: the verdict is drawn`);
    const plate = [verdict.rect[0] - 6, verdict.rect[1] - 3, verdict.rect[2], verdict.rect[3] + 3];
    for (const p of seen.points) {
      const marker = [p.cx - MARKER, p.cy - MARKER, p.cx + MARKER, p.cy + MARKER];
      assert.ok(!overlaps(marker, plate), `${where}: the point (${p.x}, ${p.y}) at [${marker.map(Math.round)}] is under the verdict [${plate.map(Math.round)}]`);
    }
  };
  // A click on the canvas in online mode: the point is predicted, then learned, and the verdict says so.
  const at = await page.evaluate((i) => window.testHooks(document.getElementById(i)).toPage(0.3, 0.2), id);
  await holdClick(page, at.x, at.y, { who: id });
  await page.waitForFunction((i) => document.getElementById(i).perceptronLab.state({ points: false }).pointCount === 5, id);
  let seen = await lookNow();
  assertClearOfVerdict(seen, 'after the visit');
  // Fit, pressed while the verdict shows: the fitted view keeps the points clear of it too.
  const fit = seen.drawn.items.find((i) => i.label === 'Fit');
  const box = await page.evaluate((i) => document.getElementById(i).perceptronLab.canvas.getBoundingClientRect().toJSON(), id);
  await holdClick(page, box.left + (fit.rect[0] + fit.rect[2]) / 2, box.top + (fit.rect[1] + fit.rect[3]) / 2, { who: id });
  seen = await lookNow();
  assertClearOfVerdict(seen, 'after Fit');
  assert.ok(seen.drawn.texts.find((t) => t.role === 'online').rect[3] - seen.drawn.texts.find((t) => t.role === 'online').rect[1] > 40,
    'the verdict wraps onto several lines here');
  await page.screenshot({ path: path.join(outputDir, 'first-hour-student-3-online-verdict-clear-small.png'), clip: { x: box.left, y: box.top, width: box.width, height: box.height } });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a section header with the keyboard focus shows a ring on all four sides; without the focus it has none', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, DESKTOP);
  await page.waitForFunction(() => window.perceptronLab, null, { timeout: 30000 });
  await useTestHooks(page);
  await settle(page);
  const drawn = () => page.evaluate(() => window.testHooks(window.perceptronLab).drawn());
  const focused = (f) => f.items.find((i) => i.focused) ?? null;
  let f = null;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    await settle(page);
    f = await drawn();
    if (['Data', 'Training'].includes(focused(f)?.label)) break;
  }
  const header = focused(f);
  assert.ok(header && ['Data', 'Training'].includes(header.label), `Tab reached a section header: ${header?.label}`);
  assert.ok(f.nav.visible, 'the focus is shown');
  const box = await page.evaluate(() => window.perceptronLab.canvas.getBoundingClientRect().toJSON());
  // The header's visible rectangle (it reaches past its column's clip rectangle), in page px.
  const [r, c] = [header.rect, header.clip];
  const visible = [Math.max(r[0], c[0]) + box.left, Math.max(r[1], c[1]) + box.top, Math.min(r[2], c[2]) + box.left, Math.min(r[3], c[3]) + box.top];
  const ringColour = [13, 84, 184];  // the light theme's focus colour (ImGuiCol_NavHighlight, theme.cpp)
  const withFocus = ringShares(await screenshotPixels(page, 'first-hour-header-focus.png'), visible, ringColour, 1);
  await page.keyboard.press('Tab');
  await settle(page);
  f = await drawn();
  assert.notEqual(focused(f)?.label, header.label, 'the focus moved on');
  const without = ringShares(await screenshotPixels(page), visible, ringColour, 1);
  for (const side of ['top', 'bottom', 'left', 'right']) {
    assert.ok(withFocus[side] >= 0.9, `the focused "${header.label}" header has a ring along its ${side} side: ${JSON.stringify(withFocus)}`);
    assert.ok(without[side] <= 0.1, `without the focus the "${header.label}" header has no ring: ${JSON.stringify(without)}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
