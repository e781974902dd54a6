import { badgeText } from '../../core/rules/badges';

const TONES = { success: 'bg-success text-white', warning: 'bg-warning text-gray-900', danger: 'bg-danger text-white' };

/** A counter pill; renders nothing for 0, '99+' above 99. */
export function CountBadge({ count, tone = 'success', label }: { count: number; tone?: keyof typeof TONES; label?: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is img whenever there is a label
    <span
      className={`ml-1 inline-block min-w-5 rounded-full px-1.5 text-center text-xs font-bold leading-5 ${TONES[tone]}`}
      role={label ? 'img' : undefined}
      aria-label={label ? `${text} ${label}` : undefined}
    >
      {text}
    </span>
  );
}
