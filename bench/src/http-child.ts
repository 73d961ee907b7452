import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type Percentiles, runSlice, type Slice, type SliceRunner, summarize } from './measure';

/**
 * The bench's HTTP client in a process of its own (node:http, keep-alive, compressed answers asked
 * for as a browser does): the figures are the server's, not shared with a client in the same event
 * loop, as a real client is served. The parent sends requests over IPC and gets each answer back:
 * latency cases (GETs one at a time), slices of closed-loop load (N requests in flight), a lag
 * probe (writes through one service, reads through another), and single requests with bodies
 * (`request`: a 1 MB document is sent to the child once, by name, and then named by each request),
 * whose answer's ETag and, when asked for, JSON come back, so the bench can chain If-Match and do
 * things in the server's process between requests (forget its kept states). Every request is timed
 * in the child, from before its first byte is written to the last byte of its answer read.
 */
export interface LatencyCase {
  name: string;
  /** Paths asked in turn, one per sample. */
  paths: string[];
  /** Follow each answer's `Link: <…>; rel="next"` (a keyset page after page), from paths[0] again at the end. */
  follow?: boolean;
  /** `Cache-Control: no-cache`: every answer made afresh, not one the server remembered. */
  fresh?: boolean;
  warmup: number;
  samples: number;
}

export interface CaseResult extends Percentiles {
  name: string;
  /** The Content-Range total of the first measured answer, when it had one. */
  total?: number;
}

/** What each writer of a slice asks, back to back. */
/** A slice run by the client; `behind`: POST answers that came before the read model caught up. */
export type ChildSlice = Slice & { behind: number };

export type Load =
  /** `GET path`; its answer must be 200, with `rows` rows of `total` when given (Content-Range). */
  | { kind: 'get'; path: string; fresh: boolean; rows?: number; total?: number }
  /** `POST /api/usergroup` of a group named `<prefix> <writer>-<n>`; its answer must be 201. */
  | { kind: 'create-group'; prefix: string }
  /** `POST /api/brand` of a brand named `<prefix> <writer>-<n>` (names are unique); 201. */
  | { kind: 'create-brand'; prefix: string };

/** One lag sample: a group the reader saw, when (epoch ms, this machine's clock). */
export interface Sighting {
  id: number;
  seenAtEpochMs: number;
}

/** One request of `HttpChild.request`. */
export interface RemoteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A body sent earlier under this name (HttpChild.keep), or the body itself. */
  bodyName?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Parse the answer as JSON and send it back (else only its status, ETag and time). */
  wantJson?: boolean;
}

export interface RemoteAnswer {
  status: number;
  etag: string | null;
  ms: number;
  json?: unknown;
}

type Request =
  | { kind: 'latency'; baseUrl: string; cases: LatencyCase[] }
  | { kind: 'slice'; baseUrl: string; load: Load; writers: number; durationMs: number }
  | { kind: 'lag'; commandUrl: string; queryUrl: string; durationMs: number; prefix: string }
  | { kind: 'keep'; name: string; body: string }
  | { kind: 'request'; baseUrl: string; request: RemoteRequest };

type Answer = { id: number; result: unknown } | { id: number; error: string };

