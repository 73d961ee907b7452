import fc from 'fast-check';
import { endOfKoreanDay, koreanDay, koreanWeek, koreaTimeText, startOfKoreanDay } from './korea-time';

/** The calendar day in Seoul as the ICU time-zone database gives it (YYYY-MM-DD). */
const seoulDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' });
const instants = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('Korean calendar days', () => {
  it.each([
    ['2026-11-22T14:59:59Z', '2026-11-22', '2026-11-16'],
    ['2026-11-22T15:00:00Z', '2026-11-23', '2026-11-23'],
    ['2026-11-29T14:00:00Z', '2026-11-29', '2026-11-23'],
  ])('%s is %s, in the week of %s', (at, day, week) => {
    expect(koreanDay(new Date(at))).toBe(day);
    expect(koreanWeek(new Date(at))).toBe(week);
  });

  it('is the day in Seoul for every instant, its week starts on that Monday, and the day ends when the next begins', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const day = koreanDay(at);
        expect(day).toBe(seoulDay.format(at));
        const week = koreanWeek(at);
        expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${week}T00:00:00Z`)).toBeLessThan(7 * 86_400_000);
        const end = endOfKoreanDay(at);
        expect(end.getTime()).toBeGreaterThan(at.getTime());
        expect(koreanDay(end)).not.toBe(day);
        expect(koreanDay(new Date(end.getTime() - 1))).toBe(day);
        const start = startOfKoreanDay(day);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(koreanDay(start)).toBe(day);
        expect(koreanDay(new Date(start.getTime() - 1))).not.toBe(day);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('moments written for people', () => {
  it('writes every instant on its Korean day, whatever the zone of the process', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      fc.assert(
        fc.property(instants, (at) => {
          const [y, m, d] = koreanDay(at).split('-').map(Number);
          expect(koreaTimeText(at, 'date')).toBe(`${y}. ${m}. ${d}.`);
          expect(koreaTimeText(at.toISOString(), 'longDate')).toBe(`${y}년 ${m}월 ${d}일`);
          expect(koreaTimeText(at)).toMatch(
            new RegExp(`^${y}\\. ${m}\\. ${d}\\. (오전|오후) \\d{1,2}:\\d{2}$`),
          );
        }),
        { numRuns: 500 },
      );
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('gives the empty text for no moment or an unreadable one', () => {
    expect(koreaTimeText(null)).toBe('-');
    expect(koreaTimeText(undefined, 'date', '—')).toBe('—');
    expect(koreaTimeText('', 'dateTime', '')).toBe('');
    expect(koreaTimeText('not a date')).toBe('-');
  });

  it('writes an evening in Seoul as that evening, not the UTC morning', () => {
    expect(koreaTimeText('2026-11-27T12:05:09Z', 'dateTimeSeconds')).toBe('2026. 11. 27. 오후 9:05:09');
  });
});
