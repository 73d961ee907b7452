/** Dates and times as Korean readers expect them, e.g. "2026. 11. 3. 오후 2:05:09". */
export const koreanLocale = 'ko-KR';

const dateTime = new Intl.DateTimeFormat(koreanLocale, { dateStyle: 'medium', timeStyle: 'medium' });

/** Formats an ISO timestamp; an empty or unreadable value gives a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : dateTime.format(date);
}
