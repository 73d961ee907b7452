import { type DesignRecord, dashboardPath } from '@interior/contracts';
import { Box, Card, CardActionArea, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatArea, formatDate } from './api';
import { DesignThumbnail } from './DesignThumbnail';

export const overviewPath = (id: number) => `${dashboardPath}/mydesign/${id}/overview`;

/** The designs of the surrounding list as cards with their drawings. */
export function DesignCards({
  actions,
  empty,
}: {
  actions: (design: DesignRecord) => ReactNode;
  empty: ReactElement;
}) {
  const { data } = useListContext<DesignRecord>();
  if (!data) return null;
  if (data.length === 0) return empty;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        p: { xs: 1, sm: 2 },
        // At most 240 px a column, and never wider than a phone's screen.
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
      }}
    >
      {data.map((d) => (
        <Card key={d.id} variant="outlined" data-testid="design-card">
          <CardActionArea component={RouterLink} to={overviewPath(d.id)}>
            <DesignThumbnail id={d.id} revision={d.revision} name={d.name} />
            <CardContent>
              <Typography variant="subtitle1" component="h2" noWrap>
                {d.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatArea(d.area)} · 방 {d.roomCount}개 · {formatDate(d.updated ?? d.registered)}
              </Typography>
            </CardContent>
          </CardActionArea>
          <CardActions sx={{ flexWrap: 'wrap' }}>{actions(d)}</CardActions>
        </Card>
      ))}
    </Box>
  );
}
