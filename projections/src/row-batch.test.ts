import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@interior/platform';
import { readModels } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import type { Knex } from 'knex';
import { generationTables, type Projection } from './projection';
import { applyRowBatch, type RowFold } from './row-batch';
import { ensureGenerations } from './runner';
import { userGroupsProjection } from './usergroups/usergroups.projection';

/** Events in, rows out: a batch folded in memory and written once gives the rows of one-by-one. */
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let position = 0;
function stored(stream: string, type: string, data: unknown, revision = 0, actorId = 7): StoredEvent {
  position++;
  return {
    id: randomUUID(),
    stream,
    revision,
    type,
    data,
    metadata: {
      actorId,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)).toISOString(),
      schemaVersion: 1,
    },
    position: `1:${position}`,
    recordedAt: new Date().toISOString(),
  };
}

interface NoteRow {
  id: number;
  text: string;
  bumps: number;
}

/** A small read model: notes created, bumped, deleted; a bump of a missing note changes nothing. */
const notes: RowFold<NoteRow> = {
  ids: (event) => (event.data as { ids: number[] }).ids,
  fold(rows, event) {
    const { ids, text } = event.data as { ids: number[]; text?: string };
    for (const id of ids) {
      if (event.type === 'Created') rows.insertIfAbsent({ id, text: text ?? '', bumps: 0 });
      if (event.type === 'Bumped') rows.update(id, (row) => ({ bumps: row.bumps + 1 }));
      if (event.type === 'Deleted') rows.delete(id);
    }
  },
};

async function notesTable(given: NoteRow[]): Promise<string> {
  const table = `notes_${randomUUID().slice(0, 8)}`;
  await db.knex.schema.createTable(table, (t) => {
    t.integer('id').primary();
    t.text('text').notNullable();
    t.integer('bumps').notNullable();
  });
  if (given.length) await db.knex(table).insert(given);
  return table;
}

const rowsOf = (knex: Knex, table: string) => knex(table).orderBy('id').select('*');

/** The row count the helper keeps for lists' totals; null when it keeps none. */
async function countOf(table: string): Promise<number | null> {
  const row = await db.knex('read_model_counts').where({ physical: table }).first('rows');
  return row ? Number(row.rows) : null;
}

describe('applyRowBatch', () => {
  it('given rows, when a batch creates, changes and deletes, then the table holds the folded rows', async () => {
    const table = await notesTable([
      { id: 3, text: '기존', bumps: 5 },
      { id: 4, text: '유지', bumps: 0 },
    ]);
    const events = [
      stored('Note-1', 'Created', { ids: [1], text: '하나' }),
      stored('Note-2', 'Created', { ids: [2], text: '둘' }),
      stored('Note-1', 'Bumped', { ids: [1, 3] }),
      stored('Note-1', 'Created', { ids: [1], text: '무시됨' }),
      stored('Note-2', 'Deleted', { ids: [2] }),
      stored('Note-2', 'Created', { ids: [2], text: '다시' }),
      stored('Note-9', 'Bumped', { ids: [9] }),
      stored('Note-3', 'Deleted', { ids: [3] }),
      stored('Note-5', 'Created', { ids: [5], text: '잠깐' }),
      stored('Note-5', 'Deleted', { ids: [5] }),
    ];
    await db.knex.transaction((trx) => applyRowBatch(trx, table, events, notes));
    expect(await rowsOf(db.knex, table)).toEqual([
      { id: 1, text: '하나', bumps: 1 },
      { id: 2, text: '다시', bumps: 0 },
      { id: 4, text: '유지', bumps: 0 },
    ]);
    expect(await countOf(table)).toBe(3);
  });

  it('given an empty table, when a batch carries more rows than one statement takes, then all are written', async () => {
    const table = await notesTable([]);
    const events = Array.from({ length: 12_000 }, (_, i) =>
      stored(`Note-${i + 1}`, 'Created', { ids: [i + 1], text: `노트 ${i + 1}` }),
    );
    await db.knex.transaction((trx) => applyRowBatch(trx, table, events, notes));
    await db.knex.transaction((trx) =>
      applyRowBatch(trx, table, [stored('Note-1', 'Bumped', { ids: [1, 12_000] })], notes),
    );
    const [{ n, bumps }] = await db
      .knex(table)
      .select(db.knex.raw('count(*)::int as n, sum(bumps)::int as bumps'));
    expect({ n, bumps }).toEqual({ n: 12_000, bumps: 2 });
    expect(await countOf(table)).toBe(12_000);
  });

  it('given no event touches a row, then nothing is read or written', async () => {
    const table = await notesTable([{ id: 1, text: '그대로', bumps: 0 }]);
    await db.knex.transaction((trx) => applyRowBatch(trx, table, [], notes));
    expect(await rowsOf(db.knex, table)).toEqual([{ id: 1, text: '그대로', bumps: 0 }]);
    expect(await countOf(table)).toBeNull();
  });
});

