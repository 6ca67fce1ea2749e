// Two loopback origins for a widget loaded from a CDN (docs/reference.md "Loading from a CDN"): the course
// page on 127.0.0.1 and the package's files on 127.0.0.2, served as CDNs serve them (CORS open to every
// origin, application/wasm, gzip when the request accepts it). Used by tests/e2e/cdn.test.mjs and the
// engines' CDN flow (tests/engines/core_flows.mjs). Both servers live in this process and log every
// request, so a test can say which origin each file came from.
//
//   const cdn = await startCdnServer({ root });      cdn.url = 'http://127.0.0.2:P2'
//   cdn.misbehave = { types: {'.wasm': 'text/plain'}, status: {'perceptron_lab.deferred.wasm': 404}, drop: [...] };
//   const site = await startPageServer({ pages: {'/course.html': html}, files: {'/week-3.json': text} });
//   site.statements: what the tiny LRS at /lrs/statements received.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

const listen = (server, host) => new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, host, resolve);
});
const closer = (server) => () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); });

/**
 * The CDN: the files of `root` (a build folder: build/web is the npm package's dist/) under `prefix`
 * (as /npm/perceptron-lab@X.Y.Z/dist/). misbehave (settable per test; reset() clears it):
 *   types:  {'.wasm': 'text/plain'}       a host that serves a type wrong
 *   status: {'<file name>': 404}          a file missing from the CDN path
 *   drop:   ['<file name>']               the connection is cut: the page sees a network error
 *   css:    '<text>'                       embed.css replaced (another version's stylesheet)
 */
export async function startCdnServer({ root, host = '127.0.0.2', prefix = '/npm/perceptron-lab/dist/' } = {}) {
  const gzipped = new Map();  // file -> gzip bytes, made once
  const requests = [];
  const state = { misbehave: {} };
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://cdn').pathname);
    requests.push({ path: urlPath, origin: req.headers.origin || '', method: req.method });
    const cors = { 'Access-Control-Allow-Origin': '*', 'Timing-Allow-Origin': '*' };
    if (req.method === 'OPTIONS') { res.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': '*' }).end(); return; }
    if (!urlPath.startsWith(prefix)) { res.writeHead(404, cors).end('not found'); return; }
    const name = urlPath.slice(prefix.length);
    const file = path.join(root, name);
    const { types = {}, status = {}, drop = [], css } = state.misbehave;
    if (!file.startsWith(root)) { res.writeHead(403, cors).end(); return; }
    if (drop.includes(name)) { req.socket.destroy(); return; }
    if (status[name]) { res.writeHead(status[name], { ...cors, 'Content-Type': 'text/plain' }).end(`${status[name]}`); return; }
    const type = types[path.extname(file)] || MIME[path.extname(file)] || 'application/octet-stream';
    const send = (data) => {
      const headers = { ...cors, 'Content-Type': type, 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
      if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        if (!gzipped.has(file) || css !== undefined) gzipped.set(file, zlib.gzipSync(data));
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' }).end(gzipped.get(file));
      } else res.writeHead(200, headers).end(data);
    };
    if (name === 'embed.css' && css !== undefined) { send(Buffer.from(css)); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404, cors).end('not found'); return; }
      send(data);
    });
  });
  await listen(server, host);
  const url = `http://${host}:${server.address().port}`;
  return {
    url, base: `${url}${prefix}`, root, requests,
    get misbehave() { return state.misbehave; },
    set misbehave(value) { state.misbehave = value || {}; gzipped.clear(); },
    reset() { state.misbehave = {}; gzipped.clear(); requests.length = 0; },
    close: closer(server),
  };
}

/**
 * The course page's own origin: `pages` (path -> html, or a function of nothing giving {body, headers})
 * and `files` (path -> text, served as JSON), plus a tiny Learning Record Store at /lrs: POST
 * /lrs/statements records what arrives (statements), answers 200 with the ids.
 */
export async function startPageServer({ pages = {}, files = {}, host = '127.0.0.1' } = {}) {
  const requests = [];
  const statements = [];
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://page').pathname);
    requests.push({ path: urlPath, method: req.method });
    if (urlPath === '/lrs/statements' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => { body += chunk; });
      req.on('end', () => {
        let list = [];
        try { list = [].concat(JSON.parse(body)); } catch (err) { /* recorded as nothing */ }
        statements.push(...list);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(list.map((s) => s.id || '')));
      });
      return;
    }
    const page = pages[urlPath];
    if (page !== undefined) {
      const { body, headers = {} } = typeof page === 'string' ? { body: page } : page;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(body);
      return;
    }
    if (files[urlPath] !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(files[urlPath]);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await listen(server, host);
  return { url: `http://${host}:${server.address().port}`, pages, files, requests, statements, close: closer(server) };
}
