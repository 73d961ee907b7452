/**
 * Web Storage that never throws: storage can be missing (tests, some embedded browsers) or refuse
 * access (privacy settings, full quota). Both read as empty and writes are dropped, so a storage
 * problem degrades a convenience (a remembered e-mail, a palette) instead of breaking the app.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function safe(pick: () => Storage | undefined): SafeStorage {
  const attempt = <T>(work: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = pick();
      return storage ? work(storage) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}

/** Read at every call, not once, so tests and late-initialised globals are seen. */
export const localStore = safe(() => globalThis.localStorage);
export const sessionStore = safe(() => globalThis.sessionStorage);
