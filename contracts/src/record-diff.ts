import { fieldLabel, type PersonNames, type ReferenceNames, valueText } from './history-labels';
import { formatWon } from './won';

/** One field that differs between two revisions of a record. */
export interface FieldDiff {
  path: string;
  label: string;
  before: unknown;
  after: unknown;
  beforeText: string;
  afterText: string;
}

/** An estimate line as the diff names it: its 공종, item and where it came from, and its numbers. */
interface LineView {
  id: string;
  trade: string;
  name: string;
  /** The parts of the design its quantity came from ("거실 바닥"), or that it was added by hand. */
  source: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface LineDiff {
  added: LineView[];
  removed: LineView[];
  changed: {
    id: string;
    trade: string;
    name: string;
    source: string;
    changes: {
      field: 'quantity' | 'unitPrice' | 'amount';
      label: string;
      before: number;
      after: number;
      beforeText: string;
      afterText: string;
    }[];
  }[];
}

/** What happened to a design's element: where it is, how big, what it is finished or furnished with. */
export type ElementChange = 'moved' | 'resized' | 'refinished' | 'rotated' | 'renamed' | 'other';

/** How an element changed, in the words the workbench shows. */
export const elementChangeLabels: Readonly<Record<ElementChange, string>> = {
  moved: '이동',
  resized: '크기 변경',
  refinished: '마감·제품 변경',
  rotated: '회전',
  renamed: '이름 변경',
  other: '기타 변경',
};

/** One element of a drawing: its group, id, and its name where the drawing gives it one (a room's). */
interface ElementRef {
  group: string;
  groupLabel: string;
  id: string;
  name?: string;
}

export interface ElementDiff {
  added: ElementRef[];
  removed: ElementRef[];
  changed: (ElementRef & { how: ElementChange[]; fields: string[] })[];
}

export interface RecordDiff {
  changes: FieldDiff[];
  lines?: LineDiff;
  elements?: ElementDiff;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const lineNumberLabels = { quantity: '수량', unitPrice: '단가', amount: '금액' } as const;

/** Shown as the source of a line written by hand, as the estimate sheet says it. */
export const handwrittenLineSource = '직접 추가한 품목';

function lineSource(sources: unknown): string {
  const labels = (Array.isArray(sources) ? sources : [])
    .map((source) => (source as { label?: unknown } | null)?.label)
    .filter((label): label is string => typeof label === 'string' && label !== '');
  return labels.length ? [...new Set(labels)].join(', ') : handwrittenLineSource;
}

function lineView(line: Record<string, unknown>): LineView {
  return {
    id: String(line.id),
    trade: String(line.trade ?? ''),
    name: String(line.name ?? ''),
    source: lineSource(line.sources),
    quantity: Number(line.quantity ?? 0),
    unitPrice: Number(line.unitPrice ?? 0),
    amount: Number(line.amount ?? 0),
  };
}

/** An estimate's draft line by line, matched by the line's id. */
export function diffLines(before: unknown, after: unknown): LineDiff {
  const list = (value: unknown) =>
    new Map(
      (Array.isArray(value) ? value : []).map((line) => [String(line.id), line as Record<string, unknown>]),
    );
  const was = list(before);
  const now = list(after);
  const diff: LineDiff = { added: [], removed: [], changed: [] };
  for (const [id, line] of now) if (!was.has(id)) diff.added.push(lineView(line));
  for (const [id, line] of was) if (!now.has(id)) diff.removed.push(lineView(line));
  for (const [id, line] of now) {
    const old = was.get(id);
    if (!old) continue;
    const a = lineView(old);
    const b = lineView(line);
    const changes = (['quantity', 'unitPrice', 'amount'] as const)
      .filter((field) => a[field] !== b[field])
      .map((field) => ({
        field,
        label: lineNumberLabels[field],
        before: a[field],
        after: b[field],
        beforeText: field === 'quantity' ? a[field].toLocaleString('ko-KR') : formatWon(a[field]),
        afterText: field === 'quantity' ? b[field].toLocaleString('ko-KR') : formatWon(b[field]),
      }));
    if (changes.length) diff.changed.push({ id, trade: b.trade, name: b.name, source: b.source, changes });
  }
  return diff;
}

const elementGroups = {
  walls: '벽',
  openings: '문·창',
  rooms: '방',
  wallDrawings: '벽 도면',
  items: '제품',
} as const;

/** Which kind of change each field of an element is. */
const elementFieldChanges: Readonly<Record<string, ElementChange>> = {
  a: 'moved',
  b: 'moved',
  x: 'moved',
  y: 'moved',
  polygon: 'moved',
  offset: 'moved',
  wallId: 'moved',
  thickness: 'resized',
  height: 'resized',
  width: 'resized',
  sill: 'resized',
  ceilingHeight: 'resized',
  quantity: 'resized',
  floorMaterialId: 'refinished',
  wallMaterialId: 'refinished',
  ceilingMaterialId: 'refinished',
  productId: 'refinished',
  wallDrawingId: 'refinished',
  workspaceId: 'refinished',
  rotation: 'rotated',
  name: 'renamed',
};

/** A design's drawing element by element, matched by the element's id within its group. */
export function diffElements(before: unknown, after: unknown): ElementDiff {
  const diff: ElementDiff = { added: [], removed: [], changed: [] };
  for (const [group, groupLabel] of Object.entries(elementGroups)) {
    const list = (doc: unknown) => {
      const items = (doc as Record<string, unknown> | null)?.[group];
      return new Map(
        (Array.isArray(items) ? items : []).map((element) => [
          String(element.id),
          element as Record<string, unknown>,
        ]),
      );
    };
    const was = list(before);
    const now = list(after);
    const ref = (id: string, element: Record<string, unknown>): ElementRef =>
      typeof element.name === 'string' && element.name !== ''
        ? { group, groupLabel, id, name: element.name }
        : { group, groupLabel, id };
    for (const [id, element] of now) if (!was.has(id)) diff.added.push(ref(id, element));
    for (const [id, element] of was) if (!now.has(id)) diff.removed.push(ref(id, element));
    for (const [id, element] of now) {
      const old = was.get(id);
      if (!old) continue;
      const fields = [...new Set([...Object.keys(old), ...Object.keys(element)])].filter(
        (field) => !same(old[field], element[field]),
      );
      if (!fields.length) continue;
      const how = [...new Set(fields.map((field) => elementFieldChanges[field] ?? 'other'))];
      diff.changed.push({ ...ref(id, element), how, fields });
    }
  }
  return diff;
}

/**
 * Two states of one record field by field, with the fields' Korean names and values as the screens
 * show them, listing only the fields whose shown value differs; an estimation's lines line by line,
 * a design's drawing element by element.
 */
export function diffRecord(
  type: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  names: PersonNames,
  references: ReferenceNames = new Map(),
): RecordDiff {
  const changes: FieldDiff[] = [];
  for (const path of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    if (same(before[path], after[path])) continue;
    const beforeText = valueText(type, path, before[path], names, references);
    const afterText = valueText(type, path, after[path], names, references);
    // A change is what a reader sees change: a field first set to nothing (a share to an address
    // no account holds yet sets no one) reads "-" before and after, as does null for an empty
    // text, and a drawing or a draft of as many parts shows its changes element by element and
    // line by line below, not as "요소 3개 → 요소 3개".
    if (beforeText === afterText) continue;
    changes.push({
      path,
      label: fieldLabel(type, path),
      before: before[path] ?? null,
      after: after[path] ?? null,
      beforeText,
      afterText,
    });
  }
  const diff: RecordDiff = { changes };
  if (type === 'Estimation') diff.lines = diffLines(before.lines, after.lines);
  if (type === 'Design') diff.elements = diffElements(before.document, after.document);
  return diff;
}

/** One field of a record as it was, as its screens would show it. */
export interface FieldText {
  path: string;
  label: string;
  text: string;
}

/** Every field of a state with its Korean name and its value as the screens show it. */
export function stateFields(
  type: string,
  state: Record<string, unknown>,
  names: PersonNames,
  references: ReferenceNames = new Map(),
): FieldText[] {
  return Object.entries(state).map(([path, value]) => ({
    path,
    label: fieldLabel(type, path),
    text: valueText(type, path, value, names, references),
  }));
}
