// Embedding: the course page (three independent widgets), declarative options, page scrolling and
// resizing, a strict Content-Security-Policy, the single-file build from file:// and in a sandboxed
// iframe, and the postMessage interface. The single file is checked as it ships (the release build);
// everything else runs on the test build, whose hooks say where the canvas is and when frames are drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launchBrowser, openPage, useTestHooks, releaseRoot, outputDir, routePage, waitForWidgets as waitForAll, openRoutedPage,
  embedPage, holdUntilFrames, settleLab, holdClick } from './harness.mjs';

const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:";
let server, strictServer, releaseServer, browser;
before(async () => {
  server = await startServer();
  strictServer = await startServer({ headers: () => ({ 'Content-Security-Policy': STRICT_CSP }) });
  releaseServer = await startServer({ root: releaseRoot });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); await strictServer?.close(); await releaseServer?.close(); });

const singleFile = path.join(releaseRoot, 'perceptron-lab-single.html');

// waitForAll(page, count): every mounted widget of the page has drawn a few frames (harness.mjs waitForWidgets).
const states = (page) => page.evaluate(() => [...document.querySelectorAll('.perceptron-lab')].map((e) => e.perceptronLab.state()));
async function settleAll(page) {
  let last = '', since = Date.now();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const now = JSON.stringify(await page.evaluate(() => [...document.querySelectorAll('.perceptron-lab')].map((e) => window.testHooks(e).framesDrawn())));
    if (now !== last) { last = now; since = Date.now(); } else if (Date.now() - since > 150) break;
    await page.waitForTimeout(30);
  }
}
test('course page: three widgets, each its own instance; a click or a key changes only its own state', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 800 });
  await waitForAll(page, 3);
  const start = await states(page);
  assert.deepEqual(start.map((s) => s.preset), ['lecture4', 'xor', 'xor']);
  assert.deepEqual([start[0].lesson, start[0].lessonStep], ['update-rule', 0], 'widget 1 is a guided lesson');
  assert.equal(start[1].capped, true, 'XOR fails: the perceptron stops at the epoch cap');
  assert.equal(start[1].converged, false);
  assert.equal(start[2].lift, 'xy', 'the product lift');
  assert.equal(start[2].converged, true, 'XOR solved by the lift');
  assert.equal(start[2].panels.liftView, true);
  const canvases = await page.evaluate(() => new Set([...document.querySelectorAll('canvas.perceptron-lab-canvas')]).size);
  assert.equal(canvases, 3);
  // The widgets never rename the page that embeds them (issue 41: SDL wrote its window title there).
  assert.equal(await page.title(), 'Why one line is not enough: the perceptron, XOR and lifts');

  // A click on widget 1 adds a point there only.
  await page.evaluate(() => document.getElementById('update-rule').scrollIntoView());
  const p = await page.evaluate(() => window.testHooks(document.getElementById('update-rule')).toPage(2, 3));
  await holdClick(page, p.x, p.y, { who: 'update-rule' });  // down and up in different frames
  // Three widgets share one software GPU here: the release may be read a few hundred ms later.
  await page.waitForFunction(() => document.getElementById('update-rule').perceptronLab.state({ points: false }).pointCount === 5, null, { timeout: 5000 });
  await settleAll(page);
  let now = await states(page);
  assert.equal(now[0].points.length, 5);
  assert.deepEqual(now[1], start[1]);
  assert.deepEqual(now[2], start[2]);

  // A key press on the focused widget 2 reaches widget 2 only.
  await page.evaluate(() => document.getElementById('xor-fails').perceptronLab.canvas.focus());
  // Reset training (down and up in different frames: ImGui 1.86).
  await holdUntilFrames(page, 'xor-fails', () => page.keyboard.down('r'));
  await page.keyboard.up('r');
  await settleAll(page);
  now = await states(page);
  assert.equal(now[1].visits, 0);
  assert.equal(now[0].points.length, 5);
  assert.equal(now[0].visits, 0);
  assert.deepEqual(now[2], start[2]);

  // Section 3's buttons switch widget 3 to the RBF kernel; it solves XOR too.
  await page.click('button[data-solve="kernel"]');
  await page.waitForFunction(() => document.getElementById('xor-solved').perceptronLab.state().algorithm === 'kernel');
  now = await states(page);
  assert.equal(now[2].kernel.type, 'rbf');
  assert.equal(now[2].converged, true);
  assert.equal(now[1].visits, 0, 'widget 2 untouched');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the wheel scrolls the page over an unfocused widget and zooms a focused one; widgets follow their container', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`, { width: 1000, height: 700, deviceScaleFactor: 2 });
  await waitForAll(page, 3);
  const box = await page.evaluate(() => {
    const el = document.getElementById('xor-fails');
    el.scrollIntoView({ block: 'center' });
    const g = window.testHooks(el).geometry(), r = el.getBoundingClientRect();
    return { x: r.left + g.left + g.width / 2, y: r.top + g.top + g.height / 2 };
  });
  const span = () => page.evaluate(() => document.getElementById('xor-fails').perceptronLab.state().view.span);
  const span0 = await span();
  const scroll0 = await page.evaluate(() => scrollY);
  await page.mouse.move(box.x, box.y);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((y) => scrollY > y, scroll0, { timeout: 5000 }).catch(() => {});
  await settleAll(page);  // the widgets drew what the wheel did to them, and rest
  assert.ok(await page.evaluate(() => scrollY) > scroll0, 'the page scrolled');
  assert.equal(await span(), span0, 'the widget did not zoom');

  await page.evaluate(() => document.getElementById('xor-fails').perceptronLab.canvas.focus({ preventScroll: true }));
  const box2 = await page.evaluate(() => {
    const el = document.getElementById('xor-fails');
    const g = window.testHooks(el).geometry(), r = el.getBoundingClientRect();
    return { x: r.left + g.left + g.width / 2, y: r.top + g.top + g.height / 2 };
  });
  await page.mouse.move(box2.x, box2.y);
  const scroll1 = await page.evaluate(() => scrollY);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((s0) => document.getElementById('xor-fails').perceptronLab.state().view.span !== s0, span0, { timeout: 5000 });
  assert.equal(await page.evaluate(() => scrollY), scroll1, 'a focused widget keeps the wheel');

  // DPR-aware backing store, and it follows the container's size.
  const size = () => page.evaluate(() => {
    const c = document.getElementById('update-rule').perceptronLab.canvas;
    return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight };
  });
  let s = await size();
  assert.equal(s.w, 2 * s.cssW);
  assert.equal(s.h, 2 * s.cssH);
  await page.evaluate(() => { const el = document.getElementById('update-rule'); el.style.width = '600px'; el.style.height = '380px'; });
  await page.waitForFunction(() => document.getElementById('update-rule').perceptronLab.canvas.width === 1200, null, { timeout: 5000 });
  s = await size();
  assert.equal(s.h, 760);
  assert.deepEqual(problems, []);
  await context.close();
});

