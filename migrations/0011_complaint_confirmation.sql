-- A visitor's complaint waits until the visitor proves the address it gives (a link mailed to it): until then
-- confirmed_at is NULL, support is not mailed and nothing the visitor typed goes out. Older rows were sent under
-- the previous rules: they count as confirmed.
ALTER TABLE complaints ADD COLUMN confirmed_at TEXT;
UPDATE complaints SET confirmed_at = created_at;
