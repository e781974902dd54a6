// Consent is opt-in (issue 17, items 6 and 9). A member gives or withdraws three consents: the terms (at signup),
// marketing e-mail (the `news` notification type) and push. Each is logged with the version of the text the
// member was shown; bump a version here whenever its catalogue text changes meaning.

export const CONSENT_KINDS = ['terms', 'marketing', 'push'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Versions of the consent texts (signup.account.marketing, consent.push); the terms carry their own date. */
export const CONSENT_TEXT_VERSION: Record<Exclude<ConsentKind, 'terms'>, string> = {
  marketing: '2026-11-24',
  push: '2026-11-24',
};

/** What a member can be notified of, by push and by mail. */
export const NOTIFICATION_TYPES = ['messages', 'likes', 'matches', 'news'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Which notification types are on for a member who never chose: everything about their own contacts, but no
 * marketing (`news`) until they turn it on themselves.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, boolean> = {
  messages: true,
  likes: true,
  matches: true,
  news: false,
};
