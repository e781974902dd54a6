-- One currency per member (issue 46, item 4): decided once, at signup, from the member's country, and changed only by
-- the member in the settings. Every price they see (shop, premium, the chat's "from" price, receipts) is in it, from
-- wherever they browse. NULL for members who signed up before this column: the server then uses the currency of
-- their profile's country (the signup country), the same choice signup makes now (core/rules/currency.ts), and the
-- column keeps NULL until the member picks one themselves. A migration cannot backfill it in SQL: which currency a
-- country pays in is the brand's configuration (tenants/*.ts), not the database's.
ALTER TABLE members ADD COLUMN currency TEXT;
