/**
 * A path to open after sign-in (`nextPage`), as the server and the UI both check it: the path
 * normalised as a browser would resolve it, or null when it is not a plain path of this origin.
 *
 * It is checked after normalising, since the browser normalises before it navigates: `/.//host`
 * resolves to `//host` (another origin to a router), a backslash reads as a slash. Anything a
 * browser could take for another origin is refused: `//host`, `/\host`, a scheme, control
 * characters, and a path that only resolves to one of those.
 */
export function sameOriginPath(nextPage: string | null | undefined): string | null {
  if (typeof nextPage !== 'string' || !nextPage.startsWith('/')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(nextPage)) return null;
  const base = 'https://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(nextPage, base);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The resolved path must itself read as a path here, not as `//host` or `/\host`.
  if (url.origin !== base || !path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  return path;
}
