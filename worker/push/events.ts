import { toLanguage } from '../../core/rules/language';
import type { NotificationType } from '../../core/rules/consent';
import type { LiveEvent } from '../../core/schemas/live';
import type { PushPayload } from '../../core/schemas/push';
import { DEFAULT_LANGUAGE } from '../../core/constants';
import { translatorFor } from '../i18n';
import { toSettings } from '../auth/notification-settings';
import { findTenant } from '../brands/runtime';
import { rawEnv } from '../db/request-db';
import { sendPush } from './send';
import type { Tables } from '../db/tables';

const PREF: Partial<Record<LiveEvent['type'], NotificationType>> = { message: 'messages', like: 'likes', match: 'matches' };

type MemberRow = Pick<Tables['members'], 'status' | 'language' | 'notification_prefs' | 'email_disabled_reason' | 'invisible'>;

/**
 * The web push for an event that no open tab received: only messages, likes and matches, only when the member
 * allows push for that kind (notification settings), in the member's language. The text names the sender but
 * never quotes the message: lock screens are public.
 */
export async function pushForEvent(env: Env, tenantId: string, memberId: number, event: LiveEvent): Promise<number> {
  const pref = PREF[event.type];
  // Any isolate may send it (a hub that has never served the brand): a runtime brand is read from D1 (findTenant).
  const tenant = await findTenant(rawEnv(env).DB, tenantId);
  // The sender's own copy of a message never becomes a push to themselves.
  if (!pref || !tenant || (event.type === 'message' && event.message.from_me)) return 0;
  const row = await env.DB.prepare(
    'SELECT status, language, notification_prefs, email_disabled_reason, invisible FROM members WHERE id = ? AND tenant_id = ?',
  )
    .bind(memberId, tenantId)
    .first<MemberRow>();
  if (!row || row.status === 'deleted' || row.status === 'purged' || !toSettings(row).push[pref]) return 0;
  const t = translatorFor(toLanguage(row.language) ?? toLanguage(tenant.settings.domain_language) ?? DEFAULT_LANGUAGE);
  const payload = payloadFor(event, t, tenant.settings.name);
  return payload ? sendPush(env, tenant, memberId, payload) : 0;
}

function payloadFor(event: LiveEvent, t: ReturnType<typeof translatorFor>, brand: string): PushPayload | null {
  switch (event.type) {
    case 'message':
      return {
        type: 'message',
        title: brand,
        body: t('chat.push.message', { name: event.profile.name }),
        checkUrl: '/api/chats.php',
        openUrl: `/chats/${event.conversation_id}`,
        tag: `chat-${event.conversation_id}`,
      };
    case 'like':
      return {
        type: 'like',
        title: brand,
        body: t('chat.push.like', { name: event.profile.name }),
        checkUrl: '/api/likes.php',
        openUrl: `/likes/m/${event.profile.id}`,
        tag: 'likes',
      };
    case 'match':
      return {
        type: 'match',
        title: brand,
        body: t('chat.push.match', { name: event.profile.name }),
        checkUrl: '/api/likes.php',
        openUrl: `/likes/m/${event.profile.id}`,
        tag: 'likes',
      };
    default:
      return null;
  }
}
