import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { dropStrandedQueries } from './queryClient';

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** A query whose fetch takes `ms` and uses its abort signal, as react-admin's access checks do. */
const slowAnswer =
  (ms: number, answer = true) =>
  async ({ signal }: { signal: AbortSignal }) => {
    await settle(ms);
    signal.throwIfAborted();
    return answer;
  };

/** Asks the question and leaves before its answer comes, as a page left while its buttons ask. */
async function askAndLeave(client: QueryClient, key: readonly unknown[]): Promise<void> {
  const observer = new QueryObserver(client, { queryKey: key, queryFn: slowAnswer(50) });
  const unsubscribe = observer.subscribe(() => {});
  await settle(1);
  unsubscribe();
  await settle(100);
}

describe('queries left pending with no one to fetch them', () => {
  const key = ['auth', 'canAccess', { action: 'create', resource: 'usergroup' }];
  let client: QueryClient;
  let stop: () => void;
  beforeEach(() => {
    client = new QueryClient();
    stop = dropStrandedQueries(client);
  });
  afterEach(() => {
    stop();
    client.clear();
  });

  it('are dropped when their first fetch was cancelled: a page reading them no longer waits', async () => {
    await askAndLeave(client, key);
    expect(client.getQueryState(key)).toBeUndefined();
  });

  it('stay pending without the drop (what react-query itself does)', async () => {
    stop();
    await askAndLeave(client, key);
    expect(client.getQueryState(key)).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
  });

  it('keep their answer when a later fetch is cancelled', async () => {
    const observer = new QueryObserver(client, { queryKey: key, queryFn: slowAnswer(10), staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    await settle(50);
    expect(client.getQueryState(key)).toMatchObject({ status: 'success', data: true });
    void client.refetchQueries({ queryKey: key });
    await settle(1);
    unsubscribe();
    await settle(100);
    expect(client.getQueryState(key)).toMatchObject({ status: 'success', data: true });
  });

  it('are kept while someone observes them, even disabled', async () => {
    const observer = new QueryObserver(client, { queryKey: key, queryFn: slowAnswer(10), enabled: false });
    const unsubscribe = observer.subscribe(() => {});
    await settle(50);
    expect(client.getQueryCache().find({ queryKey: key })).toBeDefined();
    unsubscribe();
  });

  it('are fetched afresh by whoever observes them next', async () => {
    await askAndLeave(client, key);
    const second = new QueryObserver(client, { queryKey: key, queryFn: slowAnswer(5) });
    const done = second.subscribe(() => {});
    await settle(50);
    expect(client.getQueryState(key)).toMatchObject({ status: 'success', data: true });
    done();
  });
});
