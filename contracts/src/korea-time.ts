/**
 * Days as people in Korea count them: Korea keeps UTC+9 all year (no daylight saving), so a
 * Korean calendar day is the UTC day of the instant moved nine hours on. Every Korean day, week
 * and "end of today" of the platform is computed here.
 */
const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Korea's offset as ISO 8601 writes it, for a time people give on Korean clocks. */
export const koreaUtcOffset = '+09:00';

/** The instant a Korean calendar day (YYYY-MM-DD) begins. */
export function startOfKoreanDay(day: string): Date {
  return new Date(`${day}T00:00:00${koreaUtcOffset}`);
}

/** The Korean calendar day (YYYY-MM-DD) of an instant. */
export function koreanDay(at: Date): string {
  return new Date(at.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Monday (Korean calendar) of the week an instant falls in. */
export function koreanWeek(at: Date): string {
  const local = new Date(at.getTime() + KOREA_OFFSET_MS);
  const weekday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The end of "today" in Korea after `now`: the instant the next Korean day begins. */
export function endOfKoreanDay(now: Date): Date {
  const koreanNow = now.getTime() + KOREA_OFFSET_MS;
  return new Date(Math.floor(koreanNow / DAY_MS) * DAY_MS + DAY_MS - KOREA_OFFSET_MS);
}
