import { type PageGuardName, pageGuards } from '@interior/contracts';
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useCanAccess, useRecordContext, useResourceContext } from 'react-admin';
import { AccessDenied } from './AccessDenied';

/**
 * What a silent guard shows in place of what it guards: nothing at all for a part of a
 * page, or for a whole route the not-found view, as if nothing were there. No warning, no redirect.
 */
export function SilentlyDenied({ notFound = false }: { notFound?: boolean }) {
  return notFound ? (
    <Typography color="text.secondary" sx={{ p: 2 }} role="status">
      페이지를 찾을 수 없습니다.
    </Typography>
  ) : null;
}

interface RequireAccessProps {
  /** What authProvider.canAccess is asked (list, show, edit, delete, permissions, ...). */
  action: string;
  /** The record it is asked about; the record of the page by default. */
  record?: RaRecord;
  resource?: string;
  /** Silent: a denial shows `fallback` (nothing by default); loud: the warning and the redirect. */
  silent: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}

/** Guards a part of a page, or a whole page, by authProvider.canAccess on its resource (and record). */
export function RequireAccess({
  action,
  record,
  resource,
  silent,
  fallback = null,
  children,
}: RequireAccessProps) {
  const pageRecord = useRecordContext();
  const { canAccess, isPending } = useCanAccess({
    action,
    resource: useResourceContext({ resource }),
    record: record ?? pageRecord,
  });
  if (isPending) return null;
  if (canAccess) return children;
  return silent ? fallback : <AccessDenied />;
}

/**
 * Whether the user may use a part of the page (contracts' pageGuards) on the page's record, for
 * parts that cannot be wrapped (a tab of TabbedShowLayout must be its direct child).
 */
export function usePagePart(guard: PageGuardName, options: { record?: RaRecord; resource?: string } = {}) {
  const pageRecord = useRecordContext();
  const { canAccess } = useCanAccess({
    action: pageGuards[guard].action,
    resource: useResourceContext({ resource: options.resource }),
    record: pageGuards[guard].on === 'record' ? (options.record ?? pageRecord) : undefined,
  });
  return canAccess === true;
}

/** A part of a page under one of contracts' pageGuards: silent, so denied it is simply not there. */
export function PagePart({
  guard,
  resource,
  children,
}: {
  guard: PageGuardName;
  resource?: string;
  children: ReactNode;
}) {
  return usePagePart(guard, { resource }) ? children : <SilentlyDenied />;
}
