import { type ClientLogEvent, clientLogLevels } from '@interior/contracts';
import { sessionStore } from '../browserStorage';
import { ApiError, apiBase, apiFetch } from './http';

export type ClientLogLevel = (typeof clientLogLevels)[number];

/** The client log is flushed every minute; the API takes at most 100 events per request. */
export const clientLogLimits = {
  flushIntervalMs: 60_000,
  batchSize: 100,
  /** Oldest events beyond this are dropped, so an error loop cannot use up the tab's memory. */
  maxQueued: 1000,
  /** The API's field limits (contracts ClientLogEventSchema); longer values are cut, never refused. */
  type: 100,
  message: 2000,
  path: 500,
  data: 4096,
} as const;

/** Where the queue waits across a reload of the tab (the page is gone, its events are not). */
export const clientLogStorageKey = 'interior.clientLog';

export interface ClientLogQueueOptions {
  /** Uploads one batch; resolves on success, rejects on failure. */
  send(events: ClientLogEvent[]): Promise<void>;
  batchSize?: number;
  maxQueued?: number;
  /**
   * A failure that retrying cannot cure (the API refused the batch as malformed or too large):
   * the batch is dropped instead of blocking the queue forever.
   */
  isPermanentFailure?(error: unknown): boolean;
  /** Where a failed upload is reported: the console only, never a notice; the events stay queued. */
  reportFailure?(error: unknown): void;
}

/**
 * The client log queue: events wait in memory and leave it only when an upload of them
 * succeeded; a failed upload keeps them for the next flush. Uploads go in batches of at most
 * `batchSize`, one flush at a time, and the queue never holds more than `maxQueued` events (the
 * oldest go first; how many were dropped is logged at the next flush).
 */
export class ClientLogQueue {
  private queue: ClientLogEvent[] = [];
  private running: Promise<void> | null = null;
  private droppedSinceFlush = 0;
  private readonly batchSize: number;
  private readonly maxQueued: number;

  constructor(private readonly options: ClientLogQueueOptions) {
    this.batchSize = options.batchSize ?? clientLogLimits.batchSize;
    this.maxQueued = options.maxQueued ?? clientLogLimits.maxQueued;
  }

  get size(): number {
    return this.queue.length;
  }

  /** How many events were dropped for room since the last flush. */
  get dropped(): number {
    return this.droppedSinceFlush;
  }

  /** A copy of what waits, oldest first. */
  pending(): ClientLogEvent[] {
    return [...this.queue];
  }

  add(event: ClientLogEvent): void {
    this.queue.push(event);
    this.trim();
  }

  /** Puts events saved by an earlier page of this tab before the ones queued since. */
  restore(events: readonly ClientLogEvent[]): void {
    this.queue = [...events, ...this.queue];
    this.trim();
  }

