import os from 'node:os';
import { computeEstimate, type Line } from '@interior/contracts';
import { type EstimatePdfInput, EstimatePdfPool, loadConfig } from '@interior/platform';
import { eventLoopProbe } from '@interior/platform/testing';
import { benchCatalogue, benchDesign } from './estimate-engine';
import { type Percentiles, sampleLatency } from './measure';
import { ms } from './section-platform';

/**
 * The 견적서 PDF of 2,000 lines (the most an estimate may have), with the estimate engine's plan
 * of 200 rooms and 2,000 items drawn on its first page, rendered through the render pool as the
 * server renders it (its default settings). Printed: the render time, and the event loop's worst
 * delay while it ran, beside its target: the server answers everyone else meanwhile.
 */
export const estimatePdfTargets = { loopDelayMs: 50 } as const;

const LINES = 2_000;

function benchQuote(): EstimatePdfInput {
  const doc = benchDesign();
  const { lines, totals } = computeEstimate(doc, benchCatalogue());
  // The engine's 83 lines over and over, each with two of its sources, as hand-priced lines have few.
  const many: Line[] = Array.from({ length: LINES }, (_, i) => {
    const line = lines[i % lines.length]!;
    return { ...line, name: `${line.name} ${i + 1}`, sources: line.sources?.slice(0, 2) };
  });
  return {
    estimateNumber: 'EST-20261127-0001',
    revision: 1,
    issuedAt: new Date(),
    validUntil: new Date(Date.now() + 30 * 86_400_000),
    projectName: '벤치마크 평면',
    recipient: { name: '벤치마크 고객' },
    supplier: { name: '벤치마크 인테리어', registrationNumber: '1248100998' },
    plan: doc,
    lines: many,
    totals,
  };
}

export interface EstimatePdfResult extends Percentiles {
  lines: number;
  bytes: number;
  /** the longest a 10 ms timer of the main thread waited beyond its time, over every timed render */
  worstLoopDelayMs: number;
  /** the same with nothing rendering, for as long as one render: what the machine gives now */
  idleLoopDelayMs: number;
}

export async function measureEstimatePdf(quick: boolean): Promise<EstimatePdfResult> {
  const input = benchQuote();
  const pool = new EstimatePdfPool(loadConfig({}).pdfRendering);
  const plan = quick ? { warmup: 1, samples: 2 } : { warmup: 1, samples: 5 };
  let worst = 0;
  let bytes = 0;
  try {
    const timing = await sampleLatency(async (iteration) => {
      const probe = eventLoopProbe();
      bytes = (await pool.render(input)).length;
      const delay = probe.stop();
      // The warm-up starts the thread and compiles its code: not what a render costs later.
      if (iteration >= plan.warmup) worst = Math.max(worst, delay);
    }, plan);
    const idle = eventLoopProbe();
    await new Promise((resolve) => setTimeout(resolve, timing.p50Ms));
    return {
      ...timing,
      lines: input.lines.length,
      bytes,
      worstLoopDelayMs: worst,
      idleLoopDelayMs: idle.stop(),
    };
  } finally {
    await pool.close();
  }
}

/** The section as printed after the estimate engine's. */
export function formatEstimatePdf(r: EstimatePdfResult): string {
  const met = r.worstLoopDelayMs <= estimatePdfTargets.loopDelayMs;
  return [
    `\n견적서 PDF: ${r.lines.toLocaleString('en-US')} lines and the engine's plan, in the render pool (${Math.round(r.bytes / 1024).toLocaleString('en-US')} kB)`,
    `  render            samples ${r.samples}  p50 ${ms(r.p50Ms)} ms  p99 ${ms(r.p99Ms)} ms  event loop worst delay ${ms(r.worstLoopDelayMs)} ms  (target ≤ ${estimatePdfTargets.loopDelayMs} ms${met ? '' : ': MISSED'}; ${ms(r.idleLoopDelayMs)} ms with nothing rendering, load average ${os.loadavg()[0]!.toFixed(1)})`,
    '',
  ].join('\n');
}
