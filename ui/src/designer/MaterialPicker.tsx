import { fileUrl, formatWon, type StoredFile } from '@interior/contracts';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  ButtonBase,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { buildTree, type TreeNode } from '../resources/category/tree';

export interface MaterialRow {
  id: number;
  name: string;
  code?: string;
  usage: string[] | null;
  price: number;
  unit: string;
  spec?: string | null;
  categoryId?: number | null;
  texture: StoredFile | null;
}

export interface MaterialCategory {
  id: number;
  name: string;
  parentId: number | null;
  position: number | null;
}

export type Usage = 'Floor' | 'Wall' | 'Ceiling';

const usageLabels: Record<Usage, string> = { Floor: '바닥용만', Wall: '벽용만', Ceiling: '천장용만' };
const usageNames: Record<Usage, string> = { Floor: '바닥', Wall: '벽', Ceiling: '천장' };

/** A material's look: its texture, or a shade of its own when it has none. */
function Swatch({
  material,
  width,
  height,
}: {
  material: MaterialRow | undefined;
  width: number | string;
  height: number;
}) {
  if (material?.texture)
    return (
      <Box
        component="img"
        src={fileUrl(material.texture)}
        alt=""
        sx={{ width, height, borderRadius: 0.5, objectFit: 'cover', flexShrink: 0, display: 'block' }}
      />
    );
  return (
    <Box
      sx={{
        width,
        height,
        borderRadius: 0.5,
        flexShrink: 0,
        bgcolor: material ? `hsl(${(material.id * 47) % 360} 30% 82%)` : 'action.hover',
      }}
    />
  );
}

/**
 * A room's floor, wall or ceiling finish (docs/designer.md): the field shows the finish chosen;
 * opening it browses the material catalogue by its category tree (a category takes its whole
 * subtree, as the API filters) and by search, as texture swatches, by default only the materials
 * meant for this use (a material naming no use goes anywhere).
 */
