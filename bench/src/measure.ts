import os from 'node:os';
/**
 * Timing helpers. Every figure is wall-clock `performance.now()` in this process; percentiles are
 * nearest-rank over the sorted samples of one measurement.
 */

export interface Percentiles {
  samples: number;
  p50Ms: number;
  p99Ms: number;
}

/** Nearest-rank percentile (`p` in 0–100) of samples already sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(samplesMs: readonly number[]): Percentiles {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
}

/** One operation of one writer; a writer keeps its own state (its stream, its revision). */
export type Operation = () => Promise<void>;
/** Makes the operation of writer number `index` (0-based) for one run. */
export type WriterFactory = (index: number) => Operation;

export interface Throughput extends Percentiles {
  writers: number;
  ops: number;
  seconds: number;
  opsPerSecond: number;
  /**
   * CPU time of the bench's process (the server, and the client when it runs here) over wall time;
   * 100 = one core.
   */
  processCpuPercent: number;
}

export interface RunPlan {
  writers: number;
  warmupMs: number;
  durationMs: number;
}

/**
 * `writers` loops each run their operation back to back (a closed loop: one operation in flight
 * per writer) until the duration is over; operations in flight at the deadline finish and count.
 * Throughput is operations over the time until the last writer stopped. Measured runs come after
 * a warm-up of the same shape, thrown away (JIT, connection pool, caches, plans): measureSlices.
 */
/** One closed-loop run of `writers` writers for `durationMs`, no warm-up. */
export async function runWriters(
  writers: number,
  durationMs: number,
  makeWriter: WriterFactory,
): Promise<Throughput> {
  return throughputOf(writers, [await runSlice(writers, durationMs, makeWriter)]);
}

/**
 * Runs one slice of a kind of operation: `writers` closed-loop writers for `durationMs`, here or in
 * another process (http-child.ts), timing each operation.
 */
export type SliceRunner = (writers: number, durationMs: number) => Promise<Slice>;

/** The operations of `makeWriter`, run in this process. */
export const inThisProcess =
  (makeWriter: WriterFactory): SliceRunner =>
  (writers, durationMs) =>
    runSlice(writers, durationMs, makeWriter);

/**
 * Several kinds of operation measured in turns: a warm-up of each, then `rounds` slices of
 * `durationMs / rounds` per kind, alternating, each kind's slices summed. A ratio between two
 * kinds then compares them over the same stretch of time, so load from anything else on the
 * machine (or a checkpoint of the server) weighs on both alike instead of on whichever ran then.
 */
export async function measureInterleaved(
  plan: RunPlan & { rounds: number },
  kinds: readonly SliceRunner[],
): Promise<Throughput[]> {
  for (const run of kinds) await run(plan.writers, plan.warmupMs);
  const slices: Slice[][] = kinds.map(() => []);
  const sliceMs = plan.durationMs / plan.rounds;
  for (let round = 0; round < plan.rounds; round++) {
    for (const [k, run] of kinds.entries()) slices[k]!.push(await run(plan.writers, sliceMs));
  }
  return slices.map((s) => throughputOf(plan.writers, s));
}

/** A warm-up slice thrown away, then one measured slice. */
export async function measureSlices(plan: RunPlan, run: SliceRunner): Promise<Throughput> {
  await run(plan.writers, plan.warmupMs);
  return throughputOf(plan.writers, [await run(plan.writers, plan.durationMs)]);
}

export interface Slice {
  latencies: number[];
  seconds: number;
  /** CPU time of this process meanwhile (the server's, when the client runs in another process). */
  cpuSeconds: number;
}

/** `writers` closed-loop writers for `durationMs` in this process. */
export async function runSlice(
  writers: number,
  durationMs: number,
  makeWriter: WriterFactory,
): Promise<Slice> {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  // The first failure stops every writer; the run then fails with it once all have stopped.
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, index) => {
      const operation = makeWriter(index);
      while (failures.length === 0 && performance.now() < deadline) {
        const begun = performance.now();
        try {
          await operation();
        } catch (error) {
          failures.push(error);
          return;
        }
        latencies.push(performance.now() - begun);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { latencies, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

export function throughputOf(writers: number, slices: readonly Slice[]): Throughput {
  const latencies = slices.flatMap((s) => s.latencies);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const cpuSeconds = slices.reduce((sum, s) => sum + s.cpuSeconds, 0);
  return {
    writers,
    ops: latencies.length,
    seconds,
    opsPerSecond: latencies.length / seconds,
    processCpuPercent: (cpuSeconds / seconds) * 100,
    ...summarize(latencies),
  };
}

/** Runs `probe` `warmup` times unmeasured, then `samples` times one after another, timing each. */
export async function sampleLatency(
  probe: (iteration: number) => Promise<void>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<Percentiles> {
  for (let i = 0; i < warmup; i++) await probe(i);
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const begun = performance.now();
    await probe(warmup + i);
    latencies.push(performance.now() - begun);
  }
  return summarize(latencies);
}

/** Latency as the client process timed it, and the CPU this process (the server's) spent per request. */
export interface RemoteLatency extends Percentiles {
  /** CPU time of this process over the samples, per request (its own work: every other process's is not in it). */
  serverCpuMs: number;
}

/**
 * Runs `probe` `warmup` times unmeasured, then `samples` times one after another; each probe
 * returns the milliseconds its request took as the client process timed it (HttpChild.request). On
 * a loaded machine the CPU per request is the steadier figure: time spent waiting for a core is
 * not in it.
 */
export async function sampleRemote(
  probe: (iteration: number) => Promise<number>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<RemoteLatency> {
  for (let i = 0; i < warmup; i++) await probe(i);
  const latencies: number[] = [];
  const before = process.cpuUsage();
  for (let i = 0; i < samples; i++) latencies.push(await probe(warmup + i));
  const cpu = process.cpuUsage(before);
  return { ...summarize(latencies), serverCpuMs: (cpu.user + cpu.system) / 1000 / samples };
}

/** `met yes` or `met NO`, for a figure beside its target (at most `target`). */
export const met = (figure: number, target: number) => `met ${figure <= target ? 'yes' : 'NO'}`;

/** Resolves once `condition` holds, checking every `everyMs`; throws after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { everyMs = 1, timeoutMs = 60_000, what = 'condition' } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The machine's load averages over 1, 5 and 15 minutes, as the bench's runs print them beside their figures. */
export const loadAverages = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
