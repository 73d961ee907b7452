import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ExpiringCache } from './expiring-cache';
import { createLogger } from './http/logging';

/**
 * Crypto-shredding of personal data (docs/architecture.md "Personal data", PIPA). Personal fields are sealed
 * with AES-256-GCM under a key of their own person (the subject, e.g. `User-12`), bound to the
 * subject as associated data. Keys live in `pii_keys`, outside the event log.
 *
 * Erasing a person replaces the key with a tombstone (a zero-length key) instead of deleting the
 * row: every copy of the sealed fields (log, backups, rebuilt read models) stays unreadable, and no
 * later seal can quietly create a fresh key for the subject, which would leave the person's older
 * fields undecryptable next to readable new ones. Sealing for an erased subject throws
 * PersonalDataErasedError; opening a value of an erased subject gives null, never an error, so a
 * projection or reactor replaying the log is never stopped by it.
 *
 * Keys are cached briefly per process; erasure evicts the cache here, and every process evicts it
 * when its projections see the erasure event. A tombstone is cached too: erasure is final.
 */
const PREFIX = 'pii:v1:';
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_LIMIT = 10_000;
/** What an erased subject's key is replaced with. */
const TOMBSTONE = Buffer.alloc(0);

type Db = Knex | Knex.Transaction;

export interface PiiVaultLogger {
  warn(obj: object, msg?: string): void;
}

/** A seal asked for a subject whose personal data was erased: nothing may be sealed for them again. */
export class PersonalDataErasedError extends Error {
  constructor(readonly subject: string) {
    super(`the personal data of ${subject} was erased: its key is destroyed and no new one is made`);
    this.name = 'PersonalDataErasedError';
  }
}

type KeyState = Buffer | 'erased' | null;

export class PiiVault {
  private readonly cache = new ExpiringCache<string, Buffer | 'erased'>(CACHE_LIMIT);
  private readonly logger: PiiVaultLogger;

  constructor(
    private readonly knex: Knex,
    options: { logger?: PiiVaultLogger } = {},
  ) {
    this.logger = options.logger ?? createLogger('warn');
  }

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  /**
   * Seals a value for the subject. Only `createKey` (the registration of a new person) makes the
   * subject's key when there is none; any later seal needs the key to exist, since a subject with
   * sealed data and no key is one whose key was destroyed. Throws PersonalDataErasedError for an
   * erased subject.
   */
  async seal(
    subject: string,
    value: string,
    options: { db?: Db; createKey?: boolean } = {},
  ): Promise<string> {
    const db = options.db ?? this.knex;
    let key = await this.key(subject, db);
    if (key === null && options.createKey) key = await this.createKey(subject, db);
    // No key without createKey: the subject has sealed data (they were registered) and their key
    // is gone, which only an erasure does (a tombstone, or a row deleted before tombstones).
    if (key === 'erased' || key === null) throw new PersonalDataErasedError(subject);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(subject));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /**
   * The plain value, or null when it cannot be read: the subject was erased (their key destroyed),
   * or the value does not open with the subject's key (a damaged value, or one sealed under a key
   * that was destroyed and replaced before tombstones existed). The latter is logged as a warning:
   * unreadable personal data must not stop whoever reads the log.
   */
  async open(subject: string, sealed: string, db: Db = this.knex): Promise<string | null> {
    if (!PiiVault.isSealed(sealed)) throw new Error('not a sealed value');
    const key = await this.key(subject, db);
    if (key === null || key === 'erased') return null;
    try {
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(subject));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch (error) {
      this.logger.warn(
        { subject, err: error instanceof Error ? error.message : String(error) },
        'a sealed personal value could not be decrypted with its subject key; read as unreadable',
      );
      return null;
    }
  }

  /**
   * Destroys the subject's key for good: its sealed values can never be opened again, and no new key
   * is made for it. Idempotent (erasing twice, or a subject that never had a key, leaves the
   * tombstone).
   */
  async erase(subject: string, db: Db = this.knex): Promise<void> {
    await db.raw(
      'insert into pii_keys (subject, key) values (?, ?) on conflict (subject) do update set key = excluded.key',
      [subject, TOMBSTONE],
    );
    this.remember(subject, 'erased');
  }

  /** Drops a cached key (after another process erased the subject). */
  forget(subject: string): void {
    this.cache.delete(subject);
  }

  private async key(subject: string, db: Db): Promise<KeyState> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    const row = await db('pii_keys').where({ subject }).first('key');
    if (!row) {
      this.cache.delete(subject);
      return null;
    }
    const key = row.key as Buffer;
    const state = key.length === 0 ? 'erased' : key;
    this.remember(subject, state);
    return state;
  }

  private async createKey(subject: string, db: Db): Promise<KeyState> {
    // A tombstone already there wins: `do nothing` never revives an erased subject.
    await db.raw('insert into pii_keys (subject, key) values (?, ?) on conflict (subject) do nothing', [
      subject,
      randomBytes(32),
    ]);
    const key = await this.key(subject, db);
    if (!key) throw new Error(`key for ${subject} could not be stored`);
    return key;
  }

  private remember(subject: string, key: Buffer | 'erased') {
    this.cache.set(subject, key, key === 'erased' ? Number.POSITIVE_INFINITY : Date.now() + CACHE_TTL_MS);
  }
}

/**
 * Everything of a person kept outside the log that erasure removes (docs/architecture.md "Personal data"):
 * their photos and what their browser reported, then their key. Idempotent, so it can run again
 * after a crash, from the erasure reactor as well as from the command that erased the person.
 * (Their mail in the outbox is deleted by the mail reactor.)
 */
export async function erasePersonOutsideTheLog(
  db: Db,
  vault: PiiVault,
  person: { subject: string; userId: number },
): Promise<void> {
  await db('files').where({ ownerId: person.userId, purpose: 'profile' }).delete();
  await db('client_logs').where({ userId: person.userId }).delete();
  await vault.erase(person.subject, db);
}
