import type {
  EstimationDraft,
  EstimationLine,
  EstimationQuote,
  EstimationRecord,
  LineKind,
  LineSource,
  Totals,
} from '@interior/contracts';
import { formatWon as formatWonAmount, koreaTimeText } from '@interior/contracts';
import { apiFetch, apiJson } from '../session';

/** A line as the editor sends it: a computed line keeps its `id`; a line without one is added by hand. */
export interface DraftLineInput {
  id?: string;
  trade: string;
  kind: LineKind;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  unitPrice: number;
}

export interface Assignee {
  id: number;
  name: string | null;
  email: string | null;
}

/** What `POST /api/design/{id}/estimate-preview` answers: the draft the design would give now. */
export interface EstimatePreview {
  lines: EstimationLine[];
  totals: Totals;
  problems: string[];
  rates: EstimationDraft['rates'];
}

/** The draft with the version its ETag carries (`If-Match` of the next save). */
export type VersionedDraft = EstimationDraft;

const post = <T>(path: string, json: unknown = {}) => apiJson<T>(path, { method: 'POST', json });

/** The estimation calls of docs/estimations.md, as the screens make them. */
export const estimationApi = {
  one: (id: number) => apiJson<EstimationRecord>(`/api/estimation/${id}`),
  ofDesign: (designId: number) =>
    apiJson<EstimationRecord[]>(
      `/api/design/${designId}/estimation?${new URLSearchParams({
        sort: JSON.stringify(['registered', 'DESC']),
        range: JSON.stringify([0, 49]),
      })}`,
    ),
  request: (designId: number, note: string) =>
    post<EstimationRecord>(`/api/design/${designId}/estimation`, note ? { note } : {}),
  assign: (id: number, body: { managerId?: number; designerId?: number }) =>
    post<EstimationRecord>(`/api/estimation/${id}/assign`, body),
  assignees: (id: number, role: 'DesignManager' | 'Designer', q: string) =>
    apiJson<Assignee[]>(`/api/estimation/${id}/assignees?${new URLSearchParams(q ? { role, q } : { role })}`),
  /** The current draft, or null before the first is computed. */
  draft: async (id: number): Promise<VersionedDraft | null> => {
    try {
      return await apiJson<VersionedDraft>(`/api/estimation/${id}/draft`);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  },
  /** Where one line of the current draft came from (the draft answers only how many sources). */
  draftLineSources: (id: number, lineId: string) =>
    apiJson<LineSource[]>(`/api/estimation/${id}/draft/lines/${encodeURIComponent(lineId)}/sources`),
  compute: (id: number) => post<VersionedDraft>(`/api/estimation/${id}/draft`),
  saveDraft: (id: number, version: number, lines: DraftLineInput[]) =>
    apiJson<VersionedDraft>(`/api/estimation/${id}/draft`, {
      method: 'PUT',
      json: { lines },
      headers: { 'If-Match': `"${version}"` },
    }),
  issue: (id: number) =>
    post<Pick<EstimationQuote, 'revision' | 'totals' | 'validUntil'>>(`/api/estimation/${id}/quote`),
  quotes: (id: number) => apiJson<EstimationQuote[]>(`/api/estimation/${id}/quote`),
  /** Accepts the revision the requester was shown; the server refuses it once a newer one is issued. */
  accept: (id: number, revision: number) =>
    post<EstimationRecord & { orderNumber: string }>(`/api/estimation/${id}/accept`, { revision }),
  reject: (id: number, reason: string) => post<EstimationRecord>(`/api/estimation/${id}/reject`, { reason }),
  cancel: (id: number, reason: string) =>
    post<EstimationRecord>(`/api/estimation/${id}/cancel`, reason ? { reason } : {}),
  complete: (id: number) => post<EstimationRecord>(`/api/estimation/${id}/complete`),
  preview: (designId: number) => post<EstimatePreview>(`/api/design/${designId}/estimate-preview`),
  /** What a document not yet saved would give (the editor's panel). */
  previewOf: (designId: number, document: unknown) =>
    post<EstimatePreview>(`/api/design/${designId}/estimate-preview`, { document }),
};

/**
 * Opens a quote's 견적서 PDF in a new tab: fetched with the session's token (a plain link cannot
 * send it) and handed to the browser's viewer as a blob, whose name is the server's file name.
 */
export async function openQuotePdf(id: number, revision: number): Promise<void> {
  // Opened before the request, in the click's own turn, so the browser does not block the tab.
  const opened = window.open('', '_blank');
  try {
    const response = await apiFetch(`/api/estimation/${id}/quote/${revision}.pdf`);
    const url = URL.createObjectURL(await response.blob());
    if (opened) opened.location.href = url;
    else window.location.assign(url);
    // The viewer keeps its own copy once loaded; the URL goes after a minute.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    opened?.close();
    throw error;
  }
}

/** An amount in won, or a dash where there is none. */
export const formatWon = (won: number | null | undefined) =>
  // A bigint column may come as text: as a number it gets its thousands separators.
  won === null || won === undefined ? '—' : formatWonAmount(Number(won));

/** A quantity with at most two decimals, as lines carry it. */
export const formatQuantity = (quantity: number) =>
  quantity.toLocaleString('ko-KR', { maximumFractionDigits: 2 });

export const formatDay = (value: string | null | undefined) => koreaTimeText(value, 'date', '—');
