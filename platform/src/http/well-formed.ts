import { findIllFormedText, messages } from '@interior/contracts';
import { badRequest } from '../errors';

/**
 * Every request's text must be text PostgreSQL can store: no NUL (`\u0000`, which neither `text`
 * nor `jsonb` accepts) and no lone surrogate (`\ud800`, no character at all). It is checked once at
 * the door: JSON bodies (app.ts's parser), query strings and path parameters (app.ts's hook), JSON
 * inside query parameters (simple-rest.ts); and `validate` (contracts) applies the same rule to
 * whatever it is given, a multipart form's fields included. The rule itself lives in contracts.
 */

/** Throws the 400 "유효한 값이 아닙니다." when `value` holds text PostgreSQL cannot store. */
export function assertWellFormedText(value: unknown, options: { fieldErrors?: boolean } = {}): void {
  const path = findIllFormedText(value);
  if (path === null) return;
  throw badRequest(
    messages.invalidValue,
    options.fieldErrors ? { [path || '_']: messages.invalidValue } : undefined,
  );
}
