import type { Consumer, Kafka } from 'kafkajs';
import type { StoredEvent } from '../eventstore/port';
import { createKafka, fromKafkaMessage } from './wire';

export interface KafkaEventContext {
  partition: number;
  offset: string;
}

export interface ConsumeEventsOptions {
  /** "host1:9092,host2:9092" (as in KAFKA_BROKERS) or a list. */
  brokers: string | readonly string[];
  topic: string;
  groupId: string;
  /** Stops consuming: the returned promise resolves once the consumer has left the group. */
  signal?: AbortSignal;
  /**
   * Called for each event, one at a time per partition: in order within a stream, not across
   * streams. Its offset is committed only after it returns, so a crash or a throw redelivers it.
   */
  onEvent(event: StoredEvent, context: KafkaEventContext): Promise<void> | void;
  clientId?: string;
  /** Where a new consumer group starts (default true: the whole topic). */
  fromBeginning?: boolean;
  /**
   * Skip an event whose stream this consumer already delivered at that revision or later: the
   * relay's republishing after a crash, or redelivery after a rebalance. Best effort (it remembers
   * the latest `rememberStreams` streams, in memory): handlers stay idempotent. Default true.
   */
  skipReplays?: boolean;
  rememberStreams?: number;
  /** Failures Kafka retries by itself (a handler throwing, a broker going away). */
  onError?: (error: unknown) => void;
  /** An existing client instead of one made from `brokers` (shared settings, tests). */
  kafka?: Pick<Kafka, 'consumer'>;
}

/**
 * Consumes the relay's topic for a consumer group, for projections that run off Kafka. Resolves
 * when `signal` aborts; rejects when the consumer crashes for good (kafkajs decided not to restart).
 */
export async function consumeEventsFromKafka(options: ConsumeEventsOptions): Promise<void> {
  const { topic, groupId, signal, onEvent } = options;
  if (signal?.aborted) return;
  const onError = options.onError ?? (() => {});
  const skipReplays = options.skipReplays ?? true;
  const rememberStreams = options.rememberStreams ?? 100_000;
  const kafka = options.kafka ?? createKafka(options.brokers, options.clientId ?? `events-${groupId}`);
  const consumer: Consumer = kafka.consumer({ groupId });
  const delivered = new Map<string, number>();

  function isReplay(event: StoredEvent): boolean {
    if (!skipReplays) return false;
    const last = delivered.get(event.stream);
    return last !== undefined && event.revision <= last;
  }

  function remember(event: StoredEvent): void {
    if (!skipReplays) return;
    // Re-inserting keeps the Map in least-recently-delivered order for eviction.
    delivered.delete(event.stream);
    delivered.set(event.stream, event.revision);
    if (delivered.size > rememberStreams) {
      const oldest = delivered.keys().next();
      if (!oldest.done) delivered.delete(oldest.value);
    }
  }

  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: options.fromBeginning ?? true });
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw error;
  }

  return new Promise<void>((resolve, reject) => {
    let finished = false;
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      consumer.disconnect().then(
        () => (error === undefined ? resolve() : reject(error)),
        (disconnectError: unknown) => reject(error ?? disconnectError),
      );
    };
    const onAbort = () => finish();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) return finish();

    consumer.on(consumer.events.CRASH, ({ payload }) => {
      onError(payload.error);
      if (!payload.restart) finish(payload.error);
    });

    consumer
      .run({
        autoCommit: true,
        eachBatchAutoResolve: false,
        eachBatch: async ({
          batch,
          resolveOffset,
          heartbeat,
          isRunning,
          isStale,
          commitOffsetsIfNecessary,
        }) => {
          for (const message of batch.messages) {
            if (!isRunning() || isStale()) break;
            const event = fromKafkaMessage(message);
            if (!isReplay(event)) {
              await onEvent(event, { partition: batch.partition, offset: message.offset });
              remember(event);
            }
            resolveOffset(message.offset);
            await heartbeat();
          }
          await commitOffsetsIfNecessary();
        },
      })
      .catch((error: unknown) => finish(error));
  });
}
