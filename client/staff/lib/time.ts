/** How long someone has waited, short: "45 s", "12 min", "3 h 05 min", "2 d 4 h". */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ${String(min % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** A countdown such as a claim's remaining time: "4:07"; never below zero. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** An answer time of the figures (milliseconds, or null when nothing was answered). */
export function formatDuration(ms: number | null): string {
  return ms === null ? '–' : formatWait(ms);
}
