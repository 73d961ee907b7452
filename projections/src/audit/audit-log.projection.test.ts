import { auditLogReadModel } from '@interior/contracts';
import { givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { auditLogProjection } from './audit-log.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(auditLogProjection, db);

describe('the audit log read model', () => {
  it('keeps one row per event, without its data: who did what to which record, at which revision of its stream, when, in log order', async () => {
    const rows = await spec
      .given([
        { stream: ['Brand', 4], type: 'BrandCreated', data: { id: 4, name: '한샘' }, actorId: 2 },
        { stream: 'Acl-Design-7', type: 'AclChanged', data: { secret: '보이지 않음' }, actorId: 3 },
        { stream: 'UserEmail-abc', type: 'EmailReserved', data: { userId: 5 }, actorId: 6 },
        { stream: ['Brand', 4], type: 'BrandUpdated', data: { name: '한샘인테리어' }, actorId: 2 },
      ])
      .rows(auditLogReadModel, ['logMajor', 'logMinor']);
    expect(rows).toEqual([
      {
        logMajor: '0',
        logMinor: '0',
        position: '0:0',
        occurredAt: givenAt(0),
        logClock: givenAt(0),
        type: 'BrandCreated',
        stream: 'Brand-4',
        revision: 0,
        objectType: 'Brand',
        objectId: 4,
        acl: false,
        actorId: 2,
      },
      {
        logMajor: '0',
        logMinor: '1',
        position: '0:1',
        occurredAt: givenAt(1),
        logClock: givenAt(1),
        type: 'AclChanged',
        stream: 'Acl-Design-7',
        revision: 0,
        objectType: 'Design',
        objectId: 7,
        acl: true,
        actorId: 3,
      },
      {
        logMajor: '0',
        logMinor: '2',
        position: '0:2',
        occurredAt: givenAt(2),
        logClock: givenAt(2),
        type: 'EmailReserved',
        stream: 'UserEmail-abc',
        revision: 0,
        objectType: 'UserEmail',
        objectId: null,
        acl: false,
        actorId: 6,
      },
      {
        logMajor: '0',
        logMinor: '3',
        position: '0:3',
        occurredAt: givenAt(3),
        logClock: givenAt(3),
        type: 'BrandUpdated',
        stream: 'Brand-4',
        revision: 1,
        objectType: 'Brand',
        objectId: 4,
        acl: false,
        actorId: 2,
      },
    ]);
  });

  it.each([
    { batches: 'one batch' as const },
    {
      batches: 'batches of 3, each raising its clock to where the one before left it' as const,
      batchSize: 3,
    },
  ])(
    "keeps the log's clock on each row: the latest stamp so far in log order, never going back ($batches)",
    async ({ batchSize }) => {
      // Events are stamped before they are appended: a late append carries an earlier stamp.
      const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, seconds));
      const stamps = [10, 0, 20, 5, 30, 30, 29];
      const rows = await spec
        .given(
          stamps.map((seconds, index) => ({
            stream: ['Brand', index + 1] as [string, number],
            type: 'BrandCreated',
            data: { id: index + 1, name: `브랜드 ${index + 1}` },
            occurredAt: at(seconds).toISOString(),
          })),
          batchSize ? { batchSize } : {},
        )
        .rows(auditLogReadModel, ['logMajor', 'logMinor']);
      expect(rows.map((row) => [row.occurredAt, row.logClock])).toEqual(
        [
          [10, 10],
          [0, 10],
          [20, 20],
          [5, 20],
          [30, 30],
          [30, 30],
          [29, 30],
        ].map(([stamp, clock]) => [at(stamp!), at(clock!)]),
      );
    },
  );
});
