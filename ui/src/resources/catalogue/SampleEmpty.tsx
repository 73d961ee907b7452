import { subject } from '@interior/contracts';
import { Box, Button, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  CreateButton,
  useCanAccess,
  useGetResourceLabel,
  useNotify,
  useRefresh,
  useResourceDefinition,
} from 'react-admin';
import { apiBase, apiFetch } from '../../session/http';

/**
 * An empty catalogue list: what to do next, and for the Admin a "샘플 데이터 불러오기" button that
 * loads the clearly labelled sample catalogue (every name says 예시) through the API.
 */
export function SampleEmpty({ actions }: { actions?: ReactNode } = {}) {
  const definition = useResourceDefinition();
  const label = useGetResourceLabel()(definition.name, 1);
  const { canAccess: isAdmin } = useCanAccess({ resource: 'system/notice', action: 'list' });
  const [loading, setLoading] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const load = async () => {
    setLoading(true);
    try {
      const response = await apiFetch(`${apiBase}/catalogue/sample`, { method: 'POST' });
      const { created } = (await response.json()) as { created: number };
      notify(`샘플 데이터 ${created.toLocaleString('ko-KR')}건을 불러왔습니다.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        아직 등록된 {subject(label)} 없습니다.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 2 }}>
        {definition.hasCreate && <CreateButton variant="contained" />}
        {actions}
        {isAdmin && (
          <Button variant="outlined" onClick={load} disabled={loading}>
            {loading ? '불러오는 중…' : '샘플 데이터 불러오기'}
          </Button>
        )}
      </Box>
      {isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          분류, 브랜드, 자재 40종, 제품 40종, 공간 유형, BOM과 평면도 예시를 만듭니다. 이름에 모두 ‘예시’가
          붙습니다.
        </Typography>
      )}
    </Box>
  );
}
