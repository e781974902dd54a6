import { z } from 'zod';
import { CamsResponseSchema } from '../schemas/cams';
import {
  DirectDebitConfirmSchema, DirectDebitSchema, DiscountCodeSchema, DiscountQuerySchema, OrderIdSchema, OrderRequestSchema, OrderSchema,
  ORDER_STATUSES, PackagesResponseSchema, RepeatOrderSchema,
} from '../schemas/payments';
import { CompanyInfoSchema, GeocodeQuerySchema, GeocodeResultSchema, InterestsResponseSchema, RegionsResponseSchema, regionsQuerySchema } from '../schemas/reference';
import { PageQuerySchema, PageTextSchema } from '../schemas/pages';
import { SettingsSchema } from '../schemas/settings';
import type { Operation } from './operation';

const UNSAFE = ['authentication_required', 'csrf'] as const;
const ORDER_ANSWER = z.object({ order: OrderSchema, checkout_url: z.string().nullable() });
/** The order's price problems (worker/payments/pricing.ts, discounts.ts checkApplicable). */
const PRICING = { 400: ['validation_failed', 'method_unavailable', 'code_country', 'code_currency', 'code_minimum', 'code_method'], 404: ['package_not_found', 'code_not_found'], 409: ['amount_changed', 'code_used'], 410: ['code_expired'] } as const;
const ORDER_BODY = { package_id: '$package', amount: '$price', currency: '$currency', consent: true };

