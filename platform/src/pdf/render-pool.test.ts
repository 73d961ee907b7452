import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  computeEstimate,
  type Line,
  messages,
  workedExampleCatalogue,
  workedExampleDocument,
} from '@interior/contracts';
import { HttpError } from '../errors';
import { eventLoopProbe } from '../testing';
import type { EstimatePdfInput } from './estimate-pdf';
import { EstimatePdfPool } from './render-pool';

/**
 * The 견적서 rendered in the pool's threads: the real worker (its entry registers the TypeScript
 * loader), as npm start and the image run it.
 */

const PNG_SEAL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

function quote(lineCount?: number): EstimatePdfInput {
  const { lines, totals } = computeEstimate(workedExampleDocument(), workedExampleCatalogue());
  const many: Line[] =
    lineCount === undefined
      ? lines
      : Array.from({ length: lineCount }, (_, i) => ({ ...lines[i % lines.length]!, name: `작업 ${i + 1}` }));
  return {
    estimateNumber: 'EST-20261123-0001',
    revision: 1,
    issuedAt: new Date('2026-11-23T05:00:00Z'),
    validUntil: '2026-12-23',
    recipient: { name: '김민준' },
    supplier: { name: '한빛인테리어 주식회사 (예시)', registrationNumber: '1248100998', seal: PNG_SEAL },
    plan: workedExampleDocument(),
    lines: many,
    totals,
  };
}

function firstPageText(pdf: Buffer): string[] {
  const script = path.join(__dirname, 'pdf-text.mjs');
  return JSON.parse(
    execFileSync(process.execPath, [script], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString(),
  ).pages[0];
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the PDF render pool', () => {
  let pool: EstimatePdfPool;
  beforeAll(() => {
    pool = new EstimatePdfPool({ threads: 1, queue: 0, timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await pool.close();
  });

  test('renders in a thread of its own, the seal and the plan crossing to it', async () => {
    expect(pool.threads).toBe(0);
    const pdf = await pool.render(quote());
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.threads).toBe(1);
    const first = firstPageText(pdf);
    expect(first).toContain('한빛인테리어 주식회사 (예시)');
    expect(first).toContain('거실');
  });

  test('keeps the event loop free while a 2,000-line 견적서 renders', async () => {
    const probe = eventLoopProbe();
    const began = performance.now();
    const pdf = await pool.render(quote(2_000));
    const renderMs = performance.now() - began;
    const worstMs = probe.stop();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Drawn on the event loop, the render held it for its whole length (seconds). In a thread the
    // loop waits at worst a scheduling hiccup: under 200 ms, or a tenth of the render on a machine
    // so loaded that the render itself crawls.
    expect(renderMs).toBeGreaterThan(500);
    expect(worstMs).toBeLessThan(Math.max(200, renderMs / 10));
  });

  test('stops the render of one who left, and the thread it ran in', async () => {
    expect(pool.threads).toBe(1);
    const gone = new AbortController();
    const render = rejection(pool.render(quote(2_000), gone.signal));
    setTimeout(() => gone.abort(), 100);
    expect(await render).toMatchObject({ status: 503 });
    expect(pool.threads).toBe(0);
  });

  test('answers 503 at once when every thread is busy and the queue is full', async () => {
    const running = pool.render(quote());
    const refused = await rejection(pool.render(quote()));
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: messages.estimationPdfBusy });
    expect((await running).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('gives up a render that takes longer than its time, stopping its thread once it has begun', async () => {
    const timedOut = { status: 503, message: messages.estimationPdfTimedOut };
    const big = quote(2_000);
    const hasty = new EstimatePdfPool({ threads: 1, queue: 0, timeoutMs: 50 });
    try {
      // The first waits for its thread to start and is given up waiting: the thread starts all the
      // same, for the next.
      expect(await rejection(hasty.render(big))).toMatchObject(timedOut);
      expect(hasty.threads).toBe(1);
      // Once the thread is ready a render begins, and is stopped with the thread it runs in.
      let stopped = false;
      for (let tries = 0; tries < 120 && !stopped; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect(await rejection(hasty.render(big))).toMatchObject(timedOut);
        stopped = hasty.threads === 0;
      }
      expect(stopped).toBe(true);
    } finally {
      await hasty.close();
    }
  });

  test('ends its threads when closed, and renders no more', async () => {
    const own = new EstimatePdfPool({ threads: 2, queue: 1, timeoutMs: 120_000 });
    await Promise.all([own.render(quote()), own.render(quote())]);
    expect(own.threads).toBe(2);
    await own.close();
    expect(own.threads).toBe(0);
    expect(await rejection(own.render(quote()))).toMatchObject({
      status: 503,
      message: messages.estimationPdfBusy,
    });
  });
});
