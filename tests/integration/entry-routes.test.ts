import { describe, expect, it } from 'vitest';
import { call, freshIp, signUp } from './account-helpers';
import { fetchBrand } from './helpers';

// Issue 46 item 14, SPEC.md §2: the login button leads to members, the auth callback goes to login.
describe('entry routes', () => {
  it('sends the auth callback to the login page, with its query', async () => {
    const res = await fetchBrand('flirtlokaal', '/auth/callback?code=x', { redirect: 'manual', country: 'NL' });
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/login?code=x');
  });

  it('the login button (plain /login) leads to members after logging in', async () => {
    const nav = await (await fetchBrand('flirtlokaal', '/pages/faq', { country: 'NL' })).text();
    expect(nav).toMatch(/<a href="\/login" class="nav-link"/);
    const member = await signUp();
    const form = new URLSearchParams({ email: member.email, password: member.password });
    const res = await fetchBrand('flirtlokaal', '/login', {
      method: 'POST',
      redirect: 'manual',
      country: 'NL',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://flirtlokaal.localhost', ...freshIp() },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/members');
    void call;
  });
});
