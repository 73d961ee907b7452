import type { DesignRecord } from '@interior/contracts';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import {
  Box,
  Button,
  Card,
  IconButton,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  List as MuiList,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ListBase, Loading, Offline, Title, useGetList, useListContext, useStore } from 'react-admin';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { ListLoadError } from '../kit/ListLoadError';
import { ListPager } from '../kit/ListPager';
import { ListSearchField } from '../kit/ListSearchField';
import { touches, useWrite } from '../kit/useWrite';
import { designApi, type FolderRecord } from './api';
import { CreateDialog, DesignActions, MoveFolderDialog, PromptDialog } from './DesignDialogs';
import { DesignCards } from './DesignGrid';

// The table view (react-admin's DataTable, its column chooser and bulk actions) loads when chosen:
// the cards are the default, and 내 디자인 is the first screen after every sign-in.
const DesignTable = lazy(() => import('./DesignTable').then((m) => ({ default: m.DesignTable })));

type SortKey = 'updated' | 'name' | 'area';
const sorts: Record<SortKey, { label: string; field: string; order: 'ASC' | 'DESC' }> = {
  updated: { label: '최근 수정순', field: 'updated', order: 'DESC' },
  name: { label: '이름순', field: 'name', order: 'ASC' },
  area: { label: '면적 큰 순', field: 'area', order: 'DESC' },
};
type View = 'cards' | 'table';
/** Where the person's choice of cards or table is kept between visits. */
const viewKey = 'mydesign.view';

/** My folders, by name: the folder tree and the move dialogs read the same cached list. */
function useFolders(): FolderRecord[] {
  const { data } = useGetList<FolderRecord>('designfolder', {
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  return data ?? [];
}

/** The folder the list is filtered by, or null for all of them. */
function useFolderFilter(): [number | null, (id: number | null) => void] {
  const { filterValues, setFilters } = useListContext();
  const folderId = typeof filterValues.folderId === 'number' ? filterValues.folderId : null;
  const select = (id: number | null) => {
    const { folderId: _, ...others } = filterValues;
    setFilters(id === null ? others : { ...others, folderId: id });
  };
  return [folderId, select];
}

/** Folders as an indented tree, with "전체 디자인" on top. */
function FolderTree({ folders }: { folders: FolderRecord[] }) {
  const [selected, onSelect] = useFolderFilter();
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
    <MuiList dense component="nav" aria-label="폴더">
      <ListItemButton selected={selected === null} onClick={() => onSelect(null)}>
        <ListItemText primary="전체 디자인" />
      </ListItemButton>
      {children(null, 0)}
    </MuiList>
  );
}

/** The folder panel: the tree, and new, rename, move and delete of the selected folder. */
function FolderPanel({ folders }: { folders: FolderRecord[] }) {
  const write = useWrite();
  const [folderId, setFolderId] = useFolderFilter();
  const [dialog, setDialog] = useState<'new' | 'rename' | 'move' | null>(null);
  return (
    <Card variant="outlined" sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1 }}>
        <Typography variant="subtitle2">폴더</Typography>
        <Box>
          <IconButton size="small" aria-label="새 폴더" onClick={() => setDialog('new')}>
            <CreateNewFolderIcon fontSize="small" />
          </IconButton>
          {folderId !== null && (
            <>
              <IconButton size="small" aria-label="폴더 이름 바꾸기" onClick={() => setDialog('rename')}>
                <DriveFileRenameOutlineIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label="폴더 옮기기" onClick={() => setDialog('move')}>
                <DriveFileMoveIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label="폴더 삭제"
                onClick={async () => {
                  if (
                    await write(
                      () => designApi.deleteFolder(folderId),
                      '폴더를 삭제했습니다.',
                      touches.designfolder,
                    )
                  )
                    setFolderId(null);
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Box>
      </Stack>
      <FolderTree folders={folders} />
      <PromptDialog
        open={dialog === 'new'}
        title="새 폴더"
        label="폴더 이름"
        onClose={async (name) => {
          if (name)
            await write(
              () => designApi.createFolder(name, folderId),
              '폴더를 만들었습니다.',
              touches.designfolder,
            );
          setDialog(null);
        }}
      />
      <PromptDialog
        open={dialog === 'rename'}
        title="폴더 이름 바꾸기"
        label="폴더 이름"
        initial={folders.find((f) => f.id === folderId)?.name ?? ''}
        onClose={async (name) => {
          if (name && folderId !== null)
            await write(
              () => designApi.updateFolder(folderId, { name }),
              '폴더 이름을 바꾸었습니다.',
              touches.designfolder,
            );
          setDialog(null);
        }}
      />
      {folderId !== null && (
        <MoveFolderDialog
          open={dialog === 'move'}
          folderId={folderId}
          folders={folders}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/** The search, the sort choices, the cards-or-table switch and 새 디자인 (in the selected folder). */
function MyDesignsToolbar() {
  const { sort, setSort } = useListContext();
  const [folderId] = useFolderFilter();
  const [view, setView] = useStore<View>(viewKey, 'cards');
  const [creating, setCreating] = useState(false);
  const current = (Object.keys(sorts) as SortKey[]).find(
    (key) => sorts[key].field === sort.field && sorts[key].order === sort.order,
  );
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', pt: 2, pb: 1 }}
    >
      <ListSearchField />
      <Stack direction="row" sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="정렬"
          value={current ?? ''}
          onChange={(e) => {
            const { field, order } = sorts[e.target.value as SortKey];
            setSort({ field, order });
          }}
          sx={{ minWidth: 140 }}
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
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          새 디자인
        </Button>
        <CreateDialog open={creating} folderId={folderId} onClose={() => setCreating(false)} />
      </Stack>
    </Stack>
  );
}

/** The folder panel beside the designs (above them on a phone), as cards or a table. */
function MyDesignsBody() {
  const folders = useFolders();
  const { filterValues, error, isPaused, isPending, isPlaceholderData } = useListContext();
  const [view] = useStore<View>(viewKey, 'cards');
  const actions = (d: DesignRecord) => <DesignActions design={d} folders={folders} />;
  const empty = (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {Object.keys(filterValues).length > 0
        ? '조건에 맞는 디자인이 없습니다.'
        : '아직 디자인이 없습니다. 새 디자인을 만들어 보세요.'}
    </Typography>
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start', p: { xs: 1, sm: 2 } }}
    >
      <FolderPanel folders={folders} />
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        {isPaused && (isPending || isPlaceholderData) ? (
          <Offline />
        ) : error ? (
          <ListLoadError />
        ) : view === 'table' ? (
          <Suspense fallback={<TopProgressBar />}>
            <DesignTable actions={actions} empty={empty} />
          </Suspense>
        ) : (
          <DesignCards actions={actions} empty={empty} />
        )}
      </Box>
    </Stack>
  );
}

/**
 * /dashboard/mydesign: my designs, in folders, searched and sorted, as cards or a table. On
 * react-admin's ListBase with its own search, sort and pages: react-admin's List would bring its
 * filter form (react-hook-form), the export button and the table pagination into the first screen
 * after every sign-in.
 */
export function MyDesignsPage() {
  return (
    <ListBase
      resource="mydesign"
      sort={{ field: 'updated', order: 'DESC' }}
      perPage={25}
      authLoading={<Loading />}
    >
      <Title title="내 디자인" />
      <MyDesignsToolbar />
      <Card>
        <MyDesignsBody />
      </Card>
      <ListPager />
    </ListBase>
  );
}
