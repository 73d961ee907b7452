import type { HistoryEntry, ObjectType } from '@interior/contracts';
import type { DataProvider, Identifier } from 'react-admin';

/**
 * What the app's dataProvider answers besides react-admin's calls; pages ask for it with
 * `useDataProvider<AppDataProvider>()`. The dashboard shell builds the provider itself.
 */
export interface AppDataProvider extends DataProvider {
  /**
   * GET /api/history/{ObjectType}/{id}: every event that changed the object, oldest first; without
   * `id`, GET /api/history/{ObjectType}: the changes of the grants on every object of the type.
   */
  getHistory(objectType: ObjectType, id?: Identifier): Promise<HistoryEntry[]>;
}
