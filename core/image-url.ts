/** SPEC.md §7: an image URL is the brand's CDN prefix plus the image path (the worker's pages and the client). */
export function imageUrl(cdnPrefix: string, path: string): string {
  return cdnPrefix.endsWith('/') || path.startsWith('/') ? `${cdnPrefix}${path}` : `${cdnPrefix}/${path}`;
}
