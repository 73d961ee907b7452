import { type Query, QueryClient } from '@tanstack/react-query';

/**
 * The dashboard's react-query cache (react-admin's own default client, made here so that code
 * outside components, the authProvider's grants, shares it).
 */
export const queryClient = new QueryClient();

/**
 * Whether a query was left waiting with no one to fetch it: a query whose first fetch was
 * cancelled (its last observer left while it ran, and the fetch used its abort signal) goes back
 * to `pending`, with nothing under way and no observer to ask again, and stays so until the cache
 * forgets it minutes later.
 */
const stranded = (query: Query) =>
  query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.getObserversCount() === 0;

/**
 * Drops the queries `client` leaves stranded, so that whoever looks at one next asks afresh.
 * react-admin's pages read the state of the access checks their buttons and menu made
 * (useIsAuthPending: "still pending" shows a spinner instead of the page) without observing them;
 * a stranded check kept a page spinning until the cache dropped it. Returns the unsubscribe.
 */
export function dropStrandedQueries(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  return cache.subscribe((event) => {
    // A cancelled fetch puts its query back by a setState; every other path to `pending` leaves a
    // fetch under way or an observer that will fetch.
    if (event.type !== 'updated' || event.action.type !== 'setState' || !stranded(event.query)) return;
    const { query } = event;
    // After the cancelled fetch has finished unwinding; by then someone may have asked again.
    setTimeout(() => {
      if (stranded(query) && cache.get(query.queryHash) === query) cache.remove(query);
    }, 0);
  });
}

dropStrandedQueries(queryClient);
