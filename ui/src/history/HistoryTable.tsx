import type { ObjectType } from '@interior/contracts';
import { Alert, Button } from '@mui/material';
import type { Identifier } from 'react-admin';
import { Link } from 'react-router';
import { recordAuditPath } from '../audit/api';
import { RecordLogPanel } from '../audit/RecordLogPanel';
import { TypeGrantsHistory } from './TypeGrantsHistory';

/**
 * A record's 이력 tab: its events in the audit log's sentences, newest first, a page at a time (the
 * workbench's own panel, so one wording and one diff for both), each opening what it changed or
 * the record as it was. A deleted record (`deleted`) keeps its history, read from the log.
 */
function RecordHistory({
  objectType,
  id,
  deleted,
}: {
  objectType: ObjectType;
  id: number;
  deleted: boolean;
}) {
  return (
    <>
      {/* The workbench adds any revision, any two revisions compared, and a replay. */}
      <Button component={Link} to={recordAuditPath(objectType, id)} size="small" sx={{ mb: 1 }}>
        감사 작업대에서 보기
      </Button>
      {deleted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          삭제된 기록입니다. 삭제되기 전까지의 이력을 보여 줍니다.
        </Alert>
      )}
      <RecordLogPanel type={objectType} id={id} />
    </>
  );
}

/**
 * The history of one record (`id`), or without it the changes of the grants on every record of a
 * type. Every resource shows this one component.
 */
export function HistoryTable({
  objectType,
  id,
  deleted = false,
}: {
  objectType: ObjectType;
  id?: Identifier;
  deleted?: boolean;
}) {
  if (id === undefined) return <TypeGrantsHistory objectType={objectType} />;
  return <RecordHistory objectType={objectType} id={Number(id)} deleted={deleted} />;
}
