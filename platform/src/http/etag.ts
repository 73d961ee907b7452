import { messages } from '@interior/contracts';
import { badRequest } from '../errors';

/** A record's ETag is its stream revision, so a stale If-Match is a stale revision. */
export const etagOf = (version: number) => `"${version}"`;

/** The revision named by an If-Match header, or undefined without one; `*` means any version. */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (value === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(value);
  if (!match) throw badRequest(messages.invalidIfMatch);
  return Number(match[1]);
}
