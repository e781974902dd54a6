import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, staffTotpBox } from './secret-box';
import { newTotpSecret, openTotpSecret, sealTotpSecret, verifyTotp } from './totp';

const SECRET = 'unit-test-secret-0123456789-0123456789';
const box = { appSecret: SECRET, purpose: 'staff-totp', context: 'staff-totp:7' };

describe('secret box (AES-GCM, key from APP_SECRET)', () => {
  it('opens what it sealed, with a fresh IV each time', async () => {
    const a = await sealSecret(box, 'JBSWY3DPEHPK3PXP');
    const b = await sealSecret(box, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openSecret(box, a)).toBe('JBSWY3DPEHPK3PXP');
    expect(await openSecret(box, b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another row, another secret, another purpose and any change', async () => {
    const sealed = await sealSecret(box, 'JBSWY3DPEHPK3PXP');
    expect(await openSecret({ ...box, context: 'staff-totp:8' }, sealed)).toBeNull();
    expect(await openSecret({ ...box, appSecret: `${SECRET}x` }, sealed)).toBeNull();
    expect(await openSecret({ ...box, purpose: 'other' }, sealed)).toBeNull();
    const [v, iv, data] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(await openSecret(box, `${v}.${iv}.${flipped}`)).toBeNull();
    expect(await openSecret(box, 'garbage')).toBeNull();
  });

  it('is reproducible with a given IV (the seed), and refuses a short APP_SECRET', async () => {
    const iv = new Uint8Array(12).fill(7);
    expect(await sealSecret(box, 'X', iv)).toBe(await sealSecret(box, 'X', iv));
    await expect(sealSecret({ ...box, appSecret: 'short' }, 'X')).rejects.toThrow(/APP_SECRET/);
  });

  it('gives in workerd exactly what the seed computes under Node (the demo staff secret opens in the worker)', async () => {
    // Computed with Node's WebCrypto by the same module (scripts/lib/demo-staff.mjs imports it).
    const appSecret = 'test-secret-0123456789-0123456789-0123456789';
    const node = 'v1.BwcHBwcHBwcHBwcH.x97zc7Vcy_UiiBiP5wxo4m7t7Bxgxgscp3jlnZVjHm4';
    expect(await sealSecret(staffTotpBox(appSecret, 900_001), 'JBSWY3DPEHPK3PXP', new Uint8Array(12).fill(7))).toBe(node);
    expect(await openTotpSecret(appSecret, 900_001, node)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('TOTP: the staff secret round trip and a code of the current step', async () => {
    const secret = newTotpSecret();
    expect(await openTotpSecret(SECRET, 3, await sealTotpSecret(SECRET, 3, secret))).toBe(secret);
    const now = new Date(1_800_000_015_000);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() });
    expect(verifyTotp(secret, code, now)).toBe(Math.floor(now.getTime() / 30_000));
    expect(verifyTotp(secret, code, new Date(now.getTime() + 30_000))).toBe(Math.floor(now.getTime() / 30_000));
    expect(verifyTotp(secret, code, new Date(now.getTime() + 90_000))).toBeNull();
  });
});
