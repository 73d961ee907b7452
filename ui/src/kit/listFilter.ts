import { endOfKoreanDay, startOfKoreanDay } from '@interior/contracts';

/**
 * A filter choice meaning "none" (담당 매니저: 미배정). react-admin drops empty filter values, so
 * the choice carries this word and the list asks the API for `null`, which it reads as "is null".
 */
export const noValue = '__none__';

/** A day picked in a date filter bounds its range by the whole day in Korea, where people are. */
const koreaDay = (day: string, end: boolean) => {
  const start = startOfKoreanDay(day);
  return (end ? new Date(endOfKoreanDay(start).getTime() - 1) : start).toISOString();
};

/** A list's filter as the API reads it: `noValue` as null, a picked day as its Korean bounds. */
export function apiFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (value === noValue) return [key, null];
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        if (key.endsWith('_gte')) return [key, koreaDay(value, false)];
        if (key.endsWith('_lte')) return [key, koreaDay(value, true)];
      }
      return [key, value];
    }),
  );
}
