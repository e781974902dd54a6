import * as z from 'zod/mini';
import { ABOUT_MAX_LENGTH, MAX_AGE, MIN_AGE } from '../constants';
import { birthdateSchema, ProfileNameSchema } from './account';

// GET/PUT /api/my-profile.php: the member's own profile as /profile edits it. In zod/mini, like the account forms
// (core/schemas/account.ts), because the profile form validates with it in the browser: classic zod would add
// ~12 KiB gzip and its schema building to the members area's code.

export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const RELATIONSHIP_STATUSES = ['divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLOURS = ['blond', 'brown', 'black', 'red', 'grey', 'other'] as const;
export const EYE_COLOURS = ['blue', 'brown', 'green', 'grey', 'other'] as const;

const seekAge = z
  .number('validation.age')
  .check(z.int('validation.age'), z.gte(MIN_AGE, 'validation.age'), z.lte(MAX_AGE, 'validation.age'));

/** The profile form and PUT /api/my-profile.php; `today` is the request's date. */
export const myProfileSchema = (today: string) =>
  z
    .object({
      name: ProfileNameSchema,
      date_of_birth: birthdateSchema(today),
      gender: z.enum(['male', 'female'], { message: 'validation.own_gender' }),
      sexuality: z.enum(SEXUALITIES, { message: 'validation.invalid' }),
      country: z.string().check(z.regex(/^[A-Z]{2}$/, 'validation.invalid')),
      region: z.nullable(z.string().check(z.regex(/^[A-Za-z0-9-]{1,8}$/, 'validation.invalid'))),
      city: z.nullable(z.string().check(z.trim(), z.maxLength(60, 'validation.invalid'))),
      hair_colour: z.nullable(z.enum(HAIR_COLOURS, { message: 'validation.invalid' })),
      eye_colour: z.nullable(z.enum(EYE_COLOURS, { message: 'validation.invalid' })),
      body_type: z.nullable(z.enum(BODY_TYPES, { message: 'validation.invalid' })),
      relationship_status: z.nullable(z.enum(RELATIONSHIP_STATUSES, { message: 'validation.invalid' })),
      interests: z.array(z.string().check(z.regex(/^[a-z_]{2,32}$/, 'validation.invalid'))).check(z.maxLength(50, 'validation.invalid')),
      about: z.nullable(z.string().check(z.trim(), z.maxLength(ABOUT_MAX_LENGTH, 'validation.too_long'))),
      /**
       * The ages the member looks for (issue 46, item 1): their search, home feed and swipe deck open with it. Sent
       * back always (the default around their age until they choose); a client that leaves it out keeps it unchanged.
       */
      seek_min_age: z.optional(seekAge),
      seek_max_age: z.optional(seekAge),
    })
    .check(
      z.refine((p) => p.seek_min_age === undefined || p.seek_max_age === undefined || p.seek_min_age <= p.seek_max_age, {
        message: 'validation.age_range',
        path: ['seek_max_age'],
      }),
    );
export type MyProfile = z.infer<ReturnType<typeof myProfileSchema>>;
