/**
 * The levels of a browser's log event (`POST api/log`, ClientLogEventSchema). Apart from the
 * schema so that the UI's entry, which queues events from the first moment, does not bring zod with it.
 */
export const clientLogLevels = ['debug', 'info', 'warn', 'error'] as const;
