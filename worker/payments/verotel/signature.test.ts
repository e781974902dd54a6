import { describe, expect, it } from 'vitest';
import {
  flexpaySignature,
  fromFlexpayAmount,
  signedQuery,
  signPostback,
  toFlexpayAmount,
  verifyPostback,
  verifyRequest,
} from './signature';

describe('FlexPay signature', () => {
  it('is the SHA-256 of the key and the sorted key=value pairs joined by colons, as Verotel::FlexPay documents it', async () => {
    // get_signature('aaB', shopID => '123', custom1 => 'xyz', custom2 => undef): "aaB:custom1=xyz:custom2=:shopID=123".
    const signature = await flexpaySignature('aaB', Object.entries({ shopID: '123', custom1: 'xyz', custom2: '' }));
    expect(signature).toBe('b78a4348fe45ec2cfd3a3d1b30d6067c14dd42c2e58a94f99fcced2fef0cc8bc');
  });

  it('signs only the request parameters FlexPay names, and leaves empty ones out', async () => {
    const query = await signedQuery('key', { shopID: 1, priceAmount: '1.00', email: 'a@b.c', custom1: '', referenceID: undefined });
    expect([...query.keys()]).toEqual(['email', 'priceAmount', 'shopID', 'signature']);
    expect(query.get('signature')).toBe(
      await flexpaySignature('key', [
        ['priceAmount', '1.00'],
        ['shopID', '1'],
      ]),
    );
    expect(await verifyRequest('key', query)).toBe(true);
    query.set('priceAmount', '0.01');
    expect(await verifyRequest('key', query)).toBe(false);
  });

  it('verifies a postback over every parameter it carries; another key, a changed, added or repeated field fails', async () => {
    const postback = await signPostback('key-a', { shopID: '1', referenceID: 'b-1', priceAmount: '29.95', priceCurrency: 'EUR' });
    expect(await verifyPostback('key-a', postback)).toBe(true);
    expect(await verifyPostback('key-b', postback)).toBe(false);
    const upper = new URLSearchParams(postback);
    upper.set('signature', postback.get('signature')!.toUpperCase());
    expect(await verifyPostback('key-a', upper)).toBe(true);
    for (const tamper of [
      (q: URLSearchParams) => q.set('priceAmount', '0.01'),
      (q: URLSearchParams) => q.set('custom1', 'x'),
      (q: URLSearchParams) => q.append('priceAmount', '0.01'),
      (q: URLSearchParams) => q.delete('signature'),
    ]) {
      const copy = new URLSearchParams(postback);
      tamper(copy);
      expect(await verifyPostback('key-a', copy)).toBe(false);
    }
  });

  it('turns amounts into nnn.nn and back into cents', () => {
    expect(toFlexpayAmount(2995)).toBe('29.95');
    expect(fromFlexpayAmount('29.95')).toBe(2995);
    expect(fromFlexpayAmount('30')).toBe(3000);
    expect(fromFlexpayAmount('29.9')).toBe(2990);
    for (const bad of ['-1.00', '1,00', '1.000', '', null, '1e3']) expect(fromFlexpayAmount(bad)).toBeNull();
  });
});
