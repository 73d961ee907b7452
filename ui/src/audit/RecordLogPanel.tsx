import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuditLogTable } from './AuditLogTable';
import { recordAuditPath, recordLogSource } from './api';
import { DiffView } from './DiffView';
import { StateAt } from './StateAt';

/**
 * A record's history in the log's own sentences, newest first, a page at a time; each of its own
 * events opens what it changed (the diff from the revision before) or the record as it was then.
 * The changes of its grants are told but have no revision of the record to show. The workbench's
 * 이력 and every record's own 이력 tab are this one panel.
 */
export function RecordLogPanel({ type, id }: { type: string; id: number }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <AuditLogTable
      label="변경 이력"
      source={recordLogSource(type, id)}
      actions={(entry) =>
        entry.revision === null ? null : (
          <Stack direction="row" spacing={0.5}>
            <Button
              size="small"
              aria-expanded={open === entry.revision}
              onClick={() => setOpen(open === entry.revision ? null : entry.revision)}
            >
              변경 내용
            </Button>
            <Button
              size="small"
              component={Link}
              to={`${recordAuditPath(type, id, 'asof')}?revision=${entry.revision}`}
            >
              그때 모습
            </Button>
          </Stack>
        )
      }
      detail={(entry) =>
        entry.revision === null || entry.revision !== open ? null : entry.revision === 0 ? (
          <StateAt type={type} id={id} revision={0} />
        ) : (
          <DiffView type={type} id={id} from={entry.revision - 1} to={entry.revision} />
        )
      }
    />
  );
}
