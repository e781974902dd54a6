-- Whether this order's payment made its member premium (the first paid order does, SPEC.md §4): set in the batch that
-- marks the order paid, from the member's row as that batch sees it, so the result page says "now premium" only to
-- the member it is news for (a second purchase, or a member who was premium already, is not told it again).
ALTER TABLE orders ADD COLUMN made_premium INTEGER NOT NULL DEFAULT 0;
