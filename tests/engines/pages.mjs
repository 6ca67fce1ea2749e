// The static server the engine flows load from: the test build (tests/e2e/harness.mjs webRoot) as the
// e2e tests serve it, plus the few pages a flow needs around the widget (a course page with an element
// before and after it, a parent page with the single file in a sandboxed iframe), kept in memory here
// because the stock Firefox and WebKit drivers have no request routing as playwright has.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { webRoot, scriptMountedPage } from '../e2e/harness.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json',
};

// Each page names its icon, so no engine asks for /favicon.ico (a 404 the flows would count as a problem).
const ICON = '<link rel="icon" href="/favicon.svg">';
export const PAGES = {
  '/engines/course.html': scriptMountedPage({ title: 'Keyboard' }).replace('<head>', `<head>${ICON}`),
  // A course page's widget, which keeps the work in localStorage (web/embed_remember.js); its handle as
  // window.perceptronLab once it is ready, as the flows expect.
  '/engines/remember.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">${ICON}<title>Kept</title>
<link rel="stylesheet" href="/embed.css">
<script>addEventListener('perceptron-lab:ready', (e) => { window.perceptronLab = e.detail; });</script>
<script type="module" src="/embed.js"></script><style>body{margin:0;background:#fff}</style></head><body>
<div id="kept" class="perceptron-lab" style="width:1000px;height:640px"></div>
</body></html>`,
  // The parent collects the widget's postMessage replies; the iframe is an opaque origin it cannot reach into.
  '/engines/sandboxed.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">${ICON}<title>Sandboxed</title>
<script>
  window.replies = [];
  addEventListener('message', (e) => { if (e.data && String(e.data.type).startsWith('perceptron-lab:')) window.replies.push(e.data); });
  window.send = (msg) => document.querySelector('iframe').contentWindow.postMessage(msg, '*');
</script><style>body{margin:0}iframe{border:0;display:block}</style></head><body>
<iframe sandbox="allow-scripts" src="/perceptron-lab-single.html" width="900" height="600"></iframe>
</body></html>`,
};

export async function startFlowServer() {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const headers = (file) => ({ 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
    if (PAGES[urlPath]) { res.writeHead(200, headers(urlPath)).end(PAGES[urlPath]); return; }
    const file = path.join(webRoot, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(webRoot)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, headers(file)).end(data);
    });
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(0, '127.0.0.1', resolve); });
  return { url: `http://127.0.0.1:${server.address().port}`, root: webRoot, close: () => new Promise((r) => server.close(r)) };
}
