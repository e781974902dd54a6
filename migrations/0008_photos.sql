-- Member photo uploads and their moderation (issue 4, "Photos").

-- Who may moderate: an operator of the member's own brand (the role is per member row, so per tenant).
ALTER TABLE members ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'operator'));

-- The moderation trail: who decided, when, and why a photo was rejected. A rejected photo keeps its row (audit and
-- the member sees it was rejected) but its R2 objects are deleted at once (docs/api/photos.md).
ALTER TABLE photos ADD COLUMN reviewed_at TEXT;
ALTER TABLE photos ADD COLUMN reviewed_by INTEGER;
ALTER TABLE photos ADD COLUMN reject_reason TEXT;          -- quality | explicit | not_you | other
ALTER TABLE photos ADD COLUMN bytes INTEGER;               -- size of the stored full-size JPEG

-- The operator's queue: pending photos of one brand, oldest first.
CREATE INDEX photos_review ON photos (tenant_id, status, created_at);
