// Every panel switch has one path to the screen: what each frame drew is read back through the test
// build's probe (testHooks().drawn(): the labelled items Dear ImGui submitted, with their rectangles,
// and the texts on the canvas) and from the pixels, at a wide (1280x800) and two narrow sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, useTestHooks, lab, drawnBy as drawn,
  openRoutedPage, embedPage, holdClick, PHONE, canvasOrigin, clickRect } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const SIZES = [[1280, 800], [900, 600], [900, 1100]];
const SECTIONS = { data: 'Data', training: 'Training', kernel: 'Kernel \u03b1', show: 'Show', share: 'Share', theory: 'Theory', plots: 'Plots' };

// Section headers drawn this frame (Dear ImGui reports an item even when it is scrolled out of its
// column; `visible` says whether any of it is inside the column and the page).
function headers(frame) {
  const names = new Set(Object.values(SECTIONS));
  return frame.items.filter((item) => names.has(item.label)).map((item) => ({
    label: item.label, window: item.window, rect: item.rect,
    visible: item.rect[3] > item.clip[1] && item.rect[1] < item.clip[3],
  }));
}
async function setPanels(page, panels) {
  const result = await lab(page, (p) => {
    const s = window.perceptronLab.state();
    return window.perceptronLab.load({ ...s, panels: { ...s.panels, ...p } });
  }, panels);
  assert.equal(result.ok, true, result.error);
}
const ALL_ON = { controls: true, theory: true, plots: true, liftView: false, data: true, training: true, kernel: true, show: true, share: true };

