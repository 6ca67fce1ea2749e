// Serves build/web on 127.0.0.1 (loopback only) and prints the URL. Ctrl+C stops it.
import { startServer, webRoot } from '../tests/e2e/harness.mjs';

const port = Number(process.env.PORT || 8080);
let server;
try {
  server = await startServer({ port });
} catch (err) {
  if (err.code !== 'EADDRINUSE') throw err;
  server = await startServer({ port: 0 });  // the usual port is taken: any free one will do
}
console.log(`Perceptron Lab is served from ${webRoot}`);
console.log(`Open: ${server.url}/`);
console.log(`Course page example: ${server.url}/examples/course.html`);
const stop = async () => { await server.close(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
