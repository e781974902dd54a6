-- Core tables of the engine. Every row that belongs to a brand carries tenant_id, and every query filters on it.
-- Times are ISO-8601 UTC text; dates of birth are YYYY-MM-DD text so range filters compare as strings.

CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  email TEXT NOT NULL,                         -- stored lower-cased
  password_hash TEXT,
  status TEXT NOT NULL DEFAULT 'not_confirmed', -- not_confirmed | confirmed | deleted
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  paid_user INTEGER NOT NULL DEFAULT 0,
  language TEXT,
  signup_date TEXT NOT NULL,
  notifications_disabled TEXT NOT NULL DEFAULT '[]', -- JSON list of notification types switched off
  invisible INTEGER NOT NULL DEFAULT 0,
  traffic_source TEXT,                         -- JSON {network, ref, sub1, sub2, sub3} from the landing URL
  deleted_at TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX members_email ON members (tenant_id, email);

-- A profile is what others see. Operator-made (fictional) profiles have no member.
CREATE TABLE profiles (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  member_id INTEGER REFERENCES members (id),
  name TEXT NOT NULL,
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female')),
  sexuality TEXT NOT NULL CHECK (sexuality IN ('hetero', 'gay', 'lesbian', 'bi')),
  birthdate TEXT NOT NULL,
  country TEXT NOT NULL,
  region TEXT,                                 -- region code within the country (regions.code)
  city TEXT,
  hair_colour TEXT,
  eye_colour TEXT,
  body_type TEXT CHECK (body_type IS NULL OR body_type IN ('slim', 'normal', 'fat')),
  relationship_status TEXT CHECK (relationship_status IS NULL OR relationship_status IN
    ('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed')),
  about TEXT,
  fictional INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active',       -- active | disabled
  searchable INTEGER NOT NULL DEFAULT 1,       -- 0 while invisible, disabled or deleted
  main_photo_id INTEGER,
  last_active TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX profiles_member ON profiles (member_id) WHERE member_id IS NOT NULL;
-- Search always knows the tenant, the gender and the country; region and age narrow further.
CREATE INDEX profiles_search_region ON profiles (tenant_id, searchable, gender, country, region, birthdate);
CREATE INDEX profiles_search_country ON profiles (tenant_id, searchable, gender, country, birthdate);
CREATE INDEX profiles_recent ON profiles (tenant_id, searchable, last_active);

CREATE TABLE photos (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  profile_id INTEGER NOT NULL REFERENCES profiles (id),
  filename TEXT NOT NULL,                      -- path below the CDN prefix, random and server-made
  thumb_filename TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',      -- pending | active | rejected
  private INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  width INTEGER,
  height INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX photos_profile ON photos (tenant_id, profile_id, position);
-- Foreign-key checks when a profile is deleted look photos up by profile_id alone.
CREATE INDEX photos_by_profile ON photos (profile_id);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,                 -- SHA-256 of the cookie's token; the token itself is never stored
  tenant_id TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX sessions_member ON sessions (tenant_id, member_id);

-- Shared reference data (not per brand).
CREATE TABLE interests (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  icon TEXT NOT NULL
);
CREATE TABLE profile_interests (
  tenant_id TEXT NOT NULL,
  profile_id INTEGER NOT NULL REFERENCES profiles (id),
  interest_id INTEGER NOT NULL REFERENCES interests (id),
  PRIMARY KEY (profile_id, interest_id)
);
CREATE TABLE regions (
  country TEXT NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (country, code)
);

-- Seed bookkeeping: which data set version is loaded, so npm start seeds once.
CREATE TABLE seed_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
