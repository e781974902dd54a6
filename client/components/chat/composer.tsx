import { useAtomValue } from 'jotai';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { Gift } from '../../../core/chat-constants';
import { countryAtom, settingsAtom, userAtom } from '../../state/atoms';
import { GiftPicker } from './gift-picker';
import { PhotoPicker } from './photo-picker';
import { messagePrice } from './price';
import { SpendConfirm } from './spend-confirm';
import { askBeforeSpendAtom, type PendingSpend } from './spend-question';
import { Icon, type IconName } from '../icon';

interface ComposerProps {
  draft: string;
  setDraft: (text: string) => void;
  onSendText: (text: string) => void;
  onSendGift: (gift: Gift) => void;
  onSendPhoto: (photoId: number) => void;
  onIcebreakers: () => void;
}

/** The message box's id: dialogs over the conversation give it the focus back when they close. */
export const COMPOSER_ID = 'composer-text';

/** Text box, send, gift and photo buttons, and what a message costs (credits and, per country, money). */
export function Composer({ draft, setDraft, onSendText, onSendGift, onSendPhoto, onIcebreakers }: ComposerProps) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const [picker, setPicker] = useState<'gift' | 'photo' | null>(null);
  // A gift or photo costs more than a message: asked once before it is paid, unless turned off for the visit.
  const ask = useAtomValue(askBeforeSpendAtom);
  const [pending, setPending] = useState<PendingSpend | null>(null);
  const spend = (what: PendingSpend) => {
    if (ask) return setPending(what);
    if (what.kind === 'gift') onSendGift(what.gift as Gift);
    else onSendPhoto(what.photoId);
  };
  const max = settings.message_length;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim()) return;
    onSendText(draft);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) submit(e);
  };
  return (
    <form onSubmit={submit} className="border-t border-gray-200 bg-white p-2" aria-label={t('chat.composer')}>
      {/* On a phone the text gets the whole width, the buttons a row under it; from 576 px all share one row. */}
      <div className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
        <ToolButton icon="i-lucide-gift" label={t('chat.gift')} onClick={() => setPicker('gift')} />
        <ToolButton icon="i-lucide-camera" label={t('chat.photo_send')} onClick={() => setPicker('photo')} />
        <ToolButton icon="i-lucide-lightbulb" label={t('chat.icebreaker_open')} onClick={onIcebreakers} />
        <label className="order-first basis-full sm:order-none sm:flex-1">
          <span className="sr-only">{t('chat.placeholder')}</span>
          <textarea
            id={COMPOSER_ID}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
            maxLength={max}
            rows={2}
            placeholder={t('chat.placeholder')}
            className="w-full resize-none rounded-lg border border-gray-300 p-2 font-inherit"
            data-testid="composer-text"
          />
        </label>
        <button type="submit" className="btn btn-primary ml-auto sm:ml-0" disabled={!draft.trim()}>
          {t('chat.send')}
        </button>
      </div>
      <PriceLine length={draft.length} max={max} />
      <GiftPicker
        open={picker === 'gift'}
        onClose={() => setPicker(null)}
        onPick={(gift) => {
          setPicker(null);
          spend({ kind: 'gift', gift });
        }}
      />
      <PhotoPicker
        open={picker === 'photo'}
        onClose={() => setPicker(null)}
        onPick={(photoId) => {
          setPicker(null);
          spend({ kind: 'photo', photoId });
        }}
      />
      <SpendConfirm
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const what = pending;
          setPending(null);
          if (what?.kind === 'gift') onSendGift(what.gift as Gift);
          else if (what) onSendPhoto(what.photoId);
        }}
      />
    </form>
  );
}

/** An icon button beside the text box (gift, photo, icebreakers); its label is also its tooltip. */
function ToolButton({ icon, label, onClick }: { icon: IconName; label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline px-3" onClick={onClick} title={label} aria-label={label}>
      <Icon name={icon} />
    </button>
  );
}

/** Under the box: a message's price (credits, and money where the country wants it), credits left, and the length. */
function PriceLine({ length, max }: { length: number; max: number }) {
  const { t, i18n } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const country = useAtomValue(countryAtom);
  const money = messagePrice(settings, user?.profile.country ?? country, i18n.language, user?.currency);
  return (
    <p className="m-0 mt-1 flex justify-between text-xs text-gray-600">
      <span data-testid="message-price">
        {money
          ? t('chat.price_money', { credits: settings.message_credits, money })
          : t('chat.price', { credits: settings.message_credits })}
        {user && <> · {t('chat.credits_left', { count: user.credits })}</>}
      </span>
      <span aria-live="polite">
        {length}/{max}
      </span>
    </p>
  );
}
