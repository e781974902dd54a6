// Notification e-mails (issue 18, items 1-2): the rules that decide whether and when a message, like or match
// becomes a mail. Pure, so the Durable Object alarm, the tests and the docs read the same numbers.

/** The notification types that become a mail here; `news` is the marketing consent (issue 17), for the brand's own newsletters. */
export const MAIL_NOTIFICATION_TYPES = ['messages', 'likes', 'matches'] as const;
export type MailNotificationType = (typeof MAIL_NOTIFICATION_TYPES)[number];

/** At most one mail per type per member in this many hours; what arrives meanwhile joins the next mail. */
export const MAIL_BATCH_HOURS = 4;
/** A member with a socket open or closed this recently, or active this recently, is online: no mail. */
export const MAIL_ONLINE_MINUTES = 2;
/** How long the member's hub waits after the first pending event before it decides: a burst becomes one mail. */
export const MAIL_DELAY_MS = MAIL_ONLINE_MINUTES * 60_000;
/** Quiet hours in the member's country: no mail from 23:00 until 08:00 local time. */
export const QUIET_FROM_HOUR = 23;
export const QUIET_UNTIL_HOUR = 8;

/**
 * Each country's main time zone (the one most of its people live in): the countries of COUNTRY_LANGUAGES.
 * A country not listed falls back to Europe/Amsterdam, the engine's home.
 */
export const COUNTRY_TIME_ZONE: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  IE: 'Europe/Dublin',
  GB: 'Europe/London',
  CA: 'America/Toronto',
  PL: 'Europe/Warsaw',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  CH: 'Europe/Zurich',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  US: 'America/New_York',
};
export const FALLBACK_TIME_ZONE = 'Europe/Amsterdam';

export const timeZoneOf = (country: string | null | undefined): string =>
  (country && COUNTRY_TIME_ZONE[country.toUpperCase()]) || FALLBACK_TIME_ZONE;

/** Hour and minute on the wall clock of the member's country at `now`. */
export function localTime(country: string | null | undefined, now: Date): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZoneOf(country),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: value('hour'), minute: value('minute') };
}

/**
 * null when a mail may go now; otherwise the moment the quiet hours end (08:00 local, to the minute). Across a
 * daylight-saving change the answer may be an hour off; the alarm then simply checks again.
 */
export function quietUntil(country: string | null | undefined, now: Date): Date | null {
  const { hour, minute } = localTime(country, now);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const minutesLeft = (QUIET_UNTIL_HOUR * 60 - (hour * 60 + minute) + 24 * 60) % (24 * 60);
  const at = new Date(now.getTime() + minutesLeft * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** The last send at or before this moment leaves room for a new mail of the same type. */
export const batchWindowStart = (now: Date): string => new Date(now.getTime() - MAIL_BATCH_HOURS * 3_600_000).toISOString();

/** When a mail of a type sent at `lastSentAt` allows the next one. */
export const nextMailAfter = (lastSentAt: string): Date => new Date(Date.parse(lastSentAt) + MAIL_BATCH_HOURS * 3_600_000);
