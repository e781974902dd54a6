-- The media route (worker/photos/access.ts) decides per request who may see an uploaded photo: it finds the photo by
-- its file name, and a private photo sent in a chat by the message that carries it.
CREATE INDEX photos_filename ON photos (tenant_id, filename);
CREATE INDEX messages_photo ON messages (tenant_id, photo_id) WHERE photo_id IS NOT NULL;
