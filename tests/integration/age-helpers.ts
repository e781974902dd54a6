import { dbOf } from './helpers';

/**
 * Marks a member as having passed the age check, as a recorded pass leaves it (age_status): for tests about
 * something else that act as a GB member (GB asks a highly effective check before a chat or a payment). The check
 * itself is tested end to end in age-assurance.test.ts.
 */
export async function passAgeCheck(brand: string, memberId: number): Promise<void> {
  const now = new Date().toISOString();
  await dbOf(brand)
    .prepare(
      `INSERT INTO age_status (tenant_id, member_id, outcome, provider, session_id, method, checked_at)
       VALUES (?, ?, 'pass', 'sandbox', ?, 'age_estimation', ?) ON CONFLICT DO NOTHING`,
    )
    .bind(brand, memberId, `test-${memberId}`, now)
    .run();
}
