// Serves the release build (build/web, what `./scripts/build.sh web` makes and what ships) on 127.0.0.1
// (loopback only) and prints the URL. Ctrl+C stops it. PL_WEB_DIR=<folder> serves another build folder;
// PORT=9000 picks the port (PORT=0: any free one).
import fs from 'node:fs';
import path from 'node:path';
import { startServer, releaseRoot } from '../tests/e2e/harness.mjs';

// Not the harness's webRoot: that is the test build, which only the test command builds (issue 27).
const root = path.resolve(process.env.PL_WEB_DIR || releaseRoot);
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`Nothing to serve: ${root} has no index.html.`);
  console.error('Build the widget first: ./scripts/build.sh web (./scripts/serve.sh does it for you).');
  process.exit(1);
}

const port = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
let server;
try {
  server = await startServer({ root, port });
} catch (err) {
  if (err.code !== 'EADDRINUSE') throw err;
  server = await startServer({ root, port: 0 });  // the usual port is taken: any free one will do
  console.log(`Port ${port} is taken: serving on another one.`);
}
console.log(`Perceptron Lab is served from ${root}`);
console.log(`Open: ${server.url}/`);
console.log(`Course page example: ${server.url}/examples/course.html`);
const stop = async () => { await server.close(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
