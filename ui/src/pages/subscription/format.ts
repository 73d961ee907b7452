/** A date in Korea's time zone: 2026년 3월 1일. */
export const formatDay = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(iso))
    : '-';
