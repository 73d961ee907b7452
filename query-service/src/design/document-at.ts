import { type DesignEvent, designReadModels, messages, streamName } from '@interior/contracts';
import { notFound } from '@interior/platform';
import type { QueryServiceDeps } from '../deps';

const { documents, log } = designReadModels;

/**
 * A design's document now, or as it was at `revision`: the one event that holds it (each save
 * holds the whole document), found through the read model that names where the current one is, or
 * through the design log's row of that revision, so no other event is read.
 */
export async function designDocumentAt(
  deps: Pick<QueryServiceDeps, 'knex' | 'store'>,
  id: number,
  revision: number | undefined,
): Promise<{ revision: number; document: unknown }> {
  const found =
    revision === undefined
      ? await deps
          .knex(documents)
          .where({ id })
          .first<{ revision: number; streamRevision: number } | undefined>('revision', 'streamRevision')
      : await deps
          .knex(log)
          .where({ designId: id, documentRevision: revision })
          .orderBy('streamRevision')
          .first<{ streamRevision: number } | undefined>('streamRevision')
          .then((row) => row && { revision, streamRevision: row.streamRevision });
  const missing = revision === undefined ? messages.designNotFound : messages.revisionNotFound;
  if (!found) throw notFound(missing);
  const [event] = (await deps.store.readStream(streamName('Design', id), {
    fromRevision: Number(found.streamRevision),
    limit: 1,
  })) as unknown as DesignEvent[];
  if (
    event?.type === 'DesignCreated' ||
    event?.type === 'DesignCopied' ||
    event?.type === 'DesignDocumentChanged'
  )
    return { revision: Number(found.revision), document: event.data.document };
  throw notFound(missing);
}
