-- Back office, members (issue 15): an account a brand's admin blocked. A blocked member cannot log in (SPEC.md's
-- blocked-account message) and has no live session; blocking keeps the e-mail confirmation status as it was, so
-- unblocking gives the member back exactly the account they had.
ALTER TABLE members ADD COLUMN blocked_at TEXT;
ALTER TABLE members ADD COLUMN blocked_reason TEXT;

-- The audit trail of staff actions on one member (target_type 'member'), newest first.
CREATE INDEX staff_audit_target ON staff_audit (target_type, target_id, id);

-- The back office finds members by the start of their profile name (LIKE 'abc%', case-insensitive): a range on this.
CREATE INDEX profiles_name ON profiles (tenant_id, name COLLATE NOCASE);
