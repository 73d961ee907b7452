import {
  type EstimationDraftLine,
  type EstimationEvent,
  type EstimationLine,
  estimationEventTypes,
  estimationReadModels,
  lineSourceCount,
  packedLine,
  packSources,
  type UserEvent,
} from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection, occurredAt } from '../projection';

const { estimations, drafts, draftSources, quotes } = estimationReadModels;
const idOf = (event: StoredEvent) => Number(event.stream.slice('Estimation-'.length));

/** A person's name as the users read model has it now (names are shown, not kept in events). */
async function nameOf(trx: Knex.Transaction, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await trx(readModels.users).where({ id: userId }).first('name');
  return row?.name ?? null;
}

/** A draft's line as its read model keeps it: the count of its sources, which are kept apart. */
const withoutSources = (
  { sources, ...line }: Omit<EstimationLine, 'sources'> & { sources?: readonly unknown[] },
  count = sources?.length ?? 0,
): EstimationDraftLine => ({ ...line, sourceCount: count });

/** The people an estimation names, by the columns of their id and of their name. */
const people = [
  ['requesterId', 'requesterName'],
  ['managerId', 'managerName'],
  ['designerId', 'designerName'],
] as const;

/**
 * The events that change the name a person is shown by: the copies here follow them, a new name
 * replacing the old one and an erasure removing it (the person's key is gone with it).
 */
const personEvents = ['UserProfileUpdated', 'UserErased'] as const satisfies readonly UserEvent['type'][];

/**
 * Estimations (docs/estimations.md): one row per estimation for the lists (`estimation`,
 * `my-estimation`, `design-manager/estimation`), the current draft of each, and every issued quote
 * revision as it was issued (never changed after).
 */
