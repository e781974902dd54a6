import { describe, expect, it } from 'vitest';
import { formDigest, fromPrice, isCcbillAddress, md5, saleDigest, sameDigest, toPrice } from './protocol';

describe('CCBill protocol', () => {
  it('makes the FlexForm digest of the published example: MD5 of "10.00308407d901dad245fd0ff6bc20d06"', async () => {
    expect(await formDigest('10.00', 30, '840', '7d901dad245fd0ff6bc20d06')).toBe(await md5('10.00308407d901dad245fd0ff6bc20d06'));
    expect(await md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it("vouches for a sale with MD5 of subscriptionId, '1' and the salt, and for a decline with '0'", async () => {
    expect(await saleDigest('1000000000', true, 'salt')).toBe(await md5('10000000001salt'));
    expect(await saleDigest('1000000000', false, 'salt')).toBe(await md5('10000000000salt'));
    const digest = await saleDigest('1', true, 's');
    expect(sameDigest(digest, digest.toUpperCase())).toBe(true);
    expect(sameDigest(digest, null)).toBe(false);
    expect(sameDigest(digest, `${digest}0`)).toBe(false);
  });

  it("knows CCBill's webhook addresses and nothing else", () => {
    for (const ip of ['64.38.212.1', '64.38.215.254', '64.38.240.17', '64.38.241.100']) expect(isCcbillAddress(ip)).toBe(true);
    for (const ip of ['64.38.213.1', '64.38.212.0', '64.38.212.255', '10.0.0.1', null, '::1']) expect(isCcbillAddress(ip)).toBe(false);
  });

  it('turns prices into two decimals and back into cents', () => {
    expect(toPrice(2599)).toBe('25.99');
    expect(fromPrice('25.99')).toBe(2599);
    expect(fromPrice('30')).toBe(3000);
    for (const bad of ['-1.00', '1,00', '', null, '1e3']) expect(fromPrice(bad)).toBeNull();
  });
});
