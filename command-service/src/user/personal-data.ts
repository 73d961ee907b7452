import { messages } from '@interior/contracts';
import { HttpError, PersonalDataErasedError, type PiiVault } from '@interior/platform';

/**
 * Seals personal fields of an existing user (never creating a key: only registration does). A user
 * whose key was destroyed can only be erased; any other change of personal data is refused with a
 * 409 rather than sealed under a new key beside the unreadable old fields.
 */
export function sealedFor(vault: PiiVault, subject: string) {
  return async (value: string): Promise<string> => {
    try {
      return await vault.seal(subject, value);
    } catch (error) {
      if (error instanceof PersonalDataErasedError) throw new HttpError(409, messages.personalDataErased);
      throw error;
    }
  };
}
