// A thin driver layer over three browser engines, so the core flows (core_flows.mjs) are written once:
//   const engine = await ENGINES.firefox.start({ display });
//   const page = await engine.open(url, { width, height });
//   await page.evaluate(fn, arg); await page.click(x, y, 'left'); await page.key('s');
//   await page.tap(x, y); await page.reload(); const { name, text } = await page.download(() => clickIt());
//   const { found } = await page.accessible([['button', 'Step']], cssSelector);
//   const png = await page.screenshot(file); page.problems(); await page.close(); await engine.stop();
// Chromium is Debian's, through playwright-core (as tests/e2e/harness.mjs launches it). Playwright cannot
// drive stock Firefox or WebKit, so Firefox ESR goes through puppeteer-core over WebDriver BiDi and
// WebKitGTK through selenium-webdriver to WebKit's own WebDriver (WebKitWebDriver driving MiniBrowser).
// Both of those need a window: they run on the X display the runner gives them (an Xvfb of its own).
// puppeteer-core and selenium-webdriver come from the repository's package.json, nothing outside it.
// Every page runs in a fresh, isolated browsing context, so "a fresh page" has no storage of the last.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { PNG } from 'pngjs';
import puppeteer from 'puppeteer-core';
import { Builder, Button, Key, Origin } from 'selenium-webdriver';
import seleniumInput from 'selenium-webdriver/lib/input.js';
import { launchBrowser } from '../e2e/harness.mjs';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Dear ImGui 1.86 misses a press and release that fall in one frame: a button, key or finger is held
// until the widget has drawn a frame after the page received it (as harness.mjs holdUntilFrames, which
// says why one and not more: a key held across slow frames repeats). In
// the page: armHold() marks the frame count when the input arrives; heldFrames(n) waits for n more. The
// frames are the widget's (window.perceptronLab with the test hooks), else the page's own animation frames.
function armHold() {
  const lab = window.perceptronLab, hooks = lab && window.testHooks ? window.testHooks(lab) : null;
  const hold = { mark: null, frames: 0, on: true };
  if (!hooks) { const tick = () => { hold.frames++; if (hold.on) requestAnimationFrame(tick); }; requestAnimationFrame(tick); }
  hold.count = hooks ? () => hooks.framesDrawn() : () => hold.frames;
  hold.types = ['keydown', 'mousedown', 'pointerdown', 'touchstart'];
  hold.onInput = () => { if (hold.mark === null) hold.mark = hold.count(); };
  for (const t of hold.types) addEventListener(t, hold.onInput, { capture: true });
  window.__plHold = hold;
}
function heldFrames(n) {
  const hold = window.__plHold, deadline = performance.now() + 10000;
  return new Promise((resolve) => {
    // Looked at every animation frame, and at least every 50 ms: a window the engine stops animating
    // (hidden, say) still reaches the deadline.
    const later = () => { let done = false; const go = () => { if (!done) { done = true; check(); } }; requestAnimationFrame(go); setTimeout(go, 50); };
    const check = () => {
      if (hold.mark === null) hold.mark = hold.count();  // an input the page saw as no such event
      if (hold.count() < hold.mark + n && performance.now() < deadline) { later(); return; }
      hold.on = false;
      for (const t of hold.types) removeEventListener(t, hold.onInput, { capture: true });
      resolve();
    };
    check();
  });
}
async function holdAcrossFrames(evaluate, press, n = 1) {
  await evaluate(armHold);
  await press();
  await evaluate(heldFrames, n);
}
// 'Shift+Tab' -> ['Shift', 'Tab'] (held in that order, let go in reverse); '+' is the key itself.
const keyParts = (k) => (k === '+' ? ['+'] : k.split('+'));
async function pressKeys(evaluate, keyboard, k) {
  const parts = keyParts(k);
  await holdAcrossFrames(evaluate, async () => { for (const part of parts) await keyboard.down(part); });
  for (const part of parts.reverse()) await keyboard.up(part);
}
async function clickHeld(evaluate, mouse, x, y, button) {
  await mouse.move(x, y);
  await holdAcrossFrames(evaluate, () => mouse.down({ button }));
  await mouse.up({ button });
}
// Until `check()` is truthy (a file on disk, say), at most `ms`: for signals outside the page.
async function until(check, ms, what) {
  for (const deadline = performance.now() + ms; ; await pause(25)) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
  }
}
// Which of `wanted` ([role, name] pairs; name undefined: any) the nodes [{role, name}] hold.
const holds = (nodes, wanted) => wanted.map(([role, name]) => nodes.some((n) => n.role === role && (name === undefined || n.name === name)));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

