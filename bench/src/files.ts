import { randomBytes } from 'node:crypto';
import { fileUrl, type StoredFile } from '@interior/contracts';
import { type Percentiles, sampleLatency } from './measure';
import { ms, startSectionPlatform } from './section-platform';

/**
 * Files of records: `POST /api/file` of a 1 MB image (multipart; checked on its bytes, stored in
 * PostgreSQL) one after another, and `GET /api/file/{name}` of it, beside `GET /api/brand/{id}`
 * (a small JSON record) measured in the same run as the yardstick of one round trip.
 */
/** A 1 × 1 PNG: its header and chunks are what the upload's check reads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

export async function filesSection(url: string, admin: { email: string; password: string }, quick: boolean) {
  const { platform, token } = await startSectionPlatform(url, admin);
  try {
    // A PNG and 1 MB of noise after its end: stored and served as it is.
    const bytes = Buffer.concat([PNG, randomBytes(1024 * 1024)]);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'bench.png');
      const response = await fetch(`${platform.url}/api/file?resource=brand&field=logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`POST /api/file: ${response.status} ${await response.text()}`);
      return (await response.json()) as StoredFile;
    };
    const plan = quick ? { warmup: 2, samples: 10 } : { warmup: 5, samples: 50 };
    const uploads: Percentiles = await sampleLatency(async () => void (await upload()), plan);
    const file = await upload();
    const brand = await fetch(`${platform.url}/api/brand`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '벤치 브랜드', logo: { id: file.id } }),
    });
    const brandId = ((await brand.json()) as { id: number }).id;
    const get = async (path: string, auth: boolean) => {
      const response = await fetch(`${platform.url}${path}`, {
        headers: auth ? { authorization: `Bearer ${token}` } : {},
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    };
    const readPlan = quick ? { warmup: 5, samples: 50 } : { warmup: 20, samples: 300 };
    const served = await sampleLatency(() => get(fileUrl(file), false), readPlan);
    const record = await sampleLatency(() => get(`/api/brand/${brandId}`, true), readPlan);
    const line = (what: string, p: Percentiles) =>
      `  ${what.padEnd(34)} samples ${p.samples}  p50 ${ms(p.p50Ms)} ms  p99 ${ms(p.p99Ms)} ms`;
    return [
      `\nFiles: a ${(bytes.length / 1024 / 1024).toFixed(2)} MB image`,
      line('POST /api/file (upload)', uploads),
      line('GET /api/file/{name}', served),
      line('GET /api/brand/{id} (yardstick)', record),
      `  file ÷ record at p50: ${(served.p50Ms / record.p50Ms).toFixed(1)}×; upload ${(bytes.length / 1024 / 1024 / (uploads.p50Ms / 1000)).toFixed(0)} MB/s at p50`,
      '',
    ].join('\n');
  } finally {
    await platform.close();
  }
}
