import { type FieldErrors, messages } from '@interior/contracts';

/**
 * An error with the HTTP status and the Korean message the client gets, in the one error shape every endpoint answers.
 * Status codes follow docs/architecture.md "Commands": 400 validation, 401 not signed in, 403 not allowed,
 * 404 missing, 409 a domain rule, 412 stale ETag, 413 too large, 429 rate limited.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message: string = messages.loginRequired) => new HttpError(401, message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const preconditionFailed = (message: string = messages.staleVersion) => new HttpError(412, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = messages.tooManyRequests) =>
  new HttpError(429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/**
 * A broken business rule, thrown by deciders (which know nothing of HTTP). `NotFound` becomes 404,
 * `RuleBroken` 409, `Gone` (a used or expired one-time link) 410, `Invalid` (values the rule does
 * not take, named by field in `errors`) 400.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: 'NotFound' | 'RuleBroken' | 'Gone' | 'Invalid',
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const domainNotFound = (message: string) => new DomainError('NotFound', message);
export const ruleBroken = (message: string) => new DomainError('RuleBroken', message);
export const gone = (message: string) => new DomainError('Gone', message);
export const invalidValues = (message: string, errors?: FieldErrors) =>
  new DomainError('Invalid', message, errors);
