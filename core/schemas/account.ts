import { z } from 'zod';
import { LANGUAGES, MIN_AGE } from '../constants';
import { ageOnDay } from '../rules/age';

// The accounts contract (SPEC.md §4-§8): every form of the signup, login, recovery and settings screens is
// validated with these schemas in the browser and again in the worker. Issue messages are catalogue keys.

export const EmailSchema = z
  .string({ message: 'validation.email_invalid' })
  .trim()
  .toLowerCase()
  .max(254, 'validation.email_invalid')
  .pipe(z.email({ message: 'validation.email_invalid' }));

/** A new password: 10 to 128 characters. The worker also refuses the most common ones (worker/services/common-passwords.ts). */
export const PASSWORD_MIN_LENGTH = 10;
export const PasswordSchema = z
  .string({ message: 'validation.password_short' })
  .min(PASSWORD_MIN_LENGTH, 'validation.password_short')
  .max(128, 'validation.password_long');

export const ProfileNameSchema = z
  .string({ message: 'validation.name_short' })
  .trim()
  .min(2, 'validation.name_short')
  .max(30, 'validation.name_long')
  .refine((name) => !name.startsWith('@'), 'validation.name_starts_at');

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
  return z
    .string({ message: 'validation.birthdate_required' })
    .min(1, 'validation.birthdate_required')
    .refine(isRealDate, 'validation.birthdate_invalid')
    .refine((d) => !isRealDate(d) || (ageOnDay(d, today) >= MIN_AGE && ageOnDay(d, today) <= 120), 'validation.birthdate_required');
}

export const GenderSchema = z.enum(['male', 'female'], { message: 'validation.gender' });
export const LookingForSchema = z.enum(['male', 'female', 'both'], { message: 'validation.gender' });

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
      signup_message: z.string().trim().max(500, 'validation.too_long').optional(),
      invite_code: z.string().trim().max(64).optional(),
      accept_terms: z.literal(true, { message: 'validation.accept_terms' }),
      /** Marketing e-mail: opt-in, so absent means no (issue 17, item 6). */
      marketing: z.boolean().default(false),
    })
    .refine((v) => v.name.toLowerCase() !== v.email && v.name.toLowerCase() !== v.email.split('@')[0], {
      message: 'validation.name_is_email',
      path: ['name'],
    });
}
export type SignupInput = z.input<ReturnType<typeof signupSchema>>;

export const SIGNUP_STEPS = ['account', 'photo', 'location', 'personal', 'about', 'push', 'check_email', 'complete'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** Later signup steps: PUT /api/signup.php { step, ... } -> { user, signup_step } (the next step). */
export const SignupStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('photo'), skip: z.literal(true) }),
  z.object({
    step: z.literal('location'),
    country: z.string().regex(/^[A-Z]{2}$/, 'validation.country'),
    region: z.string().trim().min(1, 'validation.region').max(10),
    city: z.string().trim().min(1, 'validation.city').max(80),
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
    about: z.string().trim().max(1000, 'validation.too_long'),
    interests: z.array(z.number().int().min(1).max(50)).max(20).default([]),
  }),
  z.object({ step: z.literal('push'), subscribed: z.boolean() }),
]);
export type SignupStepInput = z.input<typeof SignupStepSchema>;

/** POST /api/user.php: log in -> { user } and a new session cookie. Any stored password logs in, whatever its length. */
export const LoginSchema = z.object({ email: EmailSchema, password: z.string().min(1, 'validation.password_short').max(128) });

/** PUT /api/user.php: saves the chosen language. */
export const LanguageSchema = z.object({ language: z.enum(LANGUAGES, { message: 'validation.language' }) });

/** POST /api/reset-password.php: sends the reset mail. PUT: sets the new password with the link's token. */
export const ResetRequestSchema = z.object({ email: EmailSchema });
export const ResetPasswordSchema = z
  .object({ token: z.string().min(10).max(600), password: PasswordSchema, password_confirm: z.string().max(128) })
  .refine((v) => v.password === v.password_confirm, { message: 'validation.passwords_differ', path: ['password_confirm'] });

/** PUT /api/password.php: change the password, knowing the old one. */
export const ChangePasswordSchema = z
  .object({
    old_password: z.string().min(1, 'validation.old_password_wrong').max(128),
    password: PasswordSchema,
    password_confirm: z.string().max(128),
  })
  .refine((v) => v.password === v.password_confirm, { message: 'validation.passwords_differ', path: ['password_confirm'] });

/** POST /api/mail-change.php: asks to change the e-mail (a link goes to the new address). PUT: confirms it. */
export const MailChangeRequestSchema = z.object({
  new_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'validation.new_email_invalid')
    .pipe(z.email({ message: 'validation.new_email_invalid' })),
  password: z.string().min(1, 'validation.old_password_wrong').max(128),
});
export const TokenSchema = z.object({ token: z.string().min(10).max(600) });

// No `visits`: the engine records no profile visits, so a switch for them would promise mails that never come
// (issue 18, item 3; docs/api/notifications.md). A stored `visits` from before is dropped when read.
export const NOTIFICATION_TYPES = ['messages', 'likes', 'matches', 'news'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
const Prefs = z.object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<NotificationType, z.ZodBoolean>);

/** GET /api/notifications.php -> this; PUT with { email?, push?, invisible? } changes it. */
export const NotificationSettingsSchema = z.object({
  email: Prefs,
  push: Prefs,
  /** Why e-mail is switched off by itself: a spam complaint (fbl), a bounce or a list-unsubscribe. */
  email_disabled_reason: z.enum(['fbl', 'bounce', 'unsubscribe']).nullable(),
  invisible: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationUpdateSchema = z.object({
  email: Prefs.partial().optional(),
  push: Prefs.partial().optional(),
  invisible: z.boolean().optional(),
});

export const DELETE_REASONS = ['found_partner', 'not_enough_contacts', 'too_expensive', 'privacy', 'taking_break', 'other'] as const;
/** POST /api/delete-account.php: deletes (recoverable for 14 days through a mailed link). */
export const DeleteAccountSchema = z.object({
  password: z.string().min(1, 'validation.old_password_wrong').max(128),
  reason: z.enum(DELETE_REASONS, { message: 'validation.invalid' }),
  reason_text: z.string().trim().max(1000).optional(),
});

/** POST /api/mail-events.php (from the mail provider, with its shared secret): switches e-mail off. */
export const MailEventSchema = z.object({
  type: z.enum(['complaint', 'bounce', 'unsubscribe']),
  email: z.string().email(),
  tenant: z.string().min(1).max(40).optional(),
});
