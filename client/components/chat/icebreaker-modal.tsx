import { useTranslation } from '../../i18n';
import { Modal } from '../modal';
import { COMPOSER_ID } from './composer';

export const ICEBREAKERS = [1, 2, 3, 4, 5, 6] as const;

/** First messages to choose from (SPEC.md §2 icebreaker modal); the choice lands in the composer, not sent yet. */
export function IcebreakerModal({
  open,
  name,
  onClose,
  onPick,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('chat.icebreaker_title')} labelClose={t('common.close')} returnFocusTo={COMPOSER_ID}>
      <p className="mt-0 text-sm text-gray-600">{t('chat.icebreaker_intro', { name })}</p>
      <ul className="m-0 flex flex-col gap-2 p-0">
        {ICEBREAKERS.map((n) => {
          const text = t(`chat.icebreaker_${n}`, { name });
          return (
            <li key={n} className="list-none">
              <button type="button" className="btn btn-outline w-full text-left font-normal" onClick={() => onPick(text)}>
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
