import * as z from 'zod/mini';
import { ABOUT_MAX_LENGTH, LANGUAGES, MIN_AGE } from '../constants';
import { ageOnDay } from '../rules/age';
import { NOTIFICATION_TYPES, type NotificationType } from '../rules/consent';
import { isOneLine } from '../rules/one-line';

// The accounts contract (SPEC.md §4-§8): every form of the signup, login, recovery and settings screens is
// validated with these schemas in the browser and again in the worker. Issue messages are catalogue keys.
// Written with zod/mini (zod 4's tree-shakable API, the same engine as `zod`): the browser's form chunks carry
// only the checks they use (docs/decisions/011-worker-weight.md, "The client's weight"). The worker parses with
// these same schemas, so a rule and its message have one definition.

export const EmailSchema = z.pipe(
  z.string({ message: 'validation.email_invalid' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'validation.email_invalid')),
  z.email({ message: 'validation.email_invalid' }),
);

/** A new password: 10 to 128 characters. The worker also refuses the most common ones (worker/auth/common-passwords.ts). */
export const PASSWORD_MIN_LENGTH = 10;
export const PasswordSchema = z
  .string({ message: 'validation.password_short' })
  .check(z.minLength(PASSWORD_MIN_LENGTH, 'validation.password_short'), z.maxLength(128, 'validation.password_long'));

export const ProfileNameSchema = z.string({ message: 'validation.name_short' }).check(
  z.trim(),
  z.minLength(2, 'validation.name_short'),
  z.maxLength(30, 'validation.name_long'),
  z.refine((name) => !name.startsWith('@'), 'validation.name_starts_at'),
  // A name goes into mail subjects: no line break may start a header of its own (issue 42).
  z.refine(isOneLine, 'validation.name_control_chars'),
);

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Date of birth: required ('Vul uw geboortedatum in' with the minimum age), a real date ('Ongeldige
 * geboortedatum.'), and at least 18 on `today`. `today` comes from the request's clock on the server.
 */
export function birthdateSchema(today: string) {
  return z.string({ message: 'validation.birthdate_required' }).check(
    z.minLength(1, 'validation.birthdate_required'),
    z.refine(isRealDate, 'validation.birthdate_invalid'),
    z.refine((d) => !isRealDate(d) || (ageOnDay(d, today) >= MIN_AGE && ageOnDay(d, today) <= 120), 'validation.birthdate_required'),
  );
}

// "Ik ben een": one person, so the message names one ("Kies vrouw of man"); whom they look for keeps the plural.
export const GenderSchema = z.enum(['male', 'female'], { message: 'validation.own_gender' });
export const LookingForSchema = z.enum(['male', 'female', 'both'], { message: 'validation.gender' });

/** A trimmed string of at most `max` characters. */
const trimmed = (max: number, message?: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** Step 1 of the signup: POST /api/signup.php -> 201 { user } and the session cookie. */
export function signupSchema(today: string) {
  return z
    .object({
      email: EmailSchema,
      name: ProfileNameSchema,
      password: PasswordSchema,
      date_of_birth: birthdateSchema(today),
      gender: GenderSchema,
      looking_for: LookingForSchema,
      signup_message: z.optional(trimmed(500, 'validation.too_long')),
      invite_code: z.optional(trimmed(64)),
      accept_terms: z.literal(true, { message: 'validation.accept_terms' }),
      /** Marketing e-mail: opt-in, so absent means no (issue 17, item 6). */
      marketing: z._default(z.boolean(), false),
    })
    .check(
      z.refine((v) => v.name.toLowerCase() !== v.email && v.name.toLowerCase() !== v.email.split('@')[0], {
        message: 'validation.name_is_email',
        path: ['name'],
      }),
    );
}
export type SignupInput = z.input<ReturnType<typeof signupSchema>>;

export const SIGNUP_STEPS = ['account', 'photo', 'location', 'personal', 'about', 'push', 'check_email', 'complete'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** Later signup steps: PUT /api/signup.php { step, ... } -> { user, signup_step } (the next step). */
export const SignupStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('photo'), skip: z.literal(true) }),
  z.object({
    step: z.literal('location'),
    country: z.string().check(z.regex(/^[A-Z]{2}$/, 'validation.country')),
    region: z.string().check(z.trim(), z.minLength(1, 'validation.region'), z.maxLength(10)),
    city: z.string().check(z.trim(), z.minLength(1, 'validation.city'), z.maxLength(80)),
  }),
  z.object({
    step: z.literal('personal'),
    hair_colour: z.enum(['blond', 'brown', 'black', 'red', 'grey', 'other'], { message: 'validation.invalid' }),
    eye_colour: z.enum(['blue', 'brown', 'green', 'grey', 'other'], { message: 'validation.invalid' }),
    body_type: z.enum(['slim', 'normal', 'fat'], { message: 'validation.invalid' }),
    relationship_status: z.enum(['divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed'], {
      message: 'validation.invalid',
    }),
  }),
  z.object({
    step: z.literal('about'),
    about: trimmed(ABOUT_MAX_LENGTH, 'validation.too_long'),
    interests: z._default(z.array(z.int().check(z.minimum(1), z.maximum(50))).check(z.maxLength(20)), []),
  }),
  z.object({ step: z.literal('push'), subscribed: z.boolean() }),
]);
export type SignupStepInput = z.input<typeof SignupStepSchema>;

