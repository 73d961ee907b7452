import type { MyPermissions, MyRecordPermission, ObjectType, Permission } from '@interior/contracts';
import { apiBase, apiJson, currentUser } from '../session';
import type { GrantSource } from './grantAccess';

/**
 * The signed-in user's grants for the screens, kept a few seconds: the menu and every button ask
 * at once, and a grant given or taken shows on the next screen. The API checks every call anyway.
 */
const FRESH_MS = 10_000;

/** Answers kept per user and key for FRESH_MS; a failed answer is not kept. */
class FreshCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  get(key: string, load: () => Promise<T>): Promise<T> {
    const fullKey = `${currentUser()?.user.id ?? 0}:${key}`;
    const kept = this.entries.get(fullKey);
    if (kept && Date.now() - kept.at < FRESH_MS) return kept.value;
    const entry = { at: Date.now(), value: load() };
    this.entries.set(fullKey, entry);
    entry.value.catch(() => {
      if (this.entries.get(fullKey) === entry) this.entries.delete(fullKey);
    });
    return entry.value;
  }

  clear() {
    this.entries.clear();
  }
}

const mine = new FreshCache<MyPermissions>();
const records = new FreshCache<Permission | null>();

export const apiGrants: GrantSource = {
  mine: () => mine.get('mine', () => apiJson<MyPermissions>(`${apiBase}/permission/mine`)),
  onRecord: (type: ObjectType, id: string | number) =>
    records.get(`${type}:${id}`, async () => {
      const path = `${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
      return (await apiJson<MyRecordPermission>(`${apiBase}/permission/mine/${path}`)).permission;
    }),
};

/** Forgets what was fetched (after a change of grants): the next question asks the API. */
export function forgetGrants(): void {
  mine.clear();
  records.clear();
}
