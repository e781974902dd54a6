import { z } from 'zod';
import { documentedErrors, errorSchema } from './errors';
import type { Operation } from './operation';
import { OPERATIONS } from './operations';
import { STAFF_OPERATIONS } from './staff-ops';

/**
 * The zod schema of an answer of the /api/*.php contract: the call by method and path (query ignored), the answer
 * by status: its JSON answer, or the error shape with the codes documented for that status (both where the
 * contract documents both). Null where the contract documents no JSON body (HTML, a redirect, an empty answer, a
 * status or call it does not know).
 * The client's development check (client/api/answer-check.ts) and the integration tests (fetchBrand, the staff API's
 * calls too) read it.
 */
export function answerSchema(method: string, url: string, status: number): z.core.$ZodType | null {
  const path = url.split('?')[0];
  const operation: Operation | undefined = [...OPERATIONS, ...STAFF_OPERATIONS].find(
    (op) => op.method === method.toLowerCase() && op.path === path,
  );
  if (!operation) return null;
  const answer = operation.responses[status];
  const codes = documentedErrors(operation)[status];
  const schemas = [...(answer && 'schema' in answer ? [answer.schema] : []), ...(codes ? [errorSchema(codes)] : [])];
  if (schemas.length === 0) return null;
  return schemas.length === 1 ? schemas[0] : z.union(schemas);
}
