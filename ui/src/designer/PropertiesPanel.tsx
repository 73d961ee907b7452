import type { DesignDocument } from '@interior/contracts';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CatalogueStatusChip } from './catalogue-status';
import {
  ItemPlacement,
  NumberField,
  OpeningDimensions,
  RoomDimensions,
  WallDimensions,
} from './DimensionFields';
import { type Selected, updateItem, updateOpening, updateRoom, updateWall } from './edit';
import { MaterialPicker, type Usage } from './MaterialPicker';
import { Panel } from './Panel';
import { rotateSelected, updateSelected } from './selection';
import type { Catalogue } from './useCatalogue';

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

type FinishField = 'floorMaterialId' | 'wallMaterialId' | 'ceilingMaterialId';
type Finishes = { id: string } & Partial<Record<FinishField, number | null>>;

/**
 * The properties of the selection: one element's (a room's name, space type, size, ceiling and
 * finishes; a wall's length, thickness and height; an opening's kind and dimensions; a product's
 * place, rotation and quantity), or what several elements share, set in one edit.
 */
export function PropertiesPanel({
  doc,
  edit,
  selection,
  remove,
  catalogue,
}: {
  doc: DesignDocument;
  edit: (next: DesignDocument) => void;
  selection: Selected[];
  remove: () => void;
  catalogue: Catalogue;
}) {
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
  const finishPicker = (label: string, usage: Usage, field: FinishField, rooms: readonly Finishes[]) => {
    const values = rooms.map((r) => r[field] ?? null);
    const value = values.every((v) => v === values[0]) ? values[0] : 'mixed';
    return (
      <MaterialPicker
        label={label}
        usage={usage}
        value={value}
        known={catalogue.materials}
        categories={catalogue.materialCategories}
        search={catalogue.searchMaterials}
        onSeen={catalogue.seeMaterials}
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
  const finishes = (rooms: readonly Finishes[]) => (
    <>
      {finishPicker('바닥 자재', 'Floor', 'floorMaterialId', rooms)}
      {finishPicker('벽 자재', 'Wall', 'wallMaterialId', rooms)}
      {finishPicker('천장 자재', 'Ceiling', 'ceilingMaterialId', rooms)}
    </>
  );
  const caption = (text: string) => (
    <Typography variant="caption" color="text.secondary">
      {text}
    </Typography>
  );

  return (
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
                .map((kind) => [kindNames[kind], selection.filter((s) => s.kind === kind).length] as const)
                .filter(([, count]) => count > 0)
                .map(([what, count]) => `${what} ${count}`)
                .join(' · ')}
            </Typography>
            {chosenRooms.length > 0 && (
              <>
                {caption(`고른 방 ${chosenRooms.length}개에 함께`)}
                <NumberField
                  label="천장 높이 (mm)"
                  value={common(chosenRooms.map((r) => r.ceilingHeight))}
                  min={1}
                  max={100_000}
                  onChange={(ceilingHeight) =>
                    edit(updateSelected(doc, selection, { room: { ceilingHeight } }))
                  }
                />
                {finishes(chosenRooms)}
              </>
            )}
            {chosenWalls.length > 0 && (
              <>
                {caption(`고른 벽 ${chosenWalls.length}개에 함께`)}
                <NumberField
                  label="벽 두께 (mm)"
                  value={common(chosenWalls.map((w) => w.thickness))}
                  min={1}
                  max={2_000}
                  onChange={(thickness) => edit(updateSelected(doc, selection, { wall: { thickness } }))}
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
                {caption(`고른 제품 ${chosenItems.length}개에 함께`)}
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
              {catalogue.workspaces.map((w) => (
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
            {finishes([room])}
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
                {catalogue.productSizes.get(item.productId)?.name ||
                  catalogue.missingProducts.get(item.productId) ||
                  `제품 #${item.productId}`}
              </Typography>
              <CatalogueStatusChip
                status={catalogue.known.get(item.productId)?.status}
                missing={catalogue.missingProducts.has(item.productId)}
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
  );
}
