import { useLayoutEffect, useState } from 'react';

/**
 * The token of a mailed link (`?token=…`), read once; then the address bar and this history
 * entry drop it (history.replaceState), so it is not kept in the history, shown over a shoulder
 * or sent as the referrer of later requests. A layout effect, so that it runs before any child's
 * effect calls the API with the token. The router is not told: its copy of the old address is
 * never used again, and the next navigation replaces it.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token || null;
}

/**
 * What a password link was issued for, read from the token's payload to word the page (an
 * invitation sets a first password, a reset changes it). Not verified here: the server decides.
 */
export function linkPurpose(token: string | null): 'invitation' | 'reset-password' | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { purpose } = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      purpose?: unknown;
    };
    return purpose === 'invitation' || purpose === 'reset-password' ? purpose : null;
  } catch {
    return null;
  }
}
