import { expect } from 'vitest';
import { z } from 'zod';
import { answerSchema } from '../../core/contract/answer-schema';

/** Reads a JSON answer, checks it against `schema` (core/schemas) and returns it typed. */
export async function expectAnswer<S extends z.core.$ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const parsed = z.safeParse(schema, await res.json());
  expect(parsed.error?.issues ?? [], `${res.url} ${res.status} matches its schema`).toEqual([]);
  return parsed.data as z.output<S>;
}

/**
 * The same against the schema the contract (core/contract) documents for the call and the answer's status: a call
 * without a documented JSON answer for that status fails.
 */
export async function expectContractAnswer<T = unknown>(res: Response, method: string, path: string): Promise<T> {
  const schema = answerSchema(method, path, res.status);
  expect(schema, `${method} ${path} ${res.status} has a JSON answer in core/contract`).not.toBeNull();
  return (await expectAnswer(res, schema!)) as T;
}
