-- Likes, blocks, the swipe game's daily quota and the credit ledger.

-- A like goes from one profile to another. A member's profile shares the member's id; fictional (operator-made)
-- profiles like members too (auto-like). is_new is the receiver's "not yet seen" flag.
CREATE TABLE likes (
  tenant_id TEXT NOT NULL,
  from_profile_id INTEGER NOT NULL,
  to_profile_id INTEGER NOT NULL,
  source TEXT NOT NULL DEFAULT 'profile',      -- profile | swipe | match_finder | auto
  is_new INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  PRIMARY KEY (from_profile_id, to_profile_id)
);
CREATE INDEX likes_given ON likes (tenant_id, from_profile_id, created_at);
CREATE INDEX likes_received ON likes (tenant_id, to_profile_id, is_new, created_at);

-- A member blocks a profile: the blocked member can neither see nor contact the blocker.
CREATE TABLE blocks (
  tenant_id TEXT NOT NULL,
  blocker_id INTEGER NOT NULL,                 -- member id (= profile id) of the blocker
  blocked_profile_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (blocker_id, blocked_profile_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_profile_id, blocker_id);

-- Profiles the member passed on in the swipe game, so the stack does not show them again.
CREATE TABLE swipe_passes (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  profile_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_id, profile_id)
);

-- Per-day counters for daily limits (the free member's 4 swipe likes). day is the UTC date YYYY-MM-DD.
CREATE TABLE daily_quota (
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  day TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (member_id, kind, day)
);

-- The append-only credit ledger. members.credits is its cached sum, kept by the trigger below, so no code path can
-- change a balance without a ledger row; the CHECK (credits >= 0) on members aborts a spend that would go below
-- zero (and with it the whole batch it is part of). ref is the idempotency key: one row per payment, message,
-- gift, ... (e.g. 'order:42', 'message:7:<client key>'); insert with ON CONFLICT DO NOTHING to make retries no-ops.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,                        -- signup | purchase | message | photo | gift | refund | seed | opening
  ref TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, member_id, ref)
);
CREATE INDEX credit_ledger_member ON credit_ledger (member_id, id);

-- Balances that exist before the ledger become its opening rows (written before the trigger, so not counted twice).
INSERT INTO credit_ledger (tenant_id, member_id, delta, reason, ref, created_at)
  SELECT tenant_id, id, credits, 'opening', 'opening', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM members WHERE credits <> 0;

CREATE TRIGGER credit_ledger_apply AFTER INSERT ON credit_ledger
BEGIN
  UPDATE members SET credits = credits + NEW.delta WHERE id = NEW.member_id;
END;

CREATE TRIGGER credit_ledger_append_only_update BEFORE UPDATE ON credit_ledger
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;
CREATE TRIGGER credit_ledger_append_only_delete BEFORE DELETE ON credit_ledger
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;
