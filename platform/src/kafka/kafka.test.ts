import { randomUUID } from 'node:crypto';
import type {
  Consumer,
  EachBatchPayload,
  KafkaMessage,
  Message,
  Producer,
  ProducerConfig,
  ProducerRecord,
} from 'kafkajs';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type StoredEvent,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from '../eventstore/port';
import { type RelayCheckpointStore, startKafkaRelay } from './relay';
import { consumeEventsFromKafka } from './source';
import { createKafka, fromKafkaMessage, toKafkaMessage } from './wire';

/** A tiny in-memory EventStore: global order is append order, positions are zero-padded counters. */
class MemoryEventStore implements EventStore {
  readonly kind = 'memory';
  readonly log: StoredEvent[] = [];
  private readonly listeners = new Set<(position: Position) => void>();

  async append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }) {
    const current = this.log.filter((e) => e.stream === stream).length - 1;
    const expected = options.expectedRevision;
    if (expected !== 'any' && (expected === 'no_stream' ? current !== -1 : expected !== current)) {
      throw new WrongExpectedRevisionError(stream, expected, current === -1 ? 'no_stream' : current);
    }
    events.forEach((event, i) => {
      this.log.push({
        ...event,
        stream,
        revision: current + 1 + i,
        position: String(this.log.length + 1).padStart(12, '0'),
        recordedAt: new Date().toISOString(),
      });
    });
    const last = this.log[this.log.length - 1]!;
    for (const listener of this.listeners) listener(last.position);
    return { nextRevision: last.revision, position: last.position } satisfies AppendResult;
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}) {
    return this.log.filter((e) => e.stream === stream && e.revision >= (options.fromRevision ?? 0));
  }

  async readAll({ after, limit }: ReadAllOptions) {
    return this.log.slice(this.indexAfter(after), this.indexAfter(after) + limit);
  }

  async *subscribe({ after, signal }: SubscribeOptions): AsyncIterable<StoredEvent> {
    let next = this.indexAfter(after);
    while (!signal?.aborted) {
      const event = this.log[next];
      if (event) {
        next++;
        yield event;
        continue;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.listeners.delete(wake);
          signal?.removeEventListener('abort', wake);
          resolve();
        };
        this.listeners.add(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  }

  async headPosition() {
    return this.log[this.log.length - 1]?.position ?? null;
  }

  comparePositions(a: Position, b: Position) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  onAppended(listener: (position: Position) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close() {}

  private indexAfter(after: Position | null | undefined): number {
    return after ? Number(after) : 0;
  }
}

class MemoryCheckpoints implements RelayCheckpointStore {
  saved: Position[] = [];
  constructor(private current: Position | null = null) {}
  async load() {
    return this.current;
  }
  async save(position: Position) {
    this.saved.push(position);
    this.current = position;
  }
  /** What a crash between Kafka's ack and the save looks like: the last saves never happened. */
  rollBackTo(position: Position | null) {
    this.current = position;
  }
}

function event(i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'Counted',
    data: { i },
    metadata: {
      actorId: 1,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Appends `perStream` events to each of `streams`, interleaved across streams. */
async function appendInterleaved(store: EventStore, streams: readonly string[], perStream: number, from = 0) {
  for (let i = from; i < from + perStream; i++) {
    for (const stream of streams) {
      await store.append(stream, [event(i)], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    }
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A kafkajs stand-in that records what the relay sends; the first `failures` sends throw. */
function recordingKafka(failures = 0) {
  const sent: { record: ProducerRecord; savedBefore: number }[] = [];
  const configs: ProducerConfig[] = [];
  const checkpoints = new MemoryCheckpoints();
  let left = failures;
  const kafka = {
    producer(config?: ProducerConfig) {
      configs.push(config ?? {});
      return {
        connect: async () => {},
        disconnect: async () => {},
        send: async (record: ProducerRecord) => {
          if (left-- > 0) throw new Error('broker unavailable');
          sent.push({ record, savedBefore: checkpoints.saved.length });
          return [];
        },
      } as unknown as Producer;
    },
  };
  const messages = () => sent.flatMap((s) => s.record.messages);
  return { kafka, sent, configs, checkpoints, messages };
}

const asKafkaMessage = (message: Message, offset: number): KafkaMessage => ({
  key: Buffer.from(message.key as string),
  value: Buffer.from(message.value as string),
  headers: message.headers ?? {},
  timestamp: message.timestamp ?? '0',
  attributes: 0,
  offset: String(offset),
});

describe('Kafka relay (kafkajs stood in for)', () => {
  it('publishes the log in order with the idempotent producer, keyed by stream, saving after each ack', async () => {
    const store = new MemoryEventStore();
    const streams = ['Brand-1', 'Brand-2', 'User-7'];
    await appendInterleaved(store, streams, 10);
    const fake = recordingKafka(2);
    const errors: unknown[] = [];
    const relay = await startKafkaRelay({
      store,
      brokers: 'unused:9092',
      topic: 'events',
      checkpoints: fake.checkpoints,
      maxBatchSize: 7,
      kafka: fake.kafka,
      onError: (error) => errors.push(error),
    });
    await appendInterleaved(store, streams, 5, 10);
    await until(() => fake.messages().length >= store.log.length, 10_000, 'every event to be sent');
    await until(() => relay.published === store.log[store.log.length - 1]!.position, 5_000, 'the last ack');
    await relay.stop();

    expect(errors.length).toBe(2);
    // A fresh idempotent producer after each failed send.
    expect(fake.configs).toHaveLength(3);
    for (const config of fake.configs)
      expect(config).toMatchObject({ idempotent: true, maxInFlightRequests: 1 });
    for (const { record } of fake.sent) {
      expect(record).toMatchObject({ topic: 'events', acks: -1 });
      expect(record.messages.length).toBeLessThanOrEqual(7);
    }
    const messages = fake.messages();
    expect(messages.map((m) => m.key)).toEqual(store.log.map((e) => e.stream));
    expect(messages.map((m) => m.headers?.position)).toEqual(store.log.map((e) => e.position));
    expect(messages.map((m, i) => fromKafkaMessage(asKafkaMessage(m, i)))).toEqual(store.log);
    // Each save names the last event of a batch already acknowledged, never one still in flight.
    let acked = 0;
    fake.sent.forEach(({ record, savedBefore }, i) => {
      expect(savedBefore).toBe(i);
      acked += record.messages.length;
      expect(fake.checkpoints.saved[i]).toBe(store.log[acked - 1]!.position);
    });
  });

  it('starts after the saved checkpoint', async () => {
    const store = new MemoryEventStore();
    await appendInterleaved(store, ['Notice-1'], 10);
    const fake = recordingKafka();
    fake.checkpoints.rollBackTo(store.log[5]!.position);
    const relay = await startKafkaRelay({
      store,
      brokers: ['unused:9092'],
      topic: 'events',
      checkpoints: fake.checkpoints,
      kafka: fake.kafka,
    });
    await until(() => relay.published === store.log[9]!.position, 5_000, 'the relay to catch up');
    await relay.stop();
    expect(fake.messages().map((m) => m.headers?.position)).toEqual(
      store.log.slice(6).map((e) => e.position),
    );
  });
});

describe('Kafka source (kafkajs stood in for)', () => {
  it('delivers in order, skips what the relay republished, and resolves every offset', async () => {
    const store = new MemoryEventStore();
    await appendInterleaved(store, ['Design-1', 'Design-2'], 3);
    // The relay crashed before saving and sent the first three events again.
    const sent = [...store.log, ...store.log.slice(0, 3)].map(toKafkaMessage);
    const resolved: string[] = [];
    const delivered: StoredEvent[] = [];
    const controller = new AbortController();
    const consumer = {
      events: { CRASH: 'consumer.crash' },
      connect: async () => {},
      subscribe: async () => {},
      disconnect: async () => {},
      on: () => () => {},
      run: async (config: { eachBatch: (payload: EachBatchPayload) => Promise<void> }) => {
        await config.eachBatch({
          batch: { topic: 'events', partition: 0, messages: sent.map(asKafkaMessage) },
          resolveOffset: (offset: string) => resolved.push(offset),
          heartbeat: async () => {},
          isRunning: () => true,
          isStale: () => false,
          commitOffsetsIfNecessary: async () => {},
        } as unknown as EachBatchPayload);
        controller.abort();
      },
    };
    await consumeEventsFromKafka({
      brokers: 'unused:9092',
      topic: 'events',
      groupId: 'test',
      signal: controller.signal,
      kafka: { consumer: () => consumer as unknown as Consumer },
      onEvent: (e) => {
        delivered.push(e);
      },
    });
    expect(delivered).toEqual(store.log);
    expect(resolved).toEqual(sent.map((_, i) => String(i)));
  });
});

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) console.warn('Kafka integration test skipped: KAFKA_BROKERS is not set');
const describeIfKafka = brokers ? describe : describe.skip;

describeIfKafka('Kafka relay and source on a broker', () => {
  const topic = `events-test-${randomUUID()}`;
  const admin = brokers ? createKafka(brokers, 'events-test-admin').admin() : undefined;

  beforeAll(async () => {
    await admin!.connect();
    await admin!.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
  });
  afterAll(async () => {
    await admin!.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin!.disconnect();
  });

  it('delivers every event once, in per-stream order, across a relay crash that republishes', async () => {
    const store = new MemoryEventStore();
    const checkpoints = new MemoryCheckpoints();
    const streams = Array.from({ length: 6 }, (_, i) => `UserGroup-${i + 1}`);
    await appendInterleaved(store, streams, 10);

    const deliveries: StoredEvent[] = [];
    const controller = new AbortController();
    const consuming = consumeEventsFromKafka({
      brokers: brokers!,
      topic,
      groupId: `events-test-${randomUUID()}`,
      signal: controller.signal,
      onEvent: (e) => {
        deliveries.push(e);
      },
    });
    const received = () => new Set(deliveries.map((e) => e.id));

    let relay = await startKafkaRelay({ store, brokers: brokers!, topic, checkpoints, maxBatchSize: 16 });
    await appendInterleaved(store, streams, 10, 10);
    await until(() => received().size === store.log.length, 60_000, 'the first 120 events');

    // Crash: Kafka had acknowledged everything, but only the first checkpoint reached storage.
    await relay.stop();
    checkpoints.rollBackTo(checkpoints.saved[0] ?? null);
    relay = await startKafkaRelay({ store, brokers: brokers!, topic, checkpoints, maxBatchSize: 16 });
    await appendInterleaved(store, streams, 5, 20);
    await until(() => received().size === store.log.length, 60_000, 'the events after the crash');
    await relay.stop();
    controller.abort();
    await consuming;

    // Exactly once after dedupe by id, and each stream in revision order.
    const firstSeen = new Map<string, StoredEvent>();
    for (const e of deliveries) if (!firstSeen.has(e.id)) firstSeen.set(e.id, e);
    expect(new Set(firstSeen.keys())).toEqual(new Set(store.log.map((e) => e.id)));
    for (const stream of streams) {
      const revisions = [...firstSeen.values()].filter((e) => e.stream === stream).map((e) => e.revision);
      expect(revisions).toEqual([...Array(25).keys()]);
    }
    // The source already drops the republished copies.
    expect(deliveries).toHaveLength(store.log.length);
  }, 180_000);
});
