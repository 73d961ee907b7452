import { landingAfterSignIn } from '@interior/contracts';
import { Button, Divider, Stack } from '@mui/material';
import { authorizeHref, providerButtons, useProviders } from './providers';

/**
 * 카카오 로그인 / 네이버 로그인 on /login, only for the providers the server is configured for.
 * Plain links: the browser leaves for the server's authorize call, which sends it to the provider.
 */
export function SnsButtons({ nextPage }: { nextPage: string }) {
  const providers = useProviders();
  const shown = (['kakao', 'naver'] as const).filter((p) => providers?.includes(p));
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="sns-buttons">
      <Divider>또는</Divider>
      {shown.map((provider) => {
        const brand = providerButtons[provider];
        return (
          <Button
            key={provider}
            href={authorizeHref(provider, nextPage === landingAfterSignIn ? {} : { nextPage })}
            variant="contained"
            size="large"
            fullWidth
            disableElevation
            sx={{
              bgcolor: brand.background,
              color: brand.color,
              '&:hover': { bgcolor: brand.hover },
            }}
          >
            {brand.label}
          </Button>
        );
      })}
    </Stack>
  );
}
