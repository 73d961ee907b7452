import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { eventLoopProbe, mainThreadCpuMs } from './testing';

const TESTING_MODULE = fileURLToPath(new URL('./testing.ts', import.meta.url));

/** Busy on this thread until it has used `cpuMs` of CPU time, however long that takes on a loaded machine. */
function holdLoopFor(cpuMs: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= cpuMs) return;
  }
}

/**
 * Runs a probe in a process of its own, which is stopped (SIGSTOP) for `pausedMs` as a loaded
 * machine deschedules a process, and answers what the probe measured.
 */
async function probeAcrossPause(pausedMs: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { eventLoopProbe } = await import(${JSON.stringify(TESTING_MODULE)});
       const probe = eventLoopProbe();
       setTimeout(() => console.log('ready'), 100);
       process.stdin.once('data', () => { console.log(String(probe.stop())); process.exit(0); });`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  const answered = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n') && !output.endsWith('ready\n'))
        resolve(output.split('ready\n')[1] ?? '');
    });
    child.on('exit', (code) => reject(new Error(`the probe's process ended (${code}) before answering`)));
  });
  await new Promise<void>((resolve) => {
    const waitReady = () => (output.includes('ready\n') ? resolve() : setTimeout(waitReady, 10));
    waitReady();
  });
  child.kill('SIGSTOP');
  await new Promise((resolve) => setTimeout(resolve, pausedMs));
  child.kill('SIGCONT');
  // Some ticks after the pause, then the answer.
  await new Promise((resolve) => setTimeout(resolve, 100));
  child.stdin.write('stop\n');
  return Number((await answered).trim());
}

describe('eventLoopProbe', () => {
  it('measures a loop held by its own work', () => {
    const probe = eventLoopProbe(5);
    // The probe's timer has not fired yet: the whole hold is one late tick, seen at stop().
    holdLoopFor(300);
    expect(probe.stop()).toBeGreaterThanOrEqual(250);
  });

  it('does not count the time a descheduled process waited for a core', async () => {
    expect(await probeAcrossPause(800)).toBeLessThan(200);
  }, 30_000);

  it("counts the loop's own thread, not the process's other threads", async () => {
    const before = mainThreadCpuMs();
    const processBefore = process.cpuUsage();
    // Another thread of this process busy for 400 ms of CPU while the loop only waits for it.
    const worker = new Worker(
      `const start = process.cpuUsage();
       const usedMs = () => { const { user, system } = process.cpuUsage(start); return (user + system) / 1000; };
       while (usedMs() < 400) {}
       require('node:worker_threads').parentPort.postMessage('done');`,
      { eval: true },
    );
    await new Promise((resolve) => worker.once('message', resolve));
    await worker.terminate();
    const processUsed = process.cpuUsage(processBefore);
    expect((processUsed.user + processUsed.system) / 1000).toBeGreaterThanOrEqual(300);
    expect(mainThreadCpuMs() - before).toBeLessThan(150);
  });
});
