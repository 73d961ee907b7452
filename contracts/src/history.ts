/** One entry of GET /api/history/{ObjectType}/{id}, oldest first. */
export interface HistoryEntry {
  id: string;
  type: string;
  data: unknown;
  revision: number;
  position: string;
  occurredAt: string;
  actor: { id: number | null; name: string | null };
}
