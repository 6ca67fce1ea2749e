// Issue 29, instructor item 7: the gate presets read "XOR (inputs ±1)" (AND, OR, NAND too) in the table
// view a screen reader reads and in what the canvas draws, not the double-encoded form (A-circumflex before the plus-minus).
// (tests/core/test_source_text.cpp keeps every source file free of such sequences.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitForWidget, settle } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the gate presets read "(inputs ±1)" in the table view and on the canvas', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/`);
  await waitForWidget(page);
  assert.deepEqual(await page.evaluate(() => window.perceptronLab.preset('xor')), { ok: true });
  await settle(page);
  // The table view's data set list, as the accessibility tree names its options.
  await page.getByRole('button', { name: 'Show table view' }).press('Enter');  // as the keyboard opens it
  const dataSet = page.getByRole('combobox', { name: 'Data set' });
  const options = await dataSet.locator('option').allTextContents();
  for (const gate of ['AND', 'OR', 'NAND', 'XOR']) assert.ok(options.includes(`${gate} (inputs \u00b11)`), `${gate} in ${options.join(' | ')}`);
  assert.ok(!options.some((o) => o.includes('\u00c2')), `no double-encoded text: ${options.join(' | ')}`);
  assert.equal(await dataSet.evaluate((s) => s.selectedOptions[0].textContent), 'XOR (inputs \u00b11)');
  // What the canvas's Data section drew this frame (the preset box shows its name).
  await page.getByRole('button', { name: 'Hide table view' }).press('Enter');
  await settle(page);
  const frame = await page.evaluate(() => window.testHooks(window.perceptronLab).drawn());
  const text = JSON.stringify(frame);
  assert.ok(!text.includes('\u00c2'), 'no double-encoded text drawn on the canvas');
  assert.ok(text.includes('XOR (inputs \u00b11)'), 'the preset box shows "XOR (inputs ±1)"');
  assert.deepEqual(problems, []);
  await context.close();
});
