import {
  type DesignDocument,
  type DesignPoint,
  dashboardPath,
  defaultMountOf,
  designDocumentSchema,
  fileUrl,
  formatWon,
  isSimplePolygon,
  messages,
  type ProductMount,
  type StoredFile,
} from '@interior/contracts';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Divider,
  FormControlLabel,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { type EstimatePreview, estimationApi } from '../estimations/api';
import { EstimateLinesTable, TotalsBlock } from '../estimations/EstimateSheet';
import { showNotice } from '../feedback/notices';
import { buildTree, type TreeNode } from '../resources/category/tree';
import { ApiError, apiFetch, apiJson } from '../session';
import { CatalogueStatusChip, usePlacedProducts } from './catalogue-status';
import {
  applying,
  ItemPlacement,
  NumberField,
  OpeningDimensions,
  RoomDimensions,
  WallDimensions,
} from './DimensionFields';
import { moveWall } from './dimensions';
import {
  addItem,
  addOpening,
  addPolygonRoom,
  addRectangleRoom,
  addRoomsFromWalls,
  addWall,
  addWallDrawing,
  copySelection,
  dragMove,
  type EditDefaults,
  presentSelection,
  removeAll,
  rotateSelected,
  type Selected,
  selectAll,
  updateItem,
  updateOpening,
  updateRoom,
  updateSelected,
  updateWall,
  wallAt,
} from './edit';
import { type MaterialCategory, MaterialPicker, type MaterialRow, type Usage } from './MaterialPicker';
import { PlanCanvas, type ProductSize, type Tool } from './PlanCanvas';
import { uncoveredFaces } from './rooms-from-walls';
import { ShortcutsDialog, toolOfKey, tools } from './ShortcutsDialog';
import { draftOn, dropDraft, keepDraft, useUnsavedEdits } from './useUnsavedEdits';

interface Named {
  id: number;
  name: string;
  code?: string;
}
interface ProductRow extends Named {
  images: StoredFile[] | null;
  modelId: number | null;
  categoryId?: number | null;
  mount?: ProductMount | null;
  elevation?: number | null;
  width: number | null;
  depth: number | null;
  height: number | null;
  price: number;
  status?: string;
}
interface WallDrawingRow extends Named {
  width: number;
  height: number;
  elements: { materialId: number; x: number; y: number; width: number; height: number }[] | null;
}
type SaveState = 'saved' | 'dirty' | 'saving' | 'stale' | 'failed';

// three.js only when the 3D view opens.
const PlanView3D = lazy(() => import('./PlanView3D'));

/** What a product dragged from the list onto the plan carries: its id. */
const PRODUCT_DRAG_TYPE = 'application/x-interior-product';

const AUTOSAVE_MS = 1_500;
const PREVIEW_MS = 600;
const HISTORY_LIMIT = 200;
/**
 * Chrome refuses a keepalive request whose body passes 64 KB; larger documents go by an ordinary one.
 * Counted in UTF-8 bytes, as sent: a Korean name is three bytes a character.
 */
const KEEPALIVE_BYTES = 60_000;
const utf8 = new TextEncoder();

const saveLabels: Record<SaveState, string> = {
  saved: '저장됨',
  dirty: '저장 대기 중…',
  saving: '저장 중…',
  stale: '다른 곳에서 저장된 새 버전이 있습니다',
  failed: '저장하지 못했습니다',
};

const toolHelp: Record<Tool, string> = {
  select:
    '요소를 눌러 고릅니다. Shift(또는 Ctrl)+클릭으로 여러 개를 고르고, Shift+끌기로 사각형 안을 모두 고릅니다. 빈 곳을 끌면 화면이 옮겨지고, 휠로 확대·축소합니다.',
  room: '끌어서 직사각형 방을 그립니다. 벽 네 개가 함께 생깁니다.',
  wall: '벽의 시작점과 끝점을 차례로 누릅니다. 이어서 누르면 벽이 이어지고, Enter로 끝냅니다. Shift는 직각. 벽이 닫히면 그 안이 방이 됩니다.',
  polygon:
    '모서리를 차례로 누르고 첫 점을 다시 누르거나 Enter로 닫습니다. 벽 끝에 붙고, Shift를 누르면 직각으로 그립니다.',
  door: '벽을 누르면 그 자리에 문을 놓습니다.',
  window: '벽을 누르면 그 자리에 창을 놓습니다.',
  item: '왼쪽에서 제품을 고른 뒤 평면을 눌러 놓습니다.',
  wallDrawing: '왼쪽에서 벽면도(아트월)를 고른 뒤 벽을 눌러 붙입니다.',
};

const list = <T,>(path: string, filter: Record<string, unknown> = {}) =>
  apiJson<T[]>(
    `/api/${path}?${new URLSearchParams({ range: JSON.stringify([0, 499]), filter: JSON.stringify(filter) })}`,
  );

