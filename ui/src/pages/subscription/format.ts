import { koreaTimeText } from '@interior/contracts';

/** A date in Korea's time zone: 2026년 3월 1일. */
export const formatDay = (iso: string | null | undefined) => koreaTimeText(iso, 'longDate');
