import { Hono } from 'hono';

/**
 * A local fake of the parts of Mollie's API v2 the adapter uses (payments, customers, mandates), with Mollie's
 * shapes: amounts as decimal strings, HAL links, 404 bodies. Tests hand its `fetch` to MollieProvider and then
 * play the payment service by changing `payments` (status, amount) as Mollie's side would.
 */
export interface FakePayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  method: string;
  metadata: unknown;
  sequenceType: string;
  customerId?: string;
  mandateId?: string;
  issuer?: string;
  redirectUrl: string;
  webhookUrl: string;
}

export function fakeMollie(apiKey = 'test_fakekey') {
  const payments = new Map<string, FakePayment>();
  const mandates = new Map<string, { id: string; method: string; status: string; details: Record<string, string>; customerId: string }>();
  const customers = new Map<string, { name: string; email: string }>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const refunds = new Map<string, { id: string; paymentId: string; amount: { value: string; currency: string } }>();
  // Ids unique across fakes: one test file's orders share a database.
  const newId = (prefix: string) => `${prefix}_fake${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const app = new Hono().basePath('/v2');

  app.use(async (c, next) => {
    requests.push({
      method: c.req.method,
      path: c.req.path,
      body:
        c.req.method === 'GET'
          ? null
          : await c.req.raw
              .clone()
              .json()
              .catch(() => null),
    });
    if (c.req.header('authorization') !== `Bearer ${apiKey}`) return c.json({ status: 401, title: 'Unauthorized Request' }, 401);
    await next();
  });
  app.post('/customers', async (c) => {
    const id = newId('cst');
    customers.set(id, await c.req.json());
    return c.json({ resource: 'customer', id }, 201);
  });
  app.post('/customers/:cid/mandates', async (c) => {
    const body = await c.req.json<{ method: string; consumerName: string; consumerAccount: string }>();
    const id = newId('mdt');
    mandates.set(id, {
      id,
      method: body.method,
      status: 'valid',
      details: { consumerName: body.consumerName, consumerAccount: body.consumerAccount },
      customerId: c.req.param('cid'),
    });
    return c.json({ resource: 'mandate', ...mandates.get(id) }, 201);
  });
  app.get('/customers/:cid/mandates/:mid', (c) => {
    const m = mandates.get(c.req.param('mid'));
    if (!m || m.customerId !== c.req.param('cid')) return c.json({ status: 404, title: 'Not Found' }, 404);
    return c.json({ resource: 'mandate', ...m });
  });
  app.post('/payments', async (c) => {
    const body = await c.req.json<Omit<FakePayment, 'id' | 'status'>>();
    const id = newId('tr');
    const recurring = body.sequenceType === 'recurring';
    payments.set(id, { ...body, id, status: recurring ? 'pending' : 'open' });
    return c.json(
      {
        resource: 'payment',
        ...payments.get(id),
        _links: recurring ? {} : { checkout: { href: `https://www.mollie.com/checkout/select-method/${id}` } },
      },
      201,
    );
  });
  app.get('/payments/:id', (c) => {
    const p = payments.get(c.req.param('id'));
    if (!p) return c.json({ status: 404, title: 'Not Found', detail: 'No payment exists with token' }, 404);
    // Like Mollie: an open payment links to its checkout, where the payer can still pay it.
    return c.json({
      resource: 'payment',
      ...p,
      _links: p.status === 'open' ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${p.id}` } } : {},
    });
  });
  // Refunds: one per Idempotency-Key, as Mollie answers a repeated request with the refund it made the first time.
  app.post('/payments/:id/refunds', async (c) => {
    const p = payments.get(c.req.param('id'));
    if (!p) return c.json({ status: 404, title: 'Not Found' }, 404);
    const key = c.req.header('idempotency-key') ?? newId('key');
    if (!refunds.has(key))
      refunds.set(key, { id: newId('re'), paymentId: p.id, ...(await c.req.json<{ amount: { value: string; currency: string } }>()) });
    return c.json({ resource: 'refund', ...refunds.get(key) }, 201);
  });
  app.get('/broken', (c) => c.json({}, 500));

  const fetcher = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init))) as typeof fetch;
  return { fetch: fetcher, payments, mandates, customers, refunds, requests, baseUrl: 'https://api.mollie.test/v2', apiKey };
}
