import type { z } from 'zod';
import { OPERATIONS } from './operations';

/**
 * The zod schema of an answer of the /api/*.php contract: the call by method and path (query ignored), the answer
 * by status. Null where the contract documents no JSON body (HTML, a redirect, an empty answer, an unknown call).
 * The client's development check (client/api/answer-check.ts) and the integration tests (expectAnswer) read it.
 */
export function answerSchema(method: string, url: string, status: number): z.core.$ZodType | null {
  const path = url.split('?')[0];
  const operation = OPERATIONS.find((op) => op.method === method.toLowerCase() && op.path === path);
  const answer = operation?.responses[status];
  return answer && 'schema' in answer ? answer.schema : null;
}
