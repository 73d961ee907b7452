import { emptyDesignDocument } from '@interior/contracts';
import type { ApiClient } from './platform';

let made = 0;

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
