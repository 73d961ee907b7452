import { z } from 'zod';
import { messages } from './messages';

/**
 * zod issue → Korean sentence (SPEC §5). Schemas that carry their own message keep it; every
 * other issue gets one of these, and anything unforeseen the SPEC fallback "유효한 값이 아닙니다.".
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

/** Parses with Korean messages; `errors` maps a dotted field path to its first message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input, { error: koreanIssueMessage });
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    errors[field] ??= issue.message || messages.invalidValue;
  }
  const first = Object.values(errors)[0] ?? messages.invalidValue;
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

/** Positive integer id; accepts the decimal string form that paths and query strings carry. */
export const positiveId = (message: string = messages.invalidId) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, {
      error: message,
    });

/** SPEC §5: standard e-mail pattern; compared case-insensitively, stored trimmed and lower-cased. */
export const email = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, { error: messages.maxLength(254) })
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((v) => v.toLowerCase());
