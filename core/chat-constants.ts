// Chat and push constants the client needs without zod (core/schemas/chat.ts and push.ts re-export them): the
// chat chunk stays small because it does not pull in the schema library.

/** The gift catalogue: each gift has an image at /gifts/<id>.svg and a name in the catalogue (chat.gifts.<id>). */
export const GIFTS = ['rose', 'heart', 'chocolate', 'champagne', 'teddy', 'diamond', 'cocktail', 'kiss'] as const;
export type Gift = (typeof GIFTS)[number];
export const giftImage = (gift: string) => `/gifts/${gift}.svg`;

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Messages per page of history; older pages are fetched with ?before=<oldest id>. */
export const MESSAGE_PAGE = 30;

/** SPEC.md §4 push states. */
export type PushState = 'unknown' | 'capable' | 'subscribed' | 'denied';

/** localStorage keys of the alerts' dismissals (SPEC.md §3), each holding the ISO time it was dismissed. */
export const DISMISS_KEYS = {
  pushAlert: 'hide-push-notification-alert',
  disabledAlert: 'hide-disabled-notifications-alert',
  enrichAlert: 'hide-enrich-alert',
} as const;
/** A dismissed alert comes back after this long: a member who said "not now" may say yes a month later. */
export const DISMISS_DAYS = 30;