// The environment for a browser: DISPLAY is the runner's Xvfb, or none at all (nothing of the desktop's).
function withDisplay(display) {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return display ? { ...env, DISPLAY: display } : env;
}

// Chromium's (playwright) and Firefox's (puppeteer) pages have the same shape: one watch of the console
// and page errors, and the same evaluate, click, key and reload.
function watchPage(page) {
  const problems = [];
  const log = [];  // every console line, for saying why a page did not start
  page.on('console', (m) => {
    log.push(`${m.type()}: ${m.text()}`);
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { problems, log };
}
function pageInput(page) {
  const evaluate = (fn, arg) => page.evaluate(fn, arg);
  return {
    evaluate,
    click: (x, y, button = 'left') => clickHeld(evaluate, page.mouse, x, y, button),
    key: (k) => pressKeys(evaluate, page.keyboard, k),
    reload: () => page.reload(),
  };
}

// [SECTION] Chromium: playwright-core, one context per page.
async function startChromium() {
  const browser = await launchBrowser();
  return {
    version: browser.version(),
    async open(url, { width = 1000, height = 700, touch = false } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch });
      const page = await context.newPage();
      const { problems, log } = watchPage(page);
      await page.goto(url);
      return {
        ...pageInput(page),
        // A finger through the DevTools Protocol (as tests/e2e/touch.test.mjs), held across frames.
        async tap(x, y) {
          const cdp = await context.newCDPSession(page);
          await holdAcrossFrames((fn, arg) => page.evaluate(fn, arg),
            () => cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 0, radiusX: 4, radiusY: 4, force: 1 }] }));
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
          await cdp.detach();
        },
        // The file a download started by `trigger` saved: playwright's download event.
        async download(trigger) {
          const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), trigger()]);
          return { how: 'playwright download event', name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
        },
        // accessible(wanted, selector): which [role, name] pairs are in the engine's accessibility tree.
        // Chromium's own tree (what a screen reader is given), as tests/e2e/a11y.test.mjs reads it.
        async accessible(wanted) {
          const cdp = await context.newCDPSession(page);
          const { nodes } = await cdp.send('Accessibility.getFullAXTree');
          await cdp.detach();
          const tree = nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value, name: n.name?.value ?? '' }));
          return { how: 'CDP Accessibility.getFullAXTree', found: holds(tree, wanted) };
        },
        screenshot: async (file) => PNG.sync.read(await page.screenshot({ path: file })),
        problems: () => problems,
        consoleLog: () => log,
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}

