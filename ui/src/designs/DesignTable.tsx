import type { DesignRecord } from '@interior/contracts';
import { Link } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatArea, formatDate } from './api';
import { overviewPath } from './DesignGrid';

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
