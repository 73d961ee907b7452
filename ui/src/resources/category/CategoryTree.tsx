import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { dashboardPath, MAX_CATEGORY_DEPTH, type ResourceDeclaration } from '@interior/contracts';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Chip, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import {
  Title,
  useCanAccess,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router';
import { buildTree, type TreeNode } from './tree';

export interface CategoryRecord {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  depth: number;
  childCount: number;
  itemCount: number;
  version: number;
}

type Node = TreeNode<CategoryRecord>;

/** Where a dragged category lands: before a sibling (same parent, its position) or inside a parent. */
type Drop = { kind: 'before'; target: CategoryRecord } | { kind: 'into'; target: CategoryRecord };
const dropId = (drop: Drop) => `${drop.kind}:${drop.target.id}`;

function DropZone({ drop, children }: { drop: Drop; children?: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(drop), data: drop });
  return drop.kind === 'before' ? (
    <Box
      ref={setNodeRef}
      sx={{ height: 8, mx: 1, borderRadius: 1, bgcolor: isOver ? 'primary.main' : 'transparent' }}
    />
  ) : (
    <Box
      ref={setNodeRef}
      sx={{
        borderRadius: 1,
        outline: isOver ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        flex: 1,
        minWidth: 0,
      }}
    >
      {children}
    </Box>
  );
}

