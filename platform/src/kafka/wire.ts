import { type IHeaders, Kafka, type KafkaMessage, logLevel, type Message } from 'kafkajs';
import type { StoredEvent } from '../eventstore/port';

/**
 * How events travel on the Kafka topic, shared by the relay (producer) and the source (consumer):
 * key = stream name (one partition per stream keeps its order), value = the StoredEvent as JSON,
 * headers `position`, `event-id`, `event-type` so tools can route or dedupe without parsing.
 */
export const POSITION_HEADER = 'position';
export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';

/** `KAFKA_BROKERS` style: "host1:9092,host2:9092", or a list. */
export function parseBrokers(brokers: string | readonly string[]): string[] {
  const list = (typeof brokers === 'string' ? brokers.split(',') : [...brokers])
    .map((b) => b.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('no Kafka brokers given');
  return list;
}

export function createKafka(brokers: string | readonly string[], clientId: string): Kafka {
  return new Kafka({ clientId, brokers: parseBrokers(brokers), logLevel: logLevel.WARN });
}

export function toKafkaMessage(event: StoredEvent): Message {
  const recordedAt = Date.parse(event.recordedAt);
  return {
    key: event.stream,
    value: JSON.stringify(event),
    headers: {
      [POSITION_HEADER]: event.position,
      [EVENT_ID_HEADER]: event.id,
      [EVENT_TYPE_HEADER]: event.type,
    },
    ...(Number.isNaN(recordedAt) ? {} : { timestamp: String(recordedAt) }),
  };
}

function header(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** Parses a message the relay wrote; throws on anything else rather than guess. */
export function fromKafkaMessage(message: KafkaMessage): StoredEvent {
  if (!message.value) throw new Error(`Kafka message at offset ${message.offset} has no value`);
  const event = JSON.parse(message.value.toString('utf8')) as Partial<StoredEvent> | null;
  const ok =
    event !== null &&
    typeof event === 'object' &&
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.stream === 'string' &&
    typeof event.revision === 'number' &&
    typeof event.position === 'string' &&
    typeof event.recordedAt === 'string' &&
    typeof event.metadata === 'object' &&
    event.metadata !== null;
  if (!ok) throw new Error(`Kafka message at offset ${message.offset} is not a stored event`);
  const position = header(message.headers, POSITION_HEADER);
  if (position !== undefined && position !== event.position) {
    throw new Error(`Kafka message at offset ${message.offset}: position header and body disagree`);
  }
  return event as StoredEvent;
}
