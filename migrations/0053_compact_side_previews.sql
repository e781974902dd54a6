-- Issue 49's budget of D1 bytes per message: once a conversation's messages live in its object, its sides are most
-- of what it costs D1, and their previews were most of a side. A preview becomes a JSON array in the order of
-- worker/chat/side-preview.ts (id, sender, kind, text, gift, photo, time) without the send's key, and `last_own`
-- goes: the list reads the member's own newest from the log in the rare case the peer's messages are held.
UPDATE chat_sides
   SET last_message = json_array(json_extract(last_message, '$.id'), json_extract(last_message, '$.sender_profile_id'),
         json_extract(last_message, '$.kind'), json_extract(last_message, '$.body'), json_extract(last_message, '$.gift'),
         json_extract(last_message, '$.photo_id'), json_extract(last_message, '$.created_at'))
 WHERE json_type(last_message) = 'object';
ALTER TABLE chat_sides DROP COLUMN last_own;
