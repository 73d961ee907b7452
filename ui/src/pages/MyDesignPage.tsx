import DesignServicesIcon from '@mui/icons-material/DesignServices';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';

/**
 * /dashboard/mydesign, the landing page after sign-in. Designs are not built yet: the page says
 * so plainly instead of showing an empty list that looks broken.
 */
export function MyDesignPage() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="내 디자인" />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <DesignServicesIcon color="disabled" sx={{ fontSize: 64 }} />
          <Typography variant="h5" component="h1">
            아직 디자인이 없습니다
          </Typography>
          <Typography color="text.secondary">
            디자인을 만들고 관리하는 기능은 준비 중입니다. 준비가 끝나면 이곳에서 내 디자인을 볼 수 있습니다.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
