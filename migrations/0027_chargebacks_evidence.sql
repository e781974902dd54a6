-- Issue 44 items 4 and 5: chargebacks, a staff block on purchases, and what an order's evidence pack needs.
--
-- What the purchase request tells, kept with the order from now on (older orders: the evidence pack says
-- "not recorded"): the browser's User-Agent (the device), and the version of the terms the member had accepted
-- when ordering (the newest granted 'terms' row of consents, read in the order's INSERT).
ALTER TABLE orders ADD COLUMN user_agent TEXT;
ALTER TABLE orders ADD COLUMN terms_version TEXT;
-- The brand's staff may stop a member's purchases (after chargebacks, say) without locking the account
-- (FTC v. Match Group, 2025): the order's INSERT refuses while this is set; the staff audit log says who and why.
ALTER TABLE members ADD COLUMN purchases_blocked_at TEXT;
ALTER TABLE members ADD COLUMN purchases_blocked_reason TEXT;
