import { describe, expect, it } from 'vitest';
import { ClientKeySchema, GIFTS, sendMessageSchema } from './chat';
import { PushSubscriptionSchema } from './push';

describe('chat contract', () => {
  const schema = sendMessageSchema(10);

  it("trims text and bounds it by the brand's message_length", () => {
    expect(schema.parse({ to: { profile_id: 3 }, kind: 'text', text: '  hoi  ' })).toEqual({
      to: { profile_id: 3 },
      kind: 'text',
      text: 'hoi',
    });
    expect(schema.safeParse({ to: { profile_id: 3 }, kind: 'text', text: '   ' }).success).toBe(false);
    expect(schema.safeParse({ to: { profile_id: 3 }, kind: 'text', text: 'x'.repeat(11) }).success).toBe(false);
  });

  it('refuses extra fields (a forged sender) and unknown kinds or gifts', () => {
    expect(schema.safeParse({ to: { profile_id: 3 }, kind: 'text', text: 'hoi', sender_id: 1 }).success).toBe(false);
    expect(schema.safeParse({ to: { profile_id: 3, sender_profile_id: 1 }, kind: 'text', text: 'hoi' }).success).toBe(false);
    expect(schema.safeParse({ to: { profile_id: 3 }, kind: 'gift', gift: 'yacht' }).success).toBe(false);
    expect(schema.safeParse({ to: { conversation_id: 3 }, kind: 'gift', gift: GIFTS[0] }).success).toBe(true);
  });

  it('accepts only url-safe idempotency keys of 8-64 characters', () => {
    expect(ClientKeySchema.safeParse('abcDEF12_-').success).toBe(true);
    for (const bad of [undefined, 'short', 'has space 123', 'x'.repeat(65)]) expect(ClientKeySchema.safeParse(bad).success).toBe(false);
  });

  it("checks the sizes of a push subscription's keys", () => {
    const ok = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
    expect(PushSubscriptionSchema.safeParse(ok).success).toBe(true);
    expect(PushSubscriptionSchema.safeParse({ ...ok, keys: { ...ok.keys, auth: 'A'.repeat(10) } }).success).toBe(false);
    expect(PushSubscriptionSchema.safeParse({ ...ok, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }).success).toBe(false);
    expect(PushSubscriptionSchema.safeParse({ ...ok, endpoint: 'https://push.example/x' }).success).toBe(false);
  });
});
