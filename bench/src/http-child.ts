import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Percentiles, summarize } from './measure';

/**
 * A latency client in a process of its own (node:http, keep-alive, compressed answers asked for as
 * a browser does): the figures are the server's, not shared with a client in the same event loop.
 * The parent sends the cases over IPC and gets each case's percentiles back.
 */
export interface LatencyCase {
  name: string;
  /** Paths asked in turn, one per sample. */
  paths: string[];
  /** Follow each answer's `Link: <…>; rel="next"` (a keyset page after page), from paths[0] again at the end. */
  follow?: boolean;
  warmup: number;
  samples: number;
}

interface Job {
  baseUrl: string;
  token: string;
  cases: LatencyCase[];
}

type Answer = { results: (Percentiles & { name: string })[] } | { error: string };

/** Measures the cases in a child process. */
export function measureInChild(job: Job): Promise<(Percentiles & { name: string })[]> {
  return new Promise((resolve, reject) => {
    // The same file, run as the child (below); with this process's flags (tsx loads it).
    const child = fork(fileURLToPath(import.meta.url), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (answer: Answer) => {
      child.kill();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.results);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`the latency client exited with ${code}`));
    });
    child.send(job);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(baseUrl: string, token: string, path: string): Promise<{ next: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${path}: ${res.statusCode}`));
          const link = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''));
          resolve({ next: link ? link[1]! : null });
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function run(job: Job): Promise<(Percentiles & { name: string })[]> {
  const results = [];
  for (const c of job.cases) {
    let next: string | null = null;
    let turn = 0;
    const latencies: number[] = [];
    for (let i = 0; i < c.warmup + c.samples; i++) {
      const path: string = c.follow && next ? next : c.paths[turn++ % c.paths.length]!;
      const begun = performance.now();
      const answer = await get(job.baseUrl, job.token, path);
      if (i >= c.warmup) latencies.push(performance.now() - begun);
      next = answer.next;
    }
    results.push({ name: c.name, ...summarize(latencies) });
  }
  return results;
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (job: Job) => {
    run(job).then(
      (results) => process.send!({ results } satisfies Answer),
      (error: Error) => process.send!({ error: error.message } satisfies Answer),
    );
  });
}
