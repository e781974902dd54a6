import { z } from 'zod';
import type { StaffRole } from '../schemas/staff';
import { UserSchema } from '../schemas/user';

/**
 * One call of the /api/*.php contract, defined once: the OpenAPI document (core/contract/openapi.ts), the route
 * coverage test and the contract suite (scripts/contract.mjs, through the document) all read these.
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: `/api/${string}.php`;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  /**
   * member: needs the session cookie (403 authentication_required without); optional: answers differ with one;
   * staff: needs the staff workspace's session cookie (401 staff_login_required without; /api/staff/* only).
   */
  auth: 'none' | 'member' | 'optional' | 'staff';
  /** Staff calls: the least role the caller needs on the brand the call touches (an owner's counts on every brand). */
  role?: StaffRole;
  /**
   * Staff calls whose brand rule the adapter applies (worker/staff/operation.ts): `named`, the brand the input
   * names; `host`, that brand or else the host's; `each`, that brand or else every brand where the caller has the
   * role (403 without one). Absent: the call applies the role itself (its 404 must not tell a row exists).
   */
  scope?: 'named' | 'host' | 'each';
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: { schema: z.core.$ZodType; type?: 'json' | 'multipart' | 'form' };
  /** Successful (and redirect) answers: a JSON schema, or another media type. */
  responses: Record<number, Answer>;
  /** Expected failures: status -> the error codes it can carry, all in the one error shape. */
  errors?: Record<number, readonly string[]>;
  /** How the contract suite calls it with valid input: x-contract in the document (the staff API has none: no run). */
  contract?: ContractHints;
}

export type Tag = 'session' | 'account' | 'members' | 'likes' | 'chat' | 'photos' | 'shop' | 'reference' | 'pages' | 'staff';

export type Answer =
  | { description: string; schema: z.core.$ZodType }
  | { description: string; media: 'text/html' | 'text/plain' | 'application/zip' }
  | { description: string; redirect: true }
  | { description: string; empty: true };

/**
 * A valid request for the contract suite. Strings "$name" are replaced by a value captured earlier (capture), and
 * "$run" inside a string by the run's unique id. Stages run in order; within a stage, in the document's order.
 */
export interface ContractHints {
  /** Whose session: a demo member (free@demo.test / premium@demo.test), the member signed up in this run, none. */
  as?: 'none' | 'free' | 'premium' | 'fresh';
  stage?: number;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses a valid request may get here (default: every documented 2xx/3xx). */
  expect?: number[];
  /** Values to keep from the JSON answer: name -> dotted path. */
  capture?: Record<string, string>;
  /** The answer's session cookie becomes the session "fresh". */
  keepSession?: 'fresh';
  /** Runs only where a list captured earlier holds this value (a brand without direct debit refuses it). */
  requires?: { capture: string; includes: string };
  /** A multipart upload of a generated JPEG under this field name. */
  upload?: string;
  /** Why the valid request is expected to be refused (a token nobody has, a secret the suite does not know). */
  note?: string;
}

export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export const UserResponseSchema = z.object({ user: UserSchema }).meta({ id: 'UserResponse' });
export const MaybeUserResponseSchema = z.object({ user: UserSchema.nullable() });

/** Codes every call can answer besides its own. */
export const COMMON_ERRORS = { 500: ['server_error'] } as const;

/** The JSON a successful (2xx) answer of the operation carries, as its schema outputs it. */
export type OutputOf<O extends Operation> = {
  [S in keyof O['responses']]: S extends 200 | 201 | 202
    ? O['responses'][S] extends { schema: infer Z extends z.core.$ZodType }
      ? z.output<Z>
      : never
    : never;
}[keyof O['responses']];

/** The parsed query of the operation (what its schema outputs), or an empty object when it takes none. */
export type QueryOf<O extends Operation> = O['query'] extends z.ZodObject ? z.output<O['query']> : Record<string, never>;

/** The parsed JSON body of the operation, or undefined when it takes none (or not as JSON). */
export type BodyOf<O extends Operation> = O['body'] extends { schema: infer Z extends z.core.$ZodType; type?: 'json' }
  ? z.output<Z>
  : undefined;

/** What a client sends: the body before its schema's defaults and transforms. */
export type BodyInputOf<O extends Operation> = O['body'] extends { schema: infer Z extends z.core.$ZodType; type?: 'json' }
  ? z.input<Z>
  : O['body'] extends { type: 'multipart' | 'form' }
    ? FormData
    : undefined;

/** Query values as a client writes them: the schema's keys, each a string, number or boolean (or left out). */
export type QueryInputOf<O extends Operation> = O['query'] extends z.ZodObject
  ? { [K in keyof z.input<O['query']>]?: string | number | boolean | null }
  : Record<string, never>;

/** The status a successful JSON answer of the call is sent with: its first documented 2xx with a schema (else 200). */
export function successStatus(op: Operation): 200 | 201 | 202 {
  const found = Object.keys(op.responses).find((status) => status.startsWith('2') && 'schema' in op.responses[Number(status)]);
  return Number(found ?? 200) as 200 | 201 | 202;
}

/** The schema of the call's JSON body; null where it takes none, or a multipart or form body it reads itself. */
export function jsonBodySchema(op: Operation): z.core.$ZodType | null {
  return op.body && op.body.type !== 'multipart' && op.body.type !== 'form' ? op.body.schema : null;
}