/** A running client process; `close()` ends it. */
export class HttpChild {
  private next = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.result);
    });
    child.once('exit', (code) => {
      for (const waiting of this.pending.values())
        waiting.reject(new Error(`the HTTP client exited with ${code}`));
      this.pending.clear();
    });
  }

  /** Starts the client process, signed in with `token` (sent as a bearer token on every request). */
  static start(token: string): HttpChild {
    // The same file, run as the child (below); with this process's flags (tsx loads it).
    const child = fork(fileURLToPath(import.meta.url), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_HTTP_TOKEN: token },
    });
    return new HttpChild(child);
  }

  private ask<T>(request: Request): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, request });
    });
  }

  latency(baseUrl: string, cases: LatencyCase[]): Promise<CaseResult[]> {
    return this.ask({ kind: 'latency', baseUrl, cases });
  }

  /**
   * Slices of `load` run by this client; each slice's CPU time is this (the server's) process's
   * meanwhile, so a ratio to work done here compares the server's work alone.
   */
  slices(baseUrl: string, load: Load, stats?: { behind: number }): SliceRunner {
    return async (writers, durationMs) => {
      const cpuBefore = process.cpuUsage();
      const slice = await this.ask<ChildSlice>({ kind: 'slice', baseUrl, load, writers, durationMs });
      const cpu = process.cpuUsage(cpuBefore);
      if (stats) stats.behind += slice.behind;
      return { ...slice, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    };
  }

  /**
   * For `durationMs`, one writer creates groups through `commandUrl` back to back while a reader
   * asks `queryUrl` for the newest groups back to back: when the reader first saw each group.
   */
  lag(commandUrl: string, queryUrl: string, durationMs: number, prefix: string): Promise<Sighting[]> {
    return this.ask({ kind: 'lag', commandUrl, queryUrl, durationMs, prefix });
  }

  /** Keeps a body in the child under `name`, for requests that name it. */
  async keep(name: string, body: string): Promise<void> {
    await this.ask({ kind: 'keep', name, body });
  }

  /** One request, timed in the child; a status other than 2xx is an error. */
  request(baseUrl: string, request: RemoteRequest): Promise<RemoteAnswer> {
    return this.ask({ kind: 'request', baseUrl, request });
  }

  close(): void {
    this.child.kill();
  }
}

/** Measures latency cases in a child process started for them. */
export async function measureInChild(job: {
  baseUrl: string;
  token: string;
  cases: LatencyCase[];
}): Promise<CaseResult[]> {
  const child = HttpChild.start(job.token);
  try {
    return await child.latency(job.baseUrl, job.cases);
  } finally {
    child.close();
  }
}

// ——— the child ———

const token = process.env.BENCH_HTTP_TOKEN ?? '';
/** One connection per writer in flight, kept open between requests. */
const agent = new http.Agent({ keepAlive: true });

/** Bodies kept for requests that name them (HttpChild.keep). */
const bodies = new Map<string, Buffer>();

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From before the request was made to the last byte of its answer read. */
  ms: number;
}

