import { type DesignRecord, dashboardPath } from '@interior/contracts';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../session';
import { designApi, type FolderRecord, fetchList, formatArea, formatDate } from './api';
import { DesignThumbnail } from './DesignThumbnail';

type SortKey = 'updated' | 'name' | 'area';
const sorts: Record<SortKey, { label: string; sort: [string, 'ASC' | 'DESC'] }> = {
  updated: { label: '최근 수정순', sort: ['updated', 'DESC'] },
  name: { label: '이름순', sort: ['name', 'ASC'] },
  area: { label: '면적 큰 순', sort: ['area', 'DESC'] },
};

/** Runs a write and tells the user how it went (the server's Korean message on failure). */
export function useRun() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
      await queryClient.invalidateQueries();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return false;
    }
  };
}

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
function MoveFolderDialog({
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
  const run = useRun();
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
            if (await run(() => designApi.updateFolder(folderId, { parentId }), '폴더를 옮겼습니다.'))
              onClose();
          }}
        >
          옮기기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Folders as an indented tree, with "전체" on top. */
function FolderTree({
  folders,
  selected,
  onSelect,
}: {
  folders: FolderRecord[];
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const children = (parentId: number | null, depth: number): ReactNode[] =>
    folders
      .filter((f) => f.parentId === parentId)
      .flatMap((f) => [
        <ListItemButton
          key={f.id}
          selected={selected === f.id}
          onClick={() => onSelect(f.id)}
          sx={{ pl: 2 + depth * 2 }}
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            <FolderIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={f.name} />
        </ListItemButton>,
        ...children(f.id, depth + 1),
      ]);
  return (
    // A navigation of buttons, not a list of items (axe: a list holds only list items).
    <List dense component="nav" aria-label="폴더">
      <ListItemButton selected={selected === null} onClick={() => onSelect(null)}>
        <ListItemText primary="전체 디자인" />
      </ListItemButton>
      {children(null, 0)}
    </List>
  );
}

/** The plan templates to start from, when the catalogue offers them (`/api/plan`). */
function usePlans() {
  return useQuery({
    queryKey: ['plan-picker'],
    queryFn: async () => {
      try {
        return (
          await fetchList<{ id: number; name: string }>('plan', { sort: ['name', 'ASC'], range: [0, 199] })
        ).rows;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
  });
}

function CreateDialog({
  open,
  folderId,
  onClose,
}: {
  open: boolean;
  folderId: number | null;
  onClose: () => void;
}) {
  const run = useRun();
  const plans = usePlans();
  const [planId, setPlanId] = useState<number | ''>('');
  return (
    <PromptDialog
      open={open}
      title="새 디자인"
      label="디자인 이름"
      onClose={async (name) => {
        if (name) {
          const ok = await run(
            () => designApi.create({ name, planId: planId === '' ? null : planId, folderId }),
            '디자인을 만들었습니다.',
          );
          if (!ok) return;
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
  const run = useRun();
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
        onClick={() => run(() => designApi.trash(design.id), '휴지통으로 옮겼습니다.')}
      >
        휴지통
      </Button>
      <PromptDialog
        open={dialog === 'rename'}
        title="이름 변경"
        label="디자인 이름"
        initial={design.name}
        onClose={async (name) => {
          if (name) await run(() => designApi.update(design.id, { name }), '이름을 바꾸었습니다.');
          setDialog(null);
        }}
      />
      <PromptDialog
        open={dialog === 'copy'}
        title="디자인 복사"
        label="사본 이름"
        initial={`${design.name} 사본`.slice(0, 100)}
        onClose={async (name) => {
          if (name) await run(() => designApi.copy(design.id, name), '디자인을 복사했습니다.');
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
              await run(
                () => designApi.update(design.id, { folderId: target === '' ? null : target }),
                '옮겼습니다.',
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

/** A grid of design cards with their drawings, or one table row each. */
export function DesignGrid({
  designs,
  view,
  actions,
}: {
  designs: DesignRecord[];
  view: 'cards' | 'table';
  actions: (design: DesignRecord) => ReactNode;
}) {
  if (view === 'table') {
    return (
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>이름</TableCell>
            <TableCell align="right">면적</TableCell>
            <TableCell align="right">방</TableCell>
            <TableCell>수정일</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {designs.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <RouterLink to={`${dashboardPath}/mydesign/${d.id}/overview`}>{d.name}</RouterLink>
              </TableCell>
              <TableCell align="right">{formatArea(d.area)}</TableCell>
              <TableCell align="right">{d.roomCount}</TableCell>
              <TableCell>{formatDate(d.updated ?? d.registered)}</TableCell>
              <TableCell align="right">{actions(d)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {designs.map((d) => (
        <Card key={d.id} variant="outlined" data-testid="design-card">
          <CardActionArea component={RouterLink} to={`${dashboardPath}/mydesign/${d.id}/overview`}>
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

/** /dashboard/mydesign: my designs, in folders, searched and sorted, as cards or a table. */
export function MyDesignsPage() {
  const run = useRun();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('updated');
  const [view, setView] = useState<'cards' | 'table'>('cards');
  const [creating, setCreating] = useState(false);
  const [newFolder, setNewFolder] = useState(false);
  const [folderDialog, setFolderDialog] = useState<'rename' | 'move' | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const folders = useQuery({
    queryKey: ['designfolder'],
    queryFn: () => fetchList<FolderRecord>('designfolder', { sort: ['name', 'ASC'], range: [0, 999] }),
  });
  const filter: Record<string, unknown> = {};
  if (folderId !== null) filter.folderId = folderId;
  if (search) filter.q = search;
  const designs = useQuery({
    queryKey: ['mydesign', folderId, search, sort],
    queryFn: () => fetchList<DesignRecord>('mydesign', { sort: sorts[sort].sort, range: [0, 199], filter }),
  });
  const folderRows = folders.data?.rows ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="내 디자인" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card variant="outlined" sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1 }}>
            <Typography variant="subtitle2">폴더</Typography>
            <Box>
              <IconButton size="small" aria-label="새 폴더" onClick={() => setNewFolder(true)}>
                <CreateNewFolderIcon fontSize="small" />
              </IconButton>
              {folderId !== null && (
                <IconButton
                  size="small"
                  aria-label="폴더 이름 바꾸기"
                  onClick={() => setFolderDialog('rename')}
                >
                  <DriveFileRenameOutlineIcon fontSize="small" />
                </IconButton>
              )}
              {folderId !== null && (
                <IconButton size="small" aria-label="폴더 옮기기" onClick={() => setFolderDialog('move')}>
                  <DriveFileMoveIcon fontSize="small" />
                </IconButton>
              )}
              {folderId !== null && (
                <IconButton
                  size="small"
                  aria-label="폴더 삭제"
                  onClick={async () => {
                    if (await run(() => designApi.deleteFolder(folderId), '폴더를 삭제했습니다.'))
                      setFolderId(null);
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          </Stack>
          <FolderTree folders={folderRows} selected={folderId} onSelect={setFolderId} />
        </Card>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mb: 2, alignItems: { sm: 'center' } }}
          >
            <TextField size="small" label="검색" value={q} onChange={(e) => setQ(e.target.value)} />
            <TextField
              select
              size="small"
              label="정렬"
              value={sort}
              onChange={(e) => setSort(e.target.value as SortKey)}
            >
              {(Object.keys(sorts) as SortKey[]).map((key) => (
                <MenuItem key={key} value={key}>
                  {sorts[key].label}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v) => v && setView(v)}>
              <ToggleButton value="cards" aria-label="카드로 보기">
                <GridViewIcon fontSize="small" />
              </ToggleButton>
              <ToggleButton value="table" aria-label="표로 보기">
                <TableRowsIcon fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ flex: 1 }} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              새 디자인
            </Button>
          </Stack>
          {designs.error && <Alert severity="error">{(designs.error as Error).message}</Alert>}
          {designs.data && designs.data.rows.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
              {search || folderId !== null
                ? '조건에 맞는 디자인이 없습니다.'
                : '아직 디자인이 없습니다. 새 디자인을 만들어 보세요.'}
            </Typography>
          )}
          {designs.data && (
            <DesignGrid
              designs={designs.data.rows}
              view={view}
              actions={(d) => <DesignActions design={d} folders={folderRows} />}
            />
          )}
        </Box>
      </Stack>
      <CreateDialog open={creating} folderId={folderId} onClose={() => setCreating(false)} />
      <PromptDialog
        open={newFolder}
        title="새 폴더"
        label="폴더 이름"
        onClose={async (name) => {
          if (name) await run(() => designApi.createFolder(name, folderId), '폴더를 만들었습니다.');
          setNewFolder(false);
        }}
      />
      <PromptDialog
        open={folderDialog === 'rename'}
        title="폴더 이름 바꾸기"
        label="폴더 이름"
        initial={folderRows.find((f) => f.id === folderId)?.name ?? ''}
        onClose={async (name) => {
          if (name && folderId !== null)
            await run(() => designApi.updateFolder(folderId, { name }), '폴더 이름을 바꾸었습니다.');
          setFolderDialog(null);
        }}
      />
      {folderId !== null && (
        <MoveFolderDialog
          open={folderDialog === 'move'}
          folderId={folderId}
          folders={folderRows}
          onClose={() => setFolderDialog(null)}
        />
      )}
    </Box>
  );
}
