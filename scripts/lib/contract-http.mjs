// The contract suite's HTTP client: node:http(s) with the brand's Host header (a backend on 127.0.0.1 serves many
// brands by host) and one cookie jar per session.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export class Session {
  constructor(name) {
    this.name = name;
    this.cookies = new Map();
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Keeps what the answer sets and forgets what it deletes (Max-Age=0 or an empty value). */
  take(setCookie) {
    for (const line of setCookie ?? []) {
      const [pair, ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = !value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request; resolves with status, headers, the raw body and the JSON body when there is one. */
export function send(upstream, host, { method, path, headers = {}, body, session }) {
  const url = new URL(path, upstream);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const all = { Host: host, Accept: 'application/json', ...headers };
  if (session?.cookies.size) all.Cookie = session.header();
  if (body !== undefined) all['Content-Length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: method.toUpperCase(), headers: all, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        session?.take(res.headers['set-cookie']);
        let json;
        if ((res.headers['content-type'] ?? '').includes('json')) {
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            json = undefined;
          }
        }
        resolve({ status: res.statusCode, headers: res.headers, raw, json });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A request body in the operation's media type. */
export function encode(media, value, upload) {
  if (upload) {
    const boundary = `contract${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"; filename="contract.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    return {
      body: Buffer.concat([head, upload.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      type: `multipart/form-data; boundary=${boundary}`,
    };
  }
  if (media === 'application/x-www-form-urlencoded') return { body: new URLSearchParams(value).toString(), type: media };
  return { body: JSON.stringify(value), type: 'application/json' };
}
