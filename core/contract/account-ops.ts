import { z } from 'zod';
import {
  ChangePasswordSchema, DeleteAccountSchema, LanguageSchema, LoginSchema, MailChangeRequestSchema, MailEventSchema,
  NotificationSettingsSchema, NotificationUpdateSchema, ResetPasswordSchema, ResetRequestSchema, SignupStepSchema, TokenSchema, signupSchema,
} from '../schemas/account';
import { ComplaintResponseSchema, ComplaintSchema } from '../schemas/complaints';
import { PushSubscribeSchema } from '../schemas/push';
import { PageHiddenSchema } from '../schemas/tracking';
import { MaybeUserResponseSchema, OkSchema, UserResponseSchema, type Operation } from './operation';

// The document does not carry the date rules (zod refinements are checked by the Worker, not described): any day.
const SIGNUP = signupSchema('2026-01-01');
const TOKEN_QUERY = z.object({ token: z.string().meta({ description: 'The token of the mailed link.' }) });
const PASSWORD = 'Contract-Run-9h2Kq!';
const NEW_PASSWORD = 'Contract-Run-7x4Lw!';
const BOGUS_TOKEN = 'contract-suite-token-nobody-has';
const PUSH_BODY = {
  subscription: {
    endpoint: 'https://fcm.googleapis.com/fcm/send/contract-suite-$run',
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  },
};