/** The credits shop, the cams listing, reference data and the brand's settings and texts. */
export const SHOP_OPERATIONS: Operation[] = [
  {
    method: 'get', path: '/api/settings.php', operationId: 'settings', tag: 'reference', auth: 'none',
    summary: 'The brand\'s settings for the visitor\'s country and language (SPEC.md §7)',
    responses: { 200: { description: 'The settings object.', schema: SettingsSchema } },
    contract: {},
  },
  {
    method: 'get', path: '/api/geocode.php', operationId: 'geocode', tag: 'reference', auth: 'none',
    summary: 'Reverse geocode the browser\'s position to a region and city',
    query: GeocodeQuerySchema,
    responses: { 200: { description: 'The place.', schema: GeocodeResultSchema } },
    errors: { 400: ['validation_failed'], 404: ['not_found'] },
    contract: { query: { lat: '52.37', lon: '4.89' } },
  },
  {
    method: 'get', path: '/api/regions.php', operationId: 'regions', tag: 'reference', auth: 'none',
    summary: 'The regions (and with cities=1 their cities) of the brand\'s countries, or of one country',
    query: regionsQuerySchema([]),
    responses: { 200: { description: 'Regions per country.', schema: RegionsResponseSchema } },
    errors: { 400: ['validation_failed'] },
    contract: { query: { cities: '1' } },
  },
  {
    method: 'get', path: '/api/interests.php', operationId: 'interests', tag: 'reference', auth: 'none',
    summary: 'The interests, named in the page\'s language',
    responses: { 200: { description: 'Interests.', schema: InterestsResponseSchema } },
    contract: {},
  },
  {
    method: 'get', path: '/api/companyinfo.php', operationId: 'companyInfo', tag: 'reference', auth: 'none',
    summary: 'The company behind the brand',
    responses: { 200: { description: 'Company details.', schema: CompanyInfoSchema } },
    contract: {},
  },
  {
    method: 'get', path: '/api/pages.php', operationId: 'pageText', tag: 'pages', auth: 'none',
    summary: 'The text of an information page (terms, privacy, faq, ...) or premium/pricing, with the brand\'s values',
    query: PageQuerySchema,
    responses: { 200: { description: 'The page\'s text.', schema: PageTextSchema } },
    errors: { 400: ['validation_failed'], 404: ['page_not_found'] },
    contract: { query: { page: 'terms', lang: 'nl' } },
  },
  {
    method: 'get', path: '/api/cams.php', operationId: 'cams', tag: 'pages', auth: 'none',
    summary: 'The brand\'s cam partner\'s performers (404 for a brand without one)',
    responses: { 200: { description: 'The listing.', schema: CamsResponseSchema } },
    errors: { 404: ['not_found'] },
    contract: { expect: [200, 404] },
  },
  {
    method: 'get', path: '/api/packages.php', operationId: 'packages', tag: 'shop', auth: 'optional',
    summary: 'The credit packages and payment methods of the visitor\'s country',
    responses: { 200: { description: 'The shop.', schema: PackagesResponseSchema } },
    contract: { as: 'premium', capture: { package: 'packages.0.id', price: 'packages.0.price', currency: 'currency', method: 'methods.0', methods: 'methods' } },
  },
  {
    method: 'post', path: '/api/order.php', operationId: 'order', tag: 'shop', auth: 'member',
    summary: 'Order a package: the order and where to pay it',
    body: { schema: OrderRequestSchema },
    responses: { 201: { description: 'The order, and the checkout URL to send the member to.', schema: ORDER_ANSWER } },
    errors: { ...PRICING, 403: UNSAFE, 429: ['rate_limited'], 502: ['payment_failed'] },
    contract: { as: 'premium', stage: 2, body: { ...ORDER_BODY, method: '$method' }, capture: { order: 'order.id' } },
  },
  {
    method: 'post', path: '/api/repeat-order.php', operationId: 'repeatOrder', tag: 'shop', auth: 'member',
    summary: 'Order again on the member\'s stored mandate (no checkout)',
    body: { schema: RepeatOrderSchema },
    responses: { 201: { description: 'The order, charged on the mandate.', schema: ORDER_ANSWER } },
    errors: { ...PRICING, 403: UNSAFE, 409: ['no_mandate', 'amount_changed', 'code_used'], 429: ['rate_limited', 'directdebit_limit'], 502: ['payment_failed'] },
    contract: { as: 'premium', stage: 2, body: ORDER_BODY, expect: [201, 409], note: 'The demo member may have no mandate: no_mandate.' },
  },
  {
    method: 'get', path: '/api/order.php', operationId: 'getOrder', tag: 'shop', auth: 'member',
    summary: 'One order of the member, brought up to date',
    query: OrderIdSchema,
    responses: { 200: { description: 'The order.', schema: z.object({ order: OrderSchema }) } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required'], 404: ['order_not_found'] },
    contract: { as: 'premium', stage: 2.5, query: { id: '$order' } },
  },
  {
    method: 'post', path: '/api/order-checkout.php', operationId: 'orderCheckout', tag: 'shop', auth: 'member',
    summary: '"Try again": the provider\'s checkout of the same order, while its payment is still open',
    body: { schema: OrderIdSchema },
    responses: { 200: { description: 'Where to pay the order.', schema: z.object({ checkout_url: z.string() }) } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 404: ['order_not_found'], 409: ['order_closed'] },
    contract: { as: 'premium', stage: 2.6, body: { id: '$order' }, expect: [200, 409] },
  },
  {
    method: 'delete', path: '/api/order.php', operationId: 'cancelOrder', tag: 'shop', auth: 'member',
    summary: 'Cancel an unfinished order (its payment is cancelled at the provider, its code freed)',
    body: { schema: OrderIdSchema },
    responses: { 200: { description: 'The order, cancelled (or as the provider settled it meanwhile).', schema: z.object({ order: OrderSchema }) } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 404: ['order_not_found'], 409: ['order_closed'] },
    contract: { as: 'premium', stage: 2.7, body: { id: '$order' }, expect: [200, 409] },
  },
  {
    method: 'get', path: '/api/orders.php', operationId: 'orders', tag: 'shop', auth: 'member',
    summary: 'The member\'s recent orders',
    responses: { 200: { description: 'Orders, newest first.', schema: z.object({ orders: z.array(OrderSchema) }) } },
    errors: { 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'get', path: '/api/discountcode.php', operationId: 'discountCode', tag: 'shop', auth: 'member',
    summary: 'Look a discount code up (?code=), the welcome discount (?welcome=true) or the time bonus (?timebonus=true)',
    query: DiscountQuerySchema,
    responses: { 200: { description: 'The code with every field of SPEC.md §3.', schema: DiscountCodeSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required'], 404: ['code_not_found'], 429: ['rate_limited'] },
    contract: { as: 'free', query: { timebonus: 'true' }, expect: [200, 404] },
  },
  {
    method: 'post', path: '/api/stay-offer.php', operationId: 'stayOffer', tag: 'shop', auth: 'member',
    summary: 'The delete-account dialog\'s personal discount, or a refusal',
    responses: { 200: { description: 'The personal code.', schema: DiscountCodeSchema } },
    errors: { 403: UNSAFE, 404: ['code_not_found'], 410: ['code_expired'], 429: ['rate_limited'] },
    contract: { as: 'free', stage: 2, expect: [200, 404, 410] },
  },
  {
    method: 'post', path: '/api/directdebit.php', operationId: 'directDebit', tag: 'shop', auth: 'member',
    summary: 'Direct debit, step 1: the form; an SMS code goes to the phone',
    body: { schema: DirectDebitSchema },
    responses: { 201: { description: 'The request to confirm, and the masked phone number.', schema: z.object({ request_id: z.number().int(), phone: z.string() }) } },
    errors: { ...PRICING, 403: ['authentication_required', 'csrf', 'directdebit_blocked'], 429: ['rate_limited', 'directdebit_limit'] },
    contract: {
      as: 'premium', stage: 2, expect: [201, 429], capture: { dd_request: 'request_id' }, requires: { capture: 'methods', includes: 'directdebit' },
      body: { ...ORDER_BODY, holder: 'C. Suite', iban: 'NL91ABNA0417164300', street: 'Teststraat', house_number: '1', zip: '1234 AB', city: 'Amsterdam', phone: '+31612345678' },
    },
  },
  {
    method: 'put', path: '/api/directdebit.php', operationId: 'confirmDirectDebit', tag: 'shop', auth: 'member',
    summary: 'Direct debit, step 2: the SMS code; the mandate is made and the order charged on it',
    body: { schema: DirectDebitConfirmSchema },
    responses: { 201: { description: 'The order.', schema: z.object({ order: OrderSchema }) } },
    errors: { ...PRICING, 400: [...PRICING[400], 'code_invalid'], 403: ['authentication_required', 'csrf', 'directdebit_blocked'], 429: ['rate_limited', 'code_tries', 'directdebit_limit'] },
    contract: {
      as: 'premium', stage: 2.5, body: { request_id: '$dd_request', otp: '000000' }, expect: [400, 429], requires: { capture: 'methods', includes: 'directdebit' }, note: 'The suite cannot read the SMS: a wrong code.',
    },
  },
  {
    method: 'post', path: '/api/payment-webhook.php', operationId: 'paymentWebhook', tag: 'shop', auth: 'none',
    summary: 'The payment service: "payment <id> changed" (form field id; the state is fetched from the service)',
    body: { schema: z.object({ id: z.string().max(64) }), type: 'form' },
    responses: { 200: { description: 'The order moved (or not) to the service\'s state.', schema: z.object({ ok: z.literal(true), status: z.enum(ORDER_STATUSES) }) } },
    errors: { 400: ['validation_failed'], 404: ['unknown_payment'], 409: ['payment_mismatch'] },
    contract: { body: { id: 'tr_contract_unknown' }, expect: [404], note: 'A payment nobody made.' },
  },
  {
    method: 'get', path: '/api/sandbox-checkout.php', operationId: 'sandboxCheckout', tag: 'shop', auth: 'none',
    summary: 'The sandbox payment service\'s checkout page (local mode only; a backend needs none)',
    query: z.object({ id: z.string() }),
    responses: { 200: { description: 'The checkout page.', media: 'text/html' }, 404: { description: 'Unknown payment (local mode); outside local mode the API\'s 404.', media: 'text/html' } },
    errors: { 404: ['not_found'] },
    contract: { query: { id: 'contract-unknown' }, expect: [404] },
  },
  {
    method: 'post', path: '/api/sandbox-checkout.php', operationId: 'sandboxPay', tag: 'shop', auth: 'none',
    summary: 'The sandbox checkout\'s outcome (local mode only)',
    query: z.object({ id: z.string() }),
    body: { schema: z.object({ status: z.enum(['paid', 'failed', 'canceled', 'pending']), issuer: z.string().optional(), decline: z.literal('1').optional() }), type: 'form' },
    responses: {
      303: { description: 'Back to the shop.', redirect: true },
      400: { description: 'No outcome or bank chosen.', media: 'text/html' },
      404: { description: 'Unknown payment (local mode); outside local mode the API\'s 404.', media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { id: 'contract-unknown' }, body: { status: 'paid' }, expect: [404] },
  },
];
