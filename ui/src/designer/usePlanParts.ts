import { type DesignDocument, documentElementCount } from '@interior/contracts';
import { useCallback, useMemo, useRef } from 'react';
import type { Selected } from './edit';
import type { ProductSize } from './PlanCanvas';
import {
  CANVAS_FROM_ELEMENTS,
  changedElements,
  chosenPart,
  drawnArea,
  type PlanRect,
  visiblePart,
} from './plan-cull';

const NOTHING: ReadonlySet<string> = new Set();

/**
 * What the plan draws, and where. `shown` is the document as the plan shows it (during a drag, as
 * the drop would leave it); only the part of it around the view is drawn (plan-cull.ts).
 *
 * A large plan is painted on a canvas, less what the SVG above draws (`live`, as `kind:id` keys):
 * the selection and, while a drag is under way, every element the drag changes: the walls that
 * stretch with a dragged wall, the rooms it reshapes, the doors on them, found by comparing the
 * two documents rather than assumed to be the dragged elements. The canvas paints the document as
 * it is (`still`): what it paints is then the same in both documents, so it is not painted again at
 * every move. During a drag the set only grows (a move refused halfway leaves the elements it had
 * changed to the SVG, drawn where they are), so the canvas is painted again once or twice a drag.
 * Any other edit gives a new document, which the canvas paints afresh.
 */
export function usePlanParts({
  doc,
  shown,
  dragging,
  view,
  selection,
  products,
}: {
  doc: DesignDocument;
  shown: DesignDocument;
  /** A drag moving elements is under way. */
  dragging: boolean;
  view: PlanRect;
  selection: readonly Selected[];
  products: ReadonlyMap<number, ProductSize>;
}) {
  const chosen = useMemo(() => new Set(selection.map((s) => `${s.kind}:${s.id}`)), [selection]);
  const drawn = useRef<PlanRect | null>(null);
  drawn.current = drawnArea(drawn.current, view);
  const area = drawn.current;
  const reach = useCallback(
    (productId: number) => {
      const look = products.get(productId);
      return look ? Math.max(look.width, look.depth) : 600;
    },
    [products],
  );
  const still = useMemo(() => visiblePart(doc, area, reach), [doc, area, reach]);
  const visible = useMemo(
    () => (shown === doc ? still : visiblePart(shown, area, reach)),
    [shown, doc, still, area, reach],
  );
  const onCanvas = documentElementCount(doc) >= CANVAS_FROM_ELEMENTS;
  const changed = useRef(NOTHING);
  if (!onCanvas || !dragging) changed.current = NOTHING;
  else if (shown !== doc) {
    const now = changedElements(doc, shown);
    if ([...now].some((key) => !changed.current.has(key)))
      changed.current = new Set([...changed.current, ...now]);
  }
  const changedNow = changed.current;
  const live = useMemo(
    () => ([...changedNow].every((key) => chosen.has(key)) ? chosen : new Set([...chosen, ...changedNow])),
    [chosen, changedNow],
  );
  const overSvg = useMemo(() => (onCanvas ? chosenPart(visible, live) : visible), [onCanvas, visible, live]);
  return { chosen, visible, onCanvas, still, live, overSvg };
}
