import { Pagination, type PaginationProps, useListContext } from 'react-admin';
import { ListLoadError } from './ListLoadError';
import { moreThanText } from './listTotal';

/**
 * The pagination, except after a failed load: there is no count to show then. A search matching
 * more rows than the server counts has a total that is a lower bound (`meta.totalAtLeast`, from
 * the data provider): "1-25 / 1,000개 초과", never a count it is not.
 */
export function ListPagination() {
  const { error, meta } = useListContext();
  if (error) return null;
  if (!meta?.totalAtLeast) return <Pagination />;
  // react-admin's Pagination hands its other props to MUI's TablePagination (its types omit this one).
  const atLeast = {
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      `${from}-${to} / ${moreThanText(count)}`,
  };
  return <Pagination {...(atLeast as unknown as PaginationProps)} />;
}

/** Props every list takes for its error state. */
export const listStateProps = { error: <ListLoadError />, pagination: <ListPagination /> };
