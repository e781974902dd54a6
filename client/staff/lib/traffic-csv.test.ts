import { describe, expect, it } from 'vitest';
import { payoutsCsv, trafficCsv } from './traffic-csv';

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

describe('payoutsCsv', () => {
  it('writes one row per network, month and currency, amounts in major units', () => {
    const csv = payoutsCsv([
      { network: 'acme', month: '2026-11', currency: 'USD', leads: 3, sales: 2, reversed_sales: 1, owed: 1500, held: 1500 },
      { network: 'b,c', month: '2026-10', currency: 'EUR', leads: 0, sales: 1, reversed_sales: 0, owed: 899, held: 0 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'network,month,currency,leads,sales,reversed_sales,owed,held',
      'acme,2026-11,USD,3,2,1,15.00,15.00',
      '"b,c",2026-10,EUR,0,1,0,8.99,0.00',
      '',
    ]);
  });
});
