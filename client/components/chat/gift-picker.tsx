import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { GIFTS, giftImage, type Gift } from '../../../core/chat-constants';
import { settingsAtom } from '../../state/atoms';
import { Modal } from '../modal';

/** The gift catalogue (core/schemas/chat.ts GIFTS, images in public/gifts/); each gift costs gift_credits. */
export function GiftPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (gift: Gift) => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  return (
    <Modal open={open} onClose={onClose} title={t('chat.gift_title')} labelClose={t('common.close')}>
      <p className="mt-0 text-sm text-gray-600">{t('chat.gift_price', { credits: settings.gift_credits })}</p>
      {/* Three to a row on the narrowest phones, where four would squeeze the names ("Champagner") out of their tiles. */}
      <ul className="m-0 grid grid-cols-4 gap-2 p-0 max-[379px]:grid-cols-3">
        {GIFTS.map((gift) => (
          <li key={gift} className="list-none">
            <button
              type="button"
              onClick={() => onPick(gift)}
              data-testid={`gift-${gift}`}
              className="flex w-full flex-col items-center rounded-lg border border-gray-200 bg-white p-2 text-xs hover:bg-gray-50"
            >
              <img src={giftImage(gift)} alt="" width={56} height={56} className="h-auto max-w-full" />
              {t(`chat.gifts.${gift}`)}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
