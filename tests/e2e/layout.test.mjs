// Every screen: the layout chosen by the widget's own size, no label ever cut (the widget's own probe
// compares each label with the room it had), and finger-sized targets on touch screens. Screenshots of
// each size go to build/test-output (and docs/screenshots/ holds the ones we looked at).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, screenshotPixels } from './harness.mjs';
import { drawn, visible, cutLabels, everyTab } from './labels.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const lab = (page, expr, arg) => page.evaluate(expr, arg);
// [width, height, deviceScaleFactor, touch, expected form]
export const SIZES = [
  [360, 640, 2, true, 'stacked'], [390, 844, 3, true, 'stacked'], [844, 390, 3, true, 'side'], [768, 1024, 2, true, 'stacked'],
  [640, 480, 1, false, 'side'], [800, 600, 1, false, 'columns'], [1280, 800, 1, false, 'columns'], [1920, 1080, 1, false, 'columns'],
];

for (const [width, height, dpr, touch, form] of SIZES) {
  test(`${width}x${height}: the ${form} layout, no label cut in any tab${touch ? ', 44 px touch targets' : ''}`, async () => {
    const { page, context, problems } = await openPage(browser, `${server.url}/`, { width, height, deviceScaleFactor: dpr, hasTouch: touch, isMobile: touch });
    await waitForWidget(page);
    // The kernel perceptron shows the most controls (kernel sliders, the Kernel section).
    await lab(page, () => window.perceptronLab.configure({ algorithm: 'kernel' }));
    const first = await drawn(page);
    const canvasArea = await lab(page, () => window.testHooks(window.perceptronLab).geometry());
    if (form === 'stacked') {
      assert.ok(canvasArea.width >= width - 4, `${width}x${height}: the canvas spans the width (${canvasArea.width})`);
      assert.ok(canvasArea.height >= 0.45 * height, `${width}x${height}: the canvas has at least 45 % of the height (${canvasArea.height})`);
    } else if (form === 'side') {
      assert.ok(canvasArea.width >= 0.5 * width, `${width}x${height}: the canvas keeps most of the width (${canvasArea.width})`);
    }
    const problemsSeen = [];
    const tabs = await everyTab(page, async (frame, tab) => {
      for (const c of cutLabels(frame)) problemsSeen.push(`[${tab}] ${c}`);
      if (touch) {
        for (const item of frame.items) {
          if (!item.label || !visible(item) || item.window.includes('##canvas')) continue;
          const h = item.rect[3] - item.rect[1];
          if (h < 44 - 0.5) problemsSeen.push(`[${tab}] "${item.label}" is ${h.toFixed(1)} px tall (a finger needs 44)`);
        }
      }
      assert.ok(frame.style.fontSize >= 12, 'text at least 12 CSS px');
    });
    if (form === 'columns') assert.equal(tabs.length, 0);
    else assert.ok(tabs.length >= 3, `${width}x${height}: tabs ${tabs}`);
    assert.deepEqual(problemsSeen, [], `${width}x${height}:\n${problemsSeen.join('\n')}`);
    await screenshotPixels(page, `layout-${width}x${height}.png`);
    assert.ok(first.items.length > 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a lesson card on a phone: the text wraps inside the card and the buttons fit', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/#lesson=update-rule&step=0&v=1`, { width: 390, height: 844, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  await waitForWidget(page);
  const frame = await drawn(page);
  const paragraphs = frame.texts.filter((t) => t.role === 'lesson-text');
  assert.ok(paragraphs.length >= 2, 'the lesson text is drawn');
  for (const p of paragraphs) assert.ok(p.rect[2] <= 390 + 0.5, `paragraph inside the screen: ${p.rect}`);
  assert.deepEqual(cutLabels(frame), []);
  await screenshotPixels(page, 'layout-lesson-390x844.png');
  assert.deepEqual(problems, []);
  await context.close();
});
