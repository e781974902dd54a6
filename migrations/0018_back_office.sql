-- Back office (issue 15): codes and moderation in the staff workspace.

-- Codes: a code's uses and revenue are read from its paid orders by code, and an invitation code's members by code.
CREATE INDEX orders_discount_code ON orders (tenant_id, discount_code, status) WHERE discount_code IS NOT NULL;
CREATE INDEX members_invite_code ON members (tenant_id, invite_code) WHERE invite_code IS NOT NULL;
-- When an invitation code was made (NULL for codes made before the back office).
ALTER TABLE invite_codes ADD COLUMN created_at TEXT;
