// Serves a built folder on localhost. With --isolate (the default) it sends
// COOP/COEP, so the page is cross-origin isolated (?threads can use threads); with
// --no-isolate it sends neither, as a plain static host would.
// Usage: node scripts/serve.mjs [--dir dist] [--port 5173] [--no-isolate]
import http from 'node:http';
import sirv from 'sirv';

export function startServer({ dir = 'dist', port = 0, isolate = true, host = '127.0.0.1' } = {}) {
  const files = sirv(dir, { dev: false, etag: true });
  const server = http.createServer((req, res) => {
    if (isolate) {
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve({ server, url: `http://${host}:${server.address().port}/` })));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
  const { url } = await startServer({ dir: opt('--dir', 'dist'), port: Number(opt('--port', 5173)), isolate: !args.includes('--no-isolate') });
  console.log(`pairpower is served at ${url}${args.includes('--no-isolate') ? ' (no COOP/COEP: single-thread worker pool)' : ' (cross-origin isolated: ?threads runs the threaded engine)'}`);
  console.log('Press Ctrl-C to stop.');
}
