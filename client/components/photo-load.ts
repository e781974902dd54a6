/**
 * How a card's photo loads. `first`: the grid's first row on a phone (two cards), the page's largest paint, fetched
 * at high priority before the other images. `eager`: the rest of a phone's first screen, fetched at once. `lazy`: when
 * near the viewport.
 */
export type PhotoLoad = 'first' | 'eager' | 'lazy';

/** The photo load of the card at `index` of a grid; a grid that does not open its page (`leads` false) has no `first`. */
export function gridPhotoLoad(index: number, leads = true): PhotoLoad {
  if (leads && index < 2) return 'first';
  return index < 4 ? 'eager' : 'lazy';
}

/** The `<img>` attributes of a photo load. */
export function photoLoadProps(load: PhotoLoad) {
  return { loading: load === 'lazy' ? 'lazy' : 'eager', fetchPriority: load === 'first' ? 'high' : undefined } as const;
}
