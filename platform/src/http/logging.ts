import type { FastifyServerOptions } from 'fastify';
import { type Logger, pino } from 'pino';

/**
 * The request log without secrets or personal data. URLs carry both: the mobile number and its
 * SMS code in `/api/code/{mobile}/{code}`, tokens in `/sns-login?accessToken=…&refreshToken=…`,
 * `/reset-password?token=…` and `/email-verification?token=…`, names and addresses in a list's
 * `filter={"q":…}`. A logged URL keeps its path and the names of its query parameters; the values
 * are kept only for the list parameters that cannot hold either (`sort`, `range`, `ids`), and the
 * path segments after `/api/code/` are masked. Headers are never logged (the serializer below
 * picks its fields), and `redact` censors an Authorization or Cookie header should a log line
 * carry one anyway.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose values are kept in the log. */
const HARMLESS_QUERY_PARAMETERS = new Set(['sort', 'range', 'ids']);

/** Paths whose segments after the prefix are secrets: `/api/code/{mobile}/{code}`. */
const SECRET_PATH_PREFIXES = [/^(\/+api\/+code)(\/.*)$/i];

export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? null : url.slice(queryStart + 1);
  for (const prefix of SECRET_PATH_PREFIXES) {
    const match = prefix.exec(path);
    if (match) {
      path = `${match[1]}${match[2]!.replace(/\/[^/]+/g, `/${REDACTED}`)}`;
    }
  }
  if (query === null) return path;
  const parameters = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      if (equals === -1) return name.slice(0, 100);
      return HARMLESS_QUERY_PARAMETERS.has(name) ? part : `${name.slice(0, 100)}=${REDACTED}`;
    });
  return `${path}?${parameters.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number } | null;
}

/** What a log line says about a request: no headers, the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Censored wherever a log line carries them, in case a header object is ever logged. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'authorization',
  '*.authorization',
];

/**
 * A process's own logger (outside a request: the vault, the rebuild command), JSON lines as the
 * request log writes them, with the same redactions.
 */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: REDACTED } });
}

/** Fastify's `logger` option: level, these serializers and redactions, and the destination. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    serializers: { req: serializeRequest },
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    ...(stream ? { stream } : {}),
  };
}
