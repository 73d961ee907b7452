/** How a 견적서 writes dates and amounts in Korean. */
import { koreaTimeText } from '@interior/contracts';

/** A date in Korea time; a plain `YYYY-MM-DD` is that calendar day. */
export function koreanDate(value: Date | string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${y}년 ${m}월 ${d}일`;
  }
  return koreaTimeText(value, 'longDate');
}

const DIGITS = ['', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
const SMALL_UNITS = ['', '십', '백', '천'];
const LARGE_UNITS = ['', '만', '억', '조', '경'];

/**
 * An amount in Korean words as written on a 견적서 ("일금 삼백구십만이천팔백원정"): every digit is
 * written, 일 included, so that nobody can add one.
 */
export function amountInKoreanWords(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be a safe integer');
  if (amount === 0) return '일금 영원정';
  let rest = Math.abs(amount);
  let words = '';
  for (let group = 0; rest > 0; group++) {
    const chunk = rest % 10_000;
    rest = Math.floor(rest / 10_000);
    if (chunk === 0) continue;
    let part = '';
    for (let i = 3; i >= 0; i--) {
      const digit = Math.floor(chunk / 10 ** i) % 10;
      if (digit) part += DIGITS[digit]! + SMALL_UNITS[i]!;
    }
    words = part + LARGE_UNITS[group]! + words;
  }
  return `일금 ${amount < 0 ? '마이너스 ' : ''}${words}원정`;
}
