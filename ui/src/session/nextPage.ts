import { landingAfterSignIn, sameOriginPath } from '@interior/contracts';

export const loginPath = '/login';
export const nextPageParam = 'nextPage';

/** Where the login page sends an unauthenticated visitor who wanted `wanted` (path and query). */
export const loginPathFor = (wanted: string): string =>
  `${loginPath}?${nextPageParam}=${encodeURIComponent(wanted)}`;

/**
 * The page to open after sign-in: `nextPage` when it is a path on this origin (checked after
 * normalising, as the server checks it), else the landing page; never the login page itself,
 * which would loop.
 */
export function safeNextPage(nextPage: string | null | undefined): string {
  const path = sameOriginPath(nextPage);
  if (path === null || new URL(path, 'https://same-origin.invalid').pathname === loginPath)
    return landingAfterSignIn;
  return path;
}
