import { type FieldErrors, validate } from '@interior/contracts';
import type { z } from 'zod';

/** Form values with empty inputs (react-admin turns '' into null) left out, as the API reads "absent". */
export function withoutEmpty(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
}

/** Dotted paths (`roles.0`) belong to the input of their first segment; the first message wins. */
export function toFieldErrors(errors: FieldErrors): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    fields[field] ??= message;
  }
  return fields;
}

/**
 * A react-admin form-level validator from the API's own schema (contracts): the same rules and
 * the same Korean sentences as the server's 400 answer, so a form refused here reads exactly as
 * one the API refuses. `prepare` shapes the form values as the request will send them.
 */
export function schemaValidator(
  schema: z.ZodType,
  prepare: (values: Record<string, unknown>) => unknown = withoutEmpty,
  extra?: (values: Record<string, unknown>) => Record<string, string>,
) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const result = validate(schema, prepare(values));
    const errors = result.ok ? {} : toFieldErrors(result.errors);
    return { ...(extra?.(values) ?? {}), ...errors };
  };
}
