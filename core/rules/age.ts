/** Age in whole years on `today` (YYYY-MM-DD) of someone born on `birthdate` (YYYY-MM-DD). */
export function ageOnDay(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Age in whole years at the instant `now` (its UTC date): the one age rule of signup, profiles and the workspace. */
export function ageOn(birthdate: string, now: Date): number {
  return ageOnDay(birthdate, now.toISOString().slice(0, 10));
}
