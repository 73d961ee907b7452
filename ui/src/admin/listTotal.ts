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
