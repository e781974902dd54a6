-- Answering fictional profiles (issue 14, docs/api/staff.md "Answering").

-- The workspace lists a brand's fictional profiles by name without reading the brand's member profiles.
CREATE INDEX profiles_fictional ON profiles (tenant_id, name) WHERE fictional = 1 AND member_id IS NULL;

-- Conversations with fictional profiles from before 0012 learn their fictional side, and those whose newest
-- messages are the member's wait in the queue from the first unanswered one (new ones are marked by the send).
UPDATE conversations
   SET fictional_profile_id = (SELECT p.id FROM profiles p WHERE p.id IN (conversations.profile_lo, conversations.profile_hi)
                                  AND p.fictional = 1 AND p.member_id IS NULL)
 WHERE fictional_profile_id IS NULL;

UPDATE conversations
   SET waiting_since = (SELECT MIN(m.created_at) FROM messages m
                         WHERE m.conversation_id = conversations.id AND m.sender_profile_id != conversations.fictional_profile_id
                           AND m.id > COALESCE((SELECT MAX(x.id) FROM messages x WHERE x.conversation_id = conversations.id
                                                   AND x.sender_profile_id = conversations.fictional_profile_id), 0))
 WHERE fictional_profile_id IS NOT NULL AND waiting_since IS NULL;
