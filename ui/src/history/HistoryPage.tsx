import { dashboardPath, type ObjectType, resourceObjectTypes } from '@interior/contracts';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type Identifier, Title, useDataProvider, useGetResourceLabel } from 'react-admin';
import { Link, useParams } from 'react-router';
import { NotFoundContent } from '../pages/NotFoundContent';
import { HistoryTable } from './HistoryTable';

/**
 * /dashboard/history/{resource}/{id}: the history of a record on a page of its own, for a record
 * whose own page cannot open any more because it was deleted (its events stay in the log). Who may
 * read it is the API's answer (GET /api/history/{type}/{id}/log), as for any history.
 */
export function HistoryPage() {
  const { resource = '', id = '' } = useParams();
  const objectType = resourceObjectTypes[resource];
  const getResourceLabel = useGetResourceLabel();
  const dataProvider = useDataProvider();
  const record = useQuery({
    queryKey: ['history-page-record', resource, id],
    queryFn: () => dataProvider.getOne(resource, { id }),
    enabled: objectType !== undefined && /^[1-9]\d{0,15}$/.test(id),
    retry: false,
  });
  if (!objectType || !/^[1-9]\d{0,15}$/.test(id)) return <NotFoundContent home={dashboardPath} />;
  const deleted = record.isError;
  const name = getResourceLabel(resource, 1);
  const title = `${deleted ? '삭제된 ' : ''}${name} #${id}의 이력`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {record.isSuccess ? (
          <Button component={Link} to={`${dashboardPath}/${resource}/${id}/show`} sx={{ mb: 2 }}>
            {name} 보기
          </Button>
        ) : null}
        {record.isPending && record.fetchStatus !== 'idle' ? null : (
          <HistoryTable objectType={objectType as ObjectType} id={id as Identifier} deleted={deleted} />
        )}
      </CardContent>
    </Card>
  );
}
