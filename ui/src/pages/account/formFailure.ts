import { messages } from '@interior/contracts';
import { ApiError, isNetworkError } from '../../session';

export type FieldErrors = Partial<Record<string, string>>;

/** What a failed call means for a form: messages under its fields, and one for the whole form. */
export interface FormFailure {
  message: string | null;
  fields: FieldErrors;
}

/**
 * The API's answer in the form's words: a 400's field errors go under the fields the form shows
 * (`shownFields`, dotted names as the API uses them: `business.registrationNumber`), the others
 * into the form's message; 429 and the rest carry the API's own Korean message; a request that
 * never reached the server says so (네트워크 오류).
 */
export function formFailure(error: unknown, shownFields: readonly string[]): FormFailure {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.body?.errors) {
      const fields: FieldErrors = {};
      const elsewhere: string[] = [];
      for (const [field, message] of Object.entries(error.body.errors)) {
        if (shownFields.includes(field)) fields[field] = message;
        else if (!elsewhere.includes(message)) elsewhere.push(message);
      }
      const placed = Object.keys(fields).length > 0;
      return { message: elsewhere.length ? elsewhere.join(' ') : placed ? null : error.message, fields };
    }
    // A HEAD answer has no body: its statusText would be English.
    if (error.status === 429) return { message: error.body?.message || messages.tooManyRequests, fields: {} };
    return { message: error.body?.message || error.message || messages.unknownError, fields: {} };
  }
  if (isNetworkError(error)) return { message: error.message, fields: {} };
  return { message: messages.unknownError, fields: {} };
}

/** Moves the keyboard to the first field (in the form's order) that has an error. */
export function focusFirstError(errors: FieldErrors, order: readonly (readonly [string, string])[]): void {
  const first = order.find(([field]) => errors[field]);
  if (first) document.getElementById(first[1])?.focus();
}

/** The client-side sentence for a confirmation that differs from the password. */
export const passwordMismatch = '비밀번호가 일치하지 않습니다.';
