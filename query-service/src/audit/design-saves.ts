import { designEventAction, designReadModels } from '@interior/contracts';
import type { QueryServiceDeps } from '../deps';

/** The key of a design's event in the map `designSaveActions` answers. */
export const saveKey = (designId: number, revision: number) => `${designId}@${revision}`;

/**
 * What each save of a design among the rows added and removed ("방 2개를 추가하고 벽 1개를 삭제"),
 * read from the design log's small rows (never the saved documents), in one query: a log names a
 * save by what it did to the drawing, as the design's own 이력 always has.
 */
export async function designSaveActions(
  deps: QueryServiceDeps,
  rows: readonly {
    type: string;
    objectType: string;
    objectId: number | null;
    revision: number;
    acl: boolean;
  }[],
): Promise<Map<string, string>> {
  const saves = rows.filter(
    (row) =>
      row.type === 'DesignDocumentChanged' &&
      row.objectType === 'Design' &&
      !row.acl &&
      row.objectId !== null,
  );
  if (saves.length === 0) return new Map();
  const found = (await deps
    .knex(designReadModels.log)
    .whereIn(
      ['designId', 'streamRevision'],
      saves.map((row) => [Number(row.objectId), Number(row.revision)]),
    )
    .select('designId', 'streamRevision', 'type', 'facts')) as {
    designId: number;
    streamRevision: number;
    type: string;
    facts: unknown;
  }[];
  const actions = new Map<string, string>();
  for (const row of found) {
    const action = designEventAction(row.type, row.facts);
    if (action) actions.set(saveKey(Number(row.designId), Number(row.streamRevision)), action);
  }
  return actions;
}
