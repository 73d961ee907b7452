import {
  type DesignDocument,
  documentReferences,
  type FieldErrors,
  type ReferenceKind,
  referencedIds,
  referenceErrors,
  resourceNamed,
  resourceTable,
} from '@interior/contracts';
import type { Knex } from 'knex';

/**
 * Of `ids` of a catalogue kind, those that exist: read from the table of the declared resource of
 * that name (`material`, `product`, `workspace`, `walldrawing`). A kind whose resource is not
 * declared has no records, so every reference to it is missing. The one place designs reach the
 * catalogues, so that declaring a catalogue is all it takes for documents to use it.
 */
export async function existingCatalogueIds(
  knex: Knex | Knex.Transaction,
  kind: ReferenceKind,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const resource = resourceNamed(kind);
  if (!resource) return new Set();
  const rows: { id: number }[] = await knex(resourceTable(resource))
    .whereIn('id', [...ids])
    .select('id');
  return new Set(rows.map((r) => Number(r.id)));
}

/** Errors by path (`rooms.0.floorMaterialId`) for the document's references to missing records. */
export async function documentReferenceErrors(knex: Knex, doc: DesignDocument): Promise<FieldErrors> {
  const refs = documentReferences(doc);
  if (refs.length === 0) return {};
  const wanted = referencedIds(refs);
  const found = {} as Record<ReferenceKind, Set<number>>;
  for (const kind of Object.keys(wanted) as ReferenceKind[]) {
    found[kind] = await existingCatalogueIds(knex, kind, wanted[kind]);
  }
  return referenceErrors(refs, (kind, id) => found[kind].has(id));
}

/**
 * The document of a plan template, read from the `plan` resource's table when that resource is
 * declared; undefined when there is no such plan.
 */
export async function planDocument(knex: Knex, planId: number): Promise<unknown | undefined> {
  const resource = resourceNamed('plan');
  if (!resource || !Object.hasOwn(resource.fields, 'document')) return undefined;
  const row = await knex(resourceTable(resource)).where({ id: planId }).first('document');
  return row?.document ?? undefined;
}
