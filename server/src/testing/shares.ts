import type { TestPlatform } from './platform';

/**
 * Signs in the person a design was shared with by e-mail and waits until the share has reached
 * them: a share attaches in the background when its address signs in (or signs up). The token, or
 * an error if the design never became readable.
 */
export async function signInToShare(
  platform: TestPlatform,
  credentials: { email: string; password: string },
  designId: number,
): Promise<string> {
  const { token } = await platform.api.login(credentials.email, credentials.password);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const read = await platform.api.request('GET', `/api/mydesign/${designId}`, { token });
    if (read.status === 200) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`design ${designId} never became readable by ${credentials.email}`);
}
