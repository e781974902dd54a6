import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { setAnswerHeaders } from './answer-headers';

export interface SecurityHeaderOptions {
  /** Vite's dev server needs its websocket and inline preamble. */
  dev: boolean;
}

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** A CSP with a fresh nonce per response, HSTS, nosniff, a strict referrer policy and no framing. */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    const nonce = newNonce();
    c.set('nonce', nonce);
    await next();
    const csp = [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      `connect-src 'self'${options.dev ? ' ws: wss:' : ''}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "manifest-src 'self'",
      "worker-src 'self'",
    ].join('; ');
    setAnswerHeaders(c, {
      'Content-Security-Policy': csp,
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
    });
  };
}
