import { landingAfterSignIn } from '@interior/contracts';

export const loginPath = '/login';
export const nextPageParam = 'nextPage';

/** Where the login page sends an unauthenticated visitor who wanted `wanted` (path and query). */
export const loginPathFor = (wanted: string): string =>
  `${loginPath}?${nextPageParam}=${encodeURIComponent(wanted)}`;

/**
 * The page to open after sign-in: `nextPage` when it is a path on this origin, else the landing
 * page. Rejects anything that a browser could read as another origin: `//host`, `/\host`,
 * schemes, control characters; and the login page itself, which would loop.
 */
export function safeNextPage(nextPage: string | null | undefined): string {
  if (!nextPage?.startsWith('/') || nextPage.startsWith('//') || nextPage.startsWith('/\\')) {
    return landingAfterSignIn;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(nextPage)) return landingAfterSignIn;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(nextPage, base);
  } catch {
    return landingAfterSignIn;
  }
  if (url.origin !== base || url.pathname === loginPath) return landingAfterSignIn;
  return `${url.pathname}${url.search}${url.hash}`;
}
