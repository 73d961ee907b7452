import type { AclInfo, User } from '@interior/contracts';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Autocomplete,
  IconButton,
  LinearProgress,
  Link,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCreatePath, useGetList, useNotify, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { identityName, searchTargets } from '../../permissions/acl';
import { apiBase, apiJson } from '../../session';
import { roleName, statusName } from '../user/choices';
import { userDisplayName } from '../user/userName';

const PER_PAGE = 25;
const SEARCH_DELAY_MS = 250;
/** Columns a phone-sized screen leaves out, so the table never runs off it sideways. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Users found by name or e-mail among those the caller may read (the grant search's users). */
function useUserSearch(keyword: string) {
  const [debounced, setDebounced] = useState(keyword);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return useQuery({
    queryKey: ['member-candidates', debounced],
    queryFn: async () => (await searchTargets(debounced)).filter((t) => t.identity.type === 'User'),
    enabled: debounced.length > 0,
  });
}

/**
 * The group page's 구성원 tab: the users in the group (`GET api/usergroup/{id}/members`, only those
 * the viewer may read), and for those who manage the group's membership (the Admin role, or Admin
 * on the group: the same people who see its 권한 tab) adding and removing members.
 */
export function GroupMembers({
  groupId,
  memberCount,
  manages,
}: {
  groupId: number;
  /** The group's 구성원 수, which counts members the viewer may not read as well. */
  memberCount: number;
  manages: boolean;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const members = useGetList<User>(`usergroup/${groupId}/members`, {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'name', order: 'ASC' },
  });
  const candidates = useUserSearch(keyword);
  const shown = new Set((members.data ?? []).map((u) => u.id));

  const change = async (method: 'POST' | 'DELETE', userId: number, done: string) => {
    setBusy(true);
    try {
      const path = `${apiBase}/usergroup/${groupId}/members`;
      if (method === 'POST') await apiJson<void>(path, { method, json: { userId } });
      else await apiJson<void>(`${path}/${userId}`, { method });
      notify(done, { type: 'success' });
      await members.refetch();
      // The group's 구성원 수 on the 정보 tab changes too.
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const add = (option: AclInfo | null) => {
    if (option?.identity.type !== 'User') return;
    setKeyword('');
    void change('POST', option.identity.id, `${identityName(option)}님을 구성원으로 추가했습니다.`);
  };

  const total = members.total ?? 0;
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      {manages ? (
        <Autocomplete
          options={(candidates.data ?? []).filter(
            (t) => t.identity.type === 'User' && !shown.has(t.identity.id),
          )}
          getOptionLabel={identityName}
          filterOptions={(options) => options}
          loading={candidates.isFetching}
          inputValue={keyword}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setKeyword(value);
          }}
          value={null}
          onChange={(_event, value) => add(value)}
          disabled={busy}
          noOptionsText={keyword.trim() ? '찾는 사용자가 없습니다.' : '이름 또는 이메일을 입력하세요.'}
          renderInput={(params) => <TextField {...params} label="구성원 추가 (사용자 검색)" />}
        />
      ) : null}
      {members.isPending ? <LinearProgress aria-label="구성원을 불러오는 중" /> : null}
      {members.error ? (
        <Alert severity="error">구성원을 불러오지 못했습니다. {(members.error as Error).message}</Alert>
      ) : null}
      {members.data && members.data.length === 0 && memberCount === 0 ? (
        <Typography color="text.secondary">이 그룹에 속한 사용자가 없습니다.</Typography>
      ) : null}
      {members.data && memberCount > total ? (
        <Typography color="text.secondary">
          전체 구성원 {memberCount}명 중 볼 수 있는 {total}명만 표시합니다.
        </Typography>
      ) : null}
      {members.data && members.data.length > 0 ? (
        <Table size="small" aria-label="구성원">
          <TableHead>
            <TableRow>
              <TableCell>이름</TableCell>
              <TableCell sx={wideOnly}>이메일</TableCell>
              <TableCell sx={wideOnly}>역할</TableCell>
              <TableCell>상태</TableCell>
              {manages ? <TableCell align="right">관리</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.data.map((user) => (
              <TableRow key={user.id}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={createPath({ resource: 'user', type: 'show', id: user.id })}
                  >
                    {userDisplayName(user)}
                  </Link>
                </TableCell>
                <TableCell sx={{ ...wideOnly, wordBreak: 'break-all' }}>{user.email ?? '-'}</TableCell>
                <TableCell sx={wideOnly}>{user.roles.map(roleName).join(', ')}</TableCell>
                <TableCell>{statusName(user.status)}</TableCell>
                {manages ? (
                  <TableCell align="right">
                    <IconButton
                      aria-label={`${userDisplayName(user)} 구성원에서 제외`}
                      disabled={busy}
                      onClick={() =>
                        void change(
                          'DELETE',
                          user.id,
                          `${userDisplayName(user)}님을 구성원에서 제외했습니다.`,
                        )
                      }
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {total > PER_PAGE ? (
        <Pagination
          count={Math.ceil(total / PER_PAGE)}
          page={page}
          onChange={(_event, next) => setPage(next)}
          aria-label="구성원 페이지"
        />
      ) : null}
    </Stack>
  );
}