function InlineName({
  initial,
  label,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <TextField
        size="small"
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: 50 } }}
      />
      <IconButton type="submit" size="small" aria-label="저장">
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label="취소" onClick={onCancel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

interface TreeActions {
  canWrite: boolean;
  expanded: Set<number>;
  toggle(id: number): void;
  rename(node: CategoryRecord, name: string): void;
  add(parent: CategoryRecord | null, name: string): void;
  remove(node: CategoryRecord): void;
  resource: string;
}

function TreeRow({ node, actions }: { node: Node; actions: TreeActions }) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `drag:${node.id}`,
    data: node,
    disabled: !actions.canWrite,
  });
  const open = actions.expanded.has(node.id);
  return (
    <Box component="li" sx={{ listStyle: 'none', opacity: isDragging ? 0.4 : 1 }}>
      <DropZone drop={{ kind: 'before', target: node }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 40 }} data-category={node.name}>
        {actions.canWrite && (
          <IconButton
            ref={setNodeRef}
            size="small"
            aria-label={`${node.name} 끌어서 옮기기`}
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        )}
        <IconButton
          size="small"
          aria-label={open ? `${node.name} 접기` : `${node.name} 펼치기`}
          onClick={() => actions.toggle(node.id)}
          sx={{ visibility: node.children.length ? 'visible' : 'hidden' }}
        >
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <DropZone drop={{ kind: 'into', target: node }}>
          {editing ? (
            <InlineName
              initial={node.name}
              label="분류 이름"
              onSubmit={(name) => {
                actions.rename(node, name);
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5, px: 1 }}>
              <Typography
                component={Link}
                to={`${dashboardPath}/${actions.resource}/${node.id}/show`}
                sx={{ color: 'text.primary', textDecoration: 'none', fontWeight: 500 }}
              >
                {node.name}
              </Typography>
              <Chip
                size="small"
                label={`항목 ${node.itemCount.toLocaleString('ko-KR')}`}
                variant="outlined"
              />
            </Stack>
          )}
        </DropZone>
        {actions.canWrite && !editing && (
          <Box sx={{ display: 'flex', flexShrink: 0 }}>
            <Tooltip title="이름 바꾸기">
              <IconButton
                size="small"
                aria-label={`${node.name} 이름 바꾸기`}
                onClick={() => setEditing(true)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {node.depth < MAX_CATEGORY_DEPTH && (
              <Tooltip title="하위 분류 추가">
                <IconButton
                  size="small"
                  aria-label={`${node.name}에 하위 분류 추가`}
                  onClick={() => setAdding(true)}
                >
                  <AddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title="삭제">
              <IconButton size="small" aria-label={`${node.name} 삭제`} onClick={() => actions.remove(node)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      {adding && (
        <Box sx={{ pl: 6, py: 0.5 }}>
          <InlineName
            initial=""
            label="새 하위 분류 이름"
            onSubmit={(name) => {
              actions.add(node, name);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </Box>
      )}
      {open && node.children.length > 0 && (
        <Box component="ul" sx={{ pl: { xs: 2, sm: 4 }, m: 0 }}>
          {node.children.map((child) => (
            <TreeRow key={child.id} node={child} actions={actions} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * A category tree (one of the six): expand and collapse, drag a category before another to reorder
 * or onto another to move it under it (dnd-kit, with the keyboard too), rename and add in place,
 * the items filed under each. The API keeps the rules (depth, cycles, sibling names): a refused
 * move shows its Korean message and the tree stays as the server has it.
 */
export function CategoryTree({ resource }: { resource: ResourceDeclaration }) {
  const { data = [], isPending } = useGetList<CategoryRecord>(resource.name, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'position', order: 'ASC' },
  });
  const { canAccess: canWrite = false } = useCanAccess({ resource: resource.name, action: 'create' });
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [addingRoot, setAddingRoot] = useState(false);
  const tree = useMemo(() => buildTree(data), [data]);
  const byId = useMemo(() => new Map(data.map((r) => [r.id, r])), [data]);
  const [update] = useUpdate();
  const [create] = useCreate();
  const [remove] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const failed = (error: unknown) => {
    notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    refresh();
  };
  const done = { onSuccess: () => refresh(), onError: failed };
  const change = (node: CategoryRecord, data: Record<string, unknown>) =>
    update(
      resource.name,
      { id: node.id, data, previousData: node },
      { ...done, mutationMode: 'pessimistic' },
    );

  const actions: TreeActions = {
    canWrite,
    expanded,
    resource: resource.name,
    toggle: (id) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    rename: (node, name) => change(node, { name }),
    add: (parent, name) => {
      if (parent) setExpanded((current) => new Set(current).add(parent.id));
      create(resource.name, { data: { name, parentId: parent?.id ?? null } }, done);
    },
    remove: (node) =>
      remove(resource.name, { id: node.id, previousData: node }, { ...done, mutationMode: 'pessimistic' }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const dragged = byId.get(Number(String(active.id).slice('drag:'.length)));
    const drop = over?.data.current as Drop | undefined;
    if (!dragged || !drop || drop.target.id === dragged.id) return;
    if (drop.kind === 'into') {
      setExpanded((current) => new Set(current).add(drop.target.id));
      change(dragged, { parentId: drop.target.id, position: null });
    } else {
      const sameParent = drop.target.parentId === dragged.parentId;
      // Moving down among the same siblings: the target's position counts the dragged one too.
      const position =
        sameParent && dragged.position < drop.target.position
          ? drop.target.position - 1
          : drop.target.position;
      change(dragged, { parentId: drop.target.parentId, position });
    }
  };

  return (
    <Paper sx={{ mt: 2, p: { xs: 1, sm: 2 } }}>
      <Title title={resource.label} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h1">
          {resource.label}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Chip label="모두 펼치기" onClick={() => setExpanded(new Set(data.map((r) => r.id)))} />
          <Chip label="모두 접기" onClick={() => setExpanded(new Set())} />
          {canWrite && (
            <Chip
              color="primary"
              icon={<AddIcon />}
              label="최상위 분류 추가"
              onClick={() => setAddingRoot(true)}
            />
          )}
        </Stack>
      </Stack>
      {canWrite && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          손잡이를 끌어 다른 분류 앞에 놓으면 순서가, 분류 이름 위에 놓으면 상위 분류가 바뀝니다. 최대{' '}
          {MAX_CATEGORY_DEPTH}단계까지 만들 수 있습니다.
        </Typography>
      )}
      {addingRoot && (
        <Box sx={{ py: 1 }}>
          <InlineName
            initial=""
            label="새 최상위 분류 이름"
            onSubmit={(name) => {
              actions.add(null, name);
              setAddingRoot(false);
            }}
            onCancel={() => setAddingRoot(false)}
          />
        </Box>
      )}
      {!isPending && data.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          아직 분류가 없습니다.
        </Typography>
      )}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Box component="ul" aria-label={resource.label} sx={{ p: 0, m: 0 }}>
          {tree.map((node) => (
            <TreeRow key={node.id} node={node} actions={actions} />
          ))}
        </Box>
      </DndContext>
    </Paper>
  );
}