// [SECTION] Firefox ESR: puppeteer-core over WebDriver BiDi, with a window (headless: false) on `display`.
async function startFirefox({ display }) {
  const browser = await puppeteer.launch({
    browser: 'firefox', protocol: 'webDriverBiDi', executablePath: process.env.PL_FIREFOX || '/usr/bin/firefox-esr',
    // PL_FIREFOX_HEADLESS=1 and PL_FIREFOX_PREFS='{"webgl.disabled": true}': to try the engine without a
    // window or without WebGL (what a student's locked-down Firefox may do).
    headless: process.env.PL_FIREFOX_HEADLESS === '1', defaultViewport: null, env: withDisplay(display),
    // A finished download opens Firefox's downloads panel over the top right of the page, where it eats
    // the next page's clicks: keep it shut.
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false, 'datareporting.policy.dataSubmissionEnabled': false,
      'browser.download.alwaysOpenPanel': false,
      ...JSON.parse(process.env.PL_FIREFOX_PREFS || '{}') },
  });
  return {
    version: (await browser.version()).replace(/^firefox\//, ''),
    async open(url, { width = 1000, height = 700 } = {}) {
      // A BiDi user context: its own storage, and its downloads saved into a folder of its own.
      const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-firefox-downloads-'));
      const context = await browser.createBrowserContext({ downloadBehavior: { policy: 'allow', downloadPath: downloads } });
      const page = await context.newPage();
      await page.setViewport({ width, height });
      const { problems, log } = watchPage(page);
      await page.goto(url);
      return {
        ...pageInput(page),
        // A finger through BiDi input.performActions (pointerType 'touch'), held across frames.
        async tap(x, y) {
          let finger;
          await holdAcrossFrames((fn, arg) => page.evaluate(fn, arg), async () => { finger = await page.touchscreen.touchStart(x, y); });
          await finger.end();
        },
        // BiDi browser.setDownloadBehavior saves into `downloads`: wait until the file is there whole
        // (Firefox writes NAME.part and renames it when done).
        async download(trigger) {
          const before = new Set(fs.readdirSync(downloads));
          await trigger();
          const name = await until(() => {
            const files = fs.readdirSync(downloads).filter((f) => !before.has(f));
            return files.length && !files.some((f) => f.endsWith('.part')) ? files[0] : null;
          }, 20000, 'the download in the folder');
          return { how: 'BiDi browser.setDownloadBehavior into a temp folder', name, text: fs.readFileSync(path.join(downloads, name), 'utf8') };
        },
        // Firefox's own accessibility tree through BiDi browsingContext.locateNodes with an accessibility
        // locator (puppeteer's ::-p-aria selector; page.accessibility.snapshot() needs CDP, which Firefox lacks).
        async accessible(wanted) {
          const found = [];
          for (const [role, name] of wanted) {
            const query = `::-p-aria(${name === undefined ? '' : `[name=${JSON.stringify(name)}]`}[role=${JSON.stringify(role)}])`;
            found.push((await page.$$(query)).length > 0);
          }
          return { how: 'BiDi browsingContext.locateNodes (accessibility locator)', found };
        },
        screenshot: async (file) => PNG.sync.read(Buffer.from(await page.screenshot({ path: file }))),
        problems: () => problems,
        consoleLog: () => log,
        async close() { await context.close(); fs.rmSync(downloads, { recursive: true, force: true }); },
      };
    },
    stop: () => browser.close(),
  };
}

// [SECTION] WebKitGTK: selenium-webdriver to WebKit's own WebDriver. WebKitWebDriver allows one session at a
// time ("Maximum number of active sessions"), so each page gets a WebKitWebDriver of its own on a free
// loopback port, and its session a MiniBrowser with an ephemeral profile: a fresh page shares nothing.
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// Every WebKitWebDriver started here, each in a process group of its own with its MiniBrowser: a flow
// that ran out of time never closed its page, and its driver would keep the runner alive (stopEverything).
const webKitDrivers = new Set();
export function stopEverything() {
  for (const child of webKitDrivers) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone already */ }
  }
  webKitDrivers.clear();
}

