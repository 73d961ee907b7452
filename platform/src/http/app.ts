import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { type ErrorBody, messages } from '@interior/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TrustProxy } from '../config';
import { DomainError, HttpError } from '../errors';
import { decodeUtf8, parseClientJson } from './client-json';
import { loggerOptions } from './logging';
import { assertWellFormedText } from './well-formed';

export interface HttpAppOptions {
  logLevel?: string;
  /** Largest accepted body in bytes; uploads raise it per route. */
  bodyLimit?: number;
  /**
   * The reverse proxies in front of this server (TRUST_PROXY, config.ts): none by default. With a
   * hop count N, the client address is the one the N-th proxy from here saw, so the addresses a
   * client writes into X-Forwarded-For itself are never believed. With a list of addresses and
   * CIDR ranges, X-Forwarded-For is followed back through those proxies only. It governs
   * `request.ip` (every limit per address) and `request.protocol`/`request.host` (the origin of
   * links in mails). Never `true`: that takes the left-most address, which the client chose, and
   * every limit per address would be the client's to dodge.
   */
  trustProxy?: TrustProxy;
  /** Where the log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Answers requests outside /api that match no route (the UI's pages in the all-in-one process). */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface RouteBodyLimit {
  method: string;
  url: string;
  /** bytes */
  bodyLimit: number;
}

const bodyLimitsByApp = new WeakMap<FastifyInstance, RouteBodyLimit[]>();

/**
 * The body limit of every route, the app's default or the route's own (uploads raise it): a gateway
 * in front must let as much through to each path, or its users get the gateway's 413 instead of the
 * upload they were promised. Read by the check of the gateway's configuration.
 */
export function routeBodyLimits(app: FastifyInstance): readonly RouteBodyLimit[] {
  return bodyLimitsByApp.get(app) ?? [];
}

/** The answers' compression: by the plugin below, and by the answer cache (answer-cache.ts). */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export const COMPRESSION_THRESHOLD = 1024;
export const compressionOptions = {
  threshold: COMPRESSION_THRESHOLD,
  encodings: [...COMPRESSED_ENCODINGS],
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
};

/**
 * A Fastify instance with the platform's conventions: every error answers `{ status, message,
 * errors? }` with a Korean message, no stack trace leaves the server, a 5xx is logged with the
 * request id, and every answer carries that id as `x-request-id`.
 */
export function createHttpApp(options: HttpAppOptions = {}): FastifyInstance {
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: trustedProxies(options.trustProxy ?? 0),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // What fails before a route is found (a malformed or overlong path) answers in our shape too.
    frameworkErrors: (error, request, reply) => {
      const body = toErrorBody(error);
      if (body.status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
      (reply as FastifyReply).header('x-request-id', request.id).status(body.status).send(body);
    },
    clientErrorHandler,
  };
  const app = Fastify(serverOptions);

  // Every text answer (JSON, the UI's HTML and scripts) is compressed, Brotli before gzip, for
  // the clients that say they accept it. Brotli at a middle quality: the best ratio costs more
  // CPU per request than it saves on the wire for answers made per request; the UI's files are
  // compressed at the highest quality once, at build time (ui/vite.config.ts), and sent as they are.
  // The plugin adds its hook to each route as the route is declared: callers let it load first
  // (`await app.after()`) before declaring routes.
  app.register(compress, { global: true, ...compressionOptions });
  // @fastify/compress leaves alone any answer with a Content-Range, taking it for a byte range of
  // a 206. The simple-rest lists answer 200 with `Content-Range: <resource> a-b/total`, a count of
  // records: such a header is set aside before compression and put back after it.
  app.after(() => {
    const bodyLimits: RouteBodyLimit[] = [];
    bodyLimitsByApp.set(app, bodyLimits);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        bodyLimits.push({ method, url: route.url, bodyLimit: route.bodyLimit ?? serverOptions.bodyLimit! });
      }
      const hooks =
        route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [setRecordRangeAside, ...hooks, restoreRecordRange];
    });
  });

  // Every query-string value and path parameter must be text PostgreSQL can store.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    assertWellFormedText(request.query);
    assertWellFormedText(request.params);
  });

  // JSON bodies: strict UTF-8 (a byte sequence that is no UTF-8 is a 400, never stored as "�"),
  // bounded in depth before anything walks them, parsed without prototype poisoning; an empty body
  // (a POST with nothing to say, like sign-out) is no body rather than an error. Its strings and
  // keys must be text PostgreSQL can store (no NUL, no lone surrogate): 400 with the field, before
  // any route sees it (client-json.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      const text = decodeUtf8(body as Buffer);
      done(null, text === '' ? undefined : parseClientJson(text, { fieldErrors: true }));
    } catch (error) {
      done(error as HttpError, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | HttpError | DomainError | Error, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    else if (isDatabaseDataError(error)) {
      // A value that passed validation and still failed in the database: answered as bad input,
      // logged (without the value) so that the missing validation gets written.
      request.log.warn(
        { code: error.code, route: request.routeOptions.url, requestId: request.id },
        'the database refused a value',
      );
    }
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.pageFallback && !request.url.startsWith('/api/') && request.url !== '/api') {
      return options.pageFallback(request, reply);
    }
    return reply.status(404).send({ status: 404, message: messages.routeNotFound } satisfies ErrorBody);
  });

  return app;
}

