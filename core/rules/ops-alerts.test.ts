import { describe, expect, it } from 'vitest';
import { type BrandFigures, decideAlerts } from './ops-alerts';

const calm: BrandFigures = {
  brand: 'a',
  requests: 1000,
  errors: 10,
  queueOldestMs: 60_000,
  queueLimitMinutes: 30,
  postbackFailures: [{ network: 7, failures: 2 }],
};

describe('operations alerts', () => {
  it('opens nothing while the figures are within bounds', () => {
    expect(decideAlerts([calm], [])).toEqual({ open: [], close: [] });
  });

  it('opens an error-rate incident at 5 % of at least 50 requests, not below 50 requests', () => {
    expect(decideAlerts([{ ...calm, requests: 100, errors: 5 }], []).open.map((o) => o.key)).toEqual(['error_rate']);
    expect(decideAlerts([{ ...calm, requests: 100, errors: 4 }], []).open).toEqual([]);
    expect(decideAlerts([{ ...calm, requests: 49, errors: 49 }], []).open).toEqual([]);
  });

  it("opens a queue incident past the brand's limit, and one per failing affiliate network", () => {
    const d = decideAlerts(
      [
        {
          ...calm,
          queueOldestMs: 31 * 60_000,
          postbackFailures: [
            { network: 7, failures: 5 },
            { network: 8, failures: 4 },
          ],
        },
      ],
      [],
    );
    expect(d.open.map((o) => [o.key, o.detail])).toEqual([
      ['queue_wait', { waited_minutes: 31, limit_minutes: 30 }],
      ['postbacks:7', { network: 7, failures: 5, minutes: 60 }],
    ]);
  });

  it('does not open an incident again while it is open, and closes it when the condition ends', () => {
    const failing = { ...calm, requests: 100, errors: 50 };
    expect(decideAlerts([failing], [{ brand: 'a', key: 'error_rate' }])).toEqual({ open: [], close: [] });
    expect(decideAlerts([calm], [{ brand: 'a', key: 'error_rate' }])).toEqual({ open: [], close: [{ brand: 'a', key: 'error_rate' }] });
  });

  it("leaves other brands' incidents alone", () => {
    expect(decideAlerts([calm], [{ brand: 'b', key: 'error_rate' }]).close).toEqual([]);
  });
});
