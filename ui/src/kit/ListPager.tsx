import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { moreThanText } from './listTotal';

const perPageChoices = [5, 10, 25, 50];

/**
 * The surrounding list's pages: rows per page, which rows of the exact total are shown, and the
 * previous and next page. A search total that is a lower bound (`meta.totalAtLeast`) reads
 * "1,000개 초과", as in every other list. Built from the MUI parts the dashboard already has,
 * instead of react-admin's pagination (MUI's table pagination and page buttons). Nothing after a
 * failed load (there is no count then) or when the list is empty.
 */
export function ListPager() {
  const { isPending, error, page, perPage, total, meta, setPage, setPerPage } = useListContext();
  if (isPending) return <Box sx={{ minHeight: 48 }} />;
  if (error || !total) return null;
  const pages = Math.ceil(total / perPage);
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        px: 2,
        py: 1,
      }}
    >
      <TextField
        select
        size="small"
        label="페이지당 행 수"
        value={perPage}
        onChange={(e) => setPerPage(Number(e.target.value))}
        sx={{ minWidth: 120 }}
      >
        {perPageChoices.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2">
        {from}-{to} / {meta?.totalAtLeast ? moreThanText(total) : `전체 ${total}`}
      </Typography>
      <Box>
        <IconButton aria-label="이전 페이지로 이동" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label="다음 페이지로 이동"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
