import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/schemas/staff';
import { createStaff, staffApi } from './staff-helpers';

// Issue 42 item 10: a brand id that does not exist (typed, or one that left the deployment while a staff member still
// has a role on it) answers 404 with the error model on every staff call and for every role, never 500 or 403.

const GONE = 'gonebrand';
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const reason = 'reason given';

/** Every staff call that names a brand, with a body that passes its schema. */
const CALLS: [method: string, path: string, body?: Record<string, unknown>][] = [
  ['GET', `queue.php?brand=${GONE}`],
  ['GET', `figures.php?brand=${GONE}`],
  ['GET', `live.php?brand=${GONE}`],
  ['GET', `conversation.php?brand=${GONE}&id=1`],
  ['POST', 'claim.php', { brand: GONE, conversation_id: 1 }],
  ['DELETE', 'claim.php', { brand: GONE, conversation_id: 1 }],
  ['POST', 'reply.php', { brand: GONE, conversation_id: 1, text: 'hoi' }],
  ['POST', 'notes.php', { brand: GONE, subject_type: 'member', subject_id: 1, body: 'note' }],
  ['POST', 'first-message.php', { brand: GONE, profile_id: 1, member_id: 1, text: 'hoi' }],
  ['GET', `first-message-candidates.php?brand=${GONE}&profile_id=1`],
  ['GET', `profiles.php?brand=${GONE}`],
  [
    'POST',
    'profiles.php',
    { brand: GONE, name: 'Fenna', gender: 'female', sexuality: 'hetero', birthdate: '1995-06-15', country: 'NL', active: true },
  ],
  [
    'PUT',
    'profiles.php',
    { brand: GONE, id: 1, name: 'Fenna', gender: 'female', sexuality: 'hetero', birthdate: '1995-06-15', country: 'NL', active: true },
  ],
  ['GET', `members.php?brand=${GONE}&q=someone`],
  ['GET', `member.php?brand=${GONE}&id=1`],
  ['POST', 'credits.php', { brand: GONE, member_id: 1, delta: 5, reason }],
  ['POST', 'refund.php', { brand: GONE, order_id: 1, reason }],
  ['POST', 'block.php', { brand: GONE, member_id: 1, reason }],
  ['DELETE', 'block.php', { brand: GONE, member_id: 1, reason }],
  ['POST', 'directdebit-block.php', { brand: GONE, member_id: 1, reason }],
  ['DELETE', 'member-sessions.php', { brand: GONE, member_id: 1, reason }],
  ['POST', 'resend-activation.php', { brand: GONE, member_id: 1, reason }],
  ['DELETE', 'member.php', { brand: GONE, member_id: 1, reason }],
  ['GET', `dashboard.php?brand=${GONE}`],
  ['GET', `codes.php?brand=${GONE}`],
  ['POST', 'codes.php', { brand: GONE, code: 'GONE10', value_percentage: 10, validity: 'once', expires: future() }],
  ['PUT', 'codes.php', { brand: GONE, code: 'GONE10', value_percentage: 10, validity: 'once' }],
  ['DELETE', 'codes.php', { brand: GONE, code: 'GONE10' }],
  ['GET', `invite-codes.php?brand=${GONE}`],
  ['POST', 'invite-codes.php', { brand: GONE, count: 1 }],
  ['GET', `moderation-photos.php?brand=${GONE}`],
  ['POST', 'moderation-photos.php', { brand: GONE, photo_id: 1, decision: 'approve' }],
  ['GET', `complaints.php?brand=${GONE}`],
  ['PUT', 'complaints.php', { brand: GONE, id: 1, state: 'closed' }],
  ['POST', 'complaint-reply.php', { brand: GONE, id: 1, text: 'antwoord' }],
  ['GET', `moderation-texts.php?brand=${GONE}`],
  ['POST', 'moderation-texts.php', { brand: GONE, profile_id: 1, decision: 'approve', name: 'x', about: null }],
  ['GET', `moderation-words.php?brand=${GONE}`],
  ['POST', 'moderation-words.php', { brand: GONE, word: 'woord' }],
  ['GET', `audit.php?brand=${GONE}`],
];

describe('an unknown brand on a staff call', () => {
  it.each(['operator', 'moderator', 'admin', 'owner'] as StaffRole[])(
    'answers 404 with the error model for an %s, also with a role left on a brand that is gone',
    async (role) => {
      const staff = await createStaff(
        role === 'owner'
          ? [{ brand: '*', role }]
          : [
              { brand: 'flirtlokaal', role },
              { brand: GONE, role },
            ],
      );
      const answers: string[] = [];
      for (const [method, path, body] of CALLS) {
        const res = await staffApi('flirtlokaal', method, path, { cookie: staff.cookie, body });
        const json = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
        if (res.status !== 404 || !json?.error?.code || !json.error.message)
          answers.push(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      }
      expect(answers).toEqual([]);
    },
  );
});
