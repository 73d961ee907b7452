import { type ActionPurpose, ActionTokens } from '@interior/platform';
import type { FastifyRequest } from 'fastify';

/** A host as a browser sends it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The site a request came to, as the browser used it (scheme, host, port): behind the gateway its
 * forwarded host and scheme, which Fastify believes only from trusted proxies (trustProxy). Links
 * mailed on a request lead there when PUBLIC_URL is not set; a host that is not a plain host name
 * gives none, and the mail falls back to the configured address.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const protocol = request.protocol;
  const host = request.host;
  if ((protocol !== 'http' && protocol !== 'https') || !HOST.test(host)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/** A new link grant for a purpose, carrying the site it was asked for from. */
export function linkGrant(request: FastifyRequest, purpose: ActionPurpose, userId: number, now: Date) {
  return { ...ActionTokens.grant(purpose, userId, now), origin: requestOrigin(request) };
}
