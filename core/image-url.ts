import { SHARP_PHOTO, fitSide } from './photo-rules';

const SHARP_FULL_SIDE = SHARP_PHOTO.fullSide;
const MID_SIDE = SHARP_PHOTO.midSide;
const THUMB_SIDE = SHARP_PHOTO.thumbSide;

/** SPEC.md §7: an image URL is the brand's CDN prefix plus the image path (the worker's pages and the client). */
export function imageUrl(cdnPrefix: string, path: string): string {
  return cdnPrefix.endsWith('/') || path.startsWith('/') ? `${cdnPrefix}${path}` : `${cdnPrefix}/${path}`;
}

/** A photo's stored sizes as the API gives them (core/schemas/user.ts ImageSchema; the sizes are optional). */
export interface ImageFiles {
  filename: string;
  thumb_filename: string;
  mid_filename?: string;
  width?: number | null;
  height?: number | null;
}

/**
 * `srcset` with w descriptors for a photo's stored sizes (docs/decisions/015-sharp-photos.md): the thumbnail, the
 * 640 px size when there is one, and the full photo, each with its width (derived from the full photo's, as the
 * upload scaled them). A photo whose full width is unknown and has no middle size gets none: its `src` is all there is.
 * Without the full size known, a three-size photo is described by its long sides (320, 640, 1080), which for a
 * portrait photo overstates each width alike, so the browser still picks the sizes in the right order.
 */
export function imageSrcSet(cdnPrefix: string, image: ImageFiles): string | undefined {
  const known = image.width && image.height ? { width: image.width, height: image.height } : null;
  if (!known && !image.mid_filename) return undefined;
  const full = known ?? { width: SHARP_FULL_SIDE, height: SHARP_FULL_SIDE };
  const widthAt = (side: number) => fitSide(full.width, full.height, side).width;
  const candidates: [string, number][] = [[image.thumb_filename, widthAt(THUMB_SIDE)]];
  if (image.mid_filename) candidates.push([image.mid_filename, widthAt(MID_SIDE)]);
  candidates.push([image.filename, full.width]);
  // A photo smaller than a size is not enlarged: equal widths would only repeat themselves.
  const seen = new Set<number>();
  return candidates
    .filter(([, w]) => !seen.has(w) && seen.add(w))
    .map(([path, w]) => `${imageUrl(cdnPrefix, path)} ${w}w`)
    .join(', ');
}

/** `sizes` for the places photos are shown: the card grids (2 to 6 columns), the profile page's column, own photos. */
export const IMAGE_SIZES = {
  card: '(min-width: 1280px) 17vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  profile: '(min-width: 768px) 42vw, 100vw',
  ownPhoto: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
} as const;
