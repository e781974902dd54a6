import { z } from 'zod';
import type { Operation } from './operation';

// CCBill's calls into a brand (docs/api/payments.md, docs/decisions/013-adult-acquirers.md): the webhooks CCBill
// posts, the page its FlexForm sends the member back to (where a soft decline cascades to the next provider), and
// the local sandbox that plays the FlexForm.

/** A webhook's fields (JSON or URL-encoded; eventType and eventGroupType in the query). Read whole by the handler. */
const WEBHOOK_BODY = z
  .object({
    clientAccnum: z.string().optional(),
    clientSubacc: z.string().optional(),
    subscriptionId: z.string().optional(),
    transactionId: z.string().optional(),
    billedInitialPrice: z.string().optional(),
    billedCurrencyCode: z.string().optional(),
    amount: z.string().optional(),
    currencyCode: z.string().optional(),
    failureCode: z.string().optional(),
    dynamicPricingValidationDigest: z.string().optional(),
    'X-orderRef': z.string().optional(),
  })
  .loose();

/** The FlexForm's dynamic-pricing query, as the shop made it (the sandbox checks the digest as CCBill does). */
const FORM_QUERY = z
  .object({
    clientAccnum: z.string().optional(),
    clientSubacc: z.string().optional(),
    initialPrice: z.string().optional(),
    initialPeriod: z.string().optional(),
    currencyCode: z.string().optional(),
    formDigest: z.string().optional(),
    orderRef: z.string().optional(),
    email: z.string().optional(),
  })
  .loose();

const SANDBOX_ACTIONS = ['pay', '3ds', '3ds_pass', '3ds_fail', 'soft_decline', 'hard_decline', 'refund', 'chargeback', 'void'] as const;

export const CCBILL_OPERATIONS = [
  {
    method: 'post',
    path: '/api/ccbill-webhook.php',
    operationId: 'ccbillWebhook',
    tag: 'shop',
    auth: 'none',
    summary: 'CCBill webhook: NewSaleSuccess, NewSaleFailure, Refund, Void, Chargeback (JSON or form; ?eventType=)',
    query: z.object({ eventType: z.string().max(40).optional(), eventGroupType: z.string().max(40).optional() }).loose(),
    body: { schema: WEBHOOK_BODY, type: 'form' },
    responses: {
      200: { description: '"OK": handled now or before; CCBill stops sending it.', media: 'text/plain' },
      400: { description: '"ERROR - <reason>": refused and logged, nothing changed (CCBill sends it again).', media: 'text/plain' },
    },
    contract: { query: { eventType: 'NewSaleSuccess' }, body: { subscriptionId: '1' }, expect: [400], note: 'A forged webhook.' },
  },
  {
    method: 'get',
    path: '/api/ccbill-return.php',
    operationId: 'ccbillReturn',
    tag: 'shop',
    auth: 'member',
    summary: "Back from CCBill's FlexForm: a soft decline cascades to the next provider's checkout; else the order's page",
    query: z.object({ orderRef: z.string().max(60) }),
    responses: { 303: { description: "The next provider's checkout, or /transactions/{id}.", redirect: true } },
    errors: { 403: ['authentication_required'], 404: ['order_not_found'] },
    contract: { query: { orderRef: 'contract-1' }, expect: [403, 404] },
  },
  {
    method: 'get',
    path: '/api/ccbill-sandbox.php',
    operationId: 'ccbillSandboxForm',
    tag: 'shop',
    auth: 'none',
    summary: "The local CCBill sandbox's FlexForm (local mode only)",
    query: FORM_QUERY,
    responses: {
      200: { description: 'The FlexForm.', media: 'text/html' },
      400: { description: 'The dynamic-pricing digest is not the brand salt.', media: 'text/html' },
      404: { description: "Not a brand on CCBill (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { orderRef: 'contract-1' }, expect: [400, 404] },
  },
  {
    method: 'post',
    path: '/api/ccbill-sandbox.php',
    operationId: 'ccbillSandboxOutcome',
    tag: 'shop',
    auth: 'none',
    summary: "The tester's choice on the sandbox FlexForm: pay, 3-D Secure, declines, or later a refund, void or chargeback",
    query: FORM_QUERY,
    body: { schema: z.object({ action: z.enum(SANDBOX_ACTIONS) }), type: 'form' },
    responses: {
      303: { description: 'Back to the shop (its return page).', redirect: true },
      200: { description: 'A 3-D Secure challenge, or a later event was sent: the page shows the shop answer.', media: 'text/html' },
      400: { description: 'Not the brand digest, or an action the transaction does not allow.', media: 'text/html' },
      404: { description: "Not a brand on CCBill (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { orderRef: 'contract-1' }, body: { action: 'pay' }, expect: [400, 404] },
  },
] as const satisfies readonly Operation[];
