/**
 * Dismissed alerts (SPEC.md §3: stored with a timestamp under hide-enrich-alert, hide-push-notification-alert, …):
 * the ISO time it happened, kept in this browser; a dismissal lapses after `days`.
 */
export function dismissedRecently(key: string, days: number): boolean {
  try {
    const at = Date.parse(localStorage.getItem(key) ?? '');
    return Number.isFinite(at) && Date.now() - at < days * 86_400_000;
  } catch {
    return false;
  }
}

export function dismiss(key: string): void {
  try {
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // storage refused (private mode): the alert just comes back next time
  }
}