export const estimationsProjection = defineProjection({
  name: 'estimations',
  // 2: quotedTotal as a JSON number (double precision, exact for whole won as the events carry them)
  // 3: the names follow renames and erasures
  // 4: each quote keeps the supplier it was issued with
  // 5: a draft's sources kept apart from its lines, one row per line (the lines say how many)
  // 6: each line's sources kept in the compact shape, taken from a draft that carries them packed
  version: 6,
  handles: [...estimationEventTypes, ...personEvents],
  tables: {
    [estimations]: (t) => {
      t.integer('id').primary();
      t.text('estimateNumber').notNullable();
      t.integer('designId').notNullable();
      t.text('designName').notNullable();
      t.integer('designRevision').notNullable();
      t.integer('requesterId').notNullable();
      t.text('requesterName');
      t.integer('managerId');
      t.text('managerName');
      t.integer('designerId');
      t.text('designerName');
      t.text('state').notNullable();
      t.text('note').notNullable();
      t.integer('quoteRevision').notNullable().defaultTo(0);
      // The events carry totals as JS numbers; a bigint would answer text to the screens.
      t.double('quotedTotal');
      t.timestamp('validUntil', { useTz: true });
      t.text('orderNumber');
      t.text('rejectReason');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.integer('registeredBy');
      t.timestamp('updated', { useTz: true });
      t.integer('updatedBy');
      t.integer('version').notNullable();
      t.index(['designId']);
      t.index(['state', 'id']);
      t.index(['managerId']);
      t.index(['designerId']);
      t.index(['requesterId']);
      t.index(['registered', 'id']);
    },
    [drafts]: (t) => {
      t.integer('estimationId').primary();
      t.integer('designRevision').notNullable();
      t.jsonb('lines').notNullable();
      t.jsonb('totals').notNullable();
      t.jsonb('rates').notNullable();
      t.jsonb('problems').notNullable();
      t.timestamp('computed', { useTz: true }).notNullable();
      t.integer('version').notNullable();
    },
    // Most of a draft's bytes: read one line at a time, when the sheet opens a line's provenance.
    // Each row holds its line's sources in the compact shape (contracts' packed-sources.ts).
    [draftSources]: (t) => {
      t.integer('estimationId').notNullable();
      t.text('lineId').notNullable();
      t.jsonb('sources').notNullable();
      t.primary(['estimationId', 'lineId']);
    },
    [quotes]: (t) => {
      t.integer('estimationId').notNullable();
      t.integer('revision').notNullable();
      t.text('estimateNumber').notNullable();
      t.integer('designRevision').notNullable();
      t.jsonb('lines').notNullable();
      t.jsonb('totals').notNullable();
      t.jsonb('rates').notNullable();
      t.timestamp('issued', { useTz: true }).notNullable();
      t.integer('issuedBy');
      t.timestamp('validUntil', { useTz: true }).notNullable();
      // The supplier as set when issued; null on quotes issued before one was set.
      t.jsonb('supplier');
      t.primary(['estimationId', 'revision']);
    },
  },
  async apply(trx, stored, tables, { vault }) {
    if (stored.stream.startsWith('User-')) {
      const person = stored as StoredEvent & UserEvent;
      const userId = Number(stored.stream.slice('User-'.length));
      const name =
        person.type === 'UserProfileUpdated' ? await vault.open(stored.stream, person.data.name, trx) : null;
      for (const [idColumn, nameColumn] of people) {
        await trx(tables[estimations])
          .where({ [idColumn]: userId })
          .update({ [nameColumn]: name });
      }
      return;
    }
    const event = stored as StoredEvent & EstimationEvent;
    const id = idOf(stored);
    const at = occurredAt(stored);
    const actor = stored.metadata.actorId;
    const changed = { updated: at, updatedBy: actor, version: stored.revision };
    const rows = () => trx(tables[estimations]).where({ id });
    switch (event.type) {
      case 'EstimationRequested': {
        const d = event.data;
        await trx(tables[estimations])
          .insert({
            id: d.id,
            estimateNumber: d.estimateNumber,
            designId: d.designId,
            designName: d.designName,
            designRevision: d.designRevision,
            requesterId: d.requesterId,
            requesterName: await nameOf(trx, d.requesterId),
            state: 'Requested',
            note: d.note,
            registered: at,
            registeredBy: actor,
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'EstimationAssigned': {
        const { managerId, designerId } = event.data;
        await rows().where('state', 'Requested').update({ state: 'Assigned' });
        await rows().update({
          managerId,
          managerName: await nameOf(trx, managerId),
          designerId,
          designerName: await nameOf(trx, designerId),
          ...changed,
        });
        return;
      }
      case 'EstimationDraftComputed': {
        const d = event.data;
        const draft = {
          designRevision: d.designRevision,
          lines: JSON.stringify(
            d.lines.map((line) => withoutSources(line, lineSourceCount(line, d.packedSources))),
          ),
          totals: JSON.stringify(d.totals),
          rates: JSON.stringify(d.rates),
          problems: JSON.stringify(d.problems),
          computed: at,
          version: stored.revision,
        };
        await trx(tables[drafts])
          .insert({ estimationId: id, ...draft })
          .onConflict('estimationId')
          .merge();
        await trx(tables[draftSources]).where({ estimationId: id }).delete();
        const sourced = d.lines.filter((line) => lineSourceCount(line, d.packedSources) > 0);
        if (sourced.length)
          await trx(tables[draftSources]).insert(
            sourced.map((line) => ({
              estimationId: id,
              lineId: line.id,
              // Taken from the packed sources as they are, without reading them out.
              sources: JSON.stringify(
                d.packedSources
                  ? packedLine(d.packedSources, line.id)
                  : packSources([line as EstimationLine]),
              ),
            })),
          );
        await rows().update(changed);
        return;
      }
      case 'EstimationDraftEdited': {
        // An edit keeps each computed line's sources (their rows stay); the lines say how many
        // each has, as the draft before the edit said.
        const before = await trx(tables[drafts]).where({ estimationId: id }).first('lines');
        const counts = new Map(
          ((before?.lines ?? []) as EstimationDraftLine[]).map((line) => [line.id, line.sourceCount]),
        );
        await trx(tables[drafts])
          .where({ estimationId: id })
          .update({
            lines: JSON.stringify(
              event.data.lines.map((line) =>
                withoutSources(line, counts.get(line.id) ?? line.sources?.length),
              ),
            ),
            totals: JSON.stringify(event.data.totals),
            version: stored.revision,
          });
        await rows().update(changed);
        return;
      }
      case 'EstimationQuoted': {
        const d = event.data;
        const current = await rows().first('estimateNumber');
        await trx(tables[quotes])
          .insert({
            estimationId: id,
            revision: d.revision,
            estimateNumber: current?.estimateNumber ?? '',
            designRevision: d.designRevision,
            lines: JSON.stringify(d.lines),
            totals: JSON.stringify(d.totals),
            rates: JSON.stringify(d.rates),
            issued: at,
            issuedBy: actor,
            validUntil: d.validUntil,
            supplier: d.supplier ? JSON.stringify(d.supplier) : null,
          })
          .onConflict(['estimationId', 'revision'])
          .ignore();
        await trx(tables[drafts]).where({ estimationId: id }).update({ version: stored.revision });
        await rows().update({
          state: 'Quoted',
          quoteRevision: d.revision,
          quotedTotal: d.totals.total,
          validUntil: d.validUntil,
          rejectReason: null,
          ...changed,
        });
        return;
      }
      case 'EstimationAccepted':
        await rows().update({ state: 'Ordered', orderNumber: event.data.orderNumber, ...changed });
        return;
      case 'EstimationRejected':
        await rows().update({ state: 'Rejected', rejectReason: event.data.reason, ...changed });
        return;
      case 'EstimationCompleted':
        await rows().update({ state: 'Completed', ...changed });
        return;
      case 'EstimationCancelled':
        await rows().update({ state: 'Cancelled', ...changed });
        return;
      case 'EstimationExpired':
        await rows().update({ state: 'Expired', ...changed });
        return;
      default:
        return;
    }
  },
});
