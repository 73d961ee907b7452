import { loadConfig } from '../config';
import { configuredProviders } from './providers';

describe('configured providers', () => {
  it('has none without client ids, and the real hosts by default', () => {
    const config = loadConfig({});
    expect([...configuredProviders(config.oauth).keys()]).toEqual([]);
    expect(config.oauth).toMatchObject({
      kakaoAuthUrl: 'https://kauth.kakao.com',
      kakaoApiUrl: 'https://kapi.kakao.com',
      naverAuthUrl: 'https://nid.naver.com',
      naverApiUrl: 'https://openapi.naver.com',
      cafe24ApiUrl: 'https://{mall_id}.cafe24api.com',
    });
  });

  it('has each provider whose client id is set; Cafe24 gives both modes', () => {
    const providers = configuredProviders(
      loadConfig({ KAKAO_CLIENT_ID: 'k', CAFE24_CLIENT_ID: 'c', CAFE24_CLIENT_SECRET: 's' }).oauth,
    );
    expect([...providers.keys()]).toEqual(['kakao', 'cafe24', 'cafe24admin']);
    expect(providers.get('kakao')?.pkce).toBe(true);
    expect(providers.get('cafe24admin')?.needsMall).toBe(true);
  });

  it('builds the authorize addresses the providers document', () => {
    const providers = configuredProviders(
      loadConfig({ KAKAO_CLIENT_ID: 'k', NAVER_CLIENT_ID: 'n', CAFE24_CLIENT_ID: 'c' }).oauth,
    );
    const request = {
      state: 'S',
      redirectUri: 'https://app.example/cb',
      codeChallenge: 'C',
      mallId: 'myshop',
    };
    expect(providers.get('kakao')!.authorizeUrl(request)).toBe(
      'https://kauth.kakao.com/oauth/authorize?response_type=code&client_id=k&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=S&code_challenge=C&code_challenge_method=S256',
    );
    expect(providers.get('naver')!.authorizeUrl({ ...request, codeChallenge: null })).toBe(
      'https://nid.naver.com/oauth2.0/authorize?response_type=code&client_id=n&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=S',
    );
    expect(providers.get('cafe24admin')!.authorizeUrl({ ...request, codeChallenge: null })).toBe(
      'https://myshop.cafe24api.com/api/v2/oauth/authorize?response_type=code&client_id=c&state=S&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=mall.read_store',
    );
  });

  it('refuses a Cafe24 address template without the mall placeholder', () => {
    expect(() => loadConfig({ CAFE24_API_URL: 'https://cafe24api.com' })).toThrow(/CAFE24_API_URL/);
  });
});
