import { useAtomValue } from 'jotai';
import type { ChatProfile } from '../../../core/schemas/chat';
import { imageUrl } from '../../../core/image-url';
import { settingsAtom } from '../../state/atoms';
import { FictionalMark } from '../fictional-mark';

/** A round profile photo, or the name's initial when there is none. */
export function Avatar({ profile, size = 44 }: { profile: ChatProfile; size?: number }) {
  const settings = useAtomValue(settingsAtom);
  const style = { width: size, height: size };
  if (!profile.main_image) {
    return (
      <span
        aria-hidden="true"
        style={style}
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-secondary font-bold text-white"
      >
        {profile.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={imageUrl(settings.cdn_prefix, profile.main_image.thumb_filename)}
      alt=""
      width={size}
      height={size}
      style={style}
      className="shrink-0 rounded-full object-cover"
    />
  );
}

/** The brand's fictional label (the marker's icon and fictional_singular, fictional_warning as its hint). */
export function FictionalLabel({ long = false }: { long?: boolean }) {
  const settings = useAtomValue(settingsAtom);
  return (
    <span
      data-testid="fictional-label"
      title={settings.fictional_warning}
      className="inline-flex items-center gap-1 rounded-full bg-gray-800 px-2 py-0.5 text-xs font-normal text-white"
    >
      <FictionalMark text={false} />
      {long ? settings.fictional_singular : <span className="sr-only">{settings.fictional_singular}</span>}
    </span>
  );
}
