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

/**
 * How moments are written for people: every one in Korea time, wherever the reader's browser or the
 * server runs, so that a customer abroad, the staff in Seoul, the mails and the 견적서 read the same
 * day and hour for the same event. Written here rather than by Intl: the ICU data Node and browsers
 * ship differ by version in Korean (this machine's Node writes "AM 9:05" where a Korean reader
 * expects "오전 9:05"), and the fixed offset above makes the fields exact.
 */
const styles = {
  /** 2026. 11. 27. 오후 2:05 */
  dateTime: (t: KoreanClock) => `${dayText(t)} ${clockText(t)}`,
  /** 2026. 11. 27. 오후 2:05:09 */
  dateTimeSeconds: (t: KoreanClock) => `${dayText(t)} ${clockText(t)}:${pad(t.second)}`,
  /** 2026. 11. 27. */
  date: (t: KoreanClock) => dayText(t),
  /** 2026년 11월 27일 */
  longDate: (t: KoreanClock) => `${t.year}년 ${t.month}월 ${t.day}일`,
};

export type KoreaTimeStyle = keyof typeof styles;

interface KoreanClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (t: KoreanClock) => `${t.year}. ${t.month}. ${t.day}.`;
const clockText = (t: KoreanClock) =>
  `${t.hour < 12 ? '오전' : '오후'} ${t.hour % 12 || 12}:${pad(t.minute)}`;

function koreanClock(at: Date): KoreanClock {
  const local = new Date(at.getTime() + KOREA_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** A moment in Korea time; an empty or unreadable value gives `empty`. */
export function koreaTimeText(
  at: string | Date | null | undefined,
  style: KoreaTimeStyle = 'dateTime',
  empty = '-',
): string {
  if (at === null || at === undefined || at === '') return empty;
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? empty : styles[style](koreanClock(date));
}
