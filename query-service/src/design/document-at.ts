import { type DesignEvent, designReadModels, messages, streamName } from '@interior/contracts';
import { notFound } from '@interior/platform';
import type { QueryServiceDeps } from '../deps';

const { documents, log } = designReadModels;

/**
 * A design's document now (from the read model), or as it was at `revision`: the one event that
 * holds it, found through the design log's row of that revision (each save holds the whole
 * document), so no other event is read.
 */
export async function designDocumentAt(
  deps: Pick<QueryServiceDeps, 'knex' | 'store'>,
  id: number,
  revision: number | undefined,
): Promise<{ revision: number; document: unknown }> {
  if (revision === undefined) {
    const row = await deps.knex(documents).where({ id }).first('revision', 'document');
    if (!row) throw notFound(messages.designNotFound);
    return { revision: Number(row.revision), document: row.document };
  }
  const row = await deps
    .knex(log)
    .where({ designId: id, documentRevision: revision })
    .orderBy('streamRevision')
    .first('streamRevision');
  if (!row) throw notFound(messages.revisionNotFound);
  const [event] = (await deps.store.readStream(streamName('Design', id), {
    fromRevision: row.streamRevision,
    limit: 1,
  })) as unknown as DesignEvent[];
  if (
    event?.type === 'DesignCreated' ||
    event?.type === 'DesignCopied' ||
    event?.type === 'DesignDocumentChanged'
  )
    return { revision, document: event.data.document };
  throw notFound(messages.revisionNotFound);
}
