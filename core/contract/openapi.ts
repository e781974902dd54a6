import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { COOKIE, STAFF_SESSION_COOKIE } from '../constants';
import { documentedErrors, errorSchema } from './errors';
import type { Answer, Operation, Tag } from './operation';
import { OPERATIONS } from './operations';
import { STAFF_OPERATIONS } from './staff-ops';

const TAGS: Record<Tag, string> = {
  session: 'Login, logout, language, push subscription (SPEC.md §7)',
  account: 'Signup, activation, password and e-mail, notification settings, deletion, data export, complaints',
  members: 'Search and profiles',
  likes: 'Likes, blocks, the swipe game and the match finder',
  chat: 'Conversations, messages and the live socket',
  photos: "The member's own photos",
  shop: "Credit packages, orders, discounts, direct debit and the payment service's calls",
  reference: 'Settings and reference data the client loads once',
  pages: 'Page texts, the cams listing and beacons',
  staff:
    "The staff workspace's own API (/api/staff/*.php, docs/api/staff.md): a staff session and a role per brand, never a member's session. Not proxied and not for a brand's upstream (no x-contract: the contract suite skips it).",
};

/** Who may call: the member's session, the staff workspace's, either or none. */
function security(op: Operation): Record<string, string[]>[] {
  if (op.auth === 'member') return [{ memberSession: [] }];
  if (op.auth === 'optional') return [{ memberSession: [] }, {}];
  if (op.auth === 'staff') return [{ staffSession: [] }];
  return [];
}

const MEDIA = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

function answerContent(answer: Answer): ZodOpenApiResponseObject['content'] {
  if ('schema' in answer) return { 'application/json': { schema: answer.schema } };
  if ('media' in answer) return { [answer.media]: { schema: { type: 'string' } } };
  return undefined;
}

function responses(op: Operation): Record<string, ZodOpenApiResponseObject> {
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    out[status] = { description: answer.description, content: answerContent(answer) };
    if ('redirect' in answer)
      out[status].headers = { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } };
  }
  for (const [status, codes] of Object.entries(documentedErrors(op))) {
    const json = { 'application/json': { schema: errorSchema(codes) } };
    const description = `Error ${codes.map((c) => `\`${c}\``).join(', ')}; the message is in the member's language.`;
    out[status] = out[status] ? { ...out[status], content: { ...out[status].content, ...json } } : { description, content: json };
  }
  return out;
}

function operation(op: Operation): ZodOpenApiOperationObject {
  const params =
    op.query || op.headers
      ? { requestParams: { ...(op.query ? { query: op.query } : {}), ...(op.headers ? { header: op.headers } : {}) } }
      : {};
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: security(op),
    ...params,
    ...(op.body ? { requestBody: { required: true, content: { [MEDIA[op.body.type ?? 'json']]: { schema: op.body.schema } } } } : {}),
    responses: responses(op),
    ...(op.contract ? { 'x-contract': op.contract } : {}),
  };
}

/** The contract's version: raise it when a call changes in a way an upstream must follow. */
export const CONTRACT_VERSION = '1.0.0';

/** The OpenAPI 3.1 description of the /api/*.php contract and the staff API, generated from core's zod schemas. */
export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of [...OPERATIONS, ...STAFF_OPERATIONS]) {
    const item = (paths[op.path] ??= {});
    item[op.method] = operation(op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Edge dating engine: the /api/*.php contract',
      version: CONTRACT_VERSION,
      description:
        "What a brand's upstream must implement in proxy mode, and what the built-in API answers. Every expected failure is `{ error: { code, message, fields? } }` with a 4xx status, the message in the member's language (and `fields` naming the invalid fields). Unsafe methods from another site are refused with 403 `csrf`. `x-contract` on an operation is a valid request for the contract suite (`npm run contract`). The operations tagged `staff` are the staff workspace's own API, not part of what an upstream implements.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: "The brand's own host" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        memberSession: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE.session,
          description: "The member's session cookie (HttpOnly), set by login and signup.",
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_SESSION_COOKIE,
          description: "The staff workspace's session cookie (HttpOnly, SameSite=Strict, 12 hours), set by the staff login and setup.",
        },
      },
    },
    paths,
  });
}
