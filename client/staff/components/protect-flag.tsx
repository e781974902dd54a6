import type { StaffConversation } from '../../../core/schemas/staff-answers';
import { t } from '../lib/i18n';

/**
 * The "protect" flag (issue 45, item 11): the server found the member's spending looks like harm, or they limited or
 * paused their own spending. Beside it the workspace's honesty rules, with the disclosure the composer sends in one
 * click, and the instruction not to push them to buy.
 */
export function ProtectFlag({ conversation }: { conversation: StaffConversation }) {
  const { protect } = conversation;
  if (!protect.flagged) return null;
  return (
    <section className="alert alert-warning" role="note" aria-labelledby="protect-title" data-testid="protect-flag">
      <h2 id="protect-title">{t('protect.title')}</h2>
      <ul>
        {protect.reasons.map((reason) => (
          <li key={reason}>{t(`protect.reason_${reason}`)}</li>
        ))}
      </ul>
      <p>
        <strong>{t('protect.instruction')}</strong>
      </p>
      <p>{t('protect.honesty')}</p>
      <blockquote data-testid="protect-disclosure">{conversation.disclosure_text}</blockquote>
    </section>
  );
}
