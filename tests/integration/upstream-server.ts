import { createServer, type Server } from 'node:http';

/** A stand-in for a brand's own PHP backend, for the proxy-mode tests (tests/fixtures/tenants/proxied.ts). */
// TEST_UPSTREAM_PORT lets two checkouts run their tests side by side (vitest.config.ts hands it to the fixture).
export const UPSTREAM_PORT = Number(process.env.TEST_UPSTREAM_PORT ?? 18931);

let server: Server;

export async function setup() {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/api/slow.php')) return; // never answers: the proxy's timeout must
      res.setHeader('Content-Type', 'application/json');
      // ?cache=... and ?nocookie=1 let the caching tests choose what the upstream says about caching.
      const query = new URL(req.url ?? '/', 'http://upstream').searchParams;
      if (query.get('cache')) res.setHeader('Cache-Control', query.get('cache')!);
      if (!query.has('nocookie')) res.setHeader('Set-Cookie', ['upstream_session=abc; Domain=backend.example; Path=/; HttpOnly', 'second=2; Path=/']);
      res.statusCode = req.url?.startsWith('/api/missing.php') ? 404 : 200;
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(UPSTREAM_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
