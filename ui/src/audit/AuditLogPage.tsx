import { dashboardPath } from '@interior/contracts';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { AuditFilterBar } from './AuditFilterBar';
import { AuditLogTable } from './AuditLogTable';
import { type AuditFilterValues, auditSource } from './api';
import { ExportButtons } from './ExportButtons';

/** A filter as the address holds it; one edited by hand into something else starts unfiltered. */
function parseFilter(text: string | null): AuditFilterValues {
  try {
    const parsed = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The filter, kept in the address (`?filter={…}`) so a search can be linked to and reloaded. The
 * page's state is the source: each change applies to the filter as it is by then (two filters
 * changed in quick succession both stay), and the address follows.
 */
function useFilterParam(): [AuditFilterValues, (patch: Partial<AuditFilterValues>) => void] {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState(() => parseFilter(params.get('filter')));
  useEffect(() => {
    const text = Object.keys(filter).length ? JSON.stringify(filter) : null;
    if (text !== params.get('filter')) setParams(text ? { filter: text } : {}, { replace: true });
  }, [filter, params, setParams]);
  const update = (patch: Partial<AuditFilterValues>) =>
    setFilter((current) =>
      Object.fromEntries(
        Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined && value !== ''),
      ),
    );
  return [filter, update];
}

/**
 * /dashboard/audit: the whole log as the reader may see it (the API applies the read rule of every
 * record), newest first, filtered, paged by cursor, each event one sentence linking to its record
 * and to the record's history; exportable as CSV or JSON Lines.
 */
export function AuditLogPage() {
  const [filter, setFilter] = useFilterParam();
  // The read models' screen is the Admin's and the Developer's: its link shows to those who may open it.
  const readModels = useCanAccess({ resource: 'audit/readmodels', action: 'list' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="감사 로그" />
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1">
            감사 로그
          </Typography>
          {readModels.canAccess && (
            <Button component={Link} to={`${dashboardPath}/audit/readmodels`}>
              읽기 모델
            </Button>
          )}
        </Stack>
        <AuditFilterBar filter={filter} onChange={setFilter} />
        <ExportButtons filter={filter} />
        <AuditLogTable source={auditSource(filter)} />
      </CardContent>
    </Card>
  );
}
