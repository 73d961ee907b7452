import { z } from 'zod';
import { messages } from './messages';

/**
 * zod issue → Korean sentence: a person is never shown a validator's English. Schemas that carry
 * their own message keep it; every other issue gets one of these, and anything unforeseen the
 * general "유효한 값이 아닙니다.".
 */
export function koreanIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? messages.required : messages.invalidValue;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? messages.required : messages.minLength(min);
      if (issue.origin === 'array' || issue.origin === 'set') return messages.minItems(min);
      return messages.minNumber(min);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return messages.maxLength(max);
      if (issue.origin === 'array' || issue.origin === 'set') return messages.maxItems(max);
      return messages.maxNumber(max);
    }
    case 'invalid_format':
      return issue.format === 'email' ? messages.invalidEmail : messages.invalidValue;
    case 'not_multiple_of':
      return messages.integer;
    default:
      return messages.invalidValue;
  }
}

export type FieldErrors = Record<string, string>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; message: string };

/**
 * The message of a finished issue. A schema's own "필수 입력 항목입니다." (`z.string({ error:
 * messages.required })`) covers every issue of its type check, so it would also answer a value
 * that is there but of the wrong type (`{"newPassword": 123}`): "required" is said only when the
 * value is missing (undefined, or null as react-admin sends for a cleared input); a present value
 * of the wrong type is "유효한 값이 아닙니다.".
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  const message = issue.message || messages.invalidValue;
  if (
    message === messages.required &&
    issue.code === 'invalid_type' &&
    issue.input !== undefined &&
    issue.input !== null
  ) {
    return messages.invalidValue;
  }
  return message;
}

/**
 * Parses with Korean messages; `errors` maps a dotted field path to its first message. Text that
 * PostgreSQL cannot store (a NUL, a lone surrogate) is "유효한 값이 아닙니다." whatever the schema
 * says, so input that arrives by another road than a JSON body (a multipart form's fields) is held
 * to the same rule.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const illFormed = findIllFormedText(input);
  if (illFormed !== null) {
    return {
      ok: false,
      errors: { [illFormed || '_']: messages.invalidValue },
      message: messages.invalidValue,
    };
  }
  const result = schema.safeParse(input, { error: koreanIssueMessage, reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  // A Map, not an object: a field named `constructor` or `__proto__` is a key like any other.
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (!byField.has(field)) byField.set(field, issueMessage(issue));
  }
  const errors: FieldErrors = Object.fromEntries(byField);
  const first = byField.values().next().value ?? messages.invalidValue;
  return { ok: false, errors, message: first };
}

/** A required text: trimmed, at least one character, at most `max`. */
export const requiredText = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? messages.required : messages.invalidValue) })
    .trim()
    .min(1, {
      error: messages.required,
    })
    .max(max, { error: messages.maxLength(max) });

/** An optional text: trimmed; empty means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.maxLength(max) })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** The largest id: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * Integer id from `min` to MAX_ID. Accepts a JSON number, or the plain decimal digits that paths
 * and query strings carry: not `1e3`, `0x10`, ` 1`, `+1` or `1.0`, which a number coercion would
 * take for 1000, 16 and 1.
 */
export const idFrom = (min: 0 | 1, message: string = messages.invalidId) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(MAX_ID, { error: message }),
  );

/** Positive integer id (user, group, file and business ids start at 1), at most MAX_ID. */
export const positiveId = (message: string = messages.invalidId) => idFrom(1, message);

/** The standard e-mail pattern; addresses compare case-insensitively, so they are stored trimmed and lower-cased. */
export const email = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, { error: messages.maxLength(254) })
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((v) => v.toLowerCase());

// Bound once: in a VM context (where the tests run the services) each lookup of a global costs
// more than the test it serves, and a large body has hundreds of thousands of values to walk.
const { isArray } = Array;
const { keys: keysOf } = Object;
const { isView } = ArrayBuffer;
const ArrayBufferType = ArrayBuffer;

/**
 * Text PostgreSQL can store. A JSON escape can carry a NUL (`\u0000`), which neither `text` nor
 * `jsonb` accepts, or a lone UTF-16 surrogate (`\ud800`), which is no character at all and has no
 * UTF-8 form. Either would fail deep inside a write (or, sealed in an event, in a projection).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point.
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(text: string): boolean {
  return !ILL_FORMED.test(text);
}

/**
 * The dotted path of the first string or key in `value` that is not well-formed text ('' for
 * `value` itself, the object's path for a key), or null when all are. Iterative, so a deeply
 * nested body cannot overflow the stack; binary data and streams are not walked.
 */
export function findIllFormedText(value: unknown): string | null {
  // Each step keeps its parent and key; the path is spelled only for the one value found (a large
  // body has hundreds of thousands of values, and every request's body is walked).
  const pending: Step[] = [{ value, parent: null, key: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pathOf(next);
    } else if (isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], parent: next, key: i });
    } else if (current !== null && typeof current === 'object' && isWalkable(current)) {
      const keys = keysOf(current);
      for (const key of keys) if (!isWellFormedText(key)) return pathOf(next);
      for (let i = keys.length - 1; i >= 0; i--) {
        pending.push({ value: (current as Record<string, unknown>)[keys[i]!], parent: next, key: keys[i]! });
      }
    }
  }
  return null;
}

interface Step {
  value: unknown;
  parent: Step | null;
  key: string | number;
}

function pathOf(step: Step): string {
  const keys: (string | number)[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** Objects of any prototype (query-string parsers and routers make their own), but not bytes or streams. */
function isWalkable(value: object): boolean {
  return (
    !isView(value) &&
    !(value instanceof ArrayBufferType) &&
    typeof (value as { pipe?: unknown }).pipe !== 'function'
  );
}