describe('usergroups read model, batch and one at a time', () => {
  const group = (id: number) => `UserGroup-${id}`;
  const history = () => [
    stored(group(1), 'UserGroupCreated', { id: 1, name: '디자인팀', description: '설명' }, 0, 1),
    stored(group(2), 'UserGroupCreated', { id: 2, name: '시공팀', description: '' }, 0, 2),
    stored(group(3), 'UserGroupCreated', { id: 3, name: '견적팀', description: '지울 그룹' }, 0, 2),
    stored('User-10', 'UserGroupsChanged', { added: [1, 2, 2], removed: [] }),
    stored('User-11', 'UserGroupsChanged', { added: [1], removed: [] }),
    stored(group(1), 'UserGroupUpdated', { name: '디자인 1팀', description: '바뀐 설명' }, 1, 3),
    stored(group(1), 'UserGroupCreated', { id: 1, name: '중복', description: '무시' }, 2),
    stored(group(3), 'UserGroupDeleted', {}, 1),
    stored(group(3), 'UserGroupUpdated', { name: '없음', description: '' }, 2),
    stored('User-11', 'UserGroupsChanged', { added: [], removed: [1, 3] }),
    stored('User-10', 'UserErased', { groups: [2] }),
  ];

  async function generation(projection: Projection, n: number) {
    const tables = generationTables(projection, n) as Record<string, string>;
    await db.knex.transaction(async (trx) => {
      for (const [name, define] of Object.entries(projection.tables)) {
        await trx.schema.createTable(tables[name]!, define as (t: Knex.CreateTableBuilder) => void);
      }
    });
    return tables;
  }

  it('given the events of groups, members and an erasure, then one batch and one-by-one give the same rows', async () => {
    await ensureGenerations(db.knex, userGroupsProjection);
    const context = { vault: undefined as never };
    const batched = await generation(userGroupsProjection, 101);
    const single = await generation(userGroupsProjection, 102);
    const events = history();
    await db.knex.transaction((trx) =>
      userGroupsProjection.applyBatch!(trx, events, batched as never, context),
    );
    for (const event of events) {
      await db.knex.transaction((trx) => userGroupsProjection.apply(trx, event, single as never, context));
    }
    const table = readModels.usergroups;
    const rows = await rowsOf(db.knex, batched[table]!);
    expect(rows).toEqual(await rowsOf(db.knex, single[table]!));
    expect(await countOf(batched[table]!)).toBe(2);
    expect(await countOf(single[table]!)).toBe(2);
    expect(rows).toEqual([
      {
        id: 1,
        name: '디자인 1팀',
        description: '바뀐 설명',
        members: 1,
        registered: new Date(events[0]!.metadata.occurredAt),
        registeredBy: 1,
        updated: new Date(events[5]!.metadata.occurredAt),
        updatedBy: 3,
        version: 1,
      },
      {
        id: 2,
        name: '시공팀',
        description: '',
        members: 0,
        registered: new Date(events[1]!.metadata.occurredAt),
        registeredBy: 2,
        updated: null,
        updatedBy: null,
        version: 0,
      },
    ]);
  });
});
