import { Pagination, useListContext } from 'react-admin';
import { ListLoadError } from './ListLoadError';

export { ListLoadError };

/** The pagination, except after a failed load: there is no count to show then. */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

/** Props every list takes for its error state. */
export const listStateProps = { error: <ListLoadError />, pagination: <ListPagination /> };
