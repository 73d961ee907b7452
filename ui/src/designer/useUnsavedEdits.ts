import { type DesignDocument, designDocumentSchema } from '@interior/contracts';
import { useEffect, useRef } from 'react';

/**
 * Edits not yet on the server are kept in this browser, one entry per design, with the revision
 * they were based on: they are offered back when the design next opens on that same revision
 * (a save elsewhere since makes them stale).
 */
const draftKey = (designId: number) => `designer:${designId}`;

export function keepDraft(designId: number, revision: number, document: DesignDocument) {
  try {
    localStorage.setItem(draftKey(designId), JSON.stringify({ revision, document }));
  } catch {
    // A full or disabled storage loses only this copy; the server save goes on.
  }
}

export function dropDraft(designId: number) {
  localStorage.removeItem(draftKey(designId));
}

/** The edits kept for this design when they were based on `revision`; a stale or broken entry is dropped. */
export function draftOn(designId: number, revision: number): DesignDocument | null {
  const kept = localStorage.getItem(draftKey(designId));
  if (!kept) return null;
  try {
    const entry = JSON.parse(kept) as { revision?: unknown; document?: unknown };
    const parsed = entry.revision === revision ? designDocumentSchema.safeParse(entry.document) : null;
    if (parsed?.success) return parsed.data;
  } catch {
    // Not JSON: dropped below like any entry that cannot come back.
  }
  dropDraft(designId);
  return null;
}

/**
 * While there are unsaved edits, closing or reloading the tab asks first, and when the page is
 * hidden or left they are sent at once (`send` uses a keepalive request, which outlives the page).
 */
export function useUnsavedEdits({
  unsaved,
  sendable,
  send,
}: {
  /** Edits the server does not have (being saved, waiting, refused or failed). */
  unsaved: boolean;
  /** Edits that may be sent now (not already on their way, not refused as stale). */
  sendable: boolean;
  send: () => void;
}) {
  const latest = useRef({ unsaved, sendable, send });
  latest.current = { unsaved, sendable, send };
  useEffect(() => {
    const flush = () => latest.current.sendable && latest.current.send();
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.unsaved) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}
