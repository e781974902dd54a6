import * as z from 'zod/mini';
import { EmailSchema } from './account';

// POST /api/complaints.php (SPEC.md §2 /complaints). The same schema checks the form in the browser and the body in
// the worker; issue messages are catalogue keys. zod/mini, as the account forms: the information pages load no
// classic zod. One-line fields refuse control characters (no header tricks in the mails they end up in); the text
// may have line breaks.

const CONTROL = /[\u0000-\u001f\u007f]/;
const NOT_TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const noControl = (pattern: RegExp) => z.refine<string>((v) => !pattern.test(v), 'validation.invalid');

const line = (min: number, max: number, message: string) =>
  z.string({ message }).check(z.trim(), z.minLength(min, message), z.maxLength(max, 'validation.too_long'), noControl(CONTROL));

export const COMPLAINT_LIMITS = { subject: 120, concerns: 120, text: 5000, name: 100 } as const;

export const ComplaintSchema = z.object({
  subject: line(3, COMPLAINT_LIMITS.subject, 'validation.complaint_subject'),
  /** The member or profile the complaint is about: a name, a profile link or an id; optional. */
  concerns: z.pipe(
    z.optional(
      z
        .string({ message: 'validation.invalid' })
        .check(z.trim(), z.maxLength(COMPLAINT_LIMITS.concerns, 'validation.too_long'), noControl(CONTROL)),
    ),
    z.transform((v) => v || undefined),
  ),
  text: z
    .string({ message: 'validation.complaint_text' })
    .check(
      z.trim(),
      z.minLength(20, 'validation.complaint_text'),
      z.maxLength(COMPLAINT_LIMITS.text, 'validation.too_long'),
      noControl(NOT_TEXT_CONTROL),
    ),
  name: line(2, COMPLAINT_LIMITS.name, 'validation.complaint_name'),
  email: EmailSchema,
});
export type ComplaintInput = z.input<typeof ComplaintSchema>;
export type Complaint = z.infer<typeof ComplaintSchema>;

/**
 * POST /api/complaints.php -> 201 with the complaint's reference number. `confirmed`: the sender's address was
 * proven (a logged-in member's confirmed address), so support has it; false: a link went to the address first.
 */
export const ComplaintResponseSchema = z.object({ id: z.int(), reference: z.string(), confirmed: z.boolean() });
export type ComplaintResponse = z.infer<typeof ComplaintResponseSchema>;
