import { localStore } from '../browserStorage';

/** The login e-mail the user asked to remember ("이메일 저장"), in local storage. */
export const savedLoginEmailKey = 'interior.loginEmail';

export const readSavedLoginEmail = (): string | null => localStore.get(savedLoginEmailKey);

/** Remembers `email`, or forgets any remembered one when `remember` is off. */
export function rememberLoginEmail(email: string, remember: boolean): void {
  if (remember) localStore.set(savedLoginEmailKey, email);
  else localStore.remove(savedLoginEmailKey);
}
