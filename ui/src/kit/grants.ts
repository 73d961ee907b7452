import type { MyPermissions, MyRecordPermission, ObjectType, Permission } from '@interior/contracts';
import { apiBase, apiJson, currentUser } from '../session';
import { queryClient } from './queryClient';

/** Where the signed-in user's grants come from (the API, cached below). */
export interface GrantSource {
  /** `GET api/permission/mine`. */
  mine(): Promise<MyPermissions>;
  /** `GET api/permission/mine/{type}/{id}`: what the user holds on one record. */
  onRecord(type: ObjectType, id: string | number): Promise<Permission | null>;
}

/**
 * The signed-in user's grants for the screens, kept a few seconds in the dashboard's query cache:
 * the menu and every button ask at once (one request answers them all), and a grant given or taken
 * shows on the next screen. A failed answer is not kept. The API checks every call anyway.
 */
const FRESH_MS = 10_000;
const GRANTS_KEY = 'grants';

const fetchFresh = <T>(key: readonly unknown[], load: () => Promise<T>): Promise<T> =>
  queryClient.fetchQuery({
    queryKey: [GRANTS_KEY, currentUser()?.user.id ?? 0, ...key],
    queryFn: load,
    staleTime: FRESH_MS,
    retry: false,
  });

export const apiGrants: GrantSource = {
  mine: () => fetchFresh(['mine'], () => apiJson<MyPermissions>(`${apiBase}/permission/mine`)),
  onRecord: (type: ObjectType, id: string | number) =>
    fetchFresh([type, String(id)], async () => {
      const path = `${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
      return (await apiJson<MyRecordPermission>(`${apiBase}/permission/mine/${path}`)).permission;
    }),
};

/** Forgets what was fetched (after a change of grants): the next question asks the API. */
export function forgetGrants(): void {
  queryClient.removeQueries({ queryKey: [GRANTS_KEY] });
}
