import { useSearchParams } from 'react-router';

/** A revision from the address (`?revision=3`), within the record's revisions. */
export function useRevisionParam(latest: number): [number, (revision: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('revision'));
  const revision = Number.isInteger(asked) && asked >= 0 && asked <= latest ? asked : latest;
  const set = (next: number) => setParams({ revision: String(next) }, { replace: true });
  return [revision, set];
}
