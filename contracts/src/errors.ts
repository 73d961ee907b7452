import { z } from 'zod';

/** The one error shape every endpoint answers; validation errors add `errors` (field → message) for react-admin forms. */
export const ErrorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
