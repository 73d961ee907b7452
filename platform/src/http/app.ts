import { randomUUID } from 'node:crypto';
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

export interface HttpAppOptions {
  logLevel?: string;
  /** Largest accepted body in bytes; uploads raise it per route. */
  bodyLimit?: number;
  /** Trust X-Forwarded-For from a reverse proxy (the distributed stack's front door). */
  trustProxy?: boolean;
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
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
  };
  const app = Fastify(serverOptions);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // JSON bodies, parsed without prototype poisoning; an empty body (a POST with nothing to say,
  // like sign-out) is no body rather than an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(
        null,
        secureJson.parse(body as string, undefined, { protoAction: 'error', constructorAction: 'error' }),
      );
    } catch {
      done(Object.assign(new SyntaxError(messages.invalidJson), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | HttpError | DomainError | Error, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
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
  }
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
    case 415:
      return messages.unsupportedMediaType;
    case 429:
      return messages.tooManyRequests;
    default:
      return messages.invalidValue;
  }
}
