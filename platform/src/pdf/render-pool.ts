import { messages } from '@interior/contracts';
import { Piscina } from 'piscina';
import type { PdfRenderingConfig } from '../config';
import { HttpError } from '../errors';
import type { EstimatePdfInput } from './estimate-pdf';

const WORKER = new URL('./render-worker.mjs', import.meta.url);
/** A thread left without work this long ends; the next render starts one again. */
const IDLE_THREAD_MS = 60_000;

/**
 * Renders 견적서 PDFs in worker threads (piscina), so that a long document never holds the event
 * loop: a 2,000-line quote takes seconds of synchronous drawing. Bounded three ways: at most
 * `threads` render at once, at most `queue` more wait for a thread (any beyond are answered 503 at
 * once), and a render still unfinished after `timeoutMs` (its wait included) is stopped, its thread
 * with it. Threads start on the first render, so a process that never renders pays nothing.
 * Only plain data crosses to a thread; the PDF's bytes come back moved.
 *
 * piscina rather than its fork tinypool, which ships as ES modules only (Jest's CommonJS transform
 * would have to compile it, and it finds its worker by `import.meta.url`). piscina's optional
 * native add-on serves only its `niceIncrement`, left unset: the thread lowers its own priority.
 */
export class EstimatePdfPool {
  readonly #options: PdfRenderingConfig;
  readonly #onThreadError: (error: unknown) => void;
  #pool: Piscina | null = null;
  #pending = 0;
  #closed = false;

  /** `onThreadError` hears of a thread that failed with no render in it (one failing to start). */
  constructor(options: PdfRenderingConfig, onThreadError: (error: unknown) => void = () => {}) {
    this.#options = options;
    this.#onThreadError = onThreadError;
  }

  /** `cancel`: the asker is gone (a closed connection), so the render stops, its thread with it. */
  async render(input: EstimatePdfInput, cancel?: AbortSignal): Promise<Buffer> {
    const { threads, queue, timeoutMs } = this.#options;
    if (this.#closed || this.#pending >= threads + queue)
      throw new HttpError(503, messages.estimationPdfBusy);
    if (!this.#pool) {
      this.#pool = new Piscina({
        filename: WORKER.href,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: IDLE_THREAD_MS,
        // The entry registers the TypeScript loader itself: the parent's `--import tsx` would load it twice.
        execArgv: [],
      });
      // Unheard, such an error would end the process.
      this.#pool.on('error', this.#onThreadError);
    }
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), timeoutMs);
    const cancelled = () => stop.abort();
    cancel?.addEventListener('abort', cancelled, { once: true });
    this.#pending++;
    try {
      if (cancel?.aborted) throw new HttpError(503, messages.estimationPdfBusy);
      const bytes: ArrayBuffer = await this.#pool.run(input, { signal: stop.signal });
      return Buffer.from(bytes);
    } catch (error) {
      if (this.#closed || cancel?.aborted) throw new HttpError(503, messages.estimationPdfBusy);
      if (stop.signal.aborted) throw new HttpError(503, messages.estimationPdfTimedOut);
      throw error;
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', cancelled);
      this.#pending--;
    }
  }

  /** The threads running now (0 before the first render and after close). */
  get threads(): number {
    return this.#pool?.threads.length ?? 0;
  }

  /** Stops every thread; renders under way fail, later ones are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.destroy();
  }
}
