import type { OAuthProviderName, OAuthProvidersResponse } from '@interior/contracts';
import { useEffect, useState } from 'react';
import { apiBase, apiJson } from '../../session';

/**
 * Brand colours of the sign-in buttons (Kakao publishes these for its button). Naver's own green
 * (#03C75A) carries its white label at 2.3:1; a darker shade of it reads at 4.6:1 (WCAG AA).
 */
export const providerButtons = {
  kakao: { label: '카카오 로그인', background: '#FEE500', color: 'rgba(0, 0, 0, 0.85)', hover: '#F4DC00' },
  naver: { label: '네이버 로그인', background: '#02863F', color: '#FFFFFF', hover: '#027535' },
} as const;

let configured: Promise<OAuthProviderName[]> | null = null;

/** The providers the server is configured for, asked once per page load (an error: none). */
export function loadProviders(): Promise<OAuthProviderName[]> {
  configured ??= apiJson<OAuthProvidersResponse>(`${apiBase}/oauth2/providers`, { session: 'none' })
    .then((answer) => answer.providers)
    .catch(() => {
      configured = null;
      return [];
    });
  return configured;
}

export function useProviders(): OAuthProviderName[] | null {
  const [providers, setProviders] = useState<OAuthProviderName[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** Where a button sends the browser: the server's authorize call, which redirects to the provider. */
export function authorizeHref(
  provider: OAuthProviderName,
  options: { nextPage?: string; mallId?: string } = {},
) {
  const query = new URLSearchParams();
  if (options.nextPage) query.set('nextPage', options.nextPage);
  if (options.mallId) query.set('mall_id', options.mallId);
  const search = query.toString();
  return `${apiBase}/oauth2/${provider}/authorize${search ? `?${search}` : ''}`;
}
