import { useAtomValue } from 'jotai';
import { useTranslation } from '../i18n';
import type { ProfileCard as Card } from '../../core/schemas/profile';
import { Link } from '../navigation';
import { settingsAtom } from '../state/atoms';
import { IMAGE_SIZES, imageSrcSet, imageUrl } from '../../core/image-url';
import { type PhotoLoad, photoLoadProps } from './photo-load';
import { FictionalMark } from './fictional-mark';

/**
 * A profile in a grid. Fictional profiles always carry the brand's fictional icon and label. A card of the first
 * screen loads its photo at once (`load`). The others load their photo when near the viewport, and the browser
 * styles and lays them out only then (`content-visibility: auto`, ~270 px tall until it has measured one), so a grid
 * of 24 costs a phone's first frame the cards it shows (docs/edge-cache.md, "Blocking time on /members: hydration
 * in slices").
 */
export function ProfileCard({ profile, load = 'lazy', href, badge }: { profile: Card; load?: PhotoLoad; href?: string; badge?: string }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const src = profile.main_image ? imageUrl(settings.cdn_prefix, profile.main_image.thumb_filename) : null;
  return (
    <li className={load === 'lazy' ? 'list-none [content-visibility:auto] [contain-intrinsic-size:auto_270px]' : 'list-none'}>
      <Link
        href={href ?? `/members/${profile.id}`}
        className="group block overflow-hidden rounded-xl bg-white text-gray-900 no-underline shadow-sm ring-1 ring-black/5 hover:shadow-md"
      >
        <div className="relative aspect-[4/5] bg-gray-200">
          {src && (
            <img
              src={src}
              srcSet={profile.main_image ? imageSrcSet(settings.cdn_prefix, profile.main_image) : undefined}
              sizes={IMAGE_SIZES.card}
              alt={t('profile.photo_of', { name: profile.name })}
              width={320}
              height={400}
              {...photoLoadProps(load)}
              decoding="async"
              className="h-full w-full object-cover"
            />
          )}
          {badge && (
            <span
              className="absolute right-2 top-2 rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="card-badge"
            >
              {badge}
            </span>
          )}
          {profile.fictional && (
            <span
              className="absolute left-2 top-2 rounded-full bg-black/70 px-2 py-0.5 text-xs text-white"
              data-testid="fictional-label"
              title={settings.fictional_warning}
            >
              <FictionalMark />
            </span>
          )}
        </div>
        <div className="px-3 py-2">
          <p className="m-0 truncate font-semibold">
            {profile.name}, {profile.age}
          </p>
          <p className="m-0 truncate text-sm text-gray-600">{profile.city ?? profile.country}</p>
        </div>
      </Link>
    </li>
  );
}
