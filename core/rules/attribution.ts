/**
 * Which click brought a visitor (issue 47 item 2): the last non-direct click within its network's attribution
 * window wins. A visit without network parameters is direct and never replaces a click (the click cookie is only
 * written by a paid click), so the candidates are the paid clicks the visitor carries. A member keeps the click
 * chosen at signup for life: later conversions do not ask again.
 */
export interface ClickCandidate {
  id: string;
  networkId: number;
  /** ISO time of the click. */
  at: string;
  /** The network's attribution window in days. */
  windowDays: number;
}

export const DEFAULT_ATTRIBUTION_DAYS = 30;

/** The click that counts at `now`, or null (direct): the latest click not in the future and not older than its window. */
export function attributedClick<T extends ClickCandidate>(candidates: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const click of candidates) {
    const at = Date.parse(click.at);
    if (Number.isNaN(at) || at > now.getTime()) continue;
    if (now.getTime() - at > click.windowDays * 86_400_000) continue;
    if (!best || at > Date.parse(best.at)) best = click;
  }
  return best;
}

/** The device class of a user agent, for the click's report: mobile, tablet or desktop. */
export function deviceClass(userAgent: string | null | undefined): 'mobile' | 'tablet' | 'desktop' {
  const ua = (userAgent ?? '').slice(0, 512);
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}
