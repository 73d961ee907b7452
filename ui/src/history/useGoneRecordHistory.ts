import { dashboardPath } from '@interior/contracts';
import { useNavigate, useParams } from 'react-router';

/**
 * `queryOptions` for a record's Show: when the record is gone (404, deleted), its page opens the
 * record's history instead of "요청한 정보를 찾을 수 없습니다." and the list, since the history
 * stays in the log for those who may read it. Other errors keep react-admin's handling.
 */
export function useGoneRecordHistory(resource: string) {
  const { id } = useParams();
  const navigate = useNavigate();
  return {
    retry: false,
    onError: (error: unknown) => {
      if ((error as { status?: number }).status === 404 && id) {
        navigate(`${dashboardPath}/history/${resource}/${encodeURIComponent(id)}`, { replace: true });
      }
    },
  };
}
