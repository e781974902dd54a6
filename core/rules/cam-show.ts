/** A cam performer's daily show, as the partner's feed states it: from `start` (minutes after midnight UTC) for `minutes`. */
export interface DailyShow {
  start: number;
  minutes: number;
}

const DAY_MINUTES = 24 * 60;

/** Whether the show is on at `now`, and otherwise in how many whole minutes (rounded up) it starts. */
export function showState(show: DailyShow, now: Date): { live: boolean; startsInMinutes: number } {
  const minuteOfDay = now.getUTCHours() * 60 + now.getUTCMinutes() + now.getUTCSeconds() / 60;
  const sinceStart = (((minuteOfDay - show.start) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  if (sinceStart < show.minutes) return { live: true, startsInMinutes: 0 };
  return { live: false, startsInMinutes: Math.ceil(DAY_MINUTES - sinceStart) };
}
