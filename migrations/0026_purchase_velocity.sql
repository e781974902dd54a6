-- Against card testing (issue 44, item 8): every order is a purchase attempt, counted per member (orders_member),
-- per IP address and per card. The order's INSERT decides and counts in one statement (worker/payments/velocity.ts).
ALTER TABLE orders ADD COLUMN ip TEXT;
-- The provider's card fingerprint or stored token (provider:id), where there is one.
ALTER TABLE orders ADD COLUMN card_fingerprint TEXT;
CREATE INDEX orders_ip ON orders (tenant_id, ip, created_at) WHERE ip IS NOT NULL;
CREATE INDEX orders_card ON orders (tenant_id, card_fingerprint, created_at) WHERE card_fingerprint IS NOT NULL;
-- Declines of a member (the burst that pauses purchases), by when they were declined.
CREATE INDEX orders_member_declined ON orders (tenant_id, member_id, updated_at) WHERE status = 'failed' AND provider_payment_id IS NOT NULL;
