import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

// The payment paths look orders, uses of codes and mandates up by index, never by scanning a table.

async function plan(sql: string, ...params: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

describe('payment queries use their indexes', () => {
  it('the webhook finds the order by provider payment id', async () => {
    const detail = await plan(
      'SELECT * FROM orders WHERE tenant_id = ? AND provider = ? AND provider_payment_id = ?',
      'flirtlokaal',
      'sandbox',
      'sbx_x',
    );
    expect(detail).toMatch(/USING INDEX orders_provider_payment/);
  });

  it("a member's orders, direct-debit total and mandate", async () => {
    expect(await plan('SELECT * FROM orders WHERE tenant_id = ? AND member_id = ? ORDER BY id DESC LIMIT 20', 'flirtlokaal', 1)).toMatch(
      /USING INDEX orders_member/,
    );
    expect(
      await plan(
        "SELECT SUM(amount) FROM orders WHERE tenant_id = ? AND member_id = ? AND method = 'directdebit' AND created_at > ?",
        'flirtlokaal',
        1,
        '2026',
      ),
    ).toMatch(/USING INDEX orders_member/);
    expect(
      await plan(
        "SELECT * FROM payment_mandates WHERE tenant_id = ? AND member_id = ? AND provider = ? AND status = 'valid' ORDER BY id DESC LIMIT 1",
        'flirtlokaal',
        1,
        'sandbox',
      ),
    ).toMatch(/USING INDEX payment_mandates_member/);
  });

  it('uses of a code, by scope and by order', async () => {
    expect(await plan('SELECT 1 FROM discount_redemptions WHERE tenant_id = ? AND scope = ?', 'flirtlokaal', 'X')).toMatch(
      /USING (COVERING )?INDEX|PRIMARY KEY/,
    );
    expect(await plan('DELETE FROM discount_redemptions WHERE tenant_id = ? AND order_id = ?', 'flirtlokaal', 1)).toMatch(
      /USING INDEX discount_redemptions_order/,
    );
    expect(await plan('SELECT * FROM discount_codes WHERE tenant_id = ? AND code = ?', 'flirtlokaal', 'X')).toMatch(
      /USING INDEX sqlite_autoindex_discount_codes/,
    );
  });
});

describe('the purchase attempt limits (worker/payments/velocity.ts) use their indexes', () => {
  it('counts per member, address and card and finds the declines without scanning orders', async () => {
    const { VELOCITY_CONDITION } = await import('../../worker/payments/velocity');
    const params = Array.from({ length: 25 }, (_, i) =>
      i === 0 ? 'flirtlokaal' : i === 1 ? 1 : i === 20 ? '1.2.3.4' : i === 21 ? 'sandbox:m' : '2026',
    );
    const detail = await plan(`SELECT 1 WHERE ${VELOCITY_CONDITION}`, ...params);
    expect(detail).not.toMatch(/SCAN orders(?! USING)/);
    expect(detail).toMatch(/USING (COVERING )?INDEX orders_member/);
    expect(detail).toMatch(/USING (COVERING )?INDEX orders_ip/);
    expect(detail).toMatch(/USING (COVERING )?INDEX orders_card/);
    expect(detail).toMatch(/USING (COVERING )?INDEX orders_member_declined/);
  });
});
