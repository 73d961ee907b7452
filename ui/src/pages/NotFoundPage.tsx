import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PublicLayout } from './PublicLayout';

/** Any path that is neither a public page nor under /dashboard (SPEC §2). */
export function NotFoundPage() {
  return (
    <PublicLayout maxWidth="sm">
      <Stack spacing={2} sx={{ textAlign: 'center' }}>
        <Typography variant="h2" component="p" color="text.secondary">
          404
        </Typography>
        <Typography variant="h5" component="h1">
          페이지를 찾을 수 없습니다
        </Typography>
        <Typography color="text.secondary">주소가 잘못되었거나 더 이상 없는 페이지입니다.</Typography>
        <div>
          <Button variant="contained" component={RouterLink} to="/">
            처음으로
          </Button>
        </div>
      </Stack>
    </PublicLayout>
  );
}
