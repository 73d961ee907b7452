import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type Percentiles, summarize } from './measure';

/**
 * An HTTP client in a process of its own that the bench drives one request at a time: node:http,
 * one keep-alive connection, compressed answers asked for as a browser does. Each request is timed
 * in the child from the first byte written to the last byte of the answer read, so the figure is
 * the server's alone, not shared with a client in the server's event loop. Requests carry bodies
 * (a 1 MB document is sent to the child once, by name, and then named by each request), and the
 * answer's ETag and, when asked for, its JSON come back, so the bench can chain If-Match and
 * do things in the server's process between requests (forget its kept states).
 * (http-child.ts measures whole runs of GETs the same way.)
 */
export interface RemoteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A body sent earlier under this name (RemoteClient.keep), or the body itself. */
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

type Message =
  | { kind: 'setup'; baseUrl: string; token: string }
  | { kind: 'keep'; name: string; body: string }
  | { kind: 'request'; request: RemoteRequest };
type Reply = { ok: true; answer?: RemoteAnswer } | { ok: false; error: string };

export class RemoteClient {
  private readonly child: ChildProcess;
  private pending: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;

  private constructor() {
    // The same file, run as the child (below); with this process's flags (tsx loads it).
    this.child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: Reply) => {
      const waiting = this.pending;
      this.pending = null;
      waiting?.resolve(reply);
    });
    this.child.once('exit', (code) => {
      this.pending?.reject(new Error(`the remote client exited with ${code}`));
      this.pending = null;
    });
  }

  static async start(baseUrl: string, token: string): Promise<RemoteClient> {
    const client = new RemoteClient();
    await client.send({ kind: 'setup', baseUrl, token });
    return client;
  }

  private send(message: Message): Promise<RemoteAnswer | undefined> {
    if (this.pending) throw new Error('one request at a time');
    return new Promise<Reply>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(message);
    }).then((reply) => {
      if (!reply.ok) throw new Error(reply.error);
      return reply.answer;
    });
  }

  /** Keeps a body in the child under `name`, for requests that name it. */
  async keep(name: string, body: string): Promise<void> {
    await this.send({ kind: 'keep', name, body });
  }

  /** One request, timed in the child; a status other than 2xx is an error. */
  async request(request: RemoteRequest): Promise<RemoteAnswer> {
    return (await this.send({ kind: 'request', request }))!;
  }

  close(): void {
    this.child.kill();
  }
}

/* The child. */

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let setup: { baseUrl: string; token: string } | null = null;
const bodies = new Map<string, Buffer>();

function perform(request: RemoteRequest): Promise<RemoteAnswer> {
  const { baseUrl, token } = setup!;
  const body =
    request.bodyName !== undefined
      ? bodies.get(request.bodyName)
      : request.body !== undefined
        ? Buffer.from(request.body)
        : undefined;
  if (request.bodyName !== undefined && !body) throw new Error(`no body named ${request.bodyName}`);
  return new Promise((resolve, reject) => {
    const begun = performance.now();
    const req = http.request(
      new URL(request.path, baseUrl),
      {
        method: request.method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...(request.headers ?? {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - begun;
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? '');
          const text = (
            encoding === 'gzip'
              ? zlib.gunzipSync(raw)
              : encoding === 'br'
                ? zlib.brotliDecompressSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw
          ).toString();
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300)
            return reject(new Error(`${request.method} ${request.path}: ${status} ${text.slice(0, 300)}`));
          resolve({
            status,
            etag: (res.headers.etag as string | undefined) ?? null,
            ms,
            ...(request.wantJson ? { json: text ? JSON.parse(text) : null } : {}),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('message', (message: Message) => {
    const answer = (reply: Reply) => process.send!(reply);
    if (message.kind === 'setup') {
      setup = { baseUrl: message.baseUrl, token: message.token };
      answer({ ok: true });
    } else if (message.kind === 'keep') {
      bodies.set(message.name, Buffer.from(message.body));
      answer({ ok: true });
    } else {
      perform(message.request).then(
        (result) => answer({ ok: true, answer: result }),
        (error: Error) => answer({ ok: false, error: error.message }),
      );
    }
  });
}

/** Latency as the remote client timed it, and the CPU this process (the server's) spent per request. */
export interface RemoteLatency extends Percentiles {
  /** CPU time of this process over the samples, per request (its own work: every other process's is not in it). */
  serverCpuMs: number;
}

/**
 * Runs `probe` `warmup` times unmeasured, then `samples` times one after another; each probe
 * returns the milliseconds its request took as the remote client timed it. On a loaded machine the
 * CPU per request is the steadier figure: time spent waiting for a core is not in it.
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
