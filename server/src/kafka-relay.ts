/**
 * The Kafka relay (distributed stack): publishes the global event log to the topic
 * `interior.events`, keyed by stream, for consumers outside this system. Needs KAFKA_BROKERS.
 * Run with `node --import tsx server/src/kafka-relay.ts`.
 */
import { PostgresRelayCheckpoints, runService, startKafkaRelay } from '@interior/platform';

export const EVENTS_TOPIC = 'interior.events';

await runService('kafka-relay', async (runtime, app) => {
  if (runtime.config.kafkaBrokers.length === 0) throw new Error('KAFKA_BROKERS is not set');
  const relay = await startKafkaRelay({
    store: runtime.store,
    brokers: runtime.config.kafkaBrokers,
    topic: EVENTS_TOPIC,
    checkpoints: new PostgresRelayCheckpoints(runtime.db.knex, EVENTS_TOPIC),
    onError: (error) => app.log.error({ err: error }, 'kafka relay retrying'),
  });
  return { health: { published: () => relay.published }, close: () => relay.stop() };
});
