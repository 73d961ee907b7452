import { koreaTimeText } from '@interior/contracts';

/** Numbers as Korean readers expect them (1,234.5). */
export const koreanLocale = 'ko-KR';

/** An ISO timestamp in Korea time, e.g. "2026. 11. 3. 오후 2:05:09"; an empty or unreadable one gives a dash. */
export const formatDateTime = (iso: string | null | undefined): string =>
  koreaTimeText(iso, 'dateTimeSeconds');
