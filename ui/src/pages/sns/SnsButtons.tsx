import { landingAfterSignIn } from '@interior/contracts';
import { brandColours, buttonClass } from '../../plain/button';
import { authorizeHref, providerButtons, useProviders } from './providers';

/**
 * 카카오 로그인 / 네이버 로그인 on /login, only for the providers the server is configured for.
 * Plain links: the browser leaves for the server's authorize call, which sends it to the provider.
 * Drawn without MUI, as the sign-in page is.
 */
export function SnsButtons({ nextPage }: { nextPage: string }) {
  const providers = useProviders();
  const shown = (['kakao', 'naver'] as const).filter((p) => providers?.includes(p));
  if (shown.length === 0) return null;
  return (
    <div className="plain-stack plain-sns" data-testid="sns-buttons">
      <div className="plain-divider">또는</div>
      {shown.map((provider) => {
        const brand = providerButtons[provider];
        return (
          <a
            key={provider}
            href={authorizeHref(provider, nextPage === landingAfterSignIn ? {} : { nextPage })}
            className={buttonClass('brand', { large: true, fullWidth: true })}
            style={brandColours(brand)}
          >
            {brand.label}
          </a>
        );
      })}
    </div>
  );
}
