import { landingAfterSignIn } from '@interior/contracts';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';

/**
 * A SPEC §2 dashboard screen that is not built yet. It says so plainly, with the screen's name,
 * and shows no sample data and no controls that would do nothing.
 */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <ConstructionIcon color="disabled" sx={{ fontSize: 64 }} />
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">이 화면은 아직 준비 중입니다.</Typography>
          <div>
            <Button variant="outlined" component={RouterLink} to={landingAfterSignIn}>
              내 디자인으로 이동
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
