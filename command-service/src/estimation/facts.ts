import {
  closedEstimationStates,
  type DesignDocument,
  type DesignEvent,
  type EstimationRecord,
  estimationReadModels,
  type Role,
  streamName,
  type User,
} from '@interior/contracts';
import { readModels } from '@interior/platform';
import { loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { designDecider } from '../design/decide';
import type { DesignState } from '../design/design';
import { savedDocument } from '../design/document';
import { stateCacheOf } from '../state-cache';
import { loadEstimateCatalogue } from './catalogue';
import type { Priced } from './decide';

type Deps = CommandServiceDeps;

/**
 * The document of a design as it was at `revision` (0: as created): from the design's state this
 * process kept (state-cache.ts) when it is at that revision, else found in its stream. A saved
 * revision's document never changes, so a kept state at it holds it however old the state is.
 * With no state kept (a process that has just started), the design is loaded from its snapshot on
 * (snapshots.ts): most estimates are of a design's latest revision.
 */
export async function documentAt(
  deps: Deps,
  designId: number,
  revision: number,
): Promise<DesignDocument | null> {
  const stream = streamName('Design', designId);
  const kept =
    stateCacheOf(deps.store).get<DesignState>(stream, designDecider) ??
    (await loadState(deps.store, stream, designDecider));
  if (kept.state.document && kept.state.revision === revision) return kept.state.document;
  let found: DesignDocument | null = null;
  for (const event of (await deps.store.readStream(stream)) as unknown as DesignEvent[]) {
    if ((event.type === 'DesignCreated' || event.type === 'DesignCopied') && revision === 0)
      found = event.data.document;
    if (event.type === 'DesignDocumentChanged' && event.data.revision === revision)
      found = event.data.document;
  }
  return found;
}

/** A document with the catalogue that prices it for its owner now (their constants). */
export async function pricedFor(deps: Deps, document: DesignDocument, ownerId: number): Promise<Priced> {
  return { document, catalogue: await loadEstimateCatalogue(deps.knex, document, ownerId) };
}

/**
 * What a request of a design's estimation is decided on: the design's estimation still open (the
 * newest, from the read model) and its saved document priced. Two requests in the same instant
 * may both see none open; the read model is the only guard (see docs/estimations.md).
 */
export async function requestFacts(deps: Deps, designId: number, ownerId: number) {
  const open = await deps
    .knex(estimationReadModels.estimations)
    .where({ designId })
    .whereNotIn('state', closedEstimationStates)
    .orderBy('id', 'desc')
    .first<Pick<EstimationRecord, 'estimateNumber' | 'state'> | undefined>('estimateNumber', 'state');
  const saved = await savedDocument(deps, designId);
  return {
    openEstimation: open ?? null,
    saved: saved ? await pricedFor(deps, saved, ownerId) : null,
  };
}

/** Whether a user holds a role, read from the users read model. */
export async function hasRole(deps: Deps, userId: number, role: Role): Promise<boolean> {
  const row = await deps
    .knex(readModels.users)
    .where({ id: userId })
    .first<Pick<User, 'roles' | 'status'> | undefined>('roles', 'status');
  return Boolean(row && row.status === 'Active' && row.roles.includes(role));
}