function send(
  url: URL,
  method: RemoteRequest['method'],
  options: { body?: string | Buffer; fresh?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  const headers: http.OutgoingHttpHeaders = {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
    ...(options.fresh ? { 'cache-control': 'no-cache' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const begun = performance.now();
    const request = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - begun,
        }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A body as sent, unpacked from the compression the server chose. */
function decoded(response: Response): string {
  const unpack = {
    br: zlib.brotliDecompressSync,
    gzip: zlib.gunzipSync,
    deflate: zlib.inflateSync,
  }[String(response.headers['content-encoding'])];
  return (unpack ? unpack(response.body) : response.body).toString('utf8');
}

/** `<resource> <first>-<last>/<total>`: the rows and total an answer holds, read without unpacking it. */
function contentRange(response: Response): { rows: number; total: number } | null {
  const range = /^\S+ (?:(\d+)-(\d+)|\*)\/(\d+)\+?$/.exec(String(response.headers['content-range'] ?? ''));
  if (!range) return null;
  const rows = range[1] === undefined ? 0 : Number(range[2]) - Number(range[1]) + 1;
  return { rows, total: Number(range[3]) };
}

async function get(baseUrl: string, path: string, fresh: boolean) {
  const response = await send(new URL(path, baseUrl), 'GET', { fresh });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  const range = contentRange(response);
  if (range && range.rows === 0 && range.total > 0) throw new Error(`GET ${path}: an empty page`);
  const link = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''));
  return { next: link ? link[1]! : null, range, response };
}

/** Answers that came before the read model had caught up (`x-read-model: behind`), since the last slice. */
let behind = 0;

function createGroup(baseUrl: string, name: string) {
  return create(baseUrl, '/api/usergroup', { name, description: `${name} (벤치마크)` });
}

async function create(baseUrl: string, path: string, record: object) {
  const response = await send(new URL(path, baseUrl), 'POST', { body: JSON.stringify(record) });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${decoded(response)}`);
  if (response.headers['x-read-model'] === 'behind') behind++;
}

async function latency(baseUrl: string, cases: LatencyCase[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    let next: string | null = null;
    let turn = 0;
    let total: number | undefined;
    const latencies: number[] = [];
    for (let i = 0; i < c.warmup + c.samples; i++) {
      const path: string = c.follow && next ? next : c.paths[turn++ % c.paths.length]!;
      const begun = performance.now();
      const answer = await get(baseUrl, path, c.fresh ?? false);
      if (i >= c.warmup) latencies.push(performance.now() - begun);
      if (i === c.warmup) total = answer.range?.total;
      next = answer.next;
    }
    results.push({ name: c.name, ...summarize(latencies), ...(total === undefined ? {} : { total }) });
  }
  return results;
}

/** Numbered across every slice of this process, so no two groups it creates have one name. */
let created = 0;

async function slice(baseUrl: string, load: Load, writers: number, durationMs: number) {
  behind = 0;
  const measured = await runSlice(writers, durationMs, (index) => {
    if (load.kind === 'create-group')
      return () => createGroup(baseUrl, `${load.prefix} ${index}-${created++}`);
    if (load.kind === 'create-brand')
      return () => create(baseUrl, '/api/brand', { name: `${load.prefix} ${index}-${created++}` });
    return async () => {
      const { range } = await get(baseUrl, load.path, load.fresh);
      if (
        (load.rows !== undefined && range?.rows !== load.rows) ||
        (load.total !== undefined && range?.total !== load.total)
      ) {
        throw new Error(
          `GET ${load.path}: ${range?.rows} rows of ${range?.total}, expected ${load.rows} of ${load.total}`,
        );
      }
    };
  });
  return { ...measured, behind };
}

async function lag(request: Extract<Request, { kind: 'lag' }>): Promise<Sighting[]> {
  const newest = '/api/usergroup?sort=["id","DESC"]&range=[0,9]';
  const seen = new Map<number, number>();
  let writing = true;
  const read = async () => {
    const { response } = await get(request.queryUrl, newest, true);
    const at = performance.timeOrigin + performance.now();
    for (const { id } of JSON.parse(decoded(response)) as { id: number }[]) {
      if (!seen.has(id)) seen.set(id, at);
    }
  };
  // Groups there before the writer began are not sightings.
  await read();
  const before = new Set(seen.keys());
  const reader = (async () => {
    while (writing) await read();
  })();
  try {
    const deadline = performance.now() + request.durationMs;
    while (performance.now() < deadline)
      await createGroup(request.commandUrl, `${request.prefix} ${created++}`);
  } finally {
    writing = false;
    await reader;
  }
  return [...seen].filter(([id]) => !before.has(id)).map(([id, at]) => ({ id, seenAtEpochMs: at }));
}

/** One request with its body (or one kept by name); an answer other than 2xx is an error. */
async function perform(baseUrl: string, request: RemoteRequest): Promise<RemoteAnswer> {
  const body = request.bodyName !== undefined ? bodies.get(request.bodyName) : request.body;
  if (request.bodyName !== undefined && !body) throw new Error(`no body named ${request.bodyName}`);
  const response = await send(new URL(request.path, baseUrl), request.method, {
    ...(body === undefined ? {} : { body }),
    ...(request.headers ? { headers: request.headers } : {}),
  });
  const text = decoded(response);
  if (response.status < 200 || response.status >= 300)
    throw new Error(`${request.method} ${request.path}: ${response.status} ${text.slice(0, 300)}`);
  return {
    status: response.status,
    etag: (response.headers.etag as string | undefined) ?? null,
    ms: response.ms,
    ...(request.wantJson ? { json: text ? JSON.parse(text) : null } : {}),
  };
}

function handle(request: Request): Promise<unknown> {
  switch (request.kind) {
    case 'latency':
      return latency(request.baseUrl, request.cases);
    case 'slice':
      return slice(request.baseUrl, request.load, request.writers, request.durationMs);
    case 'lag':
      return lag(request);
    case 'keep':
      bodies.set(request.name, Buffer.from(request.body));
      return Promise.resolve(null);
    case 'request':
      return perform(request.baseUrl, request.request);
  }
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('message', ({ id, request }: { id: number; request: Request }) => {
    handle(request).then(
      (result) => process.send!({ id, result } satisfies Answer),
      (error: Error) => process.send!({ id, error: error.message } satisfies Answer),
    );
  });
}