const recordRange = Symbol('record range');
type WithRange = FastifyReply & { [recordRange]?: string };

async function setRecordRangeAside(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const range = reply.getHeader('content-range');
  if (reply.statusCode === 200 && typeof range === 'string' && !range.startsWith('bytes')) {
    (reply as WithRange)[recordRange] = range;
    reply.removeHeader('content-range');
  }
  return payload;
}

async function restoreRecordRange(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const range = (reply as WithRange)[recordRange];
  if (range !== undefined) reply.header('content-range', range);
  return payload;
}

/**
 * Trust X-Forwarded-For for exactly N hops, or through the listed proxy addresses: proxy-addr
 * walks from the socket's peer (hop 0) towards the client and stops at the first untrusted hop, so
 * with one trusted hop the client address is the one the gateway appended, whatever the client
 * wrote before it. (Fastify 5.12 made a plain number trust nothing, hence the function.) The
 * server must then be reachable only through those proxies, as in docker-compose.yml where only
 * the gateway publishes a port.
 */
function trustedProxies(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust.length ? [...trust] : false;
  if (!Number.isInteger(trust) || trust <= 0) return false;
  return (_address, hop) => hop < trust;
}

/**
 * Errors the HTTP parser raises before there is a request (headers over Node's limit, a request
 * line that is no HTTP): answered on the socket in the platform's shape, `{ status, message }`.
 * Only the code is logged: the error carries the raw request bytes, Authorization included.
 */
function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimeout]
        : [400, messages.invalidValue];
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ status, message } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a value out of range, text it cannot store,
 * a malformed literal). Requests are validated before they reach the database, so this is a
 * safety net: the statement failed and wrote nothing, and the value came from the request.
 */
function isDatabaseDataError(error: unknown): error is Error & { code: string } {
  const candidate = error as { code?: unknown; severity?: unknown };
  return (
    error instanceof Error &&
    typeof candidate.code === 'string' &&
    /^22[0-9A-Z]{3}$/.test(candidate.code) &&
    typeof candidate.severity === 'string'
  );
}

/** Maps anything thrown to the public error body. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
  if (error instanceof DomainError) {
    const status = { NotFound: 404, RuleBroken: 409, Gone: 410, Invalid: 400 }[error.kind];
    return { status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: messages.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, message: messages.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: messages.invalidJson };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: messages.invalidValue };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: messages.headersTooLarge };
  }
  if (isDatabaseDataError(error)) return { status: 400, message: messages.invalidValue };
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 400 && error instanceof SyntaxError) return { status: 400, message: messages.invalidJson };
  if (status >= 400 && status < 500) return { status, message: genericClientMessage(status) };
  return { status: 500, message: messages.internalError };
}

function genericClientMessage(status: number): string {
  switch (status) {
    case 401:
      return messages.loginRequired;
    case 403:
      return messages.forbidden;
    case 404:
      return messages.notFound;
    case 413:
      return messages.payloadTooLarge;
    case 408:
      return messages.requestTimeout;
    case 414:
    case 431:
      return messages.headersTooLarge;
    case 415:
      return messages.unsupportedMediaType;
    case 429:
      return messages.tooManyRequests;
    default:
      return messages.invalidValue;
  }
}
