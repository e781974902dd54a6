import { z } from 'zod';
import type { Operation } from './operation';

// Verotel FlexPay's calls into a brand (docs/api/payments.md, docs/decisions/013-adult-acquirers.md): the postback
// Verotel sends for a sale, a refund or a chargeback, and the local sandbox that plays Verotel's order page.

/** FlexPay's postback fields (every one signed; others Verotel adds are signed too and read by the handler). */
const POSTBACK_QUERY = z
  .object({
    shopID: z.string().optional(),
    saleID: z.string().optional(),
    referenceID: z.string().optional(),
    transactionID: z.string().optional(),
    priceAmount: z.string().optional(),
    priceCurrency: z.string().optional(),
    paymentMethod: z.string().optional(),
    type: z.string().optional(),
    event: z.string().optional(),
    parentID: z.string().optional(),
    signature: z.string().optional(),
  })
  .loose();

/** The startorder parameters, as the shop signed them (the sandbox checks the signature as Verotel does). */
const STARTORDER_QUERY = z
  .object({
    version: z.string().optional(),
    shopID: z.string().optional(),
    type: z.string().optional(),
    priceAmount: z.string().optional(),
    priceCurrency: z.string().optional(),
    description: z.string().optional(),
    referenceID: z.string().optional(),
    paymentMethod: z.string().optional(),
    successURL: z.string().optional(),
    declineURL: z.string().optional(),
    email: z.string().optional(),
    signature: z.string().optional(),
  })
  .loose();

export const VEROTEL_OPERATIONS = [
  {
    method: 'get',
    path: '/api/verotel-postback.php',
    operationId: 'verotelPostback',
    tag: 'shop',
    auth: 'none',
    summary: 'Verotel FlexPay postback: a sale, a refund (event=credit) or a chargeback, signed with the shop key',
    query: POSTBACK_QUERY,
    responses: {
      200: { description: '"OK": handled now or before; Verotel stops sending it.', media: 'text/plain' },
      400: { description: '"ERROR - <reason>": refused and logged, nothing changed (Verotel retries).', media: 'text/plain' },
    },
    contract: { query: { referenceID: 'contract-1', signature: 'forged' }, expect: [400], note: 'A forged postback.' },
  },
  {
    method: 'get',
    path: '/api/verotel-sandbox.php',
    operationId: 'verotelSandboxOrderPage',
    tag: 'shop',
    auth: 'none',
    summary: "The local Verotel sandbox's order page (local mode only)",
    query: STARTORDER_QUERY,
    responses: {
      200: { description: 'The order page.', media: 'text/html' },
      400: { description: 'The startorder request is not signed with the brand key.', media: 'text/html' },
      404: { description: "Not a brand on Verotel (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { referenceID: 'contract-1' }, expect: [400, 404] },
  },
  {
    method: 'post',
    path: '/api/verotel-sandbox.php',
    operationId: 'verotelSandboxOutcome',
    tag: 'shop',
    auth: 'none',
    summary: "The tester's choice on the sandbox order page: pay, decline, or later a refund or chargeback (local mode only)",
    query: STARTORDER_QUERY,
    body: { schema: z.object({ action: z.enum(['pay', 'decline', 'credit', 'chargeback']) }), type: 'form' },
    responses: {
      303: { description: 'Back to the shop (success or decline URL).', redirect: true },
      200: { description: 'A later event was sent: the page shows the shop answer.', media: 'text/html' },
      400: { description: 'Not signed with the brand key, or an action the sale does not allow.', media: 'text/html' },
      404: { description: "Not a brand on Verotel (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { referenceID: 'contract-1' }, body: { action: 'pay' }, expect: [400, 404] },
  },
] as const satisfies readonly Operation[];
