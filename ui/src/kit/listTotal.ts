import { messages } from '@interior/contracts';

/**
 * A list's total from `Content-Range: <resource> <first>-<last>/<total>`. A search matching more
 * rows than the server counts says `<total>+` (at least that many): the pagination then says
 * "more than" (ListPagination) and still offers the next page.
 */
export function listTotal(range: string | null): { total: number; meta?: { totalAtLeast: true } } {
  const found = range ? /\/(\d+)(\+?)$/.exec(range) : null;
  if (!found) throw new Error(messages.unknownError);
  return { total: Number(found[1]), ...(found[2] ? { meta: { totalAtLeast: true } } : {}) };
}

/**
 * How a lower-bound total reads beside the rows shown: the server says one past what it counted,
 * so `1001+` is "1,000개 초과".
 */
export const moreThanText = (total: number) => `${(total - 1).toLocaleString('ko-KR')}개 초과`;
