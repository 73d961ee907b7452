import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/**
 * What a path no page has shows, alike on the public side and in the dashboard; `home` is where
 * "처음으로" leads (the landing page, or the dashboard's).
 */
export function NotFoundContent({ home = '/' }: { home?: string }) {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h2" component="p" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h1">
        페이지를 찾을 수 없습니다
      </Typography>
      <Typography color="text.secondary">주소가 잘못되었거나 더 이상 없는 페이지입니다.</Typography>
      <div>
        <Button variant="contained" component={RouterLink} to={home}>
          처음으로
        </Button>
      </div>
    </Stack>
  );
}