/** Undo and redo over whole documents (each edit keeps the one before). */
function useHistory(initial: DesignDocument | null) {
  const [state, setState] = useState<{
    past: DesignDocument[];
    present: DesignDocument | null;
    future: DesignDocument[];
  }>({ past: [], present: initial, future: [] });
  const apply = useCallback(
    (next: DesignDocument) =>
      setState((s) =>
        s.present === null || next === s.present
          ? { ...s, present: next }
          : { past: [...s.past, s.present].slice(-HISTORY_LIMIT), present: next, future: [] },
      ),
    [],
  );
  const reset = useCallback((doc: DesignDocument) => setState({ past: [], present: doc, future: [] }), []);
  const undo = useCallback(
    () =>
      setState((s) =>
        s.past.length && s.present
          ? {
              past: s.past.slice(0, -1),
              present: s.past[s.past.length - 1]!,
              future: [s.present, ...s.future],
            }
          : s,
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setState((s) =>
        s.future.length && s.present
          ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) }
          : s,
      ),
    [],
  );
  return { ...state, apply, reset, undo, redo };
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The value every element has in common, or null when they differ. */
function common<T>(values: readonly T[]): T | null {
  return values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null;
}

const kindNames: Record<Selected['kind'], string> = {
  room: '방',
  wall: '벽',
  opening: '문·창',
  wallDrawing: '벽면도',
  item: '제품',
};

/**
 * /designer/{id}: the design editor (docs/designer.md). Draw rooms, put doors and windows on their
 * walls, choose finishes from the material catalogue, place products from the product catalogue;
 * every edit can be undone; the work saves itself with the revision it was based on (a newer
 * save elsewhere is never overwritten) and survives a reload; the quantities and the price of
 * the design as it is on screen follow each edit (the estimate engine's preview).
 */
