import type { Knex } from 'knex';

/**
 * Free-text search (`q`, ILIKE '%…%') uses trigram indexes when the pg_trgm extension could be
 * installed (platform migration 005); without it the same queries run, only slower.
 */
export async function hasTrigramSearch(knex: Knex | Knex.Transaction): Promise<boolean> {
  const { rows } = await knex.raw(`select 1 from pg_extension where extname = 'pg_trgm'`);
  return rows.length > 0;
}
