import { describe, expect, it } from 'vitest';
import { trafficCsv } from './traffic-csv';

const row = (key: string, clicks: number, revenue: { currency: string; gross: number; net: number }[]) => ({
  key,
  clicks,
  signups: 2,
  confirmed: 1,
  first_messages: 1,
  first_purchases: 1,
  repeat_purchases: 0,
  refunds: 0,
  chargebacks: 0,
  revenue,
});

describe('trafficCsv', () => {
  it('writes one row per key, money per currency in major units and earnings per click from net revenue', () => {
    const csv = trafficCsv('network', [row('acme', 4, [{ currency: 'EUR', gross: 2995, net: 2995 }]), row('b,"x"', 0, [])]);
    expect(csv.split('\r\n')).toEqual([
      'network,clicks,signups,confirmed,first_messages,first_purchases,repeat_purchases,refunds,chargebacks,gross_EUR,net_EUR,epc_EUR',
      'acme,4,2,1,1,1,0,0,0,29.95,29.95,7.4875',
      '"b,""x""",0,2,1,1,1,0,0,0,,,',
      '',
    ]);
  });
});
