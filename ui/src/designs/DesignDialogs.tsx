import { type DesignRecord, designerPath } from '@interior/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { useNavigate } from 'react-router';
import { touches, useWrite } from '../kit/useWrite';
import { designApi, type FolderRecord } from './api';

/** A one-field dialog (a name), answering the value or nothing. */
export function PromptDialog({
  open,
  title,
  label,
  initial = '',
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  children?: ReactNode;
  onClose: (value: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (open) setValue(initial);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={() => onClose(null)} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose(value.trim());
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>취소</Button>
          <Button type="submit" variant="contained" disabled={!value.trim()}>
            확인
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The folder and every folder under it: where it cannot be moved. */
function subtreeOf(folders: FolderRecord[], id: number): Set<number> {
  const inside = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of folders) {
      if (f.parentId !== null && inside.has(f.parentId) && !inside.has(f.id)) {
        inside.add(f.id);
        grew = true;
      }
    }
  }
  return inside;
}

/** Moves a folder under another (never under itself or its own subfolders) or to the top. */
export function MoveFolderDialog({
  open,
  folderId,
  folders,
  onClose,
}: {
  open: boolean;
  folderId: number;
  folders: FolderRecord[];
  onClose: () => void;
}) {
  const write = useWrite();
  const current = folders.find((f) => f.id === folderId);
  const [parent, setParent] = useState<number | ''>(current?.parentId ?? '');
  useEffect(() => {
    if (open) setParent(current?.parentId ?? '');
  }, [open, current?.parentId]);
  const excluded = subtreeOf(folders, folderId);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>폴더 옮기기</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label="옮길 위치"
          value={parent}
          onChange={(e) => setParent(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">최상위</MenuItem>
          {folders
            .filter((f) => !excluded.has(f.id))
            .map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>취소</Button>
        <Button
          variant="contained"
          onClick={async () => {
            const parentId = parent === '' ? null : parent;
            if (
              await write(
                () => designApi.updateFolder(folderId, { parentId }),
                '폴더를 옮겼습니다.',
                touches.designfolder,
              )
            )
              onClose();
          }}
        >
          옮기기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 새 디자인: a name and, when the catalogue offers plan templates (`/api/plan`), one to start
 * from; the new design opens in the editor at once, which is where a new design is worked on.
 */
export function CreateDialog({
  open,
  folderId,
  onClose,
}: {
  open: boolean;
  folderId: number | null;
  onClose: () => void;
}) {
  const write = useWrite();
  const navigate = useNavigate();
  // A role that may not read plan templates gets a refusal: it starts from an empty design.
  const plans = useGetList<{ id: number; name: string }>(
    'plan',
    { sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 200 } },
    { enabled: open, retry: false },
  );
  const [planId, setPlanId] = useState<number | ''>('');
  return (
    <PromptDialog
      open={open}
      title="새 디자인"
      label="디자인 이름"
      onClose={async (name) => {
        if (name) {
          let created: DesignRecord | undefined;
          const ok = await write(
            async () => {
              created = await designApi.create({ name, planId: planId === '' ? null : planId, folderId });
            },
            '디자인을 만들었습니다.',
            touches.design,
          );
          if (!ok) return;
          if (created) navigate(`${designerPath}/${created.id}`);
        }
        setPlanId('');
        onClose();
      }}
    >
      {plans.data && plans.data.length > 0 ? (
        <TextField
          select
          fullWidth
          margin="dense"
          label="평면도에서 시작"
          value={planId}
          onChange={(e) => setPlanId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">빈 디자인</MenuItem>
          {plans.data.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          빈 디자인으로 시작합니다.
        </Typography>
      )}
    </PromptDialog>
  );
}

/** Copy, rename, move and trash of one design. */
export function DesignActions({ design, folders }: { design: DesignRecord; folders: FolderRecord[] }) {
  const write = useWrite();
  const [dialog, setDialog] = useState<'rename' | 'copy' | 'move' | null>(null);
  const [target, setTarget] = useState<number | ''>(design.folderId ?? '');
  return (
    <>
      <Button size="small" onClick={() => setDialog('copy')}>
        복사
      </Button>
      <Button size="small" onClick={() => setDialog('rename')}>
        이름 변경
      </Button>
      <Button size="small" onClick={() => setDialog('move')}>
        이동
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => write(() => designApi.trash(design.id), '휴지통으로 옮겼습니다.', touches.design)}
      >
        휴지통
      </Button>
      <PromptDialog
        open={dialog === 'rename'}
        title="이름 변경"
        label="디자인 이름"
        initial={design.name}
        onClose={async (name) => {
          if (name)
            await write(() => designApi.update(design.id, { name }), '이름을 바꾸었습니다.', touches.design);
          setDialog(null);
        }}
      />
      <PromptDialog
        open={dialog === 'copy'}
        title="디자인 복사"
        label="사본 이름"
        initial={`${design.name} 사본`.slice(0, 100)}
        onClose={async (name) => {
          if (name)
            await write(() => designApi.copy(design.id, name), '디자인을 복사했습니다.', touches.design);
          setDialog(null);
        }}
      />
      <Dialog open={dialog === 'move'} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>폴더로 이동</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label="폴더"
            value={target}
            onChange={(e) => setTarget(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">폴더 없음</MenuItem>
            {folders.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>취소</Button>
          <Button
            variant="contained"
            onClick={async () => {
              await write(
                () => designApi.update(design.id, { folderId: target === '' ? null : target }),
                '옮겼습니다.',
                touches.design,
              );
              setDialog(null);
            }}
          >
            이동
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