export function MaterialPicker({
  label,
  usage,
  value,
  known,
  categories,
  search,
  onSeen,
  onChange,
}: {
  label: string;
  usage: Usage;
  /** The material chosen; 'mixed' when the rooms selected differ. */
  value: number | null | undefined | 'mixed';
  /** Every material seen so far, by id (for the chosen one's name and texture). */
  known: ReadonlyMap<number, MaterialRow>;
  categories: readonly MaterialCategory[];
  search: (filter: Record<string, unknown>) => Promise<MaterialRow[]>;
  onSeen: (rows: MaterialRow[]) => void;
  onChange: (id: number | null) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [onlyUsage, setOnlyUsage] = useState(true);
  const [rows, setRows] = useState<MaterialRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const valueId = useId();
  const open = anchor !== null;

  const tree = useMemo(() => {
    const roots = buildTree(categories);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const path = (id: number | null) => {
      const trail: MaterialCategory[] = [];
      for (
        let at = id === null ? undefined : byId.get(id);
        at;
        at = at.parentId === null ? undefined : byId.get(at.parentId)
      )
        trail.unshift(at);
      return trail;
    };
    return { roots, path };
  }, [categories]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const filter: Record<string, unknown> = { status: 'Active' };
      if (query.trim()) filter.q = query.trim();
      if (categoryId !== null) filter.categoryId = categoryId;
      search(filter)
        .then((found) => {
          if (cancelled) return;
          setRows(found);
          setFailure(null);
          onSeen(found);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          setRows([]);
          setFailure(error instanceof Error ? error.message : String(error));
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query, categoryId, search, onSeen]);

  const shown = (rows ?? []).filter((m) => !onlyUsage || !m.usage?.length || m.usage.includes(usage));
  const chosen = typeof value === 'number' ? known.get(value) : undefined;
  const choose = (id: number | null) => {
    onChange(id);
    setAnchor(null);
  };
  const pickCategory = (id: number | null) => {
    setCategoryId(id);
    if (id !== null) setExpanded((before) => new Set([...before, ...tree.path(id).map((c) => c.id)]));
  };

  const branch = (nodes: TreeNode<MaterialCategory>[], depth: number): ReactNode =>
    nodes.map((c) => {
      const hasChildren = c.children.length > 0;
      const isOpen = expanded.has(c.id);
      return (
        <Box key={c.id} component="li" sx={{ listStyle: 'none' }}>
          <Stack direction="row" alignItems="center" sx={{ pl: depth * 1.5 }}>
            {hasChildren ? (
              <IconButton
                size="small"
                aria-label={isOpen ? `${c.name} 접기` : `${c.name} 펼치기`}
                onClick={() =>
                  setExpanded((before) => {
                    const next = new Set(before);
                    if (isOpen) next.delete(c.id);
                    else next.add(c.id);
                    return next;
                  })
                }
                sx={{ width: 24, height: 24, fontSize: '0.7rem' }}
              >
                {isOpen ? '▾' : '▸'}
              </IconButton>
            ) : (
              <Box sx={{ width: 24, flexShrink: 0 }} />
            )}
            <ListItemButton
              dense
              selected={categoryId === c.id}
              onClick={() => pickCategory(c.id)}
              sx={{ py: 0.25, borderRadius: 0.5 }}
            >
              <ListItemText primary={c.name} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />
            </ListItemButton>
          </Stack>
          {hasChildren && isOpen && (
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {branch(c.children, depth + 1)}
            </Box>
          )}
        </Box>
      );
    });

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        fullWidth
        aria-label={label}
        aria-describedby={valueId}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, borderColor: 'divider', py: 0.5 }}
      >
        <Swatch material={chosen} width={32} height={32} />
        <Box sx={{ textAlign: 'left', minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="body2" noWrap id={valueId}>
            {value === 'mixed'
              ? '여러 자재'
              : chosen
                ? `${chosen.name} · ${formatWon(chosen.price)}/${chosen.unit}`
                : typeof value === 'number'
                  ? `자재 #${value}`
                  : '정하지 않음'}
          </Typography>
        </Box>
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': `${label} 고르기`,
            sx: {
              width: 600,
              maxWidth: 'calc(100vw - 32px)',
              height: 460,
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 1.5, pb: 1 }}>
          <TextField
            size="small"
            label="자재 검색"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            sx={{ flex: 1 }}
          />
          <FormControlLabel
            control={
              <Checkbox size="small" checked={onlyUsage} onChange={(e) => setOnlyUsage(e.target.checked)} />
            }
            label={usageLabels[usage]}
            sx={{ mr: 0 }}
          />
        </Stack>
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', borderTop: 1, borderColor: 'divider' }}>
          <Box
            component="nav"
            aria-label="자재 카테고리"
            sx={{
              // A phone's popover is narrower: the categories leave the swatches room.
              width: { xs: 120, sm: 190 },
              flexShrink: 0,
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
              p: 0.5,
            }}
          >
            <List dense disablePadding>
              <ListItem disablePadding>
                <ListItemButton
                  dense
                  selected={categoryId === null}
                  onClick={() => pickCategory(null)}
                  sx={{ py: 0.25, borderRadius: 0.5 }}
                >
                  <ListItemText primary="전체" slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </ListItem>
            </List>
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {branch(tree.roots, 0)}
            </Box>
            {categories.length === 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
                자재 카테고리가 없습니다.
              </Typography>
            )}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', p: 1 }}>
            <Breadcrumbs sx={{ fontSize: '0.8rem', mb: 1 }} aria-label="고른 카테고리">
              <Link component="button" underline="hover" color="inherit" onClick={() => pickCategory(null)}>
                전체
              </Link>
              {tree.path(categoryId).map((c) => (
                <Link
                  key={c.id}
                  component="button"
                  underline="hover"
                  color="inherit"
                  onClick={() => pickCategory(c.id)}
                >
                  {c.name}
                </Link>
              ))}
            </Breadcrumbs>
            {rows === null && <LinearProgress aria-label="자재를 불러오는 중" />}
            {failure && (
              <Alert severity="error" sx={{ mb: 1 }}>
                자재를 불러오지 못했습니다: {failure}
              </Alert>
            )}
            <Box
              role="listbox"
              aria-label={`${label} 목록`}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))', gap: 1 }}
            >
              <ButtonBase
                role="option"
                aria-selected={value === null || value === undefined}
                onClick={() => choose(null)}
                sx={{
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  p: 0.5,
                  border: 1,
                  borderColor: value === null || value === undefined ? 'primary.main' : 'divider',
                  borderRadius: 1,
                }}
              >
                <Box
                  sx={{
                    height: 64,
                    borderRadius: 0.5,
                    border: 1,
                    borderStyle: 'dashed',
                    borderColor: 'divider',
                    display: 'grid',
                    placeItems: 'center',
                    color: 'text.secondary',
                    fontSize: '0.75rem',
                  }}
                >
                  없음
                </Box>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  정하지 않음
                </Typography>
              </ButtonBase>
              {shown.map((m) => (
                <ButtonBase
                  key={m.id}
                  role="option"
                  aria-selected={value === m.id}
                  title={m.spec ? `${m.name} (${m.spec})` : m.name}
                  onClick={() => choose(m.id)}
                  sx={{
                    flexDirection: 'column',
                    alignItems: 'stretch',
                    textAlign: 'left',
                    p: 0.5,
                    border: 1,
                    borderColor: value === m.id ? 'primary.main' : 'divider',
                    borderRadius: 1,
                  }}
                >
                  <Swatch material={m} width="100%" height={64} />
                  <Typography variant="body2" sx={{ mt: 0.5, lineHeight: 1.3 }} noWrap>
                    {m.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {formatWon(m.price)}/{m.unit}
                  </Typography>
                </ButtonBase>
              ))}
            </Box>
            {rows !== null && !failure && shown.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {rows.length > 0
                  ? `${usageNames[usage]}에 쓰는 자재가 없습니다. '${usageLabels[usage]}'를 끄면 모두 보입니다.`
                  : '맞는 자재가 없습니다.'}
              </Typography>
            )}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
