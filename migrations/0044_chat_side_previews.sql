-- Issue 49, the way there (docs/decisions/016, step 1): the chat list reads each member's side, never the messages.
-- Each side keeps the conversation's newest message (`last_message`, its text cut to 80 characters), the member's own
-- newest (`last_own`: what the list shows while the peer's messages are held from the member) and how many of the
-- peer's messages the member has not read (`unread`, held ones included: they count from the moment they show).
-- The send's batch writes them together with the charge; the read mark and hiding reset `unread`.
ALTER TABLE chat_sides ADD COLUMN last_message TEXT;
ALTER TABLE chat_sides ADD COLUMN last_own TEXT;
ALTER TABLE chat_sides ADD COLUMN unread INTEGER NOT NULL DEFAULT 0;

-- The sides that exist: from D1's messages, which still hold every message at this point.
UPDATE chat_sides SET
  last_message = (SELECT json_object('id', m.id, 'sender_profile_id', m.sender_profile_id, 'kind', m.kind, 'body', substr(m.body, 1, 80),
      'gift', m.gift, 'photo_id', m.photo_id, 'client_key', m.client_key, 'created_at', m.created_at)
    FROM messages m WHERE m.conversation_id = chat_sides.conversation_id ORDER BY m.id DESC LIMIT 1),
  last_own = (SELECT json_object('id', m.id, 'sender_profile_id', m.sender_profile_id, 'kind', m.kind, 'body', substr(m.body, 1, 80),
      'gift', m.gift, 'photo_id', m.photo_id, 'client_key', m.client_key, 'created_at', m.created_at)
    FROM messages m WHERE m.conversation_id = chat_sides.conversation_id AND m.sender_profile_id != chat_sides.peer_profile_id
    ORDER BY m.id DESC LIMIT 1),
  unread = (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = chat_sides.conversation_id
    AND m.sender_profile_id = chat_sides.peer_profile_id AND m.id > chat_sides.read_upto AND m.id > chat_sides.cleared_upto);

-- Who received which photo in a chat (a private photo sent in a message may be viewed by its recipient): written by
-- the send's batch for a photo message, read by the photo route and the notices instead of the messages.
CREATE TABLE photo_grants (
  tenant_id TEXT NOT NULL,
  photo_id INTEGER NOT NULL,
  recipient_profile_id INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, photo_id, recipient_profile_id)
) WITHOUT ROWID;

INSERT INTO photo_grants (tenant_id, photo_id, recipient_profile_id)
  SELECT DISTINCT tenant_id, photo_id, recipient_profile_id FROM messages WHERE photo_id IS NOT NULL;
