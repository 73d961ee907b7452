import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExpiringCache } from '../expiring-cache';
import { COMPRESSED_ENCODINGS, COMPRESSION_THRESHOLD, compressionOptions } from './app';

/**
 * The answers of read routes, remembered while the read models they were read from are unchanged
 * (docs/architecture.md "Queries"). A process that runs the projections itself knows when a read
 * model changes (the runner's `readModelVersion`): until then, asking the same thing again (the
 * same route, query string and caller) gets the same answer, so it is sent as it was, already
 * serialized and compressed, without a query; `Cache-Control: no-cache` asks for it made afresh.
 * A process without the projections (a query-service running alone) has no version to go by and
 * remembers nothing.
 *
 * The version is read before the answer is made: a change committed meanwhile makes the next
 * request miss, so an answer is never kept past a change it may not show. The answer of a write
 * waits for the projections of this process (read your writes), so a list read after it misses.
 */
export type ReadModelVersion = (names: readonly string[]) => string;

interface Answer {
  headers: Readonly<Record<string, string>>;
  json: string;
  bytes: number;
  /** The body compressed, by encoding, made on first use. */
  encoded: Map<string, Buffer>;
}

/** Answers larger than this are made each time: a few large pages would crowd out many small ones. */
const MAX_ANSWER_BYTES = 128 * 1024;

export class AnswerCache {
  private readonly answers: ExpiringCache<string, Answer>;

  constructor(
    private readonly version: ReadModelVersion,
    private readonly options: { limit?: number; ttlMs?: number } = {},
  ) {
    this.answers = new ExpiringCache(options.limit ?? 256);
  }

  /**
   * Sends the remembered answer to `key` (what is asked, the caller included) while the named read
   * models are unchanged; otherwise makes it with `produce`, sends it and remembers it.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    readModels: readonly string[],
    key: string,
    produce: () => Promise<{ headers: Record<string, string>; body: unknown }>,
  ): Promise<FastifyReply> {
    const versioned = `${this.version(readModels)}\u0000${key}`;
    // `Cache-Control: no-cache` (a browser's hard reload) asks for an answer made afresh.
    const fresh = /\bno-cache\b/i.test(
      String(request.headers['cache-control'] ?? request.headers.pragma ?? ''),
    );
    let answer = fresh ? undefined : this.answers.get(versioned);
    if (!answer) {
      const made = await produce();
      const json = JSON.stringify(made.body);
      answer = { headers: made.headers, json, bytes: Buffer.byteLength(json), encoded: new Map() };
      if (answer.bytes <= MAX_ANSWER_BYTES) {
        this.answers.set(versioned, answer, Date.now() + (this.options.ttlMs ?? 60_000));
      }
    }
    return sendAnswer(request, reply, answer);
  }
}

/** The answer as the app's compression would send it (app.ts), compressing each encoding once. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.headers(answer.headers).type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request);
  if (!encoding || answer.bytes < COMPRESSION_THRESHOLD) return reply.send(answer.json);
  let body = answer.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(answer.json, {
            // Told the size, brotli sets up a window for it instead of its 4 MB default.
            params: {
              ...compressionOptions.brotliOptions.params,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.bytes,
            },
          })
        : zlib.gzipSync(answer.json);
    answer.encoded.set(encoding, body);
  }
  // An answer that carries its encoding is sent as it is by the compression plugin.
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
}

/** The encoding @fastify/compress would pick for this request (its own negotiation), if any. */
function acceptedEncoding(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  return (
    negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSED_ENCODINGS]) ?? undefined
  );
}