async function webKitSession(Builder, env) {
  const port = await freePort();
  const driverProcess = spawn(process.env.PL_WEBKIT_DRIVER || 'WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'],
    { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  webKitDrivers.add(driverProcess);
  driverProcess.once('exit', () => webKitDrivers.delete(driverProcess));
  let driverLog = '';
  driverProcess.stderr.on('data', (d) => { driverLog = (driverLog + d).slice(-4000); });
  const exited = new Promise((resolve) => driverProcess.once('exit', resolve));
  const stopDriver = async () => { if (driverProcess.exitCode === null) { driverProcess.kill('SIGTERM'); await exited; } };
  try {
    for (let i = 0; ; i++) {  // until the driver answers on its port
      const up = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 400 || driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver did not start within 20 s: ${driverLog}`);
      await pause(50);
    }
    const binary = process.env.PL_MINIBROWSER || MINIBROWSER;
    const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args: ['--automation'] } };
    const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
    return { driver, async quit() { await driver.quit().catch(() => {}); await stopDriver(); } };
  } catch (err) {
    await stopDriver();
    throw err;
  }
}

async function startWebKit({ display }) {
  const env = withDisplay(display);
  const probe = await webKitSession(Builder, env);
  const version = `${(await probe.driver.getCapabilities()).get('browserVersion')}`;
  await probe.quit();
  const KEYS = { Escape: Key.ESCAPE, Tab: Key.TAB, Enter: Key.ENTER, Shift: Key.SHIFT, Control: Key.CONTROL, ' ': Key.SPACE,
    Space: Key.SPACE, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN, Delete: Key.DELETE };
  return {
    version,
    async open(url, { width = 1000, height = 700 } = {}) {
      const session = await webKitSession(Builder, env);
      const { driver } = session;
      // setRect sizes the window; the page's viewport is smaller by the window's frame: correct once.
      await driver.manage().window().setRect({ width, height });
      const inner = await driver.executeScript('return [window.innerWidth, window.innerHeight]');
      await driver.manage().window().setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
      await driver.get(url);
      const act = () => driver.actions({ async: true });
      // WebDriver's Execute Script awaits a promise the script returns.
      const evaluate = (fn, arg) => driver.executeScript(`return (${fn})(arguments[0]);`, arg ?? null);
      // A press and its release are two Perform Actions calls (WebDriver keeps what is held between them),
      // with the wait for the widget's frames in between.
      return {
        evaluate,
        async click(x, y, button = 'left') {
          const b = button === 'right' ? Button.RIGHT : Button.LEFT;
          await holdAcrossFrames(evaluate, () => act().move({ origin: 'viewport', x: Math.round(x), y: Math.round(y) }).press(b).perform());
          await act().release(b).perform();
        },
        async key(k) {
          const keys = keyParts(k).map((part) => KEYS[part] ?? part);
          await holdAcrossFrames(evaluate, () => { let chain = act(); for (const key of keys) chain = chain.keyDown(key); return chain.perform(); });
          let chain = act();
          for (const key of keys.reverse()) chain = chain.keyUp(key);
          await chain.perform();
        },
        reload: () => driver.navigate().refresh(),
        // A WebDriver pointer of type 'touch' (W3C actions), held across frames.
        async tap(x, y) {
          const finger = new seleniumInput.Pointer('finger', seleniumInput.Pointer.Type.TOUCH);
          const touchDown = act();
          touchDown.insert(finger, finger.move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT, duration: 0 }), finger.press(Button.LEFT));
          await holdAcrossFrames(evaluate, () => touchDown.perform());
          const touchUp = act();
          touchUp.insert(finger, finger.release(Button.LEFT));
          await touchUp.perform();
        },
        // WebKitWebDriver has no download API: the page's own anchor click (embed_share.js download()) is
        // intercepted before `trigger`, and the blob it would save is read back in the page.
        async download(trigger) {
          await driver.executeScript(`
            window.__plDownloads = [];
            const click = HTMLAnchorElement.prototype.click;
            HTMLAnchorElement.prototype.click = function () {
              if (!this.download) return click.call(this);
              const a = this;
              window.__plDownloads.push(fetch(a.href).then((r) => r.text()).then((text) => ({ name: a.download, text })));
            };`);
          await trigger();
          const got = await driver.executeScript(`return (async () => {
            const deadline = performance.now() + 20000;
            while (!window.__plDownloads.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
            return window.__plDownloads.length ? await window.__plDownloads[0] : null; })();`);
          if (!got) throw new Error('no download was started');
          return { how: 'HTMLAnchorElement.prototype.click intercepted in the page (no download API in WebKitWebDriver)', ...got };
        },
        // WebDriver's Get Computed Role / Get Computed Label (WebKit's own accessibility objects) of the
        // elements `selector` matches.
        async accessible(wanted, selector) {
          const nodes = [];
          for (const element of await driver.findElements({ css: selector })) nodes.push({ role: await element.getAriaRole(), name: await element.getAccessibleName() });
          return { how: 'WebDriver Get Computed Role and Label', found: holds(nodes, wanted) };
        },
        async screenshot(file) {
          const buffer = Buffer.from(await driver.takeScreenshot(), 'base64');
          if (file) fs.writeFileSync(file, buffer);
          return PNG.sync.read(buffer);
        },
        problems: () => null,  // WebKitWebDriver gives no console log: the flows read the page's own errors
        consoleLog: () => null,
        close: () => session.quit(),
      };
    },
    async stop() {},
  };
}

export const ENGINES = {
  chromium: { needsDisplay: false, start: startChromium },
  'firefox-esr': { needsDisplay: process.env.PL_FIREFOX_HEADLESS !== '1', start: startFirefox },
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
