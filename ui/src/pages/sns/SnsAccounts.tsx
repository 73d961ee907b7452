import {
  type OAuthProviderName,
  oauthErrorMessage,
  snsTypeLabels,
  snsTypeOfProvider,
  type UserDetail,
} from '@interior/contracts';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { apiBase, apiJson } from '../../session';
import { useProviders } from './providers';

/** Providers a person links from the profile (Cafe24 accounts come with the Cafe24 sign-in). */
const linkable = ['kakao', 'naver'] as const satisfies readonly OAuthProviderName[];

const startLink = async (provider: OAuthProviderName) => {
  const { url } = await apiJson<{ url: string }>(`${apiBase}/oauth2/${provider}/link`, {
    method: 'POST',
    json: {},
  });
  window.location.assign(url);
};

const unlink = (id: number) => apiJson<UserDetail>(`${apiBase}/user/current/sns/${id}`, { method: 'DELETE' });

/**
 * The profile's linked accounts: link Kakao or Naver (the provider's consent, then back here with
 * `?sns=linked`), or unlink one; the server keeps the last way to sign in (409, said in Korean).
 */
export function SnsAccounts({
  detail,
  onSaved,
}: {
  detail: UserDetail;
  onSaved: (detail: UserDetail) => void;
}) {
  const notify = useNotify();
  const providers = useProviders();
  const [searchParams, setSearchParams] = useSearchParams();

  // Back from the provider: `?sns=linked`, or `?snsError=…` saying why the link did not happen.
  useEffect(() => {
    const error = searchParams.get('snsError');
    if (searchParams.get('sns') !== 'linked' && !error) return;
    if (error) notify(oauthErrorMessage(error), { type: 'error' });
    else notify('계정을 연결했습니다.', { type: 'success' });
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, notify]);

  const link = useMutation({
    mutationFn: startLink,
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: unlink,
    onSuccess: (answer) => {
      onSaved(answer);
      notify('연결을 해제했습니다.', { type: 'success' });
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });

  const rows = [
    ...linkable
      .filter(
        (p) => providers?.includes(p) || detail.snsAccounts.some((a) => a.type === snsTypeOfProvider[p]),
      )
      .map((p) => ({ provider: p as OAuthProviderName | null, type: snsTypeOfProvider[p] })),
    ...detail.snsAccounts
      .filter((a) => a.type === 'Cafe24' || a.type === 'Cafe24Admin')
      .map((a) => ({ provider: null, type: a.type })),
  ];
  if (rows.length === 0)
    return <Typography color="text.secondary">연결할 수 있는 계정이 없습니다.</Typography>;

  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="sns-accounts">
      {rows.map(({ provider, type }) => {
        const account = detail.snsAccounts.find((a) => a.type === type);
        const label = snsTypeLabels[type];
        return (
          <Stack key={type} component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography sx={{ minWidth: 120 }}>{label}</Typography>
            <Chip
              size="small"
              label={account ? '연결됨' : '연결 안 됨'}
              color={account ? 'success' : 'default'}
              variant={account ? 'filled' : 'outlined'}
            />
            <span style={{ flex: 1 }} />
            {account ? (
              <Button
                size="small"
                color="error"
                disabled={remove.isPending}
                onClick={() => remove.mutate(account.id)}
                aria-label={`${label} 연결 해제`}
              >
                연결 해제
              </Button>
            ) : provider ? (
              <Button
                size="small"
                variant="outlined"
                disabled={link.isPending}
                onClick={() => link.mutate(provider)}
                aria-label={`${label} 계정 연결`}
              >
                연결하기
              </Button>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
