-- Staff sign-in (issue 14, docs/api/staff.md "Accounts and sign-in"): two additions to 0012's tables.

-- The last TOTP time step (30 s counter, RFC 6238) that was accepted for this staff member: a code is good once only,
-- so one replayed within its window (or an older one still inside the tolerance) is refused. Advanced by a
-- conditional UPDATE (step > totp_last_step), so two parallel uses of one code cannot both pass.
ALTER TABLE staff ADD COLUMN totp_last_step INTEGER;

-- A short random public id per session: the sessions list names sessions by it (and ends them by it), never by the
-- token's hash.
ALTER TABLE staff_sessions ADD COLUMN public_id TEXT;
CREATE UNIQUE INDEX staff_sessions_public ON staff_sessions (public_id);

-- The audit log filtered by action (GET audit.php?action=) without a brand, as owners read it.
CREATE INDEX staff_audit_action ON staff_audit (action, id);
