// A thin driver layer over three browser engines, so the core flows (core_flows.mjs) are written once:
//   const engine = await ENGINES.firefox.start({ display });
//   const page = await engine.open(url, { width, height });
//   await page.evaluate(fn, arg); await page.click(x, y, 'left'); await page.key('s');
//   const png = await page.screenshot(file); page.problems(); await page.close(); await engine.stop();
// Chromium is Debian's, through playwright-core (as tests/e2e/harness.mjs launches it). Playwright cannot
// drive stock Firefox or WebKit, so Firefox ESR goes through puppeteer-core over WebDriver BiDi and
// WebKitGTK through selenium-webdriver to WebKit's own WebDriver (WebKitWebDriver driving MiniBrowser).
// Both of those need a window: they run on the X display the runner gives them (an Xvfb of its own).
// Every page runs in a fresh, isolated browsing context, so "a fresh page" has no storage of the last.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { launchBrowser } from '../e2e/harness.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Dear ImGui 1.86 misses a press and release that fall in one frame: hold a button or key this long.
const HOLD_MS = 60;

// puppeteer-core and selenium-webdriver: from the repository's node_modules once package.json lists them,
// until then from the folder they were installed into on their own (PL_ENGINES_NODE).
async function importPackage(name) {
  const roots = [path.resolve(import.meta.dirname, '..', '..'), process.env.PL_ENGINES_NODE || '/work/engines-node'];
  for (const root of roots) {
    try {
      const resolved = createRequire(path.join(root, 'package.json')).resolve(name);
      return await import(pathToFileURL(resolved).href);
    } catch (err) {
      if (err.code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  throw new Error(`${name} is not installed (looked in ${roots.join(', ')})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

// [SECTION] Chromium: playwright-core, one context per page.
async function startChromium() {
  const browser = await launchBrowser();
  return {
    version: browser.version(),
    async open(url, { width = 1000, height = 700 } = {}) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto(url);
      return {
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        click: (x, y, button = 'left') => page.mouse.click(x, y, { button, delay: HOLD_MS }),
        async key(k) { await page.keyboard.down(k); await pause(HOLD_MS); await page.keyboard.up(k); },
        screenshot: async (file) => PNG.sync.read(await page.screenshot({ path: file })),
        problems: () => problems,
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}

// [SECTION] Firefox ESR: puppeteer-core over WebDriver BiDi, with a window (headless: false) on `display`.
async function startFirefox({ display }) {
  const { default: puppeteer } = await importPackage('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox', protocol: 'webDriverBiDi', executablePath: process.env.PL_FIREFOX || '/usr/bin/firefox-esr',
    headless: false, defaultViewport: null, env: { ...process.env, DISPLAY: display },
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false, 'datareporting.policy.dataSubmissionEnabled': false },
  });
  return {
    version: await browser.version(),
    async open(url, { width = 1000, height = 700 } = {}) {
      const context = await browser.createBrowserContext();  // a BiDi user context: its own storage
      const page = await context.newPage();
      await page.setViewport({ width, height });
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto(url);
      return {
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        click: (x, y, button = 'left') => page.mouse.click(x, y, { button, delay: HOLD_MS }),
        async key(k) { await page.keyboard.down(k); await pause(HOLD_MS); await page.keyboard.up(k); },
        screenshot: async (file) => PNG.sync.read(Buffer.from(await page.screenshot({ path: file }))),
        problems: () => problems,
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}

// [SECTION] WebKitGTK: WebKitWebDriver (one per engine, on a free loopback port) and selenium-webdriver;
// a page is a WebDriver session of its own (a MiniBrowser with an ephemeral profile).
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function startWebKit({ display }) {
  const { Builder, Button, Key } = await importPackage('selenium-webdriver');
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display };
  const driverProcess = spawn(process.env.PL_WEBKIT_DRIVER || 'WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let driverLog = '';
  driverProcess.stderr.on('data', (d) => { driverLog = (driverLog + d).slice(-4000); });
  const exited = new Promise((resolve) => driverProcess.once('exit', resolve));
  for (let i = 0; ; i++) {  // until the driver answers on its port
    const up = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 100 || driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver did not start: ${driverLog}`);
    await pause(50);
  }
  const binary = process.env.PL_MINIBROWSER || MINIBROWSER;
  const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args: ['--automation'] } };
  const newSession = () => new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
  const probe = await newSession();
  const version = `${(await probe.getCapabilities()).get('browserVersion')}`;
  await probe.quit();
  const KEYS = { Escape: Key.ESCAPE, Tab: Key.TAB, Enter: Key.ENTER, Shift: Key.SHIFT, Control: Key.CONTROL, ' ': Key.SPACE };
  return {
    version,
    async open(url, { width = 1000, height = 700 } = {}) {
      const driver = await newSession();
      // setRect sizes the window; the page's viewport is smaller by the window's frame: correct once.
      await driver.manage().window().setRect({ width, height });
      const inner = await driver.executeScript('return [window.innerWidth, window.innerHeight]');
      await driver.manage().window().setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
      await driver.get(url);
      const act = () => driver.actions({ async: true });
      return {
        // WebDriver's Execute Script awaits a promise the script returns.
        evaluate: (fn, arg) => driver.executeScript(`return (${fn})(arguments[0]);`, arg ?? null),
        async click(x, y, button = 'left') {
          const b = button === 'right' ? Button.RIGHT : Button.LEFT;
          await act().move({ origin: 'viewport', x: Math.round(x), y: Math.round(y) }).press(b).pause(HOLD_MS).release(b).perform();
        },
        async key(k) { const key = KEYS[k] ?? k; await act().keyDown(key).pause(HOLD_MS).keyUp(key).perform(); },
        async screenshot(file) {
          const buffer = Buffer.from(await driver.takeScreenshot(), 'base64');
          if (file) fs.writeFileSync(file, buffer);
          return PNG.sync.read(buffer);
        },
        problems: () => null,  // WebKitWebDriver gives no console log: the flows read the page's own errors
        close: () => driver.quit(),
      };
    },
    async stop() { driverProcess.kill('SIGTERM'); await exited; },
  };
}

export const ENGINES = {
  chromium: { needsDisplay: false, start: startChromium },
  'firefox-esr': { needsDisplay: true, start: startFirefox },
  webkitgtk: { needsDisplay: true, start: startWebKit },
};

// An Xvfb of our own (the display number it picks itself, -displayfd), for the engines that need a window.
export async function startDisplay() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const number = await new Promise((resolve, reject) => {
    let text = '';
    xvfb.stdio[3].on('data', (d) => { text += d; if (text.includes('\n')) resolve(text.trim()); });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display: `:${number}`, stop: () => { xvfb.kill('SIGTERM'); return new Promise((r) => (xvfb.exitCode !== null ? r() : xvfb.once('exit', r))); } };
}