  /**
   * Uploads what is queued now, batch after batch, and stops at the first failure (the rest stay).
   * A flush asked for while one runs joins it.
   */
  flush(): Promise<void> {
    this.running ??= this.upload().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Flushes every `intervalMs`; returns the function that stops it. */
  startTimer(intervalMs: number = clientLogLimits.flushIntervalMs): () => void {
    const timer = setInterval(() => void this.flush(), intervalMs);
    return () => clearInterval(timer);
  }

  private trim(): void {
    const excess = this.queue.length - this.maxQueued;
    if (excess <= 0) return;
    this.queue.splice(0, excess);
    this.droppedSinceFlush += excess;
  }

  private async upload(): Promise<void> {
    // Only what is queued now: events added while uploading wait for the next flush.
    const pending = [...this.queue];
    // How many were dropped for room goes first, in an event of its own that never takes room.
    let droppedReported = this.droppedSinceFlush;
    let index = 0;
    while (index < pending.length || droppedReported > 0) {
      const marker =
        droppedReported > 0
          ? clientEvent('log.dropped', 'warn', `${droppedReported} client log events were dropped`, {
              dropped: droppedReported,
            })
          : null;
      const events = pending.slice(index, index + this.batchSize - (marker ? 1 : 0));
      try {
        await this.options.send(marker ? [marker, ...events] : events);
      } catch (error) {
        (this.options.reportFailure ?? reportToConsole)(error);
        if (!this.options.isPermanentFailure?.(error)) return;
      }
      this.droppedSinceFlush -= droppedReported;
      droppedReported = 0;
      index += events.length;
      // By identity: the queue may have moved meanwhile (new events, the oldest dropped).
      const sent = new Set(events);
      this.queue = this.queue.filter((event) => !sent.has(event));
    }
  }
}

function reportToConsole(error: unknown): void {
  console.error('client log upload failed; the events stay queued', error);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Takes query strings (`?token=…`, `?accessToken=…`) out of any URL in a text: they may carry
 * mailed tokens or personal data, and the log must not.
 */
export function withoutQueries(text: string): string {
  return text.replace(/\?[^\s#'"()<>]*=[^\s#'"()<>]*/g, '');
}

/** The path of this page without its query and fragment (never a token). */
function currentPath(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.pathname;
}

/** A log event in the API's shape, cut to its limits. */
export function clientEvent(
  type: string,
  level: ClientLogLevel,
  message: string,
  data?: Record<string, unknown>,
  path: string | undefined = currentPath(),
): ClientLogEvent {
  const event: ClientLogEvent = {
    type: cut(type, clientLogLimits.type),
    level,
    message: cut(withoutQueries(message), clientLogLimits.message),
    occurredAt: new Date().toISOString(),
  };
  if (path) event.path = cut(path, clientLogLimits.path);
  if (data !== undefined) {
    const json = safeJson(data);
    event.data =
      json !== undefined && json.length <= clientLogLimits.data
        ? (JSON.parse(json) as Record<string, unknown>)
        : { truncated: cut(json ?? '', clientLogLimits.data - 20) };
  }
  return event;
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** An event read back from storage: kept only if it still has the shape the API takes. */
function isClientLogEvent(value: unknown): value is ClientLogEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type, level, message, occurredAt } = value as Record<string, unknown>;
  return (
    typeof type === 'string' &&
    typeof message === 'string' &&
    typeof occurredAt === 'string' &&
    (clientLogLevels as readonly unknown[]).includes(level)
  );
}

/**
 * POST /api/log {events}: with the session's token when there is one, anonymous otherwise (the
 * API takes both).
 */
export async function sendClientLog(events: ClientLogEvent[]): Promise<void> {
  await apiFetch(`${apiBase}/log`, { method: 'POST', json: { events }, session: 'optional' });
}

/** 400 (malformed) and 413 (too large) will fail the same way every time. */
const isPermanentFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

const queue = new ClientLogQueue({ send: sendClientLog, isPermanentFailure });

/** Queues one event for the server's client log (from anywhere: React or not). */
export function logClientEvent(
  type: string,
  level: ClientLogLevel,
  message: string,
  data?: Record<string, unknown>,
): void {
  try {
    queue.add(clientEvent(type, level, message, data));
  } catch (error) {
    console.error('client log event refused', error);
  }
}

/** Uploads what is queued now (also run every minute once started). */
export const flushClientLog = (): Promise<void> => queue.flush();

function errorData(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      name: error.name,
      ...(error instanceof ApiError ? { status: error.status } : {}),
      ...(error.stack ? { stack: withoutQueries(cut(error.stack, 3000)) } : {}),
    };
  }
  return { value: cut(String(error), 500) };
}

function logError(event: ErrorEvent): void {
  logClientEvent('error', 'error', event.message || String(event.error ?? 'error'), {
    ...errorData(event.error),
    ...(event.filename ? { source: withoutQueries(event.filename) } : {}),
    line: event.lineno,
    column: event.colno,
  });
}

function logRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  const message = reason instanceof Error ? reason.message : String(reason);
  logClientEvent('unhandledrejection', 'error', message || 'unhandled rejection', errorData(reason));
}

/**
 * Route changes, seen where every router change happens: history.pushState/replaceState and
 * popstate. Only the path is logged, never the query (mailed links carry tokens there), and only
 * when it changed.
 */
function watchNavigation(): () => void {
  let lastPath: string | null = null;
  const record = () => {
    const path = location.pathname;
    if (path === lastPath) return;
    lastPath = path;
    logClientEvent('navigation', 'info', path);
  };
  const { pushState, replaceState } = history;
  history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    record();
  };
  history.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
    replaceState.apply(this, args);
    record();
  };
  window.addEventListener('popstate', record);
  record();
  return () => {
    history.pushState = pushState;
    history.replaceState = replaceState;
    window.removeEventListener('popstate', record);
  };
}

/** Keeps the queue over a reload of this tab: saved when the page goes, read back at start. */
function persistAcrossReloads(): () => void {
  const saved = sessionStore.get(clientLogStorageKey);
  sessionStore.remove(clientLogStorageKey);
  if (saved) {
    try {
      const events: unknown = JSON.parse(saved);
      if (Array.isArray(events)) queue.restore(events.filter(isClientLogEvent));
    } catch {
      // A damaged copy is not worth more than the page that wrote it.
    }
  }
  const save = () => {
    if (queue.size > 0) sessionStore.set(clientLogStorageKey, JSON.stringify(queue.pending()));
  };
  window.addEventListener('pagehide', save);
  return () => window.removeEventListener('pagehide', save);
}

let stop: (() => void) | null = null;

/**
 * Starts the client log, uploaded through POST api/log: uncaught errors and unhandled rejections as `error`,
 * route changes as `navigation`, an upload every 60 s. Call once, before rendering; returns the
 * function that stops it.
 */
export function startClientLog(): () => void {
  if (stop) return stop;
  if (typeof window === 'undefined') return () => {};
  const stops = [persistAcrossReloads(), watchNavigation(), queue.startTimer()];
  window.addEventListener('error', logError);
  window.addEventListener('unhandledrejection', logRejection);
  stop = () => {
    for (const s of stops) s();
    window.removeEventListener('error', logError);
    window.removeEventListener('unhandledrejection', logRejection);
    stop = null;
  };
  return stop;
}
