import type { ReferenceKind } from './design-document';
import type { ObjectType } from './object-types';

/**
 * Which designs and open estimations use each catalogue record, kept from the log by a read model
 * so that a delete is refused with one indexed count. A design uses what its latest document names
 * and the plan it started from; an open estimation uses what its design named when it was
 * requested, until it is rejected, cancelled, expired or completed.
 */
export const catalogueUsageReadModels = {
  usage: 'catalogue_usage',
} as const;

export type UsageHolder = 'Design' | 'Estimation';

/** The object type of each kind of record a design document names. */
export const referenceObjectTypes: Readonly<Record<ReferenceKind, ObjectType>> = {
  material: 'Material',
  product: 'Product',
  workspace: 'Workspace',
  walldrawing: 'WallDrawing',
};

/** `GET /api/catalogue/usage/{resource}/{id}`: who uses a record (the delete confirmation shows it). */
export interface CatalogueUsage {
  designs: number;
  estimations: number;
}

/**
 * `GET /api/catalogue/names?product=1,2&material=3`: the last name records had, read from their own
 * events, so it is there after a deletion ("확인 필요" shows it).
 */
export type CatalogueLastNames = Partial<Record<ReferenceKind, Record<string, string>>>;

export const catalogueUsageMessages = {
  inUse: ({ designs, estimations }: CatalogueUsage) =>
    `디자인 ${designs}건과 진행 중인 견적 ${estimations}건에서 사용하고 있어 삭제할 수 없습니다. 삭제 대신 단종으로 바꾸세요.`,
  discontinued: (label: string, name: string, id: number, path: string) =>
    `단종된 ${label} "${name}"(#${id})은(는) 새로 배치할 수 없습니다. (${path})`,
} as const;
