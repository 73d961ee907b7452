import { validate } from '@interior/contracts';
import type { z } from 'zod';
import { badRequest } from '../errors';

/** Validates input with the product's Korean messages (contracts/src/validation.ts), or throws a 400 with `errors` per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input);
  if (!result.ok) throw badRequest(result.message, result.errors);
  return result.data;
}
