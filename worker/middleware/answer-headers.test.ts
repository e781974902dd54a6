import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { setAnswerHeaders } from './answer-headers';

/** An app whose middleware sets headers on whatever the route answered. */
function appAnswering(answer: () => Response) {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    setAnswerHeaders(c, { 'X-Set': 'yes', 'X-Gone': undefined });
  });
  app.get('/', () => answer());
  return app;
}

describe('headers set on an answer after the route made it', () => {
  it('are written into the answer itself, and undefined removes one', async () => {
    const res = await appAnswering(() => new Response('page', { headers: { 'X-Gone': '1', 'Content-Type': 'text/html' } })).request('/');
    expect(res.headers.get('X-Set')).toBe('yes');
    expect(res.headers.has('X-Gone')).toBe(false);
    expect(res.headers.get('Content-Type')).toBe('text/html');
    expect(await res.text()).toBe('page');
  });

  it('reach an answer whose headers are immutable (passed through as it came), body and status kept', async () => {
    // Response.redirect's headers are immutable, as a fetch answer's are in the Workers runtime.
    const res = await appAnswering(() => Response.redirect('https://example.test/next', 302)).request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://example.test/next');
    expect(res.headers.get('X-Set')).toBe('yes');
  });
});
