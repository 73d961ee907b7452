import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, messages } from '@interior/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import secureJson from 'secure-json-parse';
import { DomainError, HttpError } from '../errors';
import { loggerOptions } from './logging';
import { assertWellFormedText } from './well-formed';

export interface HttpAppOptions {
  logLevel?: string;
  /** Largest accepted body in bytes; uploads raise it per route. */
  bodyLimit?: number;
  /**
   * How many reverse proxies stand in front of this server (0, the default: none). With N, the
   * client address is the one the N-th proxy from here saw, so the addresses a client writes into
   * X-Forwarded-For itself are never believed. Never `true`: that takes the left-most address,
   * which the client chose, and every limit per address would be the client's to dodge.
   */
  trustProxy?: number;
  /** Where the log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Answers requests outside /api that match no route (the UI's pages in the all-in-one process). */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * A Fastify instance with the platform's conventions: every error answers `{ status, message,
 * errors? }` with a Korean message, no stack trace leaves the server, a 5xx is logged with the
 * request id, and every answer carries that id as `x-request-id`.
 */
export function createHttpApp(options: HttpAppOptions = {}): FastifyInstance {
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: trustHops(options.trustProxy ?? 0),
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

  // Every query-string value and path parameter must be text PostgreSQL can store.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    assertWellFormedText(request.query);
    assertWellFormedText(request.params);
  });

  // JSON bodies, parsed without prototype poisoning; an empty body (a POST with nothing to say,
  // like sign-out) is no body rather than an error. Its strings and keys must be text PostgreSQL
  // can store (no NUL, no lone surrogate): 400 with the field, before any route sees it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(body as string, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      });
    } catch {
      return done(Object.assign(new SyntaxError(messages.invalidJson), { statusCode: 400 }), undefined);
    }
    try {
      assertWellFormedText(parsed, { fieldErrors: true });
    } catch (error) {
      return done(error as HttpError, undefined);
    }
    done(null, parsed);
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

/**
 * Trust X-Forwarded-For for exactly `hops` proxies: proxy-addr walks from the socket's peer (hop
 * 0) towards the client and stops at the first untrusted hop, so with one trusted hop the client
 * address is the one the gateway appended, whatever the client wrote before it. (Fastify 5.12
 * made a plain number trust nothing, hence the function.) The services must then be reachable
 * only through those proxies, as in docker-compose.yml where only the gateway publishes a port.
 */
function trustHops(hops: number): false | ((address: string, hop: number) => boolean) {
  if (!Number.isInteger(hops) || hops <= 0) return false;
  return (_address, hop) => hop < hops;
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
    const status = { NotFound: 404, RuleBroken: 409, Gone: 410 }[error.kind];
    return { status, message: error.message };
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
