import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { readTrafficSource, storeTrafficSource } from './traffic-source';

// A bare app around the two functions: the cookie they write and read is all there is to see.
const app = new Hono<AppEnv>();
app.get('/store', (c) => c.json(storeTrafficSource(c, new URL(c.req.url).searchParams)));
app.get('/read', (c) => c.json(readTrafficSource(c)));

const call = (path: string, cookie?: string) => app.request(path, cookie ? { headers: { Cookie: cookie } } : undefined);

describe('storeTrafficSource', () => {
  it('sets the ts cookie: sanitised JSON, 30 days, HttpOnly, Secure, SameSite=Lax, host-only', async () => {
    const res = await call('/store?network=ads%201&sub1=%3Cb%3E&sub3=x&other=1');
    expect(await res.json()).toEqual({ network: 'ads1', sub1: 'b', sub3: 'x' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ts=[^;]+;/);
    expect(decodeURIComponent(/^ts=([^;]+)/.exec(cookie)![1])).toBe('{"network":"ads1","sub1":"b","sub3":"x"}');
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Domain');
  });

  it('sets nothing without a traffic source in the query', async () => {
    const res = await call('/store?lb=1&network=%3C%3E');
    expect(await res.json()).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('readTrafficSource', () => {
  it('reads back what was stored', async () => {
    const stored = (await call('/store?network=n&ref=r')).headers.get('set-cookie')!.split(';')[0];
    expect(await (await call('/read', stored)).json()).toEqual({ network: 'n', ref: 'r' });
  });

  it('sanitises a cookie the visitor wrote, and ignores garbage', async () => {
    expect(await (await call('/read', `ts=${encodeURIComponent('{"network":"a b<c>","x":"y"}')}`)).json()).toEqual({ network: 'abc' });
    expect(await (await call('/read', 'ts=nope')).json()).toBeNull();
    expect(await (await call('/read')).json()).toBeNull();
  });
});
