import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;

type WriteHead = (status: number, ...rest: unknown[]) => ServerResponse;
type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
type End = (...args: unknown[]) => ServerResponse;

/** The headers object of a writeHead call (`writeHead(status, [reason], [headers])`), if it has one. */
function headersArgument(rest: unknown[]): Record<string, unknown> | undefined {
  const last = rest[rest.length - 1];
  return last && typeof last === 'object' && !Array.isArray(last) ? (last as Record<string, unknown>) : undefined;
}

/** Gzips one response as it streams, when the client accepts it and the type is text of some kind. */
function compress(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method === 'HEAD' || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    next();
    return;
  }
  const writeHead = res.writeHead.bind(res) as WriteHead;
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let gzip: Gzip | null = null;

  (res as { writeHead: WriteHead }).writeHead = (status, ...rest) => {
    const headers = headersArgument(rest) ?? {};
    const header = (name: string) => String(headers[name] ?? res.getHeader(name) ?? '');
    const compressible =
      status !== 204 &&
      status !== 304 &&
      !header('content-encoding') &&
      COMPRESSIBLE.test(header('content-type')) &&
      !/no-transform/i.test(header('cache-control'));
    if (compressible) {
      delete headers['content-length'];
      res.removeHeader('content-length');
      headers['content-encoding'] = 'gzip';
      headers.vary = header('vary') ? `${header('vary')}, Accept-Encoding` : 'Accept-Encoding';
      if (!headersArgument(rest)) rest.push(headers);
      // A sync flush per write keeps the streamed page streaming: the head still arrives before the body.
      gzip = createGzip({ flush: constants.Z_SYNC_FLUSH });
      gzip.on('data', (chunk: Buffer) => write(chunk));
      gzip.on('end', () => end());
    }
    return writeHead(status, ...rest);
  };
  // A local server: the compressor buffers instead of pushing back.
  (res as { write: Write }).write = (chunk, ...rest) => {
    if (!gzip) return write(chunk, ...rest);
    gzip.write(chunk as Buffer);
    return true;
  };
  (res as { end: End }).end = (...args) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!gzip) return end(...args);
    const [chunk] = args;
    if (chunk !== undefined && typeof chunk !== 'function') gzip.end(chunk as Buffer);
    else gzip.end();
    return res;
  };
  next();
}

/**
 * `vite preview` compresses what it serves, but the Cloudflare plugin answers every request (the Worker and its
 * static assets) before Vite's compression middleware runs, so the local server sent JS, CSS and HTML
 * uncompressed. Production does not: Cloudflare's edge compresses both. This restores it for the preview (local
 * `npm start`, browser tests, the benchmark) so their transfer sizes are the ones visitors get.
 */
export function previewCompression(): Plugin {
  return {
    name: 'preview-compression',
    enforce: 'pre',
    configurePreviewServer(server) {
      server.middlewares.use(compress);
    },
  };
}
