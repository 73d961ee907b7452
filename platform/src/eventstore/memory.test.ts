import { describeEventStoreContract } from './contract-suite';
import { InMemoryEventStore } from './memory';

describeEventStoreContract('in-memory adapter', async () => {
  const store = new InMemoryEventStore();
  return { store, cleanup: () => store.close() };
});
