import type { ObjectType } from '@interior/contracts';
import { pgErrorCode, pgErrorCodes } from '@interior/platform';
import type { Knex } from 'knex';

/**
 * Integer ids (SPEC: positive ints) from one PostgreSQL sequence per object type, created on first
 * use. Sequences never hand out a number twice, even across processes; gaps are fine.
 */
/** Object types of SPEC §3, and entities with ids of their own that are not object types. */
export type IdKind = ObjectType | 'Business' | 'File' | 'SnsAccount' | 'SubscriptionPlan' | 'Payment';

export async function nextId(knex: Knex, type: IdKind): Promise<number> {
  const sequence = `id_${type.toLowerCase()}`;
  try {
    const { rows } = await knex.raw('select nextval(?::regclass)::int as id', [sequence]);
    return rows[0].id;
  } catch (error) {
    if (pgErrorCode(error) !== pgErrorCodes.undefinedTable) throw error;
    try {
      await knex.raw('create sequence if not exists ?? as integer', [sequence]);
    } catch (raced) {
      // Two first uses at once: "if not exists" does not stop the loser's unique violation.
      if (
        pgErrorCode(raced) !== pgErrorCodes.uniqueViolation &&
        pgErrorCode(raced) !== pgErrorCodes.duplicateTable
      )
        throw raced;
    }
    return nextId(knex, type);
  }
}

/**
 * The next number of the day for a prefix, as people read it: `EST-20261124-0001` (the Korean
 * calendar day). Never the same twice; a refused command may leave a gap.
 */
export async function nextDailyNumber(knex: Knex, prefix: string, at: Date = new Date()): Promise<string> {
  const korean = new Date(at.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const { rows } = await knex.raw(
    `insert into daily_numbers (prefix, day, last) values (?, ?, 1)
     on conflict (prefix, day) do update set last = daily_numbers.last + 1
     returning last`,
    [prefix, korean],
  );
  return `${prefix}-${korean.replace(/-/g, '')}-${String(rows[0].last).padStart(4, '0')}`;
}
