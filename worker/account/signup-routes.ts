import { Hono } from 'hono';
import { signupSchema } from '../../core/schemas/account';
import { serializeTrafficSource } from '../../core/rules/traffic-source';
import { canSignUpOpenly } from '../../core/rules/visitor';
import { settingsFor } from '../brand-settings';
import { announceReleasedMessages } from '../chat/release';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { consentStatement } from '../auth/consents';
import { activateMember, createMember, findMemberByEmail, findMemberById, isRecoverable, redeemInviteCode } from './accounts';
import { refuseCommonPassword } from '../auth/common-passwords';
import { consumeToken } from '../auth/tokens';
import { saveSignupStep } from './signup-steps';
import { readTrafficSource } from '../tracking/traffic-source';
import { getCookie } from 'hono/cookie';
import { CLICK_COOKIE, parseClickCookie } from '../tracking/clicks';
import { attributeSignup, recordConversion } from '../tracking/conversions';
import { loadUser } from '../auth/users';
import { rememberPasswordBrowser, startSession, startSessionFromLink } from './login';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';
import { mailScope, sendActivationMail, sendRecoveryMail } from '../mail/scope';

/** signup.php (account step, then the later steps), resend-activation.php and activate.php. */
export const signupRoutes = new Hono<AppEnv>();

const today = (c: AppContext) => c.get('now').toISOString().slice(0, 10);

operation(
  signupRoutes,
  'post',
  '/api/signup.php',
  async (c, { body: input }) => {
    const tenant = c.get('tenant');
    const now = c.get('now');
    await refuseCommonPassword(input.password);

    // Sanitised again: the cookie is the visitor's to change.
    const source = readTrafficSource(c);
    const trafficSource = source ? serializeTrafficSource(source) : null;
    let inviteCode: string | null = null;
    if (!canSignUpOpenly(tenant.settings, Boolean(trafficSource))) {
      if (!input.invite_code || !(await redeemInviteCode(c.env.DB, tenant.id, input.invite_code, now))) {
        throw new ApiFailure(403, 'signup_closed', 'errors.signup_closed', { invite_code: 'errors.signup_closed' });
      }
      inviteCode = input.invite_code;
    }

    const existing = await findMemberByEmail(c.env.DB, tenant.id, input.email);
    if (existing && isRecoverable(existing, now)) {
      // SPEC.md §8: a deleted account that is not final yet gets a reactivation hint, and the mail to do it.
      await sendRecoveryMail(mailScope(c), existing.id, input.email, existing.language, existing.status, { capped: true });
      throw new ApiFailure(409, 'account_deleted', 'errors.account_deleted');
    }
    if (existing) throw new ApiFailure(409, 'email_taken', 'validation.email_taken', { email: 'validation.email_taken' });

    const memberId = await createMember(
      c.env.DB,
      tenant,
      {
        email: input.email,
        name: input.name,
        password: input.password,
        dateOfBirth: input.date_of_birth,
        gender: input.gender,
        lookingFor: input.looking_for,
        country: settingsFor(tenant, c.get('country'), c.get('language')).geoip_selected_country,
        language: c.get('language'),
        trafficSource,
        inviteCode,
        signupMessage: input.signup_message || null,
        marketing: input.marketing,
        consents: (id) => [
          consentStatement(c, id, 'terms', true, 'signup'),
          consentStatement(c, id, 'marketing', input.marketing, 'signup'),
        ],
      },
      now,
    );
    // The paid click that brought the visitor, if any, within its window: the member's for life (issue 47).
    await attributeSignup(c.env, tenant.id, memberId, parseClickCookie(getCookie(c, CLICK_COOKIE))?.id ?? null, now);
    await sendActivationMail(mailScope(c), memberId, input.email, c.get('language'), input.name);
    const created = await findMemberById(c.env.DB, tenant.id, memberId);
    if (created) await rememberPasswordBrowser(c, created);
    return { user: await startSession(c, memberId) };
  },
  {
    // Every attempt counts, valid or not.
    before: (c) => limit(c, `signup:ip:${clientIp(c)}`, { limit: 10, windowSeconds: 3600 }),
    // The age is counted on today's date: the contract's schema describes the fields, this one checks the day.
    body: (c) => signupSchema(today(c)),
  },
);

operation(signupRoutes, 'put', '/api/signup.php', async (c, { member, body }) => {
  const next = await saveSignupStep(c.env.DB, c.get('tenant').id, member, body);
  return { user: await loadUser(c.env.DB, c.get('tenant'), { ...member, signupStep: next }) };
});

operation(signupRoutes, 'post', '/api/resend-activation.php', async (c, { member }) => {
  if (member.status === 'confirmed') throw new ApiFailure(409, 'already_confirmed', 'errors.already_confirmed');
  await limit(c, `resend:${member.id}`, { limit: 3, windowSeconds: 3600 }, 'errors.resend_limit');
  await sendActivationMail(mailScope(c), member.id, member.email, member.language, member.profile.name);
  return { ok: true };
});

operation(signupRoutes, 'get', '/api/activate.php', async (c, { query }) => {
  const tenantId = c.get('tenant').id;
  const redeemed = await consumeToken(c.env, query.token, tenantId, 'activation', c.get('now'));
  const member = redeemed && (await findMemberById(c.env.DB, tenantId, redeemed.memberId));
  if (!member || member.status === 'deleted') return c.redirect('/activate/error', 303);
  await activateMember(c.env.DB, tenantId, member.id, c.get('now'));
  // A confirmed signup is the network's lead (issue 47).
  await recordConversion(c.env, tenantId, member.id, 'confirm', {}, c.get('now'));
  c.executionCtx.waitUntil(announceReleasedMessages(c.env, tenantId, member.id, c.get('now')));
  // The link proves the address: a member who opens it on another device is logged in there (never over another's session).
  await startSessionFromLink(c, member.id);
  return c.redirect('/activate/done', 303);
});
