// Upload run of `npm run bench` (pen-test item 11): the largest photo the server accepts (PHOTO_RULES.maxPixels,
// 640 x 480), as JPEG and as PNG, uploaded one after another to an otherwise idle server, each deleted again so the
// member stays under the photo limit. The time of one upload is what its decode + downscale + re-encode costs (plus
// a multipart parse and two small R2 and D1 writes): the budget is ~150 ms, so one upload does not stall the other
// requests of its isolate. The `sharp` case is a three-size upload (docs/decisions/015-sharp-photos.md): 810 x 1080,
// 480 x 640 and 320 x 240 as the browser sends them, checked, decoded and stripped but not re-encoded.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import jpeg from 'jpeg-js';
import UPNG from 'upng-js';
import { percentile } from './stats.mjs';

export const UPLOAD_BUDGET_MS = 150;
const SIZE = { width: 640, height: 480 };
const SHARP = [
  ['photo', { width: 810, height: 1080 }],
  ['photo_640', { width: 480, height: 640 }],
  ['photo_320', { width: 240, height: 320 }],
];

/** Photo-like pixels: smooth gradients with grain, so the entropy coder has real work (a flat image is cheap). */
function pixels({ width, height }) {
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const base = c === 0 ? (x * 255) / width : c === 1 ? (y * 255) / height : 128 + 100 * Math.sin((x + y) / 40);
        data[o + c] = Math.max(0, Math.min(255, base + ((seed >> 8) % 12) - 6));
      }
      data[o + 3] = 255;
    }
  }
  return data;
}

/**
 * The uploads, each a list of multipart parts: the largest re-encoded ones, a JPEG at quality 90 and a PNG of the
 * same pixels, and a three-size sharp upload (JPEG quality 90, as the browser's canvas sends it).
 */
export function largestUploads() {
  const data = pixels(SIZE);
  const jpegPart = (field, size) => ({
    field,
    ...size,
    name: `${field}.jpg`,
    type: 'image/jpeg',
    bytes: new Uint8Array(jpeg.encode({ ...size, data: pixels(size) }, 90).data),
  });
  return {
    jpeg: [
      { field: 'photo', ...SIZE, name: 'photo.jpg', type: 'image/jpeg', bytes: new Uint8Array(jpeg.encode({ ...SIZE, data }, 90).data) },
    ],
    png: [
      {
        field: 'photo',
        ...SIZE,
        name: 'photo.png',
        type: 'image/png',
        bytes: new Uint8Array(UPNG.encode([data.buffer], SIZE.width, SIZE.height, 0)),
      },
    ],
    sharp: SHARP.map(([field, size]) => jpegPart(field, size)),
  };
}

function call({ port, host, cookie, method, path, body, contentType }) {
  return new Promise((resolve, reject) => {
    const headers = {
      host,
      cookie,
      'x-debug-country': 'NL',
      ...(body ? { 'content-type': contentType, 'content-length': String(body.length) } : {}),
    };
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(parts) {
  const boundary = `bench${Date.now()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads each file `rounds` times (after one warm-up) and answers the per-upload times in ms. */
export async function benchUploads({ env, persistTo, port, host, brand, cookie, rounds = 10 }) {
  // Earlier runs on this database count toward the hourly upload limits of the bench member and of 'local'.
  const clear = `DELETE FROM rate_limits WHERE key LIKE '${brand}:photo-upload:%'`;
  spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', clear], { env, encoding: 'utf8' });
  const files = largestUploads();
  const result = {};
  for (const [kind, parts] of Object.entries(files)) {
    const { body, contentType } = multipart(parts);
    const times = [];
    for (let i = 0; i <= rounds; i++) {
      const started = performance.now();
      const res = await call({ port, host, cookie, method: 'POST', path: '/api/photos.php', body, contentType });
      const ms = performance.now() - started;
      if (res.status !== 201) throw new Error(`upload ${kind} answered ${res.status}: ${res.text.slice(0, 200)}`);
      if (i > 0) times.push(ms); // the first one warms the isolate up
      const { uploaded } = JSON.parse(res.text);
      await call({ port, host, cookie, method: 'DELETE', path: `/api/photos.php?id=${uploaded}` });
    }
    times.sort((a, b) => a - b);
    result[kind] = {
      width: parts[0].width,
      height: parts[0].height,
      bytes: parts.reduce((n, part) => n + part.bytes.length, 0),
      uploads: times.length,
      medianMs: round(percentile(times, 0.5)),
      p95Ms: round(percentile(times, 0.95)),
      maxMs: round(times[times.length - 1]),
    };
  }
  return result;
}

const round = (n) => Math.round(n * 10) / 10;
