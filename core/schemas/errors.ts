import { z } from 'zod';

/** The one error model of every /api call: a 4xx/5xx status with this body, the message in the member's language. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
