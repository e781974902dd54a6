import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';

/**
 * A local push service for the push tests (vitest globalSetup): it hands out subscriptions with keys it holds,
 * accepts RFC 8030 pushes at https-looking endpoints on 127.0.0.1 (the Worker sends them over http in test mode:
 * worker/push/send.ts deliveryUrl), checks the VAPID JWT (RFC 8292) and decrypts the payload (RFC 8291) with
 * http_ece. Endpoints under /gone/ answer 410 like a push service whose subscription expired.
 */
export const PUSH_SINK_PORT = Number(process.env.TEST_PUSH_SINK_PORT ?? Number(process.env.TEST_UPSTREAM_PORT ?? 18931) + 1000);

interface Client {
  ecdh: ECDH;
  auth: Buffer;
  received: unknown[];
}
const clients = new Map<string, Client>();
let server: Server;

const b64u = (buf: Buffer) => buf.toString('base64url');

function verifyVapid(authorization: string | undefined, origin: string): { sub: string; aud: string } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no vapid authorization: ${authorization}`);
  const [header, claims, signature] = m[1].split('.');
  const key = Buffer.from(m[2], 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(key.subarray(1, 33)), y: b64u(key.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sub: string; aud: string; exp: number };
  if (body.aud !== origin) throw new Error(`wrong audience ${body.aud}`);
  return { sub: body.sub, aud: body.aud };
}

export async function setup() {
  const origin = `https://127.0.0.1:${PUSH_SINK_PORT}`;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [, kind, id] = (req.url ?? '').split('/');
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && kind === 'new') {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const clientId = randomBytes(8).toString('hex');
        const client = { ecdh, auth: randomBytes(16), received: [] };
        clients.set(clientId, client);
        const path = id === 'gone' ? 'gone' : 'push';
        res.end(
          JSON.stringify({
            id: clientId,
            subscription: {
              endpoint: `${origin}/${path}/${clientId}`,
              expirationTime: null,
              keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(client.auth) },
            },
          }),
        );
        return;
      }
      const client = clients.get(id);
      if (req.method === 'GET' && kind === 'received' && client) return res.end(JSON.stringify({ received: client.received }));
      if (req.method === 'POST' && kind === 'gone') {
        res.statusCode = 410;
        return res.end('{}');
      }
      if (req.method === 'POST' && kind === 'push' && client) {
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const vapid = verifyVapid(req.headers.authorization, origin);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: client.ecdh,
            authSecret: b64u(client.auth),
          }) as Buffer;
          client.received.push({ payload: JSON.parse(plain.toString('utf8')), vapid, ttl: req.headers.ttl });
          res.statusCode = 201;
          return res.end('{}');
        } catch (error) {
          client.received.push({ error: String(error) });
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: String(error) }));
        }
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(PUSH_SINK_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