test('declarative options: preset, kernel, controls, read-only, theme, height; data-manual is left alone', async () => {
  const { page, context, problems } = await openRoutedPage(browser, server.url, '/t/declarative.html', embedPage(`
    <div id="a" class="perceptron-lab" data-preset="circles" data-kernel="rbf" data-controls="train,kernel"
         data-readonly data-theme="dark" data-height="420"></div>
    <div id="b" class="perceptron-lab" data-manual></div>
    <div id="c" class="perceptron-lab" data-preset="nosuchpreset"></div>`));
  await useTestHooks(page);
  await page.waitForFunction(() => ['a', 'c'].map((id) => document.getElementById(id))
    .every((el) => el.perceptronLab && window.testHooks(el).framesDrawn() >= 3), null, { timeout: 60000 });
  const a = await page.evaluate(() => {
    const el = document.getElementById('a');
    return { state: el.perceptronLab.state(), height: el.getBoundingClientRect().height };
  });
  assert.equal(a.state.preset, 'circles');
  assert.equal(a.state.algorithm, 'kernel');
  assert.equal(a.state.kernel.type, 'rbf');
  assert.equal(a.state.readonly, true);
  assert.equal(a.state.panels.dark, true);
  assert.equal(a.state.panels.controls, true);
  assert.equal(a.state.panels.theory, false);
  assert.equal(a.state.panels.plots, false);
  assert.equal(a.height, 420);
  assert.equal(await page.evaluate(() => document.getElementById('b').perceptronLab), undefined, 'data-manual: not mounted');
  // Read-only: a click adds nothing.
  const n = a.state.points.length;
  const p = await page.evaluate(() => window.testHooks(document.getElementById('a')).toPage(0.1, 0.2));
  await page.mouse.move(p.x, p.y);
  await holdUntilFrames(page, 'a', () => page.mouse.down());
  await page.mouse.up();
  await settleLab(page, 'a');  // the widget drew the release and rests
  assert.equal(await page.evaluate(() => document.getElementById('a').perceptronLab.state().points.length), n);
  // An unknown preset: the default scene and a message (a warning in the console, not an error).
  const c = await page.evaluate(() => ({ s: document.getElementById('c').perceptronLab.state(), notice: document.getElementById('c').perceptronLab.notice() }));
  assert.equal(c.s.preset, 'lecture4');
  assert.match(c.notice, /^data-preset="nosuchpreset" is not a data set the widget knows; use lecture4, /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the course page works under a strict Content-Security-Policy (no unsafe-eval, no inline script)', async () => {
  const { page, context, problems } = await openPage(browser, 'about:blank');
  const violations = [];
  page.on('console', (msg) => { if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text()); });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(`${strictServer.url}/examples/course.html`);
  assert.equal(response.headers()['content-security-policy'], STRICT_CSP);
  await waitForAll(page, 3);
  await page.evaluate(() => document.getElementById('xor-fails').perceptronLab.train({ epochs: 1 }));
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('single file: opens from file:// (with a link fragment) and carries its own CSP', async () => {
  assert.ok(fs.existsSync(singleFile), `${singleFile} exists`);
  const html = fs.readFileSync(singleFile, 'utf8');
  assert.ok(!/<script[^>]+src=/.test(html), 'no external script');
  assert.ok(!html.includes('perceptron_lab.wasm'), 'no external wasm');
  assert.match(html, /Content-Security-Policy" content="[^"]*'wasm-unsafe-eval'/);
  assert.ok(!html.includes("'unsafe-eval'"));

  // A link fragment made by the served widget opens the same state from disk.
  const served = await openPage(browser, `${releaseServer.url}/`);
  await served.page.waitForFunction(() => window.perceptronLab, null, { timeout: 60000 });
  await served.page.evaluate(() => { window.perceptronLab.preset('xor'); window.perceptronLab.train({ epochs: 3 }); });
  const want = await served.page.evaluate(() => window.perceptronLab.state());
  await served.context.close();

  const { page, context, problems } = await openPage(browser, `${pathToFileURL(singleFile).href}#${want.fragment}`);
  await page.waitForFunction(() => document.getElementById('lab').perceptronLab, null, { timeout: 60000 });
  const got = await page.evaluate(() => document.getElementById('lab').perceptronLab.state());
  assert.deepEqual(got, want);
  assert.ok((await page.evaluate(() => document.getElementById('lab').perceptronLab.link())).startsWith('file://'));
  assert.equal(await page.evaluate(() => typeof window.PerceptronLab.mountPerceptron), 'function');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a course page opened from disk says in each box that it must be served, and how (issue 41)', async () => {
  const course = path.join(releaseRoot, 'examples', 'course.html');
  assert.ok(fs.existsSync(course), `${course} exists`);
  const { page, context } = await openPage(browser, pathToFileURL(course).href, { width: 1000, height: 800 });
  // The module script is refused from file://, so nothing mounts; the stylesheet's own words appear.
  const box = page.locator('#update-rule');
  await page.waitForFunction(() => getComputedStyle(document.getElementById('update-rule'), '::before').opacity === '1', null, { timeout: 15000 });
  const said = await page.evaluate(() => getComputedStyle(document.getElementById('update-rule'), '::before').content);
  assert.match(said, /must be served by a web server, not opened as a file from disk/);
  assert.match(said, /python3 -m http\.server/);
  assert.match(said, /Only perceptron-lab-single\.html works from disk/);
  assert.equal(await page.evaluate(() => document.getElementById('update-rule').dataset.perceptronLabMounted), undefined);
  await box.screenshot({ path: path.join(outputDir, 'course-from-disk.png') });
  await context.close();
});

// The parent page's script: sends messages to the iframe and collects the replies in window.replies.
const PARENT_SCRIPT = `
  window.replies = [];
  window.addEventListener('message', (e) => { if (e.data && String(e.data.type).startsWith('perceptron-lab:')) window.replies.push(e.data); });
  window.send = (msg) => document.querySelector('iframe').contentWindow.postMessage(msg, '*');
`;

for (const variant of ['src', 'srcdoc']) {
  test(`single file in <iframe sandbox="allow-scripts"> (${variant}), driven by postMessage`, async () => {
    const { page, context, problems } = await openPage(browser, 'about:blank');
    const warnings = [];
    page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
    const iframe = variant === 'src'
      ? '<iframe sandbox="allow-scripts" src="/perceptron-lab-single.html" width="900" height="600"></iframe>'
      : `<iframe sandbox="allow-scripts" width="900" height="600" srcdoc="${fs.readFileSync(singleFile, 'utf8').replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`;
    await page.route(`${releaseServer.url}/t/parent.js`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: PARENT_SCRIPT }));
    await routePage(page, releaseServer.url, '/t/parent.html', `<!doctype html><html><head><script src="/t/parent.js"></script></head><body>${iframe}</body></html>`);
    await page.goto(`${releaseServer.url}/t/parent.html`);
    await page.waitForFunction(() => window.replies.some((r) => r.type === 'perceptron-lab:ready'), null, { timeout: 60000 });
    const ask = async (msg, type) => {
      const count = await page.evaluate(() => window.replies.length);
      await page.evaluate((m) => window.send(m), msg);
      await page.waitForFunction(([c, t]) => window.replies.slice(c).some((r) => r.type === t), [count, type], { timeout: 10000 });
      return page.evaluate(([c, t]) => window.replies.slice(c).find((r) => r.type === t), [count, type]);
    };
    let reply = await ask({ type: 'perceptron-lab:get-state', id: 7 }, 'perceptron-lab:state');
    assert.equal(reply.id, 7);
    assert.equal(reply.state.preset, 'lecture4');
    reply = await ask({ type: 'perceptron-lab:train', epochs: 2 }, 'perceptron-lab:state');
    assert.equal(reply.state.epochs, 2);
    assert.equal(reply.state.converged, true);
    reply = await ask({ type: 'perceptron-lab:load', link: '#d=garbage&v=1' }, 'perceptron-lab:loaded');
    assert.equal(reply.ok, false);
    assert.ok(reply.error.length > 10);
    reply = await ask({ type: 'perceptron-lab:get-link' }, 'perceptron-lab:link');
    assert.match(reply.link, /#d=.*v=1$/);
    // Bad messages: ignored with a console warning (never an error), answered with an error reply.
    reply = await ask({ type: 'perceptron-lab:train', epochs: 'lots' }, 'perceptron-lab:error');
    assert.match(reply.error, /count/);
    reply = await ask({ type: 'perceptron-lab:explode' }, 'perceptron-lab:error');
    await page.evaluate(() => window.send({ type: 'perceptron-lab:load' }));
    await page.evaluate(() => window.send('just a string'));  // not ours: silently ignored
    // The warning of the unknown type crosses from the page's console to here as an event: wait for it.
    if (!warnings.some((w) => w.includes('unknown message type')))
      await page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('unknown message type'), timeout: 5000 }).catch(() => {});
    assert.ok(warnings.some((w) => w.includes('unknown message type')), warnings.join('\n'));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('postMessage on a page: same origin by default, other origins refused, one widget addressed by id', async () => {
  const { page, context, problems } = await openPage(browser, `${server.url}/examples/course.html`);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await waitForAll(page, 3);
  const replies = await page.evaluate(() => new Promise((resolve) => {
    const got = [];
    window.addEventListener('message', (e) => { if (e.data?.type === 'perceptron-lab:state') got.push(e.data); });
    window.postMessage({ type: 'perceptron-lab:get-state', widget: 'xor-fails', id: 1 }, '*');
    // After the first reply, 300 ms (in the page) for a second one that must not come: what is checked
    // is an absence, so time is the measure.
    const poll = () => (got.length ? setTimeout(() => resolve(got), 300) : setTimeout(poll, 20));
    poll();
  }));
  assert.equal(replies.length, 1, 'only the addressed widget answers');
  assert.equal(replies[0].widget, 'xor-fails');
  assert.equal(replies[0].state.preset, 'xor');

  // A widget that only trusts another origin ignores this page's messages, with a warning.
  const refused = await page.evaluate(async () => {
    const { mountPerceptron } = await import('/embed.js');
    const el = document.createElement('div');
    el.id = 'strict';
    el.dataset.manual = '';
    document.body.appendChild(el);
    const lab = await mountPerceptron(el, { allowedOrigins: ['https://lms.example.org'], height: 300 });
    const got = [];
    window.addEventListener('message', (e) => { if (e.data?.widget === 'strict' && e.data.type !== 'perceptron-lab:train') got.push(e.data); });
    window.postMessage({ type: 'perceptron-lab:train', widget: 'strict', epochs: 5 }, '*');
    await new Promise((r) => setTimeout(r, 400));  // an absence (no reply, no training): time in the page is the measure
    return { got, visits: lab.state().visits };
  });
  assert.deepEqual(refused.got, []);
  assert.equal(refused.visits, 0);
  assert.ok(warnings.some((w) => w.includes('not in allowedOrigins')), warnings.join('\n'));
  assert.deepEqual(problems, []);
  await context.close();
});
