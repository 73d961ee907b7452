import {
  type DesignDocument,
  type DesignItem,
  type DesignOpening,
  type DesignRoom,
  type DesignWall,
  MAX_COORDINATE_MM,
} from '@interior/contracts';
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { showNotice } from '../feedback/notices';
import { placeOpening, type Reshaped, roomRectangle, setRoomSize, setWallLength } from './dimensions';
import { updateItem } from './edit';

/**
 * A number field that applies whole millimetres (or degrees) within bounds, on Enter or when it
 * loses focus; `null` when the elements selected differ (left empty, it changes nothing). Its
 * label is a visible <label> tied to the input.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number | null;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const parsed = Number(text);
  const empty = value === null && text.trim() === '';
  const valid = /^-?\d+$/.test(text.trim()) && parsed >= min && parsed <= max;
  const apply = () => valid && parsed !== value && onChange(parsed);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder={value === null ? '여러 값' : undefined}
      error={!valid && !empty}
      helperText={valid || empty ? undefined : `${min}–${max} 사이의 정수`}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        inputLabel: value === null ? { shrink: true } : undefined,
      }}
    />
  );
}

const MAX_LENGTH_MM = 100_000;

interface Props {
  doc: DesignDocument;
  /** Applies an edit as one undo step. */
  edit: (next: DesignDocument) => void;
}

/** Applies a reshaping edit, or says in Korean why it was refused (the document stays as it was). */
export const applying = (edit: (next: DesignDocument) => void) => (result: Reshaped) => {
  if (result.doc) edit(result.doc);
  else showNotice(result.refused, 'warning');
};

/** 가로 (mm) and 세로 (mm) of a rectangular room; its walls, and a neighbour sharing one, follow. */
export function RoomDimensions({ doc, edit, room }: Props & { room: DesignRoom }) {
  const rect = roomRectangle(room);
  if (!rect) return null;
  const apply = applying(edit);
  return (
    <>
      <NumberField
        label="가로 (mm)"
        value={rect.width}
        min={1}
        max={MAX_LENGTH_MM}
        onChange={(width) => apply(setRoomSize(doc, room.id, { width }))}
      />
      <NumberField
        label="세로 (mm)"
        value={rect.height}
        min={1}
        max={MAX_LENGTH_MM}
        onChange={(height) => apply(setRoomSize(doc, room.id, { height }))}
      />
    </>
  );
}

/** 길이 (mm) of a wall, from its start. */
export function WallDimensions({ doc, edit, wall }: Props & { wall: DesignWall }) {
  return (
    <NumberField
      label="길이 (mm)"
      value={Math.round(Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y))}
      min={1}
      max={MAX_LENGTH_MM}
      onChange={(length) => applying(edit)(setWallLength(doc, wall.id, length))}
    />
  );
}

/** 너비 (mm) of a door or window and its 위치 (mm) from its wall's start. */
export function OpeningDimensions({ doc, edit, opening }: Props & { opening: DesignOpening }) {
  const apply = applying(edit);
  return (
    <>
      <NumberField
        label="너비 (mm)"
        value={opening.width}
        min={1}
        max={MAX_LENGTH_MM}
        onChange={(width) => apply(placeOpening(doc, opening.id, { width }))}
      />
      <NumberField
        label="위치 (mm)"
        value={opening.offset}
        min={0}
        max={2 * MAX_COORDINATE_MM}
        onChange={(offset) => apply(placeOpening(doc, opening.id, { offset }))}
      />
    </>
  );
}

/** X (mm), Y (mm) and 회전 (°) of a placed product (its centre, and its turn about it). */
export function ItemPlacement({ doc, edit, item }: Props & { item: DesignItem }) {
  return (
    <>
      <NumberField
        label="X (mm)"
        value={item.x}
        min={-MAX_COORDINATE_MM}
        max={MAX_COORDINATE_MM}
        onChange={(x) => edit(updateItem(doc, item.id, { x }))}
      />
      <NumberField
        label="Y (mm)"
        value={item.y}
        min={-MAX_COORDINATE_MM}
        max={MAX_COORDINATE_MM}
        onChange={(y) => edit(updateItem(doc, item.id, { y }))}
      />
      <NumberField
        label="회전 (°)"
        value={item.rotation}
        min={-360}
        max={360}
        onChange={(rotation) => edit(updateItem(doc, item.id, { rotation }))}
      />
    </>
  );
}
