import { type Kafka, type Message, Partitioners, type Producer, type ProducerConfig } from 'kafkajs';
import type { EventStore, Position, StoredEvent } from '../eventstore/port';
import { createKafka, toKafkaMessage } from './wire';

/**
 * Where the relay keeps the position of the last event Kafka acknowledged. Saved only after the
 * acknowledgement, so a crash at any point republishes (at-least-once) and never skips an event.
 */
export interface RelayCheckpointStore {
  load(): Promise<Position | null>;
  save(position: Position): Promise<void>;
}

export interface KafkaRelayOptions {
  store: EventStore;
  /** "host1:9092,host2:9092" (as in KAFKA_BROKERS) or a list. */
  brokers: string | readonly string[];
  topic: string;
  checkpoints: RelayCheckpointStore;
  clientId?: string;
  /** Events per produce request (default 500). */
  maxBatchSize?: number;
  /** Bytes of message values per produce request (default 512 KiB, under the broker's 1 MiB default). */
  maxBatchBytes?: number;
  /** How long a partial batch waits for more events before it is sent (default 10 ms). */
  lingerMs?: number;
  /** Stops the relay like `stop()`. */
  signal?: AbortSignal;
  /** Failures the relay retries by itself (Kafka down, store down, checkpoint save failed). */
  onError?: (error: unknown) => void;
  /** An existing client instead of one made from `brokers` (shared settings, tests). */
  kafka?: Pick<Kafka, 'producer'>;
}

export interface KafkaRelay {
  /** Position of the last event Kafka acknowledged, or the loaded checkpoint before any. */
  readonly published: Position | null;
  /** Settles once the relay has stopped and disconnected. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

const PRODUCER: ProducerConfig = {
  // Idempotent with one request in flight: broker-side retries can neither duplicate nor reorder.
  idempotent: true,
  maxInFlightRequests: 1,
  // The Java client's murmur2 partitioner, so other clients put a stream on the same partition.
  createPartitioner: Partitioners.DefaultPartitioner,
};

const LINGER = Symbol('linger');

class Stopped extends Error {}

/**
 * Publishes the store's global log to a Kafka topic, in order, keyed by stream. Starts after the
 * saved checkpoint; the returned relay runs until stopped, retrying Kafka and store failures.
 */
export async function startKafkaRelay(options: KafkaRelayOptions): Promise<KafkaRelay> {
  const { store, topic, checkpoints } = options;
  const maxBatchSize = options.maxBatchSize ?? 500;
  const maxBatchBytes = options.maxBatchBytes ?? 512 * 1024;
  const lingerMs = options.lingerMs ?? 10;
  const onError = options.onError ?? (() => {});
  const kafka = options.kafka ?? createKafka(options.brokers, options.clientId ?? 'event-relay');

  const stopping = new AbortController();
  const stopSignal = stopping.signal;
  const stopOnSignal = () => stopping.abort();
  options.signal?.addEventListener('abort', stopOnSignal, { once: true });

  let producer: Producer = kafka.producer(PRODUCER);
  await producer.connect();
  let published: Position | null;
  try {
    published = await checkpoints.load();
  } catch (error) {
    await producer.disconnect();
    throw error;
  }

  async function send(messages: Message[]): Promise<void> {
    for (let failures = 0; ; ) {
      if (stopSignal.aborted) throw new Stopped();
      try {
        await producer.send({ topic, messages, acks: -1 });
        return;
      } catch (error) {
        if (stopSignal.aborted) throw new Stopped();
        onError(error);
        failures++;
        await sleep(backoff(failures), stopSignal);
        // A fresh producer id: an idempotent producer whose sequence broke keeps failing otherwise.
        await producer.disconnect().catch(() => {});
        producer = kafka.producer(PRODUCER);
        await producer.connect().catch(onError);
      }
    }
  }

  async function flush(batch: StoredEvent[], messages: Message[]): Promise<void> {
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!.position;
    await send(messages.slice());
    batch.length = 0;
    messages.length = 0;
    published = last;
    try {
      await checkpoints.save(last);
    } catch (error) {
      // Not fatal: the next save covers it, and a restart before then only republishes.
      onError(error);
    }
  }

  /** One subscription from `published`, until stopped or it fails. */
  async function pump(): Promise<void> {
    const run = new AbortController();
    const stopRun = () => run.abort();
    stopSignal.addEventListener('abort', stopRun, { once: true });
    const iterator = store
      .subscribe({ after: published, signal: run.signal, batchSize: maxBatchSize })
      [Symbol.asyncIterator]();
    const batch: StoredEvent[] = [];
    const messages: Message[] = [];
    let bytes = 0;
    // Read ahead while a batch is sent; the no-op catch keeps a failure for the await, not the process.
    const pull = () => {
      const promise = iterator.next();
      promise.catch(() => {});
      return promise;
    };
    let next = pull();
    try {
      for (;;) {
        const result = batch.length === 0 ? await next : await raceLinger(next, lingerMs);
        if (result === LINGER) {
          await flush(batch, messages);
          bytes = 0;
          continue;
        }
        if (result.done) break;
        next = pull();
        const message = toKafkaMessage(result.value);
        const size = Buffer.byteLength(message.value as string);
        if (batch.length > 0 && bytes + size > maxBatchBytes) {
          await flush(batch, messages);
          bytes = 0;
        }
        batch.push(result.value);
        messages.push(message);
        bytes += size;
        if (batch.length >= maxBatchSize) {
          await flush(batch, messages);
          bytes = 0;
        }
      }
      // Stopping drops the unsent rest: it was not saved, so the next start publishes it.
      if (!stopSignal.aborted) await flush(batch, messages);
    } finally {
      stopSignal.removeEventListener('abort', stopRun);
      run.abort();
      await iterator.return?.().catch(() => {});
    }
  }

  const done = (async () => {
    try {
      for (let failures = 0; !stopSignal.aborted; ) {
        const before = published;
        try {
          await pump();
          if (stopSignal.aborted) break;
          onError(new Error('the event store subscription ended'));
        } catch (error) {
          if (stopSignal.aborted || error instanceof Stopped) break;
          onError(error);
        }
        failures = published === before ? failures + 1 : 1;
        await sleep(backoff(failures), stopSignal);
      }
    } finally {
      options.signal?.removeEventListener('abort', stopOnSignal);
      await producer.disconnect().catch(onError);
    }
  })();

  return {
    get published() {
      return published;
    },
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

function backoff(failures: number): number {
  return Math.min(100 * 2 ** failures, 10_000);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

async function raceLinger<T>(next: Promise<T>, ms: number): Promise<T | typeof LINGER> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      next,
      new Promise<typeof LINGER>((resolve) => (timer = setTimeout(resolve, ms, LINGER))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
