import { describe, expect, it } from 'vitest';
import { errorOf, jpegBytes, newMember, type Member } from './photos-helpers';
import { fetchBrand } from './helpers';

// Uploads cost CPU (docs/api/photos.md), so they are limited per member and per IP address: many accounts behind
// one address do not get many members' worth of decoding. A file of its own: the counters live in this file's D1.

function uploadFrom(ip: string, member: Member, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append('photo', new File([bytes as BlobPart], 'photo.jpg', { type: 'image/jpeg' }));
  return fetchBrand('flirtlokaal', '/api/photos.php', {
    method: 'POST',
    body: form,
    headers: { Cookie: member.cookie, 'CF-Connecting-IP': ip },
    country: 'NL',
  });
}

describe('upload rate limits', { timeout: 60_000 }, () => {
  it('limits uploads per IP address across accounts, in the member language, before reading the file', async () => {
    // Not a photo: refused by type after the counters, so each try is cheap and still counts.
    const junk = new TextEncoder().encode('not a photo');
    const members = await Promise.all([newMember(), newMember(), newMember()]);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await uploadFrom('203.0.113.7', members[i % 3], junk)).status);
    // Each member is far below their own 60 an hour, the address is at 100.
    expect(statuses.every((s) => s === 415)).toBe(true);
    const refused = await uploadFrom('203.0.113.7', members[0], jpegBytes(300, 300));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Te veel pogingen, probeer het over \d+ min opnieuw\.$/),
    });
    // A new account on the same address is refused too; the same account from another address is not.
    expect((await uploadFrom('203.0.113.7', await newMember(), jpegBytes(300, 300))).status).toBe(429);
    expect((await uploadFrom('198.51.100.9', members[0], jpegBytes(300, 300))).status).toBe(201);
  });

  it('still limits one member to 60 uploads an hour from any address', async () => {
    const member = await newMember();
    const junk = new TextEncoder().encode('not a photo');
    for (let i = 0; i < 60; i++) expect((await uploadFrom(`192.0.2.${i}`, member, junk)).status).toBe(415);
    expect((await uploadFrom('192.0.2.200', member, jpegBytes(300, 300))).status).toBe(429);
  });
});
