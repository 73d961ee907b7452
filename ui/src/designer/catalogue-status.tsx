import type { CatalogueLastNames, DesignDocument } from '@interior/contracts';
import { Chip, Tooltip } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { showNotice } from '../feedback/notices';
import { apiJson } from '../session';

/**
 * Products the document places that no picker list has shown: 단종 ones (the pickers list only
 * what is on sale) are read by id, and those the catalogue no longer has are answered with their
 * last known name, so the editor shows them as 확인 필요 instead of a bare number.
 */
export function usePlacedProducts<Row extends { id: number }>(
  doc: DesignDocument | null,
  known: ReadonlyMap<number, Row>,
  see: (rows: Row[]) => void,
): ReadonlyMap<number, string> {
  const [missing, setMissing] = useState<ReadonlyMap<number, string>>(new Map());
  const unseen = useMemo(
    () =>
      [...new Set((doc?.items ?? []).map((item) => item.productId))]
        .filter((id) => !known.has(id) && !missing.has(id))
        .sort((a, b) => a - b)
        .join(','),
    [doc, known, missing],
  );
  useEffect(() => {
    if (!unseen) return;
    const ids = unseen.split(',').map(Number);
    const query = new URLSearchParams({
      range: JSON.stringify([0, 499]),
      filter: JSON.stringify({ id: ids }),
    });
    void (async () => {
      const rows = await apiJson<Row[]>(`/api/product?${query}`);
      see(rows);
      const gone = ids.filter((id) => !rows.some((row) => row.id === id));
      if (gone.length === 0) return;
      const names = await apiJson<CatalogueLastNames>(`/api/catalogue/names?product=${gone.join(',')}`);
      setMissing(
        (before) => new Map([...before, ...gone.map((id) => [id, names.product?.[id] ?? ''] as const)]),
      );
    })().catch((error: unknown) =>
      showNotice(
        `놓인 제품을 불러오지 못했습니다: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      ),
    );
  }, [unseen, see]);
  return missing;
}

/** The badge of a catalogue record in the editor: 단종 (still priced and drawn) or 확인 필요 (gone). */
export function CatalogueStatusChip({ status, missing }: { status?: string | null; missing?: boolean }) {
  if (missing)
    return (
      <Tooltip title="카탈로그에서 찾을 수 없어 금액에서 빠졌습니다. 다른 제품으로 바꾸세요.">
        <Chip size="small" color="warning" label="확인 필요" data-testid="catalogue-missing" />
      </Tooltip>
    );
  if (status === 'Discontinued')
    return (
      <Tooltip title="단종된 제품입니다. 놓인 것은 그대로 계산되지만 새로 놓을 수는 없습니다.">
        <Chip size="small" label="단종" data-testid="catalogue-discontinued" />
      </Tooltip>
    );
  return null;
}
