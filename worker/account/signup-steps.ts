import { REGIONS } from '../../core/data/regions';
import { SIGNUP_STEPS, type SignupStep, type SignupStepSchema } from '../../core/schemas/account';
import type { z } from 'zod';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../auth/sessions';

/** The later signup steps (PUT signup.php): stores what the step carries and moves the member on; returns the new step. */
export async function saveSignupStep(
  db: D1Database,
  tenantId: string,
  member: SessionMember,
  input: z.output<typeof SignupStepSchema>,
): Promise<SignupStep> {
  switch (input.step) {
    case 'location': {
      const region = REGIONS[input.country]?.find((r) => r.code === input.region);
      if (!region) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { region: 'validation.region' });
      await db
        .prepare('UPDATE profiles SET country = ?, region = ?, city = ? WHERE member_id = ? AND tenant_id = ?')
        .bind(input.country, region.code, input.city, member.id, tenantId)
        .run();
      break;
    }
    case 'personal':
      await db
        .prepare(
          'UPDATE profiles SET hair_colour = ?, eye_colour = ?, body_type = ?, relationship_status = ? WHERE member_id = ? AND tenant_id = ?',
        )
        .bind(input.hair_colour, input.eye_colour, input.body_type, input.relationship_status, member.id, tenantId)
        .run();
      break;
    case 'about':
      await db.batch([
        db.prepare('UPDATE profiles SET about = ? WHERE member_id = ? AND tenant_id = ?').bind(input.about, member.id, tenantId),
        db.prepare('DELETE FROM profile_interests WHERE profile_id = ? AND tenant_id = ?').bind(member.profileId, tenantId),
        ...[...new Set(input.interests)].map((interest) =>
          db
            .prepare('INSERT INTO profile_interests (tenant_id, profile_id, interest_id) VALUES (?, ?, ?)')
            .bind(tenantId, member.profileId, interest),
        ),
      ]);
      break;
    default:
      // photo (skipped until the members issue adds upload) and push carry nothing to store here.
      break;
  }
  const next = nextStep(member.signupStep as SignupStep, input.step, member.status === 'confirmed');
  await db.prepare('UPDATE members SET signup_step = ? WHERE id = ? AND tenant_id = ?').bind(next, member.id, tenantId).run();
  return next;
}

/** The step after `done`, never going back behind where the member already was. */
export function nextStep(current: SignupStep, done: SignupStep, confirmed: boolean): SignupStep {
  let next = SIGNUP_STEPS[Math.min(SIGNUP_STEPS.indexOf(done) + 1, SIGNUP_STEPS.length - 1)];
  if (next === 'check_email' && confirmed) next = 'complete';
  return SIGNUP_STEPS.indexOf(next) > SIGNUP_STEPS.indexOf(current) ? next : current;
}
