import { Alert, Button } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * What a list shows when its rows could not be loaded: that they could not, why, and a retry;
 * never "항목이 없습니다", which would say there is nothing.
 */
export function ListLoadError() {
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => refetch()}>
          다시 시도
        </Button>
      }
    >
      목록을 불러오지 못했습니다. {error?.message ?? ''}
    </Alert>
  );
}
