import { safeParse } from 'zod/mini';
import { answerSchema } from '../../core/contract/answer-schema';

/**
 * Development and tests only (fetch-client.ts loads it behind import.meta.env.DEV / MODE === 'test', so zod and the
 * contract stay out of the production bundle): an answer that does not match its core/contract schema fails loudly
 * here instead of as a wrong number on a screen later. Returns the parsed answer (defaults applied, as the type says).
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): unknown {
  const schema = answerSchema(method, path, status);
  if (!schema) return body;
  const parsed = safeParse(schema, body);
  if (!parsed.success) throw new Error(`${method} ${path} ${status}: the answer does not match core/contract: ${parsed.error.message}`);
  return parsed.data;
}
