import { emptyDesignDocument } from '@interior/contracts';
import { ADMIN, type ApiClient, startTestPlatform, type TestPlatform } from './platform';

let made = 0;

/**
 * A platform for a suite that fills the catalogue and asks for estimates: the Admin signed in, and
 * a BusinessPro owner with a Business account (who may request them) made and signed in.
 */
export async function startWithOwner(owner: {
  email: string;
  password: string;
}): Promise<{ platform: TestPlatform; admin: string; owner: string }> {
  const platform = await startTestPlatform();
  const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({ ...owner, roles: ['BusinessPro'], accountType: 'Business' });
  return { platform, admin, owner: (await platform.api.login(owner.email, owner.password)).token };
}

/**
 * Puts one product of the catalogue in a design's document, so that an estimate can be requested
 * for it: a request for a design with nothing to price is refused. The product is made by the Admin.
 */
export async function pricedDocument(
  api: ApiClient,
  tokens: { admin: string; owner: string },
  designId: number,
): Promise<void> {
  const product = await api.request('POST', '/api/product', {
    token: tokens.admin,
    body: {
      name: '견적 테스트 제품',
      code: `PRICED-${process.pid}-${++made}`,
      kind: 'Single',
      price: 10_000,
      unit: 'EA',
      status: 'Active',
    },
  });
  if (product.status !== 201) throw new Error(`product: ${product.status} ${JSON.stringify(product.body)}`);
  const saved = await api.request('PUT', `/api/design/${designId}/document`, {
    token: tokens.owner,
    headers: { 'if-match': '"0"' },
    body: {
      ...emptyDesignDocument(),
      items: [{ id: 'priced-item', productId: (product.body as { id: number }).id, x: 0, y: 0, rotation: 0 }],
    },
  });
  if (saved.status !== 200) throw new Error(`document: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/**
 * A new design of the owner's with a priced document (pricedDocument): one an estimate can be
 * requested for. A design holds one open estimation at a time, so each request needs its own.
 */
export async function pricedDesign(
  api: ApiClient,
  tokens: { admin: string; owner: string },
  name: string,
): Promise<number> {
  const design = await api.request('POST', '/api/mydesign', { token: tokens.owner, body: { name } });
  if (design.status !== 201) throw new Error(`design: ${design.status} ${JSON.stringify(design.body)}`);
  const id = (design.body as { id: number }).id;
  await pricedDocument(api, tokens, id);
  return id;
}
