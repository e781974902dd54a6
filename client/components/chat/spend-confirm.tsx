import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { settingsAtom, userAtom } from '../../state/atoms';
import { Modal } from '../modal';
import { askBeforeSpendAtom, rememberNotAsking, spendQuestion, type PendingSpend } from './spend-question';

/**
 * Before a gift or photo is paid: its price and the balance after it (spend-question.ts), send or cancel, and
 * "don't ask again during this visit". The price is the brand's (settings), the balance the member's as the server
 * last said it (`user.credits`, kept current by the live socket and every answer that spends).
 */
export function SpendConfirm({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingSpend | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const setAsk = useSetAtom(askBeforeSpendAtom);
  const [dontAsk, setDontAsk] = useState(false);
  if (!pending) return null;
  const price = pending.kind === 'gift' ? settings.gift_credits : settings.photo_credits;
  const question = spendQuestion(price, user?.credits ?? 0);
  const confirm = () => {
    if (dontAsk) {
      setAsk(false);
      rememberNotAsking();
    }
    onConfirm();
  };
  return (
    <Modal open title={t('chat.spend_title')} onClose={onCancel} labelClose={t('common.close')} size="sm">
      <div data-testid="spend-confirm">
        <p className="mt-0">{t(pending.kind === 'gift' ? 'chat.spend_gift' : 'chat.spend_photo', { count: question.price })}</p>
        {question.enough ? (
          <p data-testid="spend-after">{t('chat.spend_after', { count: question.after })}</p>
        ) : (
          <p role="alert">{t('chat.spend_short', { count: question.balance })}</p>
        )}
        {question.enough && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} data-testid="spend-dont-ask" />
            {t('chat.spend_dont_ask')}
          </label>
        )}
        <p className="mb-0 mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('chat.spend_cancel')}
          </button>
          {question.enough ? (
            <button type="button" className="btn btn-primary" onClick={confirm} data-testid="spend-send">
              {t('chat.spend_send')}
            </button>
          ) : (
            <a href="/credits" className="btn btn-primary">
              {t('chat.spend_buy')}
            </a>
          )}
        </p>
      </div>
    </Modal>
  );
}
