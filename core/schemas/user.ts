import { z } from 'zod';

/** Optional fields of a photo's sizes (docs/decisions/015-sharp-photos.md): a proxied brand's backend without them still passes. */
export const ImageSizesSchema = z.object({
  /** The 640 px size, when the photo was uploaded in three sizes. */
  mid_filename: z.string().optional(),
  /** The full photo's pixels, for srcset's w descriptors. */
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});

export const ImageSchema = z.object({ filename: z.string(), thumb_filename: z.string() }).extend(ImageSizesSchema.shape);

/** GET /api/user.php -> { user }: the logged-in user of SPEC.md §3. */
export const UserSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'confirmed']),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.string().nullable(),
  notifications_disabled: z.array(z.string()),
  invisible: z.boolean(),
  /** Where an unfinished signup continues (SPEC.md §4); 'complete' once done. */
  signup_step: z.enum(['account', 'photo', 'location', 'personal', 'about', 'push', 'check_email', 'complete']),
  fictional_icon: z.string(),
  /**
   * The member's one currency (issue 46, item 4): every price they see is in it, wherever they browse from. Optional
   * in the contract: a brand's own backend that does not tell it leaves prices in the visitor's country's currency.
   */
  currency: z.string().length(3).optional(),
  profile: z.object({
    id: z.number(),
    name: z.string(),
    country: z.string(),
    status: z.enum(['active', 'disabled']),
    main_image: ImageSchema.nullable(),
    /**
     * The member uploaded a photo that waits for review: main_image stays null until it is approved. Optional in the
     * contract: a brand's own backend that does not tell it leaves the photo alert as it was.
     */
    photo_pending: z.boolean().optional(),
  }),
});
export type User = z.infer<typeof UserSchema>;
export type Image = z.infer<typeof ImageSchema>;

/** PUT /api/currency.php: the member picks another of the brand's currencies (settings). */
export const CurrencyChoiceSchema = z.object({ currency: z.string().length(3, { message: 'validation.invalid' }) });
