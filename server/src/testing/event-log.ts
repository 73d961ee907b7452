import type { StoredEvent } from '@interior/platform';
import type { TestPlatform } from './platform';

/** Every event in the platform's log, oldest first. */
export async function allEvents(platform: TestPlatform): Promise<StoredEvent[]> {
  const store = platform.server.runtime.store;
  const events: StoredEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const batch = await store.readAll({ after, limit: 500 });
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
}
