import { z } from 'zod';
import type { EventsOf } from './events';

/**
 * Events of social sign-in, apart from oauth.ts so that user.ts can list them among the user's
 * events without an import cycle.
 */
const Id = z.number().int().positive();
/** The SNS uid is required; it is personal data, so sealed (`pii:…`) in events and erased with the key. */
const SealedUid = z.string().startsWith('pii:');
const SnsTypeSchema = z.enum(['Kakao', 'Naver', 'Cafe24', 'Cafe24Admin']);

/**
 * On the user's stream. `reservation` is the keyed hash naming the `UserSns-…` stream that holds
 * the provider account for this user (no personal data), so unlinking can free it.
 */
export const SnsUserEventSchemas = {
  SnsAccountLinked: z.object({
    id: Id,
    type: SnsTypeSchema,
    uid: SealedUid,
    reservation: z.string(),
    /**
     * Set when an SNS sign-up gave an address the provider does not vouch for: the link signs no
     * one in until the mailed verification link proves the address, and it is dropped when someone
     * else proves it (a password recovery, or a sign-up that takes the address over).
     */
    unconfirmed: z.literal(true).optional(),
  }),
  SnsAccountUnlinked: z.object({ id: Id, type: SnsTypeSchema, reservation: z.string() }),
};
export type SnsUserEvent = EventsOf<typeof SnsUserEventSchemas>;

/** `UserSns-<keyed hash of type and uid>`: one provider account belongs to one user at a time. */
export const SnsReservationEventSchemas = {
  SnsAccountReserved: z.object({ userId: Id }),
  SnsAccountReleased: z.object({ userId: Id }),
};
export type SnsReservationEvent = EventsOf<typeof SnsReservationEventSchemas>;
