import type { Knex } from 'knex';

/**
 * With `BENCH_EXPLAIN=1`, the plans of the statements a request makes: every statement `knex`
 * runs while `request` runs is run again under `EXPLAIN (ANALYZE, BUFFERS)`, and the plans are
 * written to stderr. Without it the request just runs.
 */
export async function explained(knex: Knex, what: string, request: () => Promise<unknown>): Promise<void> {
  if (!process.env.BENCH_EXPLAIN) {
    await request();
    return;
  }
  const statements: { sql: string; bindings: readonly unknown[] }[] = [];
  const listen = (query: { sql: string; bindings?: readonly unknown[] }) => {
    statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  };
  knex.on('query', listen);
  try {
    await request();
  } finally {
    knex.removeListener('query', listen);
  }
  for (const { sql, bindings } of statements) {
    if (!/^\s*(select|with)\b/i.test(sql)) continue;
    // The statement as it was sent (`$1` parameters), with knex's `?` again for each.
    const ordered: unknown[] = [];
    const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
      ordered.push(bindings[Number(n) - 1]);
      return '?';
    });
    const { rows } = await knex.raw<{ rows: Record<string, string>[] }>(
      `explain (analyze, buffers) ${text}`,
      (ordered.length > 0 ? ordered : bindings) as Knex.RawBinding[],
    );
    process.stderr.write(`\n-- ${what}\n${sql}\n${rows.map((row) => Object.values(row)[0]).join('\n')}\n`);
  }
}
