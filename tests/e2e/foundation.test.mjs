// Foundation: the page loads cleanly, renders, takes a real mouse click, and survives a resize.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle, screenshotPixels, distinctColours, countNear } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('page loads with no console error and a declared favicon', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const icon = await page.$eval('link[rel=icon]', (el) => el.href);
  assert.match(icon, /favicon\.svg$/);
  await settle(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('first frame renders (canvas is not blank)', async () => {
  const { page, context } = await openPage(browser, `${server.url}/#`);
  await waitForWidget(page, 3);
  await settle(page);
  const png = await screenshotPixels(page, 'first-frame.png');
  assert.ok(distinctColours(png) > 20, 'the first frame shows more than a flat background');
  const hasWebGL2 = await page.evaluate(() => !!window.perceptronLab.canvas.getContext('webgl2'));
  assert.ok(hasWebGL2, 'the canvas is a WebGL2 context');
  await context.close();
});

test('a real mouse click on the canvas adds a point', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  const before = await page.evaluate(() => window.perceptronLab.state().points.length);
  const x = 760, y = 260;
  const { activeLabel } = await page.evaluate(() => window.perceptronLab.state());
  const colour = activeLabel > 0 ? [213, 94, 0] : [0, 114, 178];
  const pngBefore = await screenshotPixels(page);
  const colouredBefore = countNear(pngBefore, x, y, 10, colour);
  await page.mouse.click(x, y);
  await settle(page);
  const state = await page.evaluate(() => window.perceptronLab.state());
  assert.equal(state.points.length, before + 1, 'state has one more point');
  assert.equal(state.labels.at(-1), activeLabel, 'the point has the active class');
  const png = await screenshotPixels(page, 'after-click.png');
  assert.ok(countNear(png, x, y, 10, colour) > colouredBefore + 30, 'the marker is drawn where the click was');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page still renders after a window resize', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`, { width: 900, height: 600 });
  await waitForWidget(page);
  await page.setViewportSize({ width: 640, height: 480 });
  // An idle widget looks at its size ten times a second, and a resize can hold the page's frames back
  // on a software renderer: wait for the new backing store (at most 5 s) rather than a fixed quiet time.
  await page.waitForFunction(() => window.perceptronLab.canvas.width === 640, null, { timeout: 5000 }).catch(() => {});
  await settle(page, 5);
  const size = await page.evaluate(() => {
    const c = window.perceptronLab.canvas;
    return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight };
  });
  assert.equal(size.cw, 640);
  assert.equal(size.ch, 480);
  assert.equal(size.w, 640, 'backing store follows the new size');
  const png = await screenshotPixels(page, 'after-resize.png');
  assert.ok(distinctColours(png) > 20);
  assert.deepEqual(problems, []);
  await context.close();
});

test('HiDPI: backing store is devicePixelRatio times the CSS size', async () => {
  const { page, context } = await openPage(browser, `${server.url}/`, { width: 800, height: 600, deviceScaleFactor: 2 });
  await waitForWidget(page);
  await settle(page);
  const size = await page.evaluate(() => ({ w: window.perceptronLab.canvas.width, cw: window.perceptronLab.canvas.clientWidth }));
  assert.equal(size.w, size.cw * 2);
  await screenshotPixels(page, 'dpr2.png');
  await context.close();
});