export function DesignerPage() {
  const id = Number(useParams().id);
  const [name, setName] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const history = useHistory(null);
  const doc = history.present;
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [selected, setSelection] = useState<Selected[]>([]);
  const [tool, setTool] = useState<Tool>('select');
  const [product, setProduct] = useState<ProductRow | null>(null);
  const [products, setProducts] = useState<ProductRow[]>([]);
  const [productQuery, setProductQuery] = useState('');
  const [categories, setCategories] = useState<{ id: number; label: string }[]>([]);
  const [categoryId, setCategoryId] = useState<number | ''>('');
  // Every product seen in any list: a placed product keeps its size when the search changes.
  const [known, setKnown] = useState<ReadonlyMap<number, ProductRow>>(new Map());
  // Every material seen in any list, by id: the chosen finishes keep their names and textures.
  const [materials, setMaterials] = useState<ReadonlyMap<number, MaterialRow>>(new Map());
  const [materialCategories, setMaterialCategories] = useState<MaterialCategory[]>([]);
  const [wallDrawingRows, setWallDrawingRows] = useState<WallDrawingRow[]>([]);
  const [workspaces, setWorkspaces] = useState<Named[]>([]);
  // The 3D model files of the products placed, by model id.
  const [modelFiles, setModelFiles] = useState<ReadonlyMap<number, StoredFile>>(new Map());
  const [wallDrawing, setWallDrawing] = useState<WallDrawingRow | null>(null);
  const [defaults, setDefaults] = useState<EditDefaults>({
    wallHeight: 2400,
    wallThickness: 120,
    doorHeight: 2100,
    windowSill: 900,
    grid: 100,
  });
  const [preview, setPreview] = useState<EstimatePreview | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [threeD, setThreeD] = useState(false);
  const [offered, setOffered] = useState<DesignDocument | null>(null);
  const [dimensions, setDimensions] = useState(true);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const saved = useRef<DesignDocument | null>(null);
  // The document a save is sending now: the same one is not sent twice.
  const sending = useRef<DesignDocument | null>(null);
  const clipboard = useRef<Selected[]>([]);
  // What is selected and still in the document (an undo may have taken some of it away).
  const selection = useMemo(() => (doc ? presentSelection(doc, selected) : selected), [doc, selected]);
  const seeMaterials = useCallback((rows: MaterialRow[]) => {
    setMaterials((before) => {
      const fresh = rows.filter((row) => JSON.stringify(before.get(row.id)) !== JSON.stringify(row));
      if (fresh.length === 0) return before;
      const next = new Map(before);
      for (const row of fresh) next.set(row.id, row);
      return next;
    });
  }, []);
  const searchMaterials = useCallback(
    (filter: Record<string, unknown>) => list<MaterialRow>('material', filter),
    [],
  );

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const design = await apiJson<{ name: string }>(`/api/mydesign/${id}`);
      const response = await apiFetch(`/api/design/${id}/document`);
      const etag = Number(response.headers.get('etag')?.replace(/\D/g, '') ?? 0);
      const server = designDocumentSchema.parse(await response.json());
      setName(design.name);
      setRevision(etag);
      saved.current = server;
      history.reset(server);
      setSaveState('saved');
      // Edits that never reached the server, based on this very revision, are offered back.
      setOffered(draftOn(id, etag));
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [id, history.reset]);

  useEffect(() => {
    if (id > 0) void load();
    list<{ key: string; value: number }>('designproperty')
      .then((properties) => {
        const value = (key: string, fallback: number) =>
          properties.find((p) => p.key === key)?.value ?? fallback;
        setDefaults({
          wallHeight: value('WALL_HEIGHT', 2400),
          wallThickness: value('WALL_THICKNESS', 120),
          doorHeight: value('DOOR_HEIGHT', 2100),
          windowSill: value('WINDOW_SILL', 900),
          grid: value('GRID', 100),
        });
      })
      .catch(() => {});
    list<MaterialRow>('material', { status: 'Active' })
      .then(seeMaterials)
      .catch(() => {});
    list<MaterialCategory>('category/material')
      .then(setMaterialCategories)
      .catch(() => {});
    list<Named & { parentId: number | null; position: number | null }>('category/product')
      .then((rows) => {
        // Each category under its parent, named by its path ("가구 › 소파").
        const ordered: { id: number; label: string }[] = [];
        const walk = (nodes: TreeNode<(typeof rows)[number]>[], prefix: string) => {
          for (const node of nodes) {
            const label = prefix ? `${prefix} › ${node.name}` : node.name;
            ordered.push({ id: node.id, label });
            walk(node.children, label);
          }
        };
        walk(buildTree(rows), '');
        setCategories(ordered);
      })
      .catch(() => {});
    list<Named>('workspace')
      .then(setWorkspaces)
      .catch(() => {});
    list<WallDrawingRow>('walldrawing')
      .then(setWallDrawingRows)
      .catch(() => {});
  }, [id, load, seeMaterials]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const filter: Record<string, unknown> = { status: 'Active' };
      if (productQuery.trim()) filter.q = productQuery.trim();
      if (categoryId !== '') filter.categoryId = categoryId;
      list<ProductRow>('product', filter)
        .then((rows) => {
          setProducts(rows);
          setKnown((before) => new Map([...before, ...rows.map((row) => [row.id, row] as const)]));
        })
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [productQuery, categoryId]);

  const materialLooks = useMemo(
    () => new Map([...materials.values()].map((m) => [m.id, { texture: m.texture }])),
    [materials],
  );
  // Materials the document (or a wall drawing placed in it) uses but no list has shown yet.
  const missingMaterialKey = useMemo(() => {
    const used = new Set<number>();
    for (const room of doc?.rooms ?? [])
      for (const ref of [room.floorMaterialId, room.wallMaterialId, room.ceilingMaterialId])
        if (ref) used.add(ref);
    const drawings = new Map(wallDrawingRows.map((d) => [d.id, d]));
    for (const placed of doc?.wallDrawings ?? [])
      for (const element of drawings.get(placed.wallDrawingId)?.elements ?? []) used.add(element.materialId);
    return [...used]
      .filter((m) => !materials.has(m))
      .sort((a, b) => a - b)
      .join(',');
  }, [doc, wallDrawingRows, materials]);
  useEffect(() => {
    if (!missingMaterialKey) return;
    list<MaterialRow>('material', { id: missingMaterialKey.split(',').map(Number) })
      .then(seeMaterials)
      .catch(() => {});
  }, [missingMaterialKey, seeMaterials]);
  const wallDrawingLooks = useMemo(
    () =>
      new Map(
        wallDrawingRows.map((d) => [d.id, { width: d.width, height: d.height, elements: d.elements ?? [] }]),
      ),
    [wallDrawingRows],
  );
  // The enclosed areas of the walls that no room covers: what 닫힌 벽으로 방 만들기 would make.
  const docWalls = doc?.walls;
  const docRooms = doc?.rooms;
  const openAreas = useMemo(
    () => (docWalls && docRooms ? uncoveredFaces(docWalls, docRooms).length : 0),
    [docWalls, docRooms],
  );
  const placedModelIds = useMemo(
    () =>
      [
        ...new Set(
          (doc?.items ?? []).flatMap((item) => {
            const modelId = known.get(item.productId)?.modelId;
            return modelId ? [modelId] : [];
          }),
        ),
      ].sort((a, b) => a - b),
    [doc, known],
  );
  const placedModelKey = placedModelIds.join(',');
  useEffect(() => {
    const missing = placedModelKey
      ? placedModelKey
          .split(',')
          .map(Number)
          .filter((id) => !modelFiles.has(id))
      : [];
    if (!threeD || missing.length === 0) return;
    list<{ id: number; file: StoredFile | null }>('model', { id: missing })
      .then((rows) =>
        setModelFiles((before) => {
          const next = new Map(before);
          for (const row of rows) if (row.file) next.set(row.id, row.file);
          return next;
        }),
      )
      .catch(() => {});
  }, [threeD, placedModelKey, modelFiles]);
  const productBoxes = useMemo(
    () =>
      new Map(
        [...known.values()].map((p) => [
          p.id,
          {
            width: p.width ?? 800,
            depth: p.depth ?? 800,
            height: p.height ?? 800,
            model: p.modelId ? (modelFiles.get(p.modelId) ?? null) : null,
            // A product from before mounts takes its category's (its label names the path).
            mount: p.mount ?? defaultMountOf([categories.find((c) => c.id === p.categoryId)?.label ?? '']),
            elevation: p.elevation,
          },
        ]),
      ),
    [known, modelFiles, categories],
  );
  const wallDrawingSizes = useMemo(
    () => new Map(wallDrawingRows.map((d) => [d.id, { width: d.width, name: d.name }])),
    [wallDrawingRows],
  );
  const seeProducts = useCallback(
    (rows: ProductRow[]) =>
      setKnown((before) => new Map([...before, ...rows.map((row) => [row.id, row] as const)])),
    [],
  );
  const missingProducts = usePlacedProducts(doc, known, seeProducts);
  const productSizes = useMemo(
    () =>
      new Map<number, ProductSize>(
        [...known.values()].map((p) => [
          p.id,
          {
            width: p.width ?? 800,
            depth: p.depth ?? 800,
            name: p.name,
            image: p.images?.[0] && fileUrl(p.images[0]),
          },
        ]),
      ),
    [known],
  );

  // Every edit is dirty until saved, and kept in this browser meanwhile.
  useEffect(() => {
    if (!doc || doc === saved.current) return;
    setSaveState((s) => (s === 'stale' ? s : 'dirty'));
    keepDraft(id, revision, doc);
  }, [doc, id, revision]);

  /** Saves the document on screen; `leaving`: the page is going, so the request must outlive it. */
  const save = useCallback(
    async (leaving = false) => {
      if (!doc || doc === saved.current || doc === sending.current) return;
      sending.current = doc;
      setSaveState('saving');
      try {
        const body = JSON.stringify(doc);
        const answer = await apiJson<{ revision: number }>(`/api/design/${id}/document`, {
          method: 'PUT',
          body,
          keepalive: leaving && utf8.encode(body).length <= KEEPALIVE_BYTES,
          headers: { 'If-Match': `"${revision}"`, 'Content-Type': 'application/json' },
        });
        saved.current = doc;
        setRevision(answer.revision);
        dropDraft(id);
        setSaveState('saved');
      } catch (error) {
        if (error instanceof ApiError && error.status === 412) {
          setSaveState('stale');
          showNotice(messages.staleDesignDocument, 'warning');
        } else {
          setSaveState('failed');
          showNotice(error instanceof Error ? error.message : String(error), 'error');
        }
      } finally {
        sending.current = null;
      }
    },
    [doc, id, revision],
  );
  // Ctrl/Cmd+S: saved once the edit it may have applied is on screen (the effect sees it).
  const [saveRequest, setSaveRequest] = useState(0);
  const saveHandled = useRef(0);
  useEffect(() => {
    if (saveRequest === saveHandled.current) return;
    saveHandled.current = saveRequest;
    void save();
  }, [saveRequest, save]);
  useUnsavedEdits({
    unsaved: saveState !== 'saved',
    sendable: saveState === 'dirty' || saveState === 'failed',
    send: () => void save(true),
  });

  useEffect(() => {
    if (saveState !== 'dirty') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [saveState, save]);

  // The quantities and the price of the design as it is on screen.
  useEffect(() => {
    if (!doc) return;
    const timer = setTimeout(() => {
      estimationApi
        .previewOf(id, doc)
        .then(setPreview)
        .catch(() => {});
    }, PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [doc, id]);

  const edit = (next: DesignDocument) => history.apply(next);
  const remove = useCallback(() => {
    if (!doc || selection.length === 0) return;
    history.apply(removeAll(doc, selection));
    setSelection([]);
  }, [doc, selection, history.apply]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        // The browser would save the web page; the editor saves the design, now, from a field too
        // (a number typed and not yet applied applies first, as the field leaves focus).
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.blur?.();
        setSaveRequest((n) => n + 1);
        return;
      }
      // Typing in a field, or working in a dialog such as the finish picker, is not editing the plan.
      if ((event.target as HTMLElement).closest('input, textarea, [role="dialog"]')) return;
      // A key the plan took (a length typed while drawing) is not a shortcut.
      if (event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      const picked = toolOfKey(event);
      if (event.key === '?') {
        event.preventDefault();
        setShortcutsOpen(true);
      } else if (picked) {
        setTool(picked);
      } else if (mod && event.key.toLowerCase() === 'z' && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if (
        mod &&
        (event.key.toLowerCase() === 'y' || (event.key.toLowerCase() === 'z' && event.shiftKey))
      ) {
        event.preventDefault();
        history.redo();
      } else if (mod && event.key.toLowerCase() === 'a') {
        if (!doc) return;
        event.preventDefault();
        setTool('select');
        setSelection(selectAll(doc));
      } else if (mod && event.key.toLowerCase() === 'c') {
        clipboard.current = selection;
      } else if (mod && event.key.toLowerCase() === 'v') {
        if (!doc || clipboard.current.length === 0) return;
        event.preventDefault();
        const step = defaults.grid * 5;
        const pasted = copySelection(doc, presentSelection(doc, clipboard.current), { x: step, y: step });
        if (pasted) {
          history.apply(pasted.doc);
          setSelection(pasted.selection);
          // Pasting again puts the next copy beside this one.
          clipboard.current = pasted.selection;
        }
      } else if (event.key === 'Delete' || event.key === 'Backspace') remove();
      else if (event.key === 'Escape') {
        setTool('select');
        setSelection([]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history.undo, history.redo, history.apply, remove, selection, doc, defaults]);

  if (!(id > 0) || loadError)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{loadError ?? '디자인을 찾을 수 없습니다.'}</Alert>
        <Button component={RouterLink} to={`${dashboardPath}/mydesign`} sx={{ mt: 2 }}>
          내 디자인으로
        </Button>
      </Box>
    );
  if (!doc) return <LinearProgress aria-label="디자인을 불러오는 중" />;

  const one = selection.length === 1 ? selection[0]! : null;
  const room = one?.kind === 'room' ? doc.rooms.find((r) => r.id === one.id) : undefined;
  const wall = one?.kind === 'wall' ? doc.walls.find((w) => w.id === one.id) : undefined;
  const opening = one?.kind === 'opening' ? doc.openings.find((o) => o.id === one.id) : undefined;
  const item = one?.kind === 'item' ? doc.items.find((i) => i.id === one.id) : undefined;
  // A multiple selection: the rooms, walls and products in it, for what they have in common.
  const many = selection.length > 1;
  const chosenOf = <T extends { id: string }>(kind: Selected['kind'], elements: readonly T[]) => {
    const ids = new Set(selection.filter((s) => s.kind === kind).map((s) => s.id));
    return elements.filter((e) => ids.has(e.id));
  };
  const chosenRooms = many ? chosenOf('room', doc.rooms) : [];
  const chosenWalls = many ? chosenOf('wall', doc.walls) : [];
  const chosenItems = many ? chosenOf('item', doc.items) : [];
  const finishPicker = (
    label: string,
    usage: Usage,
    field: 'floorMaterialId' | 'wallMaterialId' | 'ceilingMaterialId',
    rooms: readonly {
      id: string;
      floorMaterialId?: number | null;
      wallMaterialId?: number | null;
      ceilingMaterialId?: number | null;
    }[],
  ) => {
    const values = rooms.map((r) => r[field] ?? null);
    const value = values.every((v) => v === values[0]) ? values[0] : 'mixed';
    return (
      <MaterialPicker
        label={label}
        usage={usage}
        value={value}
        known={materials}
        categories={materialCategories}
        search={searchMaterials}
        onSeen={seeMaterials}
        onChange={(materialId) =>
          edit(
            updateSelected(
              doc,
              rooms.map((r) => ({ kind: 'room' as const, id: r.id })),
              { room: { [field]: materialId } },
            ),
          )
        }
      />
    );
  };

  const onRectangle = (from: DesignPoint, to: DesignPoint) => {
    const made = addRectangleRoom(doc, from, to, `방 ${doc.rooms.length + 1}`, defaults);
    edit(made.doc);
    setSelection([{ kind: 'room', id: made.roomId }]);
    setTool('select');
  };
  const onPolygon = (points: DesignPoint[]) => {
    if (!isSimplePolygon(points)) return showNotice('변이 서로 겹치지 않게 그려 주세요.', 'warning');
    const made = addPolygonRoom(
      doc,
      points,
      { name: `방 ${doc.rooms.length + 1}`, ceilingHeight: defaults.wallHeight },
      defaults,
    );
    edit(made.doc);
    setSelection([{ kind: 'room', id: made.roomId }]);
    setTool('select');
  };
  /** A wall drawn; when it closes areas no room covers, they become rooms in the same edit. */
  const onWall = (a: DesignPoint, b: DesignPoint) => {
    const made = addWall(doc, a, b, defaults);
    if (!made) return false;
    const closed = addRoomsFromWalls(made.doc, defaults, { boundedBy: made.wallId });
    edit(closed.doc);
    if (closed.rooms.length === 0) return false;
    announceRooms(closed.rooms, '벽이 닫혀');
    return true;
  };
  const announceRooms = (rooms: { name: string; area: number }[], why: string) =>
    showNotice(
      `${why} 방을 만들었습니다: ${rooms.map((r) => `${r.name} (${r.area.toLocaleString('ko-KR')}㎡)`).join(', ')}`,
      'success',
    );
  const roomsFromWalls = () => {
    const made = addRoomsFromWalls(doc, defaults);
    if (made.rooms.length === 0) return showNotice('방이 없는 닫힌 벽이 없습니다.', 'info');
    edit(made.doc);
    setSelection(made.rooms.map((r) => ({ kind: 'room' as const, id: r.id })));
    setTool('select');
    announceRooms(made.rooms, '닫힌 벽으로');
  };
  const onPoint = (point: DesignPoint, raw: DesignPoint) => {
    if (tool === 'door' || tool === 'window') {
      const at = wallAt(doc, raw, Math.max(300, defaults.wallThickness * 2));
      if (!at) return showNotice('벽 위를 눌러 주세요.', 'info');
      const made = addOpening(doc, tool === 'door' ? 'Door' : 'Window', at, defaults);
      edit(made.doc);
      setSelection([{ kind: 'opening', id: made.openingId }]);
    } else if (tool === 'wallDrawing') {
      if (!wallDrawing) return showNotice('왼쪽 목록에서 붙일 벽면도를 먼저 고르세요.', 'info');
      const at = wallAt(doc, raw, Math.max(300, defaults.wallThickness * 2));
      if (!at) return showNotice('벽 위를 눌러 주세요.', 'info');
      const made = addWallDrawing(doc, wallDrawing, at, defaults.grid);
      if (!made) return showNotice('벽면도가 이 벽보다 넓습니다.', 'warning');
      edit(made.doc);
      setSelection([{ kind: 'wallDrawing', id: made.placedId }]);
    } else if (tool === 'item') {
      if (!product) return showNotice('왼쪽 목록에서 놓을 제품을 먼저 고르세요.', 'info');
      const made = addItem(doc, product.id, point);
      edit(made.doc);
      setSelection([{ kind: 'item', id: made.itemId }]);
    }
  };

  const requestEstimate = async () => {
    setRequesting(true);
    try {
      if (saveState !== 'saved') await save();
      await estimationApi.request(id, '');
      showNotice('견적을 요청했습니다. 디자인의 견적 탭에서 진행 상황을 볼 수 있습니다.', 'success');
    } catch (error) {
      showNotice(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setRequesting(false);
    }
  };

  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <AppBar position="static" color="primary" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button color="inherit" component={RouterLink} to={`${dashboardPath}/mydesign/${id}/overview`}>
            ← 디자인
          </Button>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1, fontSize: '1.05rem' }} noWrap>
            {name} 편집
          </Typography>
          <Typography variant="body2" data-testid="save-state" aria-live="polite">
            {saveLabels[saveState]} · 리비전 {revision}
          </Typography>
          <Tooltip title="되돌리기 (Ctrl+Z)">
            <span>
              <Button color="inherit" disabled={history.past.length === 0} onClick={history.undo}>
                되돌리기
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="다시 하기 (Ctrl+Y)">
            <span>
              <Button color="inherit" disabled={history.future.length === 0} onClick={history.redo}>
                다시 하기
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="지금 저장 (Ctrl+S)">
            <span>
              <Button color="inherit" disabled={saveState === 'saved'} onClick={() => void save()}>
                저장
              </Button>
            </span>
          </Tooltip>
          <Button color="inherit" onClick={() => setShortcutsOpen(true)}>
            단축키 (?)
          </Button>
          <Button color="inherit" onClick={() => setThreeD(!threeD)} aria-pressed={threeD}>
            {threeD ? '2D 평면' : '3D 보기'}
          </Button>
          <Button color="inherit" variant="outlined" disabled={requesting} onClick={requestEstimate}>
            견적 요청
          </Button>
        </Toolbar>
      </AppBar>
      {offered && (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  edit(offered);
                  setOffered(null);
                }}
              >
                되살리기
              </Button>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  dropDraft(id);
                  setOffered(null);
                }}
              >
                버리기
              </Button>
            </Stack>
          }
        >
          지난번에 저장되지 않은 편집이 이 브라우저에 남아 있습니다. 되살릴까요?
        </Alert>
      )}
      {saveState === 'stale' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void load()}>
              새 버전 불러오기
            </Button>
          }
        >
          {messages.staleDesignDocument} 이 화면의 편집은 저장되지 않았습니다.
        </Alert>
      )}
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Box sx={{ width: 240, borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}>
          <Panel title="도구">
            <ToggleButtonGroup
              aria-label="도구"
              exclusive
              size="small"
              orientation="vertical"
              fullWidth
              value={tool}
              onChange={(_, value) => value && setTool(value)}
            >
              {tools.map((t) => (
                // The tooltip describes the button, so its name stays the tool's name.
                <Tooltip key={t.tool} title={`단축키 ${t.key}`} placement="right" describeChild>
                  <ToggleButton value={t.tool}>{t.label}</ToggleButton>
                </Tooltip>
              ))}
            </ToggleButtonGroup>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Switch checked={dimensions} onChange={(e) => setDimensions(e.target.checked)} />}
              label="치수 표시"
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {toolHelp[tool]}
            </Typography>
            <Tooltip title="벽으로 둘러싸였지만 방이 없는 곳마다 방을 만듭니다.">
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  fullWidth
                  sx={{ mt: 1 }}
                  disabled={openAreas === 0}
                  onClick={roomsFromWalls}
                >
                  닫힌 벽으로 방 만들기{openAreas > 0 ? ` (${openAreas})` : ''}
                </Button>
              </span>
            </Tooltip>
          </Panel>
          <Divider />
          <Panel title="제품">
            <TextField
              size="small"
              fullWidth
              label="제품 검색"
              value={productQuery}
              onChange={(e) => setProductQuery(e.target.value)}
            />
            <TextField
              select
              size="small"
              fullWidth
              label="제품 카테고리"
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value === '' ? '' : Number(e.target.value))}
              sx={{ mt: 1 }}
            >
              <MenuItem value="">전체</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              눌러서 고른 뒤 평면을 누르거나, 평면으로 끌어다 놓습니다.
            </Typography>
            <List dense aria-label="제품 목록">
              {products.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  맞는 제품이 없습니다.
                </Typography>
              )}
              {products.map((p) => {
                const image = p.images?.[0];
                return (
                  <ListItemButton
                    key={p.id}
                    selected={product?.id === p.id}
                    draggable
                    onDragStart={(event) => event.dataTransfer.setData(PRODUCT_DRAG_TYPE, String(p.id))}
                    onClick={() => {
                      setProduct(p);
                      setTool('item');
                    }}
                  >
                    {image ? (
                      <Box
                        component="img"
                        src={fileUrl(image)}
                        alt=""
                        sx={{
                          width: 40,
                          height: 40,
                          objectFit: 'cover',
                          mr: 1,
                          borderRadius: 0.5,
                          flexShrink: 0,
                        }}
                      />
                    ) : (
                      <Box
                        sx={{
                          width: 40,
                          height: 40,
                          mr: 1,
                          bgcolor: 'action.hover',
                          borderRadius: 0.5,
                          flexShrink: 0,
                        }}
                      />
                    )}
                    <ListItemText primary={p.name} secondary={formatWon(p.price)} />
                  </ListItemButton>
                );
              })}
            </List>
          </Panel>
          <Divider />
          <Panel title="벽면도">
            {wallDrawingRows.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                카탈로그에 벽면도가 없습니다.
              </Typography>
            )}
            <List dense aria-label="벽면도 목록">
              {wallDrawingRows.map((d) => (
                <ListItemButton
                  key={d.id}
                  selected={wallDrawing?.id === d.id}
                  onClick={() => {
                    setWallDrawing(d);
                    setTool('wallDrawing');
                  }}
                >
                  <ListItemText primary={d.name} secondary={`폭 ${d.width.toLocaleString('ko-KR')}mm`} />
                </ListItemButton>
              ))}
            </List>
          </Panel>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {threeD ? (
            <Suspense fallback={<LinearProgress aria-label="3D 보기를 준비하는 중" />}>
              <PlanView3D
                doc={doc}
                materials={materialLooks}
                products={productBoxes}
                wallDrawings={wallDrawingLooks}
              />
            </Suspense>
          ) : (
            <PlanCanvas
              doc={doc}
              tool={tool}
              selection={selection}
              grid={defaults.grid}
              dimensions={dimensions}
              products={productSizes}
              wallDrawings={wallDrawingSizes}
              onSelect={setSelection}
              onRectangle={onRectangle}
              onPoint={onPoint}
              onMove={(targets, delta) => {
                // A wall alone is reshaped once, and says why when it cannot move there; anything
                // else always moves.
                const wall = targets.length === 1 && targets[0]!.kind === 'wall' ? targets[0]! : null;
                applying(edit)(
                  wall
                    ? moveWall(doc, wall.id, delta, defaults.grid)
                    : { doc: dragMove(doc, targets, delta, defaults.grid) },
                );
              }}
              onPolygon={onPolygon}
              onRotate={(itemId, rotation) => edit(updateItem(doc, itemId, { rotation }))}
              onWall={onWall}
              dropType={PRODUCT_DRAG_TYPE}
              onDrop={(productId, at) => {
                const made = addItem(doc, productId, at);
                edit(made.doc);
                setSelection([{ kind: 'item', id: made.itemId }]);
                setTool('select');
              }}
            />
          )}
        </Box>
        <Box sx={{ width: 340, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }}>
          <Panel title="속성">
            {selection.length === 0 && (
              <Typography color="text.secondary">
                요소를 고르면 속성을 바꿀 수 있습니다. Shift+클릭으로 여러 개를 고르면 함께 바꿉니다.
              </Typography>
            )}
            <Stack spacing={1.5}>
              {many && (
                <>
                  <Typography variant="subtitle1" data-testid="selection-count">
                    {selection.length}개 선택됨
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {(Object.keys(kindNames) as Selected['kind'][])
                      .map(
                        (kind) => [kindNames[kind], selection.filter((s) => s.kind === kind).length] as const,
                      )
                      .filter(([, count]) => count > 0)
                      .map(([what, count]) => `${what} ${count}`)
                      .join(' · ')}
                  </Typography>
                  {chosenRooms.length > 0 && (
                    <>
                      <Typography variant="caption" color="text.secondary">
                        고른 방 {chosenRooms.length}개에 함께
                      </Typography>
                      <NumberField
                        label="천장 높이 (mm)"
                        value={common(chosenRooms.map((r) => r.ceilingHeight))}
                        min={1}
                        max={100_000}
                        onChange={(ceilingHeight) =>
                          edit(updateSelected(doc, selection, { room: { ceilingHeight } }))
                        }
                      />
                      {finishPicker('바닥 자재', 'Floor', 'floorMaterialId', chosenRooms)}
                      {finishPicker('벽 자재', 'Wall', 'wallMaterialId', chosenRooms)}
                      {finishPicker('천장 자재', 'Ceiling', 'ceilingMaterialId', chosenRooms)}
                    </>
                  )}
                  {chosenWalls.length > 0 && (
                    <>
                      <Typography variant="caption" color="text.secondary">
                        고른 벽 {chosenWalls.length}개에 함께
                      </Typography>
                      <NumberField
                        label="벽 두께 (mm)"
                        value={common(chosenWalls.map((w) => w.thickness))}
                        min={1}
                        max={2_000}
                        onChange={(thickness) =>
                          edit(updateSelected(doc, selection, { wall: { thickness } }))
                        }
                      />
                      <NumberField
                        label="벽 높이 (mm)"
                        value={common(chosenWalls.map((w) => w.height))}
                        min={1}
                        max={100_000}
                        onChange={(height) => edit(updateSelected(doc, selection, { wall: { height } }))}
                      />
                    </>
                  )}
                  {chosenItems.length > 0 && (
                    <>
                      <Typography variant="caption" color="text.secondary">
                        고른 제품 {chosenItems.length}개에 함께
                      </Typography>
                      <NumberField
                        label="회전 (°)"
                        value={common(chosenItems.map((i) => i.rotation))}
                        min={-360}
                        max={360}
                        onChange={(rotation) => edit(updateSelected(doc, selection, { item: { rotation } }))}
                      />
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => edit(rotateSelected(doc, selection, -90))}
                        >
                          왼쪽으로 90°
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => edit(rotateSelected(doc, selection, 90))}
                        >
                          오른쪽으로 90°
                        </Button>
                      </Stack>
                    </>
                  )}
                </>
              )}
              {room && (
                <>
                  <TextField
                    size="small"
                    label="방 이름"
                    value={room.name}
                    onChange={(e) =>
                      e.target.value.trim() && edit(updateRoom(doc, room.id, { name: e.target.value }))
                    }
                    slotProps={{ htmlInput: { maxLength: 50 } }}
                  />
                  <TextField
                    select
                    size="small"
                    label="공간 유형"
                    value={room.workspaceId ?? ''}
                    onChange={(e) =>
                      edit(
                        updateRoom(doc, room.id, {
                          workspaceId: e.target.value === '' ? null : Number(e.target.value),
                        }),
                      )
                    }
                    helperText="공간 유형의 기본 공사(BOM)가 수량에 더해집니다."
                  >
                    <MenuItem value="">없음</MenuItem>
                    {workspaces.map((w) => (
                      <MenuItem key={w.id} value={w.id}>
                        {w.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <RoomDimensions doc={doc} edit={edit} room={room} />
                  <NumberField
                    label="천장 높이 (mm)"
                    value={room.ceilingHeight}
                    min={1}
                    max={100_000}
                    onChange={(ceilingHeight) => edit(updateRoom(doc, room.id, { ceilingHeight }))}
                  />
                  {finishPicker('바닥 자재', 'Floor', 'floorMaterialId', [room])}
                  {finishPicker('벽 자재', 'Wall', 'wallMaterialId', [room])}
                  {finishPicker('천장 자재', 'Ceiling', 'ceilingMaterialId', [room])}
                </>
              )}
              {wall && (
                <>
                  <WallDimensions doc={doc} edit={edit} wall={wall} />
                  <NumberField
                    label="벽 두께 (mm)"
                    value={wall.thickness}
                    min={1}
                    max={2_000}
                    onChange={(thickness) => edit(updateWall(doc, wall.id, { thickness }))}
                  />
                  <NumberField
                    label="벽 높이 (mm)"
                    value={wall.height}
                    min={1}
                    max={100_000}
                    onChange={(height) => edit(updateWall(doc, wall.id, { height }))}
                  />
                </>
              )}
              {opening && (
                <>
                  <TextField
                    select
                    size="small"
                    label="종류"
                    value={opening.kind}
                    onChange={(e) =>
                      edit(updateOpening(doc, opening.id, { kind: e.target.value as 'Door' | 'Window' }))
                    }
                  >
                    <MenuItem value="Door">문</MenuItem>
                    <MenuItem value="Window">창</MenuItem>
                  </TextField>
                  <OpeningDimensions doc={doc} edit={edit} opening={opening} />
                  <NumberField
                    label="높이 (mm)"
                    value={opening.height}
                    min={1}
                    max={100_000}
                    onChange={(height) => edit(updateOpening(doc, opening.id, { height }))}
                  />
                </>
              )}
              {item && (
                <>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Typography variant="body2">
                      {productSizes.get(item.productId)?.name ||
                        missingProducts.get(item.productId) ||
                        `제품 #${item.productId}`}
                    </Typography>
                    <CatalogueStatusChip
                      status={known.get(item.productId)?.status}
                      missing={missingProducts.has(item.productId)}
                    />
                  </Stack>
                  <ItemPlacement doc={doc} edit={edit} item={item} />
                  <NumberField
                    label="수량"
                    value={item.quantity ?? 1}
                    min={1}
                    max={10_000}
                    onChange={(quantity) => edit(updateItem(doc, item.id, { quantity }))}
                  />
                </>
              )}
              {selection.length > 0 && (
                <Button color="error" variant="outlined" onClick={remove}>
                  {many ? `선택한 ${selection.length}개 삭제 (Delete)` : '삭제 (Delete)'}
                </Button>
              )}
            </Stack>
          </Panel>
          <Divider />
          <Panel title="수량과 예상 금액">
            {!preview && <LinearProgress />}
            {preview && (
              <Stack spacing={1} data-testid="designer-quantities">
                {preview.problems.map((problem) => (
                  <Alert key={problem} severity="warning">
                    {problem}
                  </Alert>
                ))}
                {preview.lines.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    방에 자재를 정하거나 제품을 놓으면 수량과 금액이 계산됩니다.
                  </Typography>
                ) : (
                  <>
                    <TotalsBlock totals={preview.totals} rates={preview.rates} />
                    <EstimateLinesTable
                      lines={preview.lines.map((line, i) => ({ ...line, key: String(i) }))}
                    />
                  </>
                )}
              </Stack>
            )}
          </Panel>
        </Box>
      </Box>
    </Box>
  );
}
