import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With `BENCH_CPU_PROFILE=<dir>`, a phase of a section is profiled on its own (the server runs in
 * the bench's process): `<dir>/<name>.cpuprofile`, for Chrome's DevTools or `--cpu-prof` readers.
 * Without it the phase just runs.
 */
export async function profiled<T>(name: string, phase: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return phase();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await phase();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