/** A password the member types to prove who they are: any stored one, whatever its length. */
const currentPassword = (message: string) => z.string().check(z.minLength(1, message), z.maxLength(128));
const ResetToken = z.string().check(z.minLength(10), z.maxLength(600));
const samePasswords = z.refine<{ password: string; password_confirm: string }>((v) => v.password === v.password_confirm, {
  message: 'validation.passwords_differ',
  path: ['password_confirm'],
});

/** POST /api/user.php: log in -> { user } and a new session cookie. Any stored password logs in, whatever its length. */
export const LoginSchema = z.object({ email: EmailSchema, password: currentPassword('validation.password_short') });

/** PUT /api/user.php: saves the chosen language. */
export const LanguageSchema = z.object({ language: z.enum(LANGUAGES, { message: 'validation.language' }) });

/** POST /api/reset-password.php: sends the reset mail. PUT: sets the new password with the link's token. */
export const ResetRequestSchema = z.object({ email: EmailSchema });
export const ResetPasswordSchema = z
  .object({ token: ResetToken, password: PasswordSchema, password_confirm: z.string().check(z.maxLength(128)) })
  .check(samePasswords);

/** PUT /api/password.php: change the password, knowing the old one. */
export const ChangePasswordSchema = z
  .object({
    old_password: currentPassword('validation.old_password_wrong'),
    password: PasswordSchema,
    password_confirm: z.string().check(z.maxLength(128)),
  })
  .check(samePasswords);

/** POST /api/mail-change.php: asks to change the e-mail (a link goes to the new address). PUT: confirms it. */
export const MailChangeRequestSchema = z.object({
  new_email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'validation.new_email_invalid')),
    z.email({ message: 'validation.new_email_invalid' }),
  ),
  // The form asks for the password the member has now, not an old one (issue 46, item 6).
  password: currentPassword('validation.current_password_wrong'),
});
export const TokenSchema = z.object({ token: ResetToken });

// No `visits`: the engine records no profile visits, so a switch for them would promise mails that never come
// (issue 18, item 3; docs/api/notifications.md). A stored `visits` from before is dropped when read.
const Prefs = z.object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<NotificationType, z.ZodMiniBoolean>);

/** GET /api/notifications.php -> this; PUT with { email?, push?, invisible? } changes it. */
export const NotificationSettingsSchema = z.object({
  email: Prefs,
  push: Prefs,
  /** Why e-mail is switched off by itself: a spam complaint (fbl), a bounce or a list-unsubscribe. */
  email_disabled_reason: z.nullable(z.enum(['fbl', 'bounce', 'unsubscribe'])),
  invisible: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationUpdateSchema = z.object({
  email: z.optional(z.partial(Prefs)),
  push: z.optional(z.partial(Prefs)),
  invisible: z.optional(z.boolean()),
});

export const DELETE_REASONS = ['found_partner', 'not_enough_contacts', 'too_expensive', 'privacy', 'taking_break', 'other'] as const;
/** POST /api/delete-account.php: deletes (recoverable for 14 days through a mailed link). */
export const DeleteAccountSchema = z.object({
  password: currentPassword('validation.current_password_wrong'),
  reason: z.enum(DELETE_REASONS, { message: 'validation.invalid' }),
  reason_text: z.optional(trimmed(1000)),
});

/**
 * GET /api/unused-credits.php: what deleting the account means for credits the member paid for (issue 45 item 5).
 * `paid_unused` is how many of the balance came from still-paid orders, at most; `refundable` the orders the brand's
 * refund rule (refund_days) still lets the member ask back, with the last day they can.
 */
export const UnusedCreditsSchema = z.object({
  credits: z.number(),
  paid_unused: z.number(),
  refund_days: z.number(),
  refundable: z.array(
    z.object({
      order_id: z.number(),
      credits: z.number(),
      amount: z.number(),
      currency: z.string(),
      paid_at: z.string(),
      refundable_until: z.string(),
    }),
  ),
});
export type UnusedCredits = z.infer<typeof UnusedCreditsSchema>;

/** POST /api/mail-events.php (from the mail provider, with its shared secret): switches e-mail off. */
export const MailEventSchema = z.object({
  type: z.enum(['complaint', 'bounce', 'unsubscribe']),
  email: z.email(),
  tenant: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
});
