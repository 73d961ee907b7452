import { type DesignDocument, designDocumentSchema, messages } from '@interior/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showNotice } from '../feedback/notices';
import { ApiError, apiFetch, apiJson } from '../session';
import { useDesignHistory } from './useDesignHistory';
import { draftOn, dropDraft, keepDraft, useUnsavedEdits } from './useUnsavedEdits';

export type SaveState = 'saved' | 'dirty' | 'saving' | 'stale' | 'failed';

export const saveLabels: Record<SaveState, string> = {
  saved: '저장됨',
  dirty: '저장 대기 중…',
  saving: '저장 중…',
  stale: '다른 곳에서 저장된 새 버전이 있습니다',
  failed: '저장하지 못했습니다',
};

const AUTOSAVE_MS = 1_500;
/**
 * Chrome refuses a keepalive request whose body passes 64 KB; larger documents go by an ordinary one.
 * Counted in UTF-8 bytes, as sent: a Korean name is three bytes a character.
 */
const KEEPALIVE_BYTES = 60_000;
const utf8 = new TextEncoder();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A design's document in the editor: loaded with the revision it is at, edited with undo and redo,
 * saved 1.5 s after the last edit with `If-Match` of that revision (a newer save elsewhere is
 * refused, never overwritten), kept in this browser until the server has it, sent on the way out
 * of the page, and offered back when the design opens again on the revision it was based on.
 */
export function useDesignDocument(id: number) {
  const [name, setName] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const history = useDesignHistory();
  const doc = history.present;
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [offered, setOffered] = useState<DesignDocument | null>(null);
  const saved = useRef<DesignDocument | null>(null);
  // The document a save is sending now: the same one is not sent twice.
  const sending = useRef<DesignDocument | null>(null);

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
      setLoadError(messageOf(error));
    }
  }, [id, history.reset]);
  useEffect(() => {
    if (id > 0) void load();
  }, [id, load]);

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
          showNotice(messageOf(error), 'error');
        }
      } finally {
        sending.current = null;
      }
    },
    [doc, id, revision],
  );
  // A save asked for (Ctrl/Cmd+S) runs once the edit it may have applied is on screen (the effect sees it).
  const [saveRequest, setSaveRequest] = useState(0);
  const saveHandled = useRef(0);
  useEffect(() => {
    if (saveRequest === saveHandled.current) return;
    saveHandled.current = saveRequest;
    void save();
  }, [saveRequest, save]);
  const requestSave = useCallback(() => setSaveRequest((n) => n + 1), []);

  // Read from the document on screen, not from the save state: that one follows an edit by a
  // render, and a tab closed in between would neither ask nor send the last edit.
  const edited = !!doc && doc !== saved.current;
  useUnsavedEdits({
    unsaved: edited,
    sendable: edited && doc !== sending.current && saveState !== 'stale',
    send: () => void save(true),
  });
  useEffect(() => {
    if (saveState !== 'dirty') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [saveState, save]);

  /** 되살리기: the edits kept in this browser, as one undo step (and saved as any edit). */
  const restoreOffered = useCallback(() => {
    if (offered) history.apply(offered);
    setOffered(null);
  }, [offered, history.apply]);
  /** 버리기: the kept edits are forgotten. */
  const dropOffered = useCallback(() => {
    dropDraft(id);
    setOffered(null);
  }, [id]);

  return {
    name,
    loadError,
    revision,
    history,
    doc,
    saveState,
    save,
    requestSave,
    load,
    offered,
    restoreOffered,
    dropOffered,
  };
}

export type DesignDocumentState = ReturnType<typeof useDesignDocument>;
