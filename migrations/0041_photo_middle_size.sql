-- Sharp photos (docs/decisions/015-sharp-photos.md): a photo the browser encoded in three sizes has a middle one
-- (640 px on the long side, for cards and the profile page's column) beside the full photo and its thumbnail.
-- NULL for every photo stored before, and for uploads that took the re-encode path (they are 640 px at most anyway).
ALTER TABLE photos ADD COLUMN mid_filename TEXT;
