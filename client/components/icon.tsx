/**
 * A Lucide icon as pure CSS (UnoCSS preset-icons, uno.config.ts): the name's class holds the SVG inlined in the
 * stylesheet and `icon` draws it as a mask, so there is no icon JS and no emoji box on a phone without an emoji
 * font. Decorative: the element around it carries the words (text, sr-only text or aria-label). Names are written
 * out in full so UnoCSS finds them.
 */
export type IconName =
  | 'i-lucide-arrow-left'
  | 'i-lucide-search'
  | 'i-lucide-message-circle'
  | 'i-lucide-heart'
  | 'i-lucide-star'
  | 'i-lucide-user'
  | 'i-lucide-globe'
  | 'i-lucide-gift'
  | 'i-lucide-camera'
  | 'i-lucide-lightbulb'
  | 'i-lucide-clock'
  | 'i-lucide-check'
  | 'i-lucide-check-check'
  | 'i-lucide-circle-alert'
  | 'i-lucide-x'
  | 'i-lucide-map-pin'
  | 'i-lucide-eye'
  | 'i-lucide-eye-off'
  | 'i-lucide-image-off'
  | 'i-lucide-thumbs-up'
  | 'i-lucide-party-popper'
  | 'i-lucide-mail'
  | 'i-lucide-bell'
  | 'i-lucide-glasses'
  | 'i-lucide-sparkles'
  | 'i-lucide-arrow-right'
  | 'i-lucide-repeat'
  | 'i-lucide-hourglass'
  | 'i-lucide-hand'
  | 'i-lucide-circle-check'
  | 'i-lucide-undo-2'
  | 'i-lucide-shield-check'
  | 'i-lucide-lock'
  | 'i-lucide-ban'
  | 'i-lucide-landmark'
  | 'i-lucide-video'
  | 'i-lucide-drama';

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return <span className={`icon ${name} ${className}`.trim()} aria-hidden="true" />;
}
