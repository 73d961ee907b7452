import { type DesignRecord, dashboardPath } from '@interior/contracts';
import { Box, Card, CardActionArea, CardActions, CardContent, Link, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { DataTable, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatArea, formatDate } from './api';
import { DesignThumbnail } from './DesignThumbnail';

const overviewPath = (id: number) => `${dashboardPath}/mydesign/${id}/overview`;

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

/**
 * The designs of the surrounding list, one row each, sorted by their column headers; `children`
 * adds columns before the actions. On a narrow screen the table scrolls inside its own box.
 */
export function DesignTable({
  actions,
  empty,
  children,
}: {
  actions: (design: DesignRecord) => ReactNode;
  empty: ReactElement;
  children?: ReactNode;
}) {
  return (
    <DataTable<DesignRecord> rowClick={false} bulkActionButtons={false} empty={empty}>
      <DataTable.Col
        source="name"
        label="이름"
        render={(d) => (
          <Link component={RouterLink} to={overviewPath(d.id)}>
            {d.name}
          </Link>
        )}
      />
      <DataTable.NumberCol source="area" label="면적" render={(d) => formatArea(d.area)} />
      <DataTable.NumberCol source="roomCount" label="방" />
      <DataTable.Col
        source="updated"
        label="수정일"
        render={(d) => formatDate(d.updated ?? d.registered)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      {children}
      <DataTable.Col label="" disableSort align="right" render={actions} sx={{ whiteSpace: 'nowrap' }} />
    </DataTable>
  );
}
