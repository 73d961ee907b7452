import { MallIdSchema, messages, validate } from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { nextPageParam, safeNextPage } from '../../session';
import { PublicLayout } from '../PublicLayout';
import { authorizeHref, useProviders } from './providers';

/**
 * /cafe24 and /cafe24-admin: a Cafe24 customer, or a shop operator in admin mode, names
 * their mall (every mall has its own Cafe24 address) and signs in there.
 */
export function Cafe24Page({ admin }: { admin: boolean }) {
  const provider = admin ? 'cafe24admin' : 'cafe24';
  const providers = useProviders();
  const [mallId, setMallId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const title = admin ? '카페24 관리자 로그인' : '카페24 로그인';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(MallIdSchema, mallId);
    if (!checked.ok) {
      setError(messages.invalidMallId);
      return;
    }
    setError(undefined);
    const params = new URLSearchParams(window.location.search);
    const nextPage = params.get(nextPageParam) ? safeNextPage(params.get(nextPageParam)) : undefined;
    window.location.assign(authorizeHref(provider, { mallId: checked.data, nextPage }));
  };

  return (
    <PublicLayout maxWidth="xs">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {providers === null ? <LinearProgress aria-label="불러오는 중" /> : null}
          {providers !== null && !providers.includes(provider) ? (
            <Alert severity="info">{messages.oauthNotConfigured}</Alert>
          ) : null}
          {providers?.includes(provider) ? (
            <Box component="form" noValidate onSubmit={submit} aria-label={title}>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  {admin
                    ? '운영하는 쇼핑몰의 ID를 입력하면 카페24에서 관리자 계정으로 로그인합니다.'
                    : '이용하는 쇼핑몰의 ID를 입력하면 카페24 계정으로 로그인합니다.'}
                </Typography>
                <TextField
                  id="cafe24-mall-id"
                  name="mall_id"
                  label="쇼핑몰 ID"
                  placeholder="예: myshop"
                  value={mallId}
                  onChange={(event) => setMallId(event.target.value)}
                  error={Boolean(error)}
                  helperText={error ?? '카페24 쇼핑몰 주소(myshop.cafe24.com)의 앞부분입니다.'}
                  autoComplete="off"
                  required
                  fullWidth
                  autoFocus
                />
                <Button type="submit" variant="contained" size="large" fullWidth>
                  카페24로 로그인
                </Button>
              </Stack>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
