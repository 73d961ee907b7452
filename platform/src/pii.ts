import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Crypto-shredding of personal data (DESIGN.md "Personal data", PIPA). Personal fields are sealed
 * with AES-256-GCM under a key of their own person (the subject, e.g. `User-12`), bound to the
 * subject as associated data. Keys live in `pii_keys`, outside the event log; erasing a person
 * deletes the key, after which every copy of the sealed fields (log, backups, rebuilt read models)
 * stays unreadable. Keys are cached briefly per process; erasure evicts the cache here, and every
 * process evicts it when its projections see the erasure event.
 */
const PREFIX = 'pii:v1:';
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_LIMIT = 10_000;

type Db = Knex | Knex.Transaction;

export class PiiVault {
  private readonly cache = new Map<string, { key: Buffer; until: number }>();

  constructor(private readonly knex: Knex) {}

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  /** Seals a value for the subject, creating the subject's key on first use. */
  async seal(subject: string, value: string, db: Db = this.knex): Promise<string> {
    const key = (await this.key(subject, db)) ?? (await this.createKey(subject, db));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(subject));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain value, or null once the subject has been erased. */
  async open(subject: string, sealed: string, db: Db = this.knex): Promise<string | null> {
    if (!PiiVault.isSealed(sealed)) throw new Error('not a sealed value');
    const key = await this.key(subject, db);
    if (!key) return null;
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Destroys the subject's key: its sealed values can never be opened again. */
  async erase(subject: string, db: Db = this.knex): Promise<void> {
    await db('pii_keys').where({ subject }).delete();
    this.forget(subject);
  }

  /** Drops a cached key (after another process erased the subject). */
  forget(subject: string): void {
    this.cache.delete(subject);
  }

  private async key(subject: string, db: Db): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached && cached.until > Date.now()) return cached.key;
    const row = await db('pii_keys').where({ subject }).first('key');
    if (!row) {
      this.cache.delete(subject);
      return null;
    }
    this.remember(subject, row.key as Buffer);
    return row.key as Buffer;
  }

  private async createKey(subject: string, db: Db): Promise<Buffer> {
    await db.raw('insert into pii_keys (subject, key) values (?, ?) on conflict (subject) do nothing', [
      subject,
      randomBytes(32),
    ]);
    const key = await this.key(subject, db);
    if (!key) throw new Error(`key for ${subject} could not be stored`);
    return key;
  }

  private remember(subject: string, key: Buffer) {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(subject, { key, until: Date.now() + CACHE_TTL_MS });
  }
}
