import type { z } from 'zod';

/** Metadata every event carries (docs/architecture.md "Event store"). */
export interface EventMetadata {
  actorId: number | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
}

/** An event as a decider sees it: a type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** The union of `{ type, data }` described by a map of event type → data schema. */
export type EventsOf<Schemas extends Record<string, z.ZodType>> = {
  [K in keyof Schemas & string]: DomainEvent<K, z.output<Schemas[K]>>;
}[keyof Schemas & string];
