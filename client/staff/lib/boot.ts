import type { StaffBoot, StaffBrandInfo } from '../../../core/staff-boot';

/** The page's boot data (worker/staff/pages.ts), read once. */
export const boot: StaffBoot = JSON.parse(document.getElementById('__STAFF__')?.textContent ?? 'null') ?? {
  brand: '',
  language: 'en',
  brands: [],
};

export function brandInfo(id: string): StaffBrandInfo | undefined {
  return boot.brands.find((b) => b.id === id);
}

export const brandName = (id: string) => brandInfo(id)?.name ?? id;

/** The brand's site, for links to its pages (its own host may be another than the workspace's). */
export const siteOf = (id: string) => brandInfo(id)?.origin ?? '';

/** An image URL: the brand's CDN prefix plus the image path (as the members' client builds it). */
export function imageUrl(brand: string, path: string): string {
  const prefix = brandInfo(brand)?.cdn ?? '/media/';
  return prefix.endsWith('/') || path.startsWith('/') ? `${prefix}${path}` : `${prefix}/${path}`;
}
