import type { DesignDocument } from '@interior/contracts';
import { useCallback, useState } from 'react';

const HISTORY_LIMIT = 200;

/** Undo and redo over whole documents (each edit keeps the one before, up to 200 steps). */
export function useDesignHistory() {
  const [state, setState] = useState<{
    past: DesignDocument[];
    present: DesignDocument | null;
    future: DesignDocument[];
  }>({ past: [], present: null, future: [] });
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

export type DesignHistory = ReturnType<typeof useDesignHistory>;
