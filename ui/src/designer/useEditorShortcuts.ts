import type { DesignDocument } from '@interior/contracts';
import { useEffect, useRef } from 'react';
import type { Selected } from './edit';
import type { Tool } from './PlanCanvas';
import { toolOfKey } from './ShortcutsDialog';
import { copySelection, presentSelection, selectAll } from './selection';
import type { DesignHistory } from './useDesignHistory';

/**
 * The editor's keys (listed in ShortcutsDialog): a tool's letter, undo and redo, select all,
 * copy and paste, Delete, Esc, ? for the list, and Ctrl/Cmd+S to save now.
 */
export function useEditorShortcuts({
  doc,
  history,
  selection,
  grid,
  setSelection,
  setTool,
  remove,
  requestSave,
  openShortcuts,
}: {
  doc: DesignDocument | null;
  history: DesignHistory;
  selection: Selected[];
  grid: number;
  setSelection: (selection: Selected[]) => void;
  setTool: (tool: Tool) => void;
  remove: () => void;
  requestSave: () => void;
  openShortcuts: () => void;
}) {
  const clipboard = useRef<Selected[]>([]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        // The browser would save the web page; the editor saves the design, now, from a field too
        // (a number typed and not yet applied applies first, as the field leaves focus).
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.blur?.();
        requestSave();
        return;
      }
      // Typing in a field, or working in a dialog such as the finish picker, is not editing the plan.
      if ((event.target as HTMLElement).closest('input, textarea, [role="dialog"]')) return;
      // A key the plan took (a length typed while drawing) is not a shortcut.
      if (event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const picked = toolOfKey(event);
      if (event.key === '?') {
        event.preventDefault();
        openShortcuts();
      } else if (picked) {
        setTool(picked);
      } else if (mod && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) {
        event.preventDefault();
        history.redo();
      } else if (mod && key === 'a') {
        if (!doc) return;
        event.preventDefault();
        setTool('select');
        setSelection(selectAll(doc));
      } else if (mod && key === 'c') {
        clipboard.current = selection;
      } else if (mod && key === 'v') {
        if (!doc || clipboard.current.length === 0) return;
        event.preventDefault();
        const step = grid * 5;
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
  }, [
    history.undo,
    history.redo,
    history.apply,
    remove,
    selection,
    doc,
    grid,
    setSelection,
    setTool,
    requestSave,
    openShortcuts,
  ]);
}
