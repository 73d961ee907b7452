import { messages } from '@interior/contracts';
import secureJson from 'secure-json-parse';
import { badRequest } from '../errors';
import { assertWellFormedText } from './well-formed';

/**
 * How deep a client's JSON may nest. Far beyond any body or parameter the API takes (a floor plan
 * nests a handful of levels), and far below what recursive code (JSON.stringify, zod, knex) can
 * walk without overflowing the stack: a 5,000-deep array was a 500.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `limit`, read from the text itself before anything parses
 * or walks it, in one pass without recursion. (No JSON library offers a depth limit: neither
 * JSON.parse nor secure-json-parse do; hence these few lines.) Brackets inside strings do not
 * count; malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as UTF-8 text, or a 400: a byte sequence that is no UTF-8 is refused, never replaced by "�". */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest(messages.invalidEncoding);
  }
}

/**
 * Parses JSON a client sent (a body, a query parameter, a multipart field): bounded in depth
 * before it is parsed, without prototype poisoning (`__proto__`, `constructor.prototype`), and
 * holding only text PostgreSQL can store. Anything else is a 400 with `message`.
 */
export function parseClientJson(
  text: string,
  options: { message?: string; fieldErrors?: boolean } = {},
): unknown {
  const message = options.message ?? messages.invalidJson;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest(message);
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw badRequest(message);
  }
  assertWellFormedText(parsed, { fieldErrors: options.fieldErrors });
  return parsed;
}
