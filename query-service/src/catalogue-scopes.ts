import type { Principal } from '@interior/platform';
import type { Knex } from 'knex';

/** Narrows a read model's query to the rows a reader may see; null when they see every row. */
export type Visibility = (principal: Principal) => ((builder: Knex.QueryBuilder) => void) | null;

/**
 * What a reader who does not keep notices sees: the ones published now (the window's ends are
 * optional) whose audience is empty or names one of their roles. The Admin sees every notice at
 * `system/notice`.
 */
export function publishedFor(principal: Principal, window = { from: 'publishFrom', to: 'publishTo' }) {
  return (builder: Knex.QueryBuilder) => {
    builder
      .where((q) => q.whereNull(window.from).orWhere(window.from, '<=', new Date()))
      .where((q) => q.whereNull(window.to).orWhere(window.to, '>', new Date()))
      .where((q) =>
        q.whereRaw('cardinality(audience) = 0').orWhereRaw('audience && ?::text[]', [principal.roles]),
      );
  };
}

/** Every notice for the Admin, who keeps them; the published ones for their roles for anyone else. */
export const noticeVisibility: Visibility = (principal) =>
  principal.roles.includes('Admin') ? null : publishedFor(principal);

/** Banners: the active ones within their window for the reader's roles; the Admin keeps them all. */
function activeBannersFor(principal: Principal) {
  const published = publishedFor(principal, { from: 'from', to: 'to' });
  return (builder: Knex.QueryBuilder) => {
    builder.where('active', true).where(published);
  };
}

export const bannerVisibility: Visibility = (principal) =>
  principal.roles.includes('Admin') ? null : activeBannersFor(principal);

const everything = (builder: Knex.QueryBuilder) => builder.whereRaw('true');

export const noticeScopes = {
  notice: publishedFor,
  'system/notice': (principal: Principal) => noticeVisibility(principal) ?? everything,
};

export const bannerScopes = {
  popupbanner: activeBannersFor,
  'system/popupbanner': (principal: Principal) => bannerVisibility(principal) ?? everything,
};
