import { loadConfig } from '@interior/platform';
import { type PlatformServer, startPlatform } from '@interior/server';

/**
 * A platform of its own on the bench database for a section printed after the report, with the
 * bootstrap Admin signed in (once the read models have caught up with the start).
 */
export async function startSectionPlatform(
  url: string,
  admin: { email: string; password: string },
): Promise<{ platform: PlatformServer; token: string; userId: number }> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
  const platform = await startPlatform(config, { uiDir: null, announce: () => {} });
  type SignedIn = { token: string; user: { user: { id: number } } };
  let signedIn = null as SignedIn | null;
  for (let tries = 0; !signedIn && tries < 300; tries++) {
    const login = await fetch(`${platform.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (login.status === 200) signedIn = (await login.json()) as SignedIn;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!signedIn) {
    await platform.close();
    throw new Error('the bench Admin could not sign in');
  }
  return { platform, token: signedIn.token, userId: signedIn.user.user.id };
}

export const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
