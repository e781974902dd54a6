-- The cam-profile listing (SPEC.md §2 "cam-profile listing with cam and resell variants"): the performers of a
-- brand's cam partner as its feed delivers them, and every click through to the partner (for the partner's
-- commission statement; the click id travels in the partner link).

CREATE TABLE cam_performers (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  handle TEXT NOT NULL,                        -- the partner's id for the performer, used in its links
  name TEXT NOT NULL,
  age INTEGER NOT NULL,
  country TEXT NOT NULL,
  image TEXT NOT NULL,                         -- a path under the brand's cdn_prefix
  shift_start INTEGER NOT NULL,                -- minutes after midnight UTC when the daily show starts
  shift_minutes INTEGER NOT NULL,              -- how long the show lasts
  position INTEGER NOT NULL,                   -- the partner's ranking
  UNIQUE (tenant_id, handle)
);
CREATE INDEX cam_performers_rank ON cam_performers (tenant_id, position);

CREATE TABLE cam_clicks (
  id TEXT PRIMARY KEY,                         -- random; the partner reports conversions against it
  tenant_id TEXT NOT NULL,
  performer_id INTEGER NOT NULL REFERENCES cam_performers (id),
  member_id INTEGER,                           -- the logged-in member, if any
  variant TEXT NOT NULL,                       -- cam | resell
  created_at TEXT NOT NULL
);
CREATE INDEX cam_clicks_recent ON cam_clicks (tenant_id, created_at);
