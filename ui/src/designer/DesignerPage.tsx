import { type DesignDocument, dashboardPath, messages } from '@interior/contracts';
import { Alert, Box, Button, LinearProgress, Stack, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { estimationApi } from '../estimations/api';
import { showNotice } from '../feedback/notices';
import { queryClient } from '../kit/queryClient';
import { CataloguePanel } from './CataloguePanel';
import { PRODUCT_DRAG_TYPE, type ProductRow, type WallDrawingRow } from './catalogue-types';
import { EditorLayout } from './EditorLayout';
import { EditorTopBar } from './EditorTopBar';
import type { Selected } from './edit';
import { PlanCanvas, type Tool } from './PlanCanvas';
import { PricePanel, useEstimatePreview } from './PricePanel';
import { PropertiesPanel } from './PropertiesPanel';
import { planActions } from './planActions';
import { uncoveredFaces } from './rooms-from-walls';
import { ShortcutsDialog } from './ShortcutsDialog';
import { presentSelection, removeAll } from './selection';
import { ToolsPanel } from './ToolsPanel';
import { useCatalogue } from './useCatalogue';
import { type DesignDocumentState, useDesignDocument } from './useDesignDocument';
import { useEditorShortcuts } from './useEditorShortcuts';

// three.js only when the 3D view opens.
const PlanView3D = lazy(() => import('./PlanView3D'));

/**
 * /designer/{id}: the design editor (docs/designer.md). Draw rooms, put doors and windows on their
 * walls, choose finishes from the material catalogue, place products from the product catalogue;
 * every edit can be undone; the work saves itself with the revision it was based on (a newer
 * save elsewhere is never overwritten) and survives a reload; the quantities and the price of
 * the design as it is on screen follow each edit (the estimate engine's preview). Below a
 * tablet's width the plan takes the screen and the panels open as a bottom sheet.
 */
export function DesignerPage() {
  // The catalogue is read through react-query; the editor stands outside the dashboard's <Admin>.
  return (
    <QueryClientProvider client={queryClient}>
      <Editor />
    </QueryClientProvider>
  );
}

function Editor() {
  const id = Number(useParams().id);
  const design = useDesignDocument(id);
  const { doc, loadError } = design;
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
  return <LoadedEditor id={id} design={design} doc={doc} />;
}

function LoadedEditor({ id, design, doc }: { id: number; design: DesignDocumentState; doc: DesignDocument }) {
  const { history } = design;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [selected, setSelection] = useState<Selected[]>([]);
  const [tool, setTool] = useState<Tool>('select');
  const [product, setProduct] = useState<ProductRow | null>(null);
  const [wallDrawing, setWallDrawing] = useState<WallDrawingRow | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [threeD, setThreeD] = useState(false);
  const [dimensions, setDimensions] = useState(true);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const catalogue = useCatalogue(doc, threeD);
  const estimate = useEstimatePreview(id, doc);
  const { defaults } = catalogue;
  // What is selected and still in the document (an undo may have taken some of it away).
  const selection = useMemo(() => presentSelection(doc, selected), [doc, selected]);
  // The enclosed areas of the walls that no room covers: what 닫힌 벽으로 방 만들기 would make. A
  // search over every wall, done when the page is idle so that it never holds up drawing the plan.
  const [openAreas, setOpenAreas] = useState(0);
  useEffect(() => {
    const search = () => setOpenAreas(uncoveredFaces(doc.walls, doc.rooms).length);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(search, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(search, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, [doc.walls, doc.rooms]);

  const edit = history.apply;
  const remove = useCallback(() => {
    if (selection.length === 0) return;
    history.apply(removeAll(doc, selection));
    setSelection([]);
  }, [doc, selection, history.apply]);
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  useEditorShortcuts({
    doc,
    history,
    selection,
    grid: defaults.grid,
    setSelection,
    setTool,
    remove,
    requestSave: design.requestSave,
    openShortcuts,
  });

  const actions = planActions({ doc, edit, tool, setTool, setSelection, defaults, product, wallDrawing });
  const requestEstimate = async () => {
    setRequesting(true);
    try {
      if (design.saveState !== 'saved') await design.save();
      await estimationApi.request(id, '');
      showNotice('견적을 요청했습니다. 디자인의 견적 탭에서 진행 상황을 볼 수 있습니다.', 'success');
    } catch (error) {
      showNotice(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setRequesting(false);
    }
  };

  const plan = threeD ? (
    <Suspense fallback={<LinearProgress aria-label="3D 보기를 준비하는 중" />}>
      <PlanView3D
        doc={doc}
        materials={catalogue.materialLooks}
        products={catalogue.productBoxes}
        wallDrawings={catalogue.wallDrawingLooks}
      />
    </Suspense>
  ) : (
    <PlanCanvas
      doc={doc}
      tool={tool}
      selection={selection}
      grid={defaults.grid}
      dimensions={dimensions}
      products={catalogue.productSizes}
      wallDrawings={catalogue.wallDrawingSizes}
      onSelect={setSelection}
      onRectangle={actions.onRectangle}
      onPoint={actions.onPoint}
      onMove={actions.onMove}
      onPolygon={actions.onPolygon}
      onRotate={actions.onRotate}
      onWall={actions.onWall}
      dropType={PRODUCT_DRAG_TYPE}
      onDrop={actions.onDrop}
    />
  );

  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <EditorTopBar
        designId={id}
        name={design.name}
        saveState={design.saveState}
        revision={design.revision}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={history.undo}
        onRedo={history.redo}
        onSave={() => void design.save()}
        onShortcuts={openShortcuts}
        threeD={threeD}
        onThreeD={() => setThreeD(!threeD)}
        requesting={requesting}
        onRequestEstimate={() => void requestEstimate()}
        compact={compact}
      />
      {design.offered && (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={design.restoreOffered}>
                되살리기
              </Button>
              <Button color="inherit" size="small" onClick={design.dropOffered}>
                버리기
              </Button>
            </Stack>
          }
        >
          지난번에 저장되지 않은 편집이 이 브라우저에 남아 있습니다. 되살릴까요?
        </Alert>
      )}
      {design.saveState === 'stale' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void design.load()}>
              새 버전 불러오기
            </Button>
          }
        >
          {messages.staleDesignDocument} 이 화면의 편집은 저장되지 않았습니다.
        </Alert>
      )}
      <EditorLayout
        compact={compact}
        plan={plan}
        selectionCount={selection.length}
        tools={(closeSheet) => (
          <ToolsPanel
            tool={tool}
            onTool={(picked) => {
              setTool(picked);
              closeSheet();
            }}
            dimensions={dimensions}
            onDimensions={setDimensions}
            openAreas={openAreas}
            onRoomsFromWalls={() => {
              actions.roomsFromWalls();
              closeSheet();
            }}
            touch={compact}
          />
        )}
        catalogue={(closeSheet) => (
          <CataloguePanel
            catalogue={catalogue}
            product={product}
            onProduct={(picked) => {
              setProduct(picked);
              setTool('item');
              closeSheet();
            }}
            wallDrawing={wallDrawing}
            onWallDrawing={(picked) => {
              setWallDrawing(picked);
              setTool('wallDrawing');
              closeSheet();
            }}
          />
        )}
        properties={
          <PropertiesPanel
            doc={doc}
            edit={edit}
            selection={selection}
            remove={remove}
            catalogue={catalogue}
          />
        }
        price={<PricePanel {...estimate} />}
      />
    </Box>
  );
}
