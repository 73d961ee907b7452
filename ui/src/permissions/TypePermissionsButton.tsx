import type { ObjectType } from '@interior/contracts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useId, useState } from 'react';
import { HistoryTable } from '../history/HistoryTable';
import { PagePart } from '../kit/RequireAccess';
import { PermissionsTab } from './PermissionsTab';

/**
 * "유형 권한" on a resource's list: the grants on every record of the type (stream `Acl-<type>`),
 * with the history of their changes, in a dialog. Shown only to those who may change them (the
 * Admin role, or Admin on the type): a silent guard, others see no button.
 */
interface TypePermissionsProps {
  objectType: ObjectType;
  resource: string;
  /** The type's Korean name: "사용자 그룹". */
  typeName: string;
}

export function TypePermissionsButton(props: TypePermissionsProps) {
  return (
    <PagePart guard="typePermissions" resource={props.resource}>
      <TypePermissionsDialogButton {...props} />
    </PagePart>
  );
}

function TypePermissionsDialogButton({ objectType, typeName }: TypePermissionsProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'grants' | 'history'>('grants');
  const titleId = useId();
  return (
    <>
      <Button size="small" startIcon={<AdminPanelSettingsIcon />} onClick={() => setOpen(true)}>
        유형 권한
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{typeName} 전체에 대한 권한</DialogTitle>
        <DialogContent>
          <Tabs value={tab} onChange={(_event, value) => setTab(value)} aria-label="유형 권한">
            <Tab value="grants" label="권한" />
            <Tab value="history" label="이력" />
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {tab === 'grants' ? (
              <PermissionsTab objectType={objectType} scopeLabel={`모든 ${typeName}`} />
            ) : (
              <HistoryTable objectType={objectType} />
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>닫기</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
