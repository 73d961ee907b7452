import {
  brandResource,
  categoryResources,
  type DesignDocument,
  documentSummary,
  materialResource,
  modelResource,
  planResource,
  productResource,
  resources,
} from '@interior/contracts';
import { categoryProjection } from './catalogue/category.projection';
import { noticeProjection } from './catalogue/notice.projection';
import { referrerCounts } from './catalogue/referrer-count';
import type { Projection } from './projection';
import { type ResourceProjectionOptions, resourceProjection } from './resource/resource.projection';
import { userGroupsProjection } from './usergroups/usergroups.projection';

/**
 * The read model of every declared resource (contracts/src/resources.ts): the generic one, or the
 * resource's own where it derives columns from other events. Bump a resource's version here when
 * its declaration's fields change, so the runner rebuilds its table. Every version went up by one
 * when the search index came in parts (simple-rest SEARCH_INDEX_PARTS), and again when text sort
 * indexes came in code point order (ListDefinition.codePointSorts).
 */
const own: Readonly<Record<string, Projection>> = {
  usergroup: userGroupsProjection,
  ...Object.fromEntries(
    categoryResources.map((resource) => [resource.name, categoryProjection(resource, 3)]),
  ),
  'system/notice': noticeProjection,
  // Versions: 2 when the file fields (logo, images, texture) came, 3 for the search index in parts,
  // 4 for text sort indexes in code point order.
  brand: resourceProjection(brandResource, {
    version: 4,
    ...referrerCounts('brand_referrers', [
      { objectType: 'Product', field: 'brandId', column: 'productCount' },
      { objectType: 'Material', field: 'brandId', column: 'materialCount' },
    ]),
  }),
  model: resourceProjection(modelResource, {
    version: 3,
    ...referrerCounts('model_referrers', [
      { objectType: 'Product', field: 'modelId', column: 'productCount' },
    ]),
  }),
  // 4: a plan's derived area (㎡) and room count, from its document at every change.
  plan: resourceProjection(planResource, {
    version: 4,
    async afterChange(trx, { table, after }) {
      if (!after) return;
      const document = after.document as DesignDocument | null;
      const summary = document?.rooms ? documentSummary(document) : { area: 0, roomCount: 0 };
      await trx(table).where({ id: after.id }).update(summary);
    },
  }),
};
const options: Readonly<Record<string, ResourceProjectionOptions>> = {
  // 5: a product's mount (설치 위치) and elevation (설치 높이).
  [productResource.name]: { version: 5 },
  [materialResource.name]: { version: 4 },
};

export const resourceProjections: Projection[] = resources.map(
  (resource) => own[resource.name] ?? resourceProjection(resource, options[resource.name] ?? { version: 3 }),
);
