import { useAtomValue } from 'jotai';
import { settingsAtom } from '../state/atoms';
import { Icon } from './icon';

/**
 * The fictional-profile marker (issue 45, item 12): a Lucide icon drawn in CSS plus the brand's words
 * (fictional_singular), never the tenant's fictional_icon emoji, which a phone without an emoji font shows as an empty
 * box. `text={false}` where the words follow in the sentence beside it (the icon alone is decorative).
 */
export function FictionalMark({ text = true }: { text?: boolean }) {
  const settings = useAtomValue(settingsAtom);
  return (
    <span className="inline-flex items-center gap-1 align-middle" data-testid="fictional-mark">
      <Icon name="i-lucide-drama" />
      {text && <span>{settings.fictional_singular}</span>}
    </span>
  );
}
