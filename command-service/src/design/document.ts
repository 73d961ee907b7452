import { type DesignDocument, streamName, validateDesignDocument } from '@interior/contracts';
import { badRequest } from '@interior/platform';
import { loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { checkDocumentReferences } from './catalogue-lookup';
import { designDecider } from './decide';
import type { DesignState } from './design';

type Deps = CommandServiceDeps;

/**
 * The document a save or creation carries, validated: else 400 with errors keyed by path. Its
 * catalogue references are checked as far as they are new to `before`, the document it replaces
 * (checkDocumentReferences).
 */
export async function checkedDocument(
  deps: Deps,
  input: unknown,
  prefix = '',
  before: DesignDocument | null = null,
): Promise<DesignDocument> {
  const result = validateDesignDocument(input);
  const prefixed = (errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [prefix ? `${prefix}.${k}` : k, v]));
  if (!result.ok) throw badRequest(result.message, prefixed(result.errors));
  await checkDocumentReferences(deps.knex, result.data, before, prefix);
  return result.data;
}

/** The document a design's state holds (null for none): what a save or a preview is compared with. */
export const heldDocument = (state: DesignState): DesignDocument | null =>
  state.status === 'None' || state.status === 'Purged' ? null : (state.document ?? null);

/** The document a design holds now, read from its stream. */
export async function savedDocument(deps: Deps, id: number): Promise<DesignDocument | null> {
  return heldDocument((await loadState(deps.store, streamName('Design', id), designDecider)).state);
}
