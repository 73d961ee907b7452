import {
  type Ace,
  type AclInfo,
  identityKey,
  type ObjectType,
  type Permission,
  permissionLabels,
} from '@interior/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useBlocker } from 'react-router';
import { identityName, identityTypeLabels, loadGrants, saveGrants, searchTargets } from './acl';

/** Waits this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 250;

function useTargetSearch(keyword: string) {
  const [debounced, setDebounced] = useState(keyword);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return useQuery({
    queryKey: ['permission-targets', debounced],
    queryFn: () => searchTargets(debounced),
    enabled: debounced.length > 0,
  });
}

const unsavedGrantsQuestion =
  '저장하지 않은 권한 변경이 있습니다. 이동하면 변경한 내용이 사라집니다. 이동하시겠습니까?';

/** The levels from least to most, each saying what it allows. */
const permissionsInOrder: readonly Permission[] = ['Read', 'Write', 'Admin'];
const permissionHints: Readonly<Record<Permission, string>> = {
  Read: '보기만 할 수 있습니다.',
  Write: '보고 내용을 고칠 수 있습니다.',
  Admin: '고치고 삭제할 수 있으며, 다른 사람에게 권한을 줄 수 있습니다.',
};

/**
 * The "권한" tab of any record's show page (issue "Authorization"): who holds Admin (관리), Write
 * (쓰기) or Read (읽기) on this object, found by searching users, groups and roles by keyword and
 * shown by their names, never raw ids. Saving replaces the whole list (PUT api/acl); each change
 * is an event in the record's history. Without `id`, the grants on every object of the type (the
 * "유형 권한" dialog of a list). The pages offer it only to those who may change the grants (a
 * silent guard); should the server refuse anyway, the tab says so.
 */
export function PermissionsTab({
  objectType,
  id,
  scopeLabel,
}: {
  objectType: ObjectType;
  id?: string | number;
  /** What the grants are on, for the empty list: "모든 사용자 그룹". */
  scopeLabel?: string;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['acl', objectType, id === undefined ? '*' : String(id)];
  const { data, error, isPending } = useQuery({ queryKey, queryFn: () => loadGrants(objectType, id) });
  const [grants, setGrants] = useState<AclInfo[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const targets = useTargetSearch(keyword);

  useEffect(() => {
    if (data) setGrants(data);
  }, [data]);

  // Grants picked but not saved are not lost without a question: leaving the tab (or the page)
  // asks first, as react-admin's forms do with warnWhenUnsavedChanges.
  const unsaved = grants !== null && data !== undefined && JSON.stringify(grants) !== JSON.stringify(data);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unsavedGrantsQuestion)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  if (isPending) return <LinearProgress aria-label="권한을 불러오는 중" />;
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  const rows = grants ?? [];
  const held = new Set(rows.map((g) => identityKey(g.identity)));
  const changed = JSON.stringify(rows) !== JSON.stringify(data);

  const setPermission = (index: number, permission: Permission) =>
    setGrants(rows.map((g, i) => (i === index ? { ...g, permission } : g)));
  const remove = (index: number) => setGrants(rows.filter((_, i) => i !== index));
  const add = (target: AclInfo | null) => {
    if (!target || held.has(identityKey(target.identity))) return;
    setGrants([...rows, { ...target, permission: 'Read' }]);
    setKeyword('');
  };
  const save = async () => {
    setSaving(true);
    try {
      const aces: Ace[] = rows.map((g) => ({ identity: g.identity, permission: g.permission ?? 'Read' }));
      await saveGrants(objectType, id, aces);
      notify('권한을 저장했습니다.', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: ['history'] });
      // What the signed-in user may open can have changed with the grants.
      await queryClient.invalidateQueries({ queryKey: ['auth', 'canAccess'] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Autocomplete
        options={(targets.data ?? []).filter((t) => !held.has(identityKey(t.identity)))}
        getOptionLabel={identityName}
        isOptionEqualToValue={(a, b) => identityKey(a.identity) === identityKey(b.identity)}
        filterOptions={(options) => options}
        loading={targets.isFetching}
        inputValue={keyword}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setKeyword(value);
        }}
        value={null}
        onChange={(_event, value) => add(value)}
        noOptionsText={
          keyword.trim() ? '찾는 대상이 없습니다.' : '이름, 이메일, 그룹 또는 역할을 입력하세요.'
        }
        renderOption={(props, option) => (
          <li {...props} key={identityKey(option.identity)}>
            <Chip size="small" label={identityTypeLabels[option.identity.type]} sx={{ mr: 1 }} />
            {identityName(option)}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label="권한을 줄 대상 검색" />}
      />
      <Box
        component="dl"
        aria-label="권한 수준"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
      >
        {permissionsInOrder.map((p) => (
          <Fragment key={p}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {permissionLabels[p]}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {permissionHints[p]}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          {scopeLabel ? `${scopeLabel}에 부여된 권한이 없습니다.` : '이 항목에 따로 부여된 권한이 없습니다.'}
        </Typography>
      ) : (
        <Table size="small" aria-label="부여된 권한">
          <TableHead>
            <TableRow>
              <TableCell>대상</TableCell>
              <TableCell>권한</TableCell>
              <TableCell align="right">삭제</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((grant, index) => (
              <TableRow key={identityKey(grant.identity)}>
                <TableCell>
                  <Chip size="small" label={identityTypeLabels[grant.identity.type]} sx={{ mr: 1 }} />
                  {identityName(grant)}
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={grant.permission ?? 'Read'}
                    onChange={(event) => setPermission(index, event.target.value as Permission)}
                    slotProps={{ htmlInput: { 'aria-label': `${identityName(grant)}의 권한` } }}
                  >
                    {permissionsInOrder.map((p) => (
                      <MenuItem key={p} value={p}>
                        {permissionLabels[p]}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell align="right">
                  <IconButton aria-label={`${identityName(grant)} 권한 삭제`} onClick={() => remove(index)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box>
        <Button variant="contained" onClick={save} disabled={!changed || saving}>
          권한 저장
        </Button>
      </Box>
    </Stack>
  );
}
