import { randomUUID } from 'node:crypto';
import { designReadModels } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { generationTables } from '../projection';
import { eventsOf, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { designLogProjection } from './design-log.projection';

const { log } = designReadModels;

const db = projectionTestDatabase();
const spec = projectionSpec(designLogProjection, db);
const design = eventsOf(['Design', 9], 5);

describe('the design log read model', () => {
  it('keeps a row per event with the facts of its sentence and the document revision it holds', async () => {
    const rows = await spec
      .given([
        design('DesignCreated', {
          id: 9,
          name: '우리 집',
          ownerId: 5,
          planId: null,
          document: { rooms: [] },
        }),
        design('DesignRenamed', { name: '새 집' }),
        design('DesignDocumentChanged', { revision: 1, document: { rooms: [] }, delta: { rooms: 1 } }, 6),
        design('DesignShared', { emailKey: 'k1', email: 'sealed', permission: 'Read', userId: null }),
      ])
      .rows(log, ['designId', 'streamRevision']);
    expect(rows.map(({ eventId: _, occurredAt: __, ...row }) => row)).toEqual([
      {
        designId: 9,
        streamRevision: 0,
        type: 'DesignCreated',
        actorId: 5,
        facts: { name: '우리 집', planId: null },
        documentRevision: 0,
      },
      {
        designId: 9,
        streamRevision: 1,
        type: 'DesignRenamed',
        actorId: 5,
        facts: { name: '새 집' },
        documentRevision: null,
      },
      {
        designId: 9,
        streamRevision: 2,
        type: 'DesignDocumentChanged',
        actorId: 6,
        facts: { revision: 1, delta: { rooms: 1 } },
        documentRevision: 1,
      },
      {
        designId: 9,
        streamRevision: 3,
        type: 'DesignShared',
        actorId: 5,
        facts: { permission: 'Read' },
        documentRevision: null,
      },
    ]);
  });

  it('writes a catch-up batch of more rows than one statement can bind', async () => {
    const { knex } = db();
    const tables = generationTables(designLogProjection, 1);
    const events = Array.from(
      { length: 9_000 },
      (_, i): StoredEvent => ({
        id: randomUUID(),
        type: 'DesignRenamed',
        data: { name: `이름 ${i}` },
        metadata: {
          actorId: 5,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
          schemaVersion: 1,
        },
        stream: 'Design-9',
        revision: i,
        position: `0:${i}`,
        recordedAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
      }),
    );
    await knex.transaction(async (trx) => {
      await trx.schema.createTable(tables[log], designLogProjection.tables[log]);
      await designLogProjection.applyBatch!(trx, events, tables, {} as never);
    });
    const [counted] = await knex(tables[log]).count({ rows: '*' });
    expect(Number(counted?.rows)).toBe(9_000);
  });
});