/** Session, signup, recovery, settings, complaints and beacons. */
export const ACCOUNT_OPERATIONS: Operation[] = [
  {
    method: 'get', path: '/api/user.php', operationId: 'getUser', tag: 'session', auth: 'optional',
    summary: 'The logged-in member (SPEC.md §7), or null',
    responses: { 200: { description: 'The member of the session cookie, or null without one.', schema: MaybeUserResponseSchema } },
    contract: { as: 'premium' },
  },
  {
    method: 'post', path: '/api/user.php', operationId: 'loginOrSubscribePush', tag: 'session', auth: 'optional',
    summary: 'Log in; with ?push=1 store the browser\'s push subscription',
    description: 'Without `push`: the body is `{ email, password }` and a session cookie comes back. With `push=1` (a logged-in member): the body is `{ subscription }` (a PushSubscription) and the answer is 201 `{ ok }`. Clients send the header X-Request-Type: client.',
    query: z.object({ push: z.enum(['1']).optional().meta({ description: 'Set: the body is a push subscription.' }) }),
    body: { schema: z.union([LoginSchema, PushSubscribeSchema]) },
    responses: {
      200: { description: 'Logged in: the member, and the session cookie.', schema: UserResponseSchema },
      201: { description: 'push=1: the subscription is stored.', schema: OkSchema },
    },
    errors: { 400: ['validation_failed'], 401: ['login_failed'], 403: ['authentication_required', 'csrf'], 429: ['rate_limited', 'login_blocked'] },
    contract: { as: 'free', query: { push: '1' }, body: PUSH_BODY, expect: [201] },
  },
  {
    method: 'delete', path: '/api/user.php', operationId: 'unsubscribePush', tag: 'session', auth: 'member',
    summary: 'Forget the browser\'s push subscription (?push=1)',
    query: z.object({ push: z.enum(['1']) }),
    body: { schema: PushSubscribeSchema },
    responses: { 200: { description: 'Forgotten.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required', 'csrf'], 404: ['not_found'] },
    contract: { as: 'free', stage: 3, query: { push: '1' }, body: PUSH_BODY },
  },
  {
    method: 'put', path: '/api/user.php', operationId: 'saveLanguage', tag: 'session', auth: 'member',
    summary: 'Save the member\'s language',
    body: { schema: LanguageSchema },
    responses: { 200: { description: 'The member with the new language.', schema: UserResponseSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required', 'csrf'] },
    contract: { as: 'fresh', stage: 6, body: { language: 'de' } },
  },
  {
    method: 'get', path: '/api/logout.php', operationId: 'logout', tag: 'session', auth: 'optional',
    summary: 'Log out (from this site\'s own pages only)',
    description: 'A browser navigation (Accept: text/html) is sent to the home page; a fetch gets `{ ok }`. A request from another site is refused with 403 csrf.',
    responses: { 200: { description: 'Logged out.', schema: OkSchema }, 303: { description: 'Logged out; to the home page.', redirect: true } },
    errors: { 403: ['csrf'] },
    contract: { as: 'free', stage: 9 },
  },
  {
    method: 'post', path: '/api/logout.php', operationId: 'logoutPost', tag: 'session', auth: 'optional',
    summary: 'Log out (API clients)',
    responses: { 200: { description: 'Logged out.', schema: OkSchema }, 303: { description: 'Logged out; to the home page.', redirect: true } },
    errors: { 403: ['csrf'] },
    contract: { as: 'premium', stage: 9 },
  },
  {
    method: 'post', path: '/api/signup.php', operationId: 'signup', tag: 'account', auth: 'none',
    summary: 'Sign up (step 1): the account, and a session',
    body: { schema: SIGNUP },
    responses: { 201: { description: 'Signed up and logged in; an activation mail is on its way.', schema: UserResponseSchema } },
    errors: { 400: ['validation_failed'], 403: ['signup_closed', 'csrf'], 409: ['account_deleted', 'email_taken'], 429: ['rate_limited'] },
    contract: {
      as: 'none', stage: 0, keepSession: 'fresh',
      body: { email: 'contract-$run@example.test', name: 'Contractor', password: PASSWORD, date_of_birth: '1990-05-05', gender: 'male', looking_for: 'female', accept_terms: true },
    },
  },
  {
    method: 'put', path: '/api/signup.php', operationId: 'signupStep', tag: 'account', auth: 'member',
    summary: 'A later signup step (photo, location, personal, about, push)',
    body: { schema: SignupStepSchema },
    responses: { 200: { description: 'The member with the next step.', schema: UserResponseSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required', 'csrf'] },
    contract: { as: 'fresh', stage: 6, body: { step: 'personal', hair_colour: 'brown', eye_colour: 'blue', body_type: 'normal', relationship_status: 'single' } },
  },
  {
    method: 'post', path: '/api/resend-activation.php', operationId: 'resendActivation', tag: 'account', auth: 'member',
    summary: 'Mail the activation link again',
    responses: { 200: { description: 'Sent.', schema: OkSchema } },
    errors: { 403: ['authentication_required', 'csrf'], 409: ['already_confirmed'], 429: ['rate_limited'] },
    contract: { as: 'fresh', stage: 6 },
  },
  {
    method: 'get', path: '/api/activate.php', operationId: 'activate', tag: 'account', auth: 'none',
    summary: 'The activation mail\'s link',
    query: TOKEN_QUERY,
    responses: { 303: { description: 'To /activate/done (logged in) or /activate/error.', redirect: true } },
    contract: { query: { token: BOGUS_TOKEN }, note: 'An unknown token: to /activate/error.' },
  },
  {
    method: 'post', path: '/api/reset-password.php', operationId: 'requestPasswordReset', tag: 'account', auth: 'none',
    summary: 'Mail a password reset link',
    body: { schema: ResetRequestSchema },
    responses: { 200: { description: 'Sent.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 403: ['csrf'], 404: ['email_not_found'], 429: ['rate_limited', 'reset_limit'] },
    contract: { body: { email: 'contract-$run@example.test' }, stage: 1, expect: [200, 429] },
  },
  {
    method: 'put', path: '/api/reset-password.php', operationId: 'resetPassword', tag: 'account', auth: 'none',
    summary: 'Set a new password with the reset link\'s token (logs in)',
    body: { schema: ResetPasswordSchema },
    responses: { 200: { description: 'The new password is set; logged in.', schema: UserResponseSchema } },
    errors: { 400: ['validation_failed', 'link_invalid'], 403: ['csrf'] },
    contract: { body: { token: BOGUS_TOKEN, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }, expect: [400], note: 'An unknown token: link_invalid.' },
  },
  {
    method: 'put', path: '/api/password.php', operationId: 'changePassword', tag: 'account', auth: 'member',
    summary: 'Change the password (ends the member\'s other sessions)',
    body: { schema: ChangePasswordSchema },
    responses: { 200: { description: 'Changed.', schema: OkSchema } },
    errors: { 400: ['validation_failed', 'old_password_wrong'], 403: ['authentication_required', 'csrf'], 429: ['rate_limited'] },
    contract: { as: 'fresh', stage: 8, body: { old_password: PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD } },
  },
  {
    method: 'post', path: '/api/mail-change.php', operationId: 'requestMailChange', tag: 'account', auth: 'member',
    summary: 'Mail a confirmation link to a new address',
    body: { schema: MailChangeRequestSchema },
    responses: { 200: { description: 'Sent to the new address.', schema: OkSchema } },
    errors: { 400: ['validation_failed', 'old_password_wrong'], 403: ['authentication_required', 'csrf'], 409: ['email_taken'], 429: ['rate_limited'] },
    contract: { as: 'fresh', stage: 7, body: { new_email: 'contract-new-$run@example.test', password: PASSWORD } },
  },
  {
    method: 'put', path: '/api/mail-change.php', operationId: 'confirmMailChange', tag: 'account', auth: 'optional',
    summary: 'Confirm the new address with the link\'s token',
    body: { schema: TokenSchema },
    responses: { 200: { description: 'Changed; the member if this browser is theirs.', schema: MaybeUserResponseSchema } },
    errors: { 400: ['validation_failed', 'link_invalid'], 403: ['csrf'], 409: ['email_taken'] },
    contract: { body: { token: BOGUS_TOKEN }, expect: [400], note: 'An unknown token: link_invalid.' },
  },
  {
    method: 'get', path: '/api/notifications.php', operationId: 'getNotifications', tag: 'account', auth: 'member',
    summary: 'Notification settings and invisible mode',
    responses: { 200: { description: 'The settings.', schema: NotificationSettingsSchema } },
    errors: { 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'put', path: '/api/notifications.php', operationId: 'saveNotifications', tag: 'account', auth: 'member',
    summary: 'Change notification settings or invisible mode',
    body: { schema: NotificationUpdateSchema },
    responses: { 200: { description: 'The settings as saved.', schema: NotificationSettingsSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required', 'csrf'] },
    contract: { as: 'premium', stage: 2, body: { invisible: false } },
  },
  {
    method: 'post', path: '/api/delete-account.php', operationId: 'deleteAccount', tag: 'account', auth: 'member',
    summary: 'Delete the account (recoverable for 14 days through a mailed link)',
    body: { schema: DeleteAccountSchema },
    responses: { 200: { description: 'Deleted and logged out.', schema: OkSchema } },
    errors: { 400: ['validation_failed', 'old_password_wrong'], 403: ['authentication_required', 'csrf'] },
    contract: { as: 'fresh', stage: 9, body: { password: NEW_PASSWORD, reason: 'taking_break' } },
  },
  {
    method: 'get', path: '/api/recover-account.php', operationId: 'recoverAccount', tag: 'account', auth: 'none',
    summary: 'The recovery mail\'s link: restores a deleted account',
    query: TOKEN_QUERY,
    responses: { 303: { description: 'To /members (restored, logged in) or /activate/error.', redirect: true } },
    contract: { query: { token: BOGUS_TOKEN }, note: 'An unknown token: to /activate/error.' },
  },
  {
    method: 'get', path: '/api/unsubscribe.php', operationId: 'unsubscribePage', tag: 'account', auth: 'none',
    summary: 'The mails\' unsubscribe link: a page with a one-click button',
    query: TOKEN_QUERY,
    responses: { 200: { description: 'The page.', media: 'text/html' } },
    contract: { query: { token: BOGUS_TOKEN } },
  },
  {
    method: 'post', path: '/api/unsubscribe.php', operationId: 'unsubscribe', tag: 'account', auth: 'none',
    summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe=One-Click)',
    query: TOKEN_QUERY,
    body: { schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }), type: 'form' },
    responses: { 200: { description: 'E-mail is switched off (a page for a form post).', media: 'text/html' } },
    errors: { 400: ['link_invalid'] },
    contract: { query: { token: BOGUS_TOKEN }, body: { 'List-Unsubscribe': 'One-Click' }, expect: [400], note: 'An unknown token: link_invalid.' },
  },
  {
    method: 'get', path: '/api/mail-login.php', operationId: 'mailLogin', tag: 'account', auth: 'none',
    summary: 'A notification mail\'s single-use 15-minute login link (brands with mail_login_links only)',
    query: TOKEN_QUERY,
    responses: { 303: { description: 'To the page the mail named (logged in), or /members for a used or expired link.', redirect: true } },
    contract: { query: { token: BOGUS_TOKEN }, note: 'An unknown token: nobody is logged in, to /members.' },
  },
  {
    method: 'post', path: '/api/mail-events.php', operationId: 'mailEvent', tag: 'account', auth: 'none',
    summary: 'The mail provider\'s feedback: complaint, bounce, unsubscribe (header X-Mail-Events-Secret)',
    headers: z.object({ 'x-mail-events-secret': z.string().meta({ description: 'The shared secret MAIL_EVENTS_SECRET.' }) }),
    body: { schema: MailEventSchema },
    responses: { 200: { description: 'E-mail is switched off for the address.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 401: ['unauthorized'] },
    contract: { body: { type: 'bounce', email: 'nobody@example.test' }, expect: [401], note: 'The suite does not know the secret.' },
  },
  {
    method: 'post', path: '/api/export.php', operationId: 'requestExport', tag: 'account', auth: 'member',
    summary: 'Request a copy of one\'s data (a link is mailed; once a day)',
    responses: { 202: { description: 'The export is being made.', schema: OkSchema } },
    errors: { 403: ['authentication_required', 'csrf'], 429: ['export_limit'] },
    contract: { as: 'premium', expect: [202, 429] },
  },
  {
    method: 'get', path: '/api/export.php', operationId: 'downloadExport', tag: 'account', auth: 'none',
    summary: 'The export mail\'s link: the ZIP',
    query: TOKEN_QUERY,
    responses: { 200: { description: 'The member\'s data.', media: 'application/zip' } },
    errors: { 410: ['export_expired'] },
    contract: { query: { token: BOGUS_TOKEN }, expect: [410], note: 'An unknown token: expired.' },
  },
  {
    method: 'post', path: '/api/complaints.php', operationId: 'complain', tag: 'account', auth: 'optional',
    summary: 'File a complaint (confirmed by a mailed link unless the sender\'s address is proven)',
    body: { schema: ComplaintSchema },
    responses: { 201: { description: 'Stored, with its reference.', schema: ComplaintResponseSchema } },
    errors: { 400: ['validation_failed'], 403: ['csrf'], 429: ['rate_limited'] },
    contract: { body: { subject: 'Contract suite', text: 'A complaint sent by the contract suite, run $run.', name: 'Contract Suite', email: 'contract-$run@example.test' }, expect: [201, 429] },
  },
  {
    method: 'get', path: '/api/complaint-confirm.php', operationId: 'confirmComplaint', tag: 'account', auth: 'none',
    summary: 'The complaint mail\'s link',
    query: TOKEN_QUERY,
    responses: { 303: { description: 'To /complaints with the outcome.', redirect: true } },
    contract: { query: { token: BOGUS_TOKEN } },
  },
  {
    method: 'post', path: '/api/page-hidden.php', operationId: 'pageHidden', tag: 'pages', auth: 'none',
    summary: 'Beacon: the page became hidden, or a lander bounce',
    body: { schema: PageHiddenSchema },
    responses: { 204: { description: 'Recorded.', empty: true } },
    errors: { 400: ['validation_failed'], 403: ['csrf'], 429: ['rate_limited'] },
    contract: { body: {} },
  },
];
