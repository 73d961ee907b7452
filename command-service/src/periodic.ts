interface Logger {
  error(object: unknown, message: string): void;
}

export interface PeriodicJob {
  /** Clears the timer and waits for a pass under way: nothing runs on after its service closed. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` in this process until stopped. The timer does not keep the
 * process alive; a failed pass is logged and the next one runs as planned.
 */
export function startPeriodicJob(
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
  logger?: Logger,
): PeriodicJob {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = pass().catch((error) => logger?.error({ err: error }, `${name} failed`));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