test('each section switch removes exactly its header, at 1280x800, 900x600 and 900x1100', async () => {
  for (const [width, height] of SIZES) {
    const { page, context, problems } = await openPage(browser, `${server.url}/`, { width, height });
    await waitForWidget(page);
    await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel' }));  // the Kernel section exists
    await setPanels(page, ALL_ON);
    const all = headers(await drawn(page)).map((h) => h.label).sort();
    assert.deepEqual(all, Object.values(SECTIONS).sort(), `${width}x${height}: every section with every switch on`);
    const wide = width >= 1200;
    for (const [key, label] of Object.entries(SECTIONS)) {
      await setPanels(page, { ...ALL_ON, [key]: false });
      const shown = headers(await drawn(page));
      const labels = shown.map((h) => h.label);
      assert.ok(!labels.includes(label), `${width}x${height}: ${key}=off still draws "${label}"`);
      assert.equal(labels.length, Object.keys(SECTIONS).length - 1, `${width}x${height}: ${key}=off drew ${labels}`);
      // Theory and Plots have a column of their own only on wide screens.
      const theory = shown.find((h) => h.label === 'Theory');
      if (theory) assert.equal(theory.window.includes('##theory'), wide, `${width}x${height}: Theory in ${theory.window}`);
    }
    await setPanels(page, ALL_ON);
    await screenshotPixels(page, `panels-all-${width}x${height}.png`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('embeds: data-controls="train,kernel" and "train,plots" draw only what they name in a 900 px box', async () => {
  const { page, context, problems } = await openRoutedPage(browser, server.url, '/t/panels.html', embedPage(`
    <div id="a" class="perceptron-lab" data-preset="xor" data-kernel="rbf" data-controls="train,kernel" style="width:900px" data-height="600"></div>
    <div id="b" class="perceptron-lab" data-preset="lecture4" data-controls="train,plots" style="width:900px" data-height="600"></div>`),
  { width: 1280, height: 900 });
  await useTestHooks(page);
  await page.waitForFunction(() => ['a', 'b'].every((id) => document.getElementById(id).perceptronLab), null, { timeout: 30000 });
  const frameOf = (id) => page.evaluate(async (el) => {
    const hooks = window.testHooks(document.getElementById(el));
    return hooks.drawn();
  }, id);
  const a = headers(await frameOf('a')).map((h) => h.label).sort();
  assert.deepEqual(a, ['Kernel \u03b1', 'Training'], `train,kernel drew ${a}`);
  const b = headers(await frameOf('b')).map((h) => h.label).sort();
  assert.deepEqual(b, ['Plots', 'Training'], `train,plots drew ${b}`);
  await page.screenshot({ path: 'build/test-output/embed-900-train-kernel.png' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('controls off leaves a strip and more canvas; the lift view switch opens its tabs', async () => {
  for (const [width, height] of SIZES) {
    const { page, context, problems } = await openPage(browser, `${server.url}/`, { width, height });
    await waitForWidget(page);
    await setPanels(page, ALL_ON);
    await settle(page);
    // Hiding the controls gives their room to the canvas (theory and plots off, so nothing takes it).
    await setPanels(page, { ...ALL_ON, theory: false, plots: false });
    await settle(page);
    const before = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
    await setPanels(page, { ...ALL_ON, theory: false, plots: false, controls: false });
    await settle(page);
    const after = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
    assert.ok(after.left < 40, `${width}x${height}: the canvas starts after a slim strip (${after.left})`);
    assert.ok(after.width > before.width + 150, `${width}x${height}: the canvas grew (${before.width} -> ${after.width})`);
    // With theory on and the controls hidden, Theory keeps a column of its own at every width.
    await setPanels(page, { ...ALL_ON, controls: false });
    const frame = await drawn(page);
    const theoryOnly = headers(frame);
    const labels = theoryOnly.map((h) => h.label);
    assert.ok(!labels.some((l) => ['Data', 'Training', 'Show', 'Share'].includes(l)), `${width}x${height}: ${labels}`);
    assert.ok(theoryOnly.some((h) => h.label === 'Theory' && h.window.includes('##theory') && h.visible), `${width}x${height}: ${labels}`);

    await setPanels(page, { ...ALL_ON, liftView: true });
    const lifted = await drawn(page);
    const tabs = lifted.items.map((i) => i.label);
    for (const tab of ['3-D lift', 'Degree 2 = kernel']) assert.ok(tabs.includes(tab), `${width}x${height}: lift tab ${tab}`);
    const top = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
    assert.ok(top.height < before.height * 0.7, `${width}x${height}: the canvas shares its height with the lift view`);
    await setPanels(page, { ...ALL_ON, liftView: false });
    const closed = (await drawn(page)).items.map((i) => i.label);
    assert.ok(!closed.includes('3-D lift'));
    assert.deepEqual(problems, []);
    await context.close();
  }
});

// Canvas pixels (device pixels of the canvas area) as one flat array, for before/after comparisons.
async function canvasPixels(page) {
  await settle(page);
  const g = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
  const png = await screenshotPixels(page);
  const out = [];
  for (let y = Math.ceil(g.top) + 2; y < g.top + g.height - 2; y += 2)
    for (let x = Math.ceil(g.left) + 2; x < g.left + g.width - 2; x += 2) {
      const i = (y * png.width + x) * 4;
      out.push((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
    }
  return out;
}
const changed = (a, b) => a.reduce((n, v, i) => n + (v !== b[i] ? 1 : 0), 0);

test('each overlay switch changes the canvas, and only when it is on', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 900, height: 600 });
  await waitForWidget(page);
  // Six separable points: the hulls are triangles, the max-margin line has support points.
  const points = [[1, 1], [2, 2.5], [2.5, 0.5], [-1, -1], [-2, -2.5], [-2.5, -0.5]];
  await lab(page, (p) => window.perceptronLab.load({ ...window.perceptronLab.state(), points: p, labels: [1, 1, 1, -1, -1, -1] }), points);
  await lab(page, () => window.perceptronLab.train({ untilConverged: true }));
  const off = { marginBand: false, maxMargin: false, hulls: false, field: false, trail: false };
  await setPanels(page, off);
  const base = await canvasPixels(page);
  await setPanels(page, off);
  assert.equal(changed(base, await canvasPixels(page)), 0, 'the same switches draw the same picture');
  for (const key of ['marginBand', 'maxMargin', 'hulls', 'field']) {
    await setPanels(page, { ...off, [key]: true });
    const n = changed(base, await canvasPixels(page));
    assert.ok(n > 200, `${key}=on changes the canvas (${n} samples differ)`);
  }
  await setPanels(page, { ...off, hulls: true, maxMargin: true });
  await screenshotPixels(page, 'overlays-hulls-maxmargin.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('online mode: a right click shows its own verdict (it used to leave the previous message)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 1280, height: 800 });
  await waitForWidget(page);
  await lab(page, () => window.perceptronLab.load({ ...window.perceptronLab.state(), onlineMode: true }));
  const click = async (x, y, button) => {
    const p = await lab(page, ([px, py]) => window.testHooks(window.perceptronLab).toPage(px, py), [x, y]);
    await holdClick(page, p.x, p.y, { button });
    return (await drawn(page)).texts.find((t) => t.role === 'online')?.text;
  };
  // After the lecture pass w = (2, 1, 0). (-2.5, 2.5) scores about -2.5: predicted -1, true +1, so
  // w becomes about (-0.5, 3.5, 1). Then (2, 2) scores about 7: predicted +1, true label -1.
  const first = await click(-2.5, 2.5, 'left');
  assert.match(first, /^Model predicted \u22121 \(score \u22122[.\d]*\); true label \+1: mistake, w updated$/, first);
  const second = await click(2, 2, 'right');
  assert.match(second, /^Model predicted \+1 \(score [67][.\d]*\); true label \u22121: mistake, w updated$/, second);
  await screenshotPixels(page, 'online-right-click.png');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a slider\'s value reads over its grab, in the high-contrast theme on a phone too (issue 41 item 13)', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, PHONE);
  await waitForWidget(page);
  // η = 0.3 puts the grab of the logarithmic 0.01-10 slider right under its value.
  await lab(page, () => { const l = window.perceptronLab; const s = l.state(); l.load({ ...s, eta: 0.3, panels: { ...s.panels, highContrast: true } }); });
  let f = await drawn(page, null, 2);
  await clickRect(page, f.items.find((i) => i.label === 'Train').rect);
  f = await drawn(page, null, 2);
  const slider = f.items.find((i) => i.label === 'η (rate)');
  assert.ok(slider, 'the η slider is drawn');
  const origin = await canvasOrigin(page);
  const png = await screenshotPixels(page, 'slider-value-hc-phone.png');
  const dpr = PHONE.deviceScaleFactor;
  // The middle of the slider's frame (the probe's rectangle; its label is to the right): the value "0.3" sits there.
  const cx = origin.left + (slider.rect[0] + slider.rect[2]) / 2, cy = origin.top + (slider.rect[1] + slider.rect[3]) / 2;
  let light = 0, total = 0;
  for (let y = cy - 5; y <= cy + 5; y += 1)
    for (let x = cx - 14; x <= cx + 14; x += 1) {
      const i = (Math.round(y * dpr) * png.width + Math.round(x * dpr)) * 4;
      total++;
      if (png.data[i] > 200 && png.data[i + 1] > 200 && png.data[i + 2] > 200) light++;
    }
  // High contrast draws the grab in the text's own black: under it the digits were black on black.
  assert.ok(light / total > 0.5, `the digits stand on a light plate, not on the black grab: ${light} of ${total} pixels light`);
  assert.deepEqual(problems, []);
  await context.close();
});
