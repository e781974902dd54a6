import { ProviderError } from '../provider-error';
import type { CcbillApi } from './adapter';

/**
 * CCBill's own services, as published (decision 013, sources C4-C6):
 * - DataLink's Subscription Management (`https://datalink.ccbill.com/utils/subscriptionManagement.cgi`, the
 *   DataLink username and password, `action=viewSubscriptionStatus`, `returnXML=1`): the status document of a
 *   subscription (subscriptionStatus, signupDate, refundsIssued, voidsIssued, chargebacksIssued, ...);
 * - the RESTful Transaction API (`https://api.ccbill.com`): an OAuth bearer token from the merchant application's
 *   id and secret, a payment token from a previous sale (`POST /payment-tokens/merchant-only`), and its charge
 *   (`POST /transactions/payment-tokens/{paymentTokenId}`), answered with `approved`, `subscriptionId`,
 *   `declineCode`.
 */
export interface CcbillCredentials {
  clientAccnum: number;
  clientSubacc: number;
  datalink: { username: string; password: string };
  rest?: { applicationId: string; secret: string };
  fetch: typeof fetch;
}

const DATALINK = 'https://datalink.ccbill.com/utils/subscriptionManagement.cgi';
const REST = 'https://api.ccbill.com';
const TRANSACTION_API_V1 = 'application/vnd.mcn.transaction-service.api.v.1+json';

/** Every leaf element of DataLink's XML answer, by name. */
export function xmlFields(xml: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const m of xml.matchAll(/<([A-Za-z][\w]*)>([^<]*)<\/\1>/g)) fields.set(m[1], m[2].trim());
  return fields;
}

export function ccbillApi(c: CcbillCredentials): CcbillApi {
  const api: CcbillApi = {
    async subscriptionStatus(subscriptionId) {
      const query = new URLSearchParams({
        clientAccnum: String(c.clientAccnum),
        clientSubacc: String(c.clientSubacc).padStart(4, '0'),
        username: c.datalink.username,
        password: c.datalink.password,
        action: 'viewSubscriptionStatus',
        subscriptionId,
        returnXML: '1',
      });
      const response = await c.fetch(DATALINK, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: query,
      });
      if (!response.ok) throw new ProviderError(`ccbill datalink: ${response.status}`);
      const fields = xmlFields(await response.text());
      return fields.get('subscriptionStatus') ? fields : null;
    },
  };
  const rest = c.rest;
  if (rest) {
    const bearer = async () => {
      const response = await c.fetch(`${REST}/ccbill-auth/oauth/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${rest.applicationId}:${rest.secret}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const token = response.ok ? ((await response.json()) as { access_token?: string }).access_token : undefined;
      if (!token) throw new ProviderError(`ccbill oauth: ${response.status}`);
      return token;
    };
    api.chargeAgain = async (subscriptionId, charge) => {
      const headers = { Authorization: `Bearer ${await bearer()}`, 'Content-Type': 'application/json', Accept: TRANSACTION_API_V1 };
      const account = { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc };
      const made = await c.fetch(`${REST}/payment-tokens/merchant-only`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...account, subscriptionId, timeToLive: 1, validNumberOfUse: 1 }),
      });
      const token = made.ok ? ((await made.json()) as { paymentTokenId?: string }).paymentTokenId : undefined;
      if (!token) throw new ProviderError(`ccbill payment token: ${made.status}`);
      const charged = await c.fetch(`${REST}/transactions/payment-tokens/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ...account,
          initialPrice: Number(charge.initialPrice),
          initialPeriod: charge.initialPeriod,
          currencyCode: charge.currencyCode,
          passThroughInfo: [{ name: 'orderRef', value: charge.reference }],
        }),
      });
      if (!charged.ok) throw new ProviderError(`ccbill charge: ${charged.status}`);
      // subscriptionId is an 18-digit number, beyond a double's precision: read from the text, not through JSON.parse.
      const text = await charged.text();
      const result = JSON.parse(text) as { approved?: boolean; declineCode?: unknown };
      return {
        approved: result.approved === true,
        subscriptionId: text.match(/"subscriptionId"\s*:\s*"?(\d+)"?/)?.[1] ?? null,
        declineCode: result.declineCode == null ? null : String(result.declineCode),
      };
    };
  }
  return api;
}
