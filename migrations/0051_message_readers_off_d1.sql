-- Issue 49, the way there (docs/decisions/016, step 2): the last readers of D1's messages move off it.

-- The staff queue's asks-if-real flag (core/rules/asks-if-real.ts over the member's texts since the conversation
-- began to wait) is kept on the conversation row: the send's batch sets it with waiting_since (to the new text's flag
-- when the waiting begins, or-ed into it while it goes on), so the queue reads no message (was: the index
-- messages_member_texts). The conversations waiting now get it from their texts in D1, which still holds every
-- message: by substring, without the rule's word boundaries (broader: a false flag costs an operator a glance).
ALTER TABLE conversations ADD COLUMN asks_real INTEGER NOT NULL DEFAULT 0;
UPDATE conversations SET asks_real = 1
 WHERE waiting_since IS NOT NULL AND EXISTS (
   SELECT 1 FROM (SELECT ' ' || lower(m.body) || ' ' AS t FROM messages m
                   WHERE m.conversation_id = conversations.id AND m.sender_member_id IS NOT NULL AND m.kind = 'text'
                     AND m.created_at >= conversations.waiting_since
                     AND m.sender_profile_id = CASE WHEN conversations.profile_lo = conversations.fictional_profile_id
                                                    THEN conversations.profile_hi ELSE conversations.profile_lo END)
    WHERE EXISTS (SELECT 1 FROM json_each('[
      "ben je echt", "ben jij echt", "ben je wel echt", "besta je echt", "ben je nep", "nep profiel", "nepprofiel",
      "nep", "ben je een bot", "ben jij een bot", "een robot", "ben je een medewerker", "fictief", "are you real",
      "r u real", "are u real", "is this real", "fake", "a bot", "are you a bot", "a robot", "are you a person",
      "real person", "catfish", "fictional", "bist du echt", "bist du real", "gibt es dich wirklich", "gefälscht",
      "ein bot", "bist du ein bot", "ein roboter", "fiktiv", "echte person", "es-tu réel", "es-tu réelle", "tu es réel",
      "tu es réelle", "tu es vrai", "tu es vraie", "faux profil", "un faux", "un bot", "un robot", "fictif",
      "fictive", "eres real", "eres de verdad", "perfil falso", "eres falso", "eres falsa", "eres un bot", "ficticio",
      "ficticia", "sei reale", "sei vero", "sei vera", "profilo falso", "sei finto", "sei finta", "sei un bot",
      "fittizio", "fittizia", "er du ægte", "er du rigtig", "findes du", "falsk profil", "en bot", "er du en bot",
      "en robot", "er du ekte", "finnes du", "är du äkta", "är du på riktigt", "finns du", "fejk", "är du en bot",
      "oletko oikea", "oletko aito", "oletko todellinen", "feikki", "valeprofiili", "botti", "oletko botti",
      "robotti", "fiktiivinen", "jesteś prawdziwa", "jesteś prawdziwy", "czy istniejesz", "fałszywy profil",
      "bot", "jesteś botem", "robot", "fikcyjny", "fikcyjna"
    ]') phrase WHERE instr(t, phrase.value) > 0));
-- Nothing else read the index of the member's texts: one index less per message.
DROP INDEX messages_member_texts;

-- The figures' members' messages per day (worker/staff/dashboard/compute.ts) are counted per brand and UTC hour by
-- the send's batch (only the batch that stored the message: a replay adds nothing). The dashboard's mark is a full
-- hour, so today's live part (from the mark) and the rolled-up part meet exactly as they did over the messages.
CREATE TABLE member_message_hours (
  tenant_id TEXT NOT NULL,
  hour TEXT NOT NULL,                          -- YYYY-MM-DDTHH (UTC), the first 13 characters of created_at
  n INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, hour)
) WITHOUT ROWID;
INSERT INTO member_message_hours (tenant_id, hour, n)
  SELECT tenant_id, substr(created_at, 1, 13), COUNT(*) FROM messages WHERE sender_member_id IS NOT NULL GROUP BY 1, 2;
-- Nothing else read the index of the members' messages per day.
DROP INDEX messages_members_day;
