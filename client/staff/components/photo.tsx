import type { Image } from '../../../core/schemas/user';
import { imageUrl } from '../lib/boot';

/** A thumbnail of a brand's photo; `alt` says whose it is. */
export function Thumb({ brand, image, alt, size = 96 }: { brand: string; image: Image; alt: string; size?: number }) {
  return <img className="thumb" src={imageUrl(brand, image.thumb_filename)} alt={alt} width={size} height={size} loading="lazy" />;
}
