import {
  addedReferences,
  catalogueUsageMessages,
  type DesignDocument,
  documentReferences,
  type ReferenceKind,
  referencedIds,
  referenceErrors,
  referenceKindLabels,
  resourceNamed,
  resourceTable,
} from '@interior/contracts';
import { badRequest, conflict } from '@interior/platform';
import type { Knex } from 'knex';

interface FoundRecord {
  name: string;
  discontinued: boolean;
}

/**
 * Of `ids` of a catalogue kind, those that exist, with their name and whether they are 단종: read
 * from the table of the declared resource of that name (`material`, `product`, `workspace`,
 * `walldrawing`). A kind whose resource is not declared has no records, so every reference to it
 * is missing. The one place designs reach the catalogues, so that declaring a catalogue is all it
 * takes for documents to use it.
 */
async function existingCatalogueRecords(
  knex: Knex | Knex.Transaction,
  kind: ReferenceKind,
  ids: readonly number[],
): Promise<Map<number, FoundRecord>> {
  if (ids.length === 0) return new Map();
  const resource = resourceNamed(kind);
  if (!resource) return new Map();
  const hasStatus = Object.hasOwn(resource.fields, 'status');
  const rows: { id: number; name: string; status?: string }[] = await knex(resourceTable(resource))
    .whereIn('id', [...ids])
    .select(hasStatus ? ['id', 'name', 'status'] : ['id', 'name']);
  return new Map(
    rows.map((r) => [Number(r.id), { name: r.name, discontinued: r.status === 'Discontinued' }]),
  );
}

/**
 * The document's references checked against the catalogue, for a save whose document was `before`
 * (null: a new document). Only what the save adds is checked: a new reference to a missing record
 * is a 400 naming its path (under `prefix`) and id, a new placement of a 단종 record a 409 naming
 * it. What the document already held keeps working, gone or discontinued, so a design never stops
 * saving because the catalogue changed under it.
 */
export async function checkDocumentReferences(
  knex: Knex,
  doc: DesignDocument,
  before: DesignDocument | null,
  prefix = '',
): Promise<void> {
  const added = addedReferences(documentReferences(doc), before);
  if (added.length === 0) return;
  const wanted = referencedIds(added);
  const found = {} as Record<ReferenceKind, Map<number, FoundRecord>>;
  for (const kind of Object.keys(wanted) as ReferenceKind[]) {
    found[kind] = await existingCatalogueRecords(knex, kind, wanted[kind]);
  }
  const missing = referenceErrors(added, (kind, id) => found[kind].has(id));
  const first = Object.values(missing)[0];
  if (first) {
    throw badRequest(
      first,
      Object.fromEntries(Object.entries(missing).map(([k, v]) => [prefix ? `${prefix}.${k}` : k, v])),
    );
  }
  const stopped = added.find((ref) => found[ref.kind].get(ref.id)?.discontinued);
  if (stopped) {
    throw conflict(
      catalogueUsageMessages.discontinued(
        referenceKindLabels[stopped.kind],
        found[stopped.kind].get(stopped.id)?.name ?? '',
        stopped.id,
        stopped.path,
      ),
    );
  }
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
