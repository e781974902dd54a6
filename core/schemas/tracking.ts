import { z } from 'zod';

/**
 * POST /api/page-hidden.php: a beacon when the page becomes hidden (SPEC.md §7). The app sends an empty JSON
 * body; a lander opened with ?lb=1 reports a bounce with the time spent.
 */
export const PageHiddenSchema = z
  .object({
    kind: z.enum(['hidden', 'bounce']).default('hidden'),
    path: z
      .string()
      .max(300)
      .regex(/^\/[^\s]*$/)
      .optional(),
    duration_ms: z.number().int().min(0).max(86_400_000).optional(),
  })
  .default({ kind: 'hidden' });
