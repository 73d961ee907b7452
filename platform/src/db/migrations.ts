import type { Knex } from 'knex';
import { READ_MODEL_WRITER } from '../eventstore/postgres';
import { pgErrorCode, pgErrorCodes } from './database';

/**
 * The platform's own tables, as knex migrations kept in code (the event log, projection
 * checkpoints, generated secrets, personal-data keys). Read-model tables are not here: each
 * projection creates its own, per generation (projections/src/runner/generations.ts).
 */
interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
}

const migrations: Migration[] = [
  {
    name: '001_event_store',
    async up(knex) {
      // transaction_id + position is the global order; see docs/architecture.md "Event store" for why a
      // bigserial alone is not safe to read "after N" under concurrent writers.
      await knex.raw(`
        create table events (
          position bigserial primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          id uuid not null constraint events_id_unique unique,
          stream text not null,
          revision bigint not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          recorded_at timestamptz not null default now(),
          constraint events_stream_revision_unique unique (stream, revision)
        )`);
      await knex.raw('create index events_global_order on events (transaction_id, position)');
    },
  },
  {
    name: '002_projection_generations',
    async up(knex) {
      await knex.raw(`
        create table projection_generations (
          name text not null,
          generation integer not null,
          version integer not null,
          status text not null check (status in ('building', 'active', 'retired')),
          handles text[] not null,
          checkpoint text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          primary key (name, generation)
        )`);
      await knex.raw(
        `create unique index projection_generations_one_active on projection_generations (name) where status = 'active'`,
      );
    },
  },
  {
    name: '003_platform_secrets',
    async up(knex) {
      await knex.raw(`
        create table platform_secrets (
          name text primary key,
          value bytea not null,
          created_at timestamptz not null default now()
        )`);
    },
  },
  {
    name: '004_pii_keys',
    async up(knex) {
      // One key per person; erasing a person deletes the row (docs/architecture.md "Personal data").
      await knex.raw(`
        create table pii_keys (
          subject text primary key,
          key bytea not null,
          created_at timestamptz not null default now()
        )`);
    },
  },
  {
    name: '005_trigram_search',
    async up(knex) {
      // Optional: trigram indexes make `q` searches fast. Creating an extension needs rights a
      // managed database may not give; without it searches still work, by scanning.
      await knex.raw(`
        do $$ begin
          create extension if not exists pg_trgm;
        exception when others then
          raise notice 'pg_trgm unavailable: %', sqlerrm;
        end $$`);
    },
  },
  {
    name: '006_relay_checkpoints',
    async up(knex) {
      await knex.raw(`
        create table relay_checkpoints (
          name text primary key,
          position text not null,
          updated_at timestamptz not null default now()
        )`);
    },
  },
  {
    name: '007_mail_outbox',
    async up(knex) {
      // Mail the reactors decided to send: written once per causing event (idempotency key), then
      // sent by the outbox sender. Without SMTP_URL the messages stay here as the local mailbox.
      await knex.raw(`
        create table mail_outbox (
          id bigserial primary key,
          "idempotencyKey" text not null unique,
          "userId" integer,
          "to" text not null,
          subject text not null,
          text text not null,
          html text,
          status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'local')),
          attempts integer not null default 0,
          "nextAttemptAt" timestamptz not null default now(),
          "lastError" text,
          "createdAt" timestamptz not null default now(),
          "sentAt" timestamptz
        )`);
      await knex.raw('create index mail_outbox_pending on mail_outbox (status, "nextAttemptAt")');
      await knex.raw('create index mail_outbox_user on mail_outbox ("userId")');
      await knex.raw(`
        create table reactor_checkpoints (
          name text primary key,
          checkpoint text,
          updated_at timestamptz not null default now()
        )`);
    },
  },
  {
    name: '008_files_and_client_logs',
    async up(knex) {
      // Uploaded files (profile images): events refer to them by id and name.
      await knex.raw(`
        create table files (
          id integer primary key,
          "ownerId" integer not null,
          name text not null,
          "contentType" text not null,
          size integer not null,
          sha256 text not null,
          data bytea not null,
          "createdAt" timestamptz not null default now()
        )`);
      await knex.raw('create index files_owner on files ("ownerId")');
      // What browsers report about themselves (the client log): operational data, not domain
      // state, so it is kept as rows rather than events.
      await knex.raw(`
        create table client_logs (
          id bigserial primary key,
          "userId" integer,
          level text not null,
          type text not null,
          message text not null,
          path text,
          data jsonb,
          "occurredAt" timestamptz not null,
          "receivedAt" timestamptz not null default now(),
          "userAgent" text
        )`);
      await knex.raw('create index client_logs_received on client_logs ("receivedAt")');
      await knex.raw('create index client_logs_user on client_logs ("userId")');
    },
  },
  {
    name: '009_read_model_counts',
    async up(knex) {
      // Rows of a read-model table, kept by its projection in the same transaction as the rows
      // (projections/src/row-batch.ts), so a list's exact total needs no count(*) of the table.
      await knex.raw(`
        create table read_model_counts (
          physical text primary key,
          rows bigint not null
        )`);
    },
  },
  {
    name: '010_projection_generations_indexed',
    async up(knex) {
      // A rebuild builds its search indexes once it has caught up (projections/src/runner/finish.ts).
      await knex.raw('alter table projection_generations add column indexed boolean not null default true');
    },
  },
  {
    name: '011_payments_sandbox',
    async up(knex) {
      // The embedded test payment provider's own books (command-service/src/billing/sandbox.ts):
      // card registrations (the last four digits only, never a card number), billing keys and
      // charges, one per order id whatever the retries.
      await knex.raw(`
        create table sandbox_billing (
          "billingKey" text primary key,
          "authKey" text not null unique,
          "customerKey" text not null,
          last4 text not null,
          behaviour text not null,
          issued boolean not null default false,
          "createdAt" timestamptz not null default now()
        )`);
      await knex.raw(`
        create table sandbox_payments (
          "paymentKey" text primary key,
          "orderId" text not null unique,
          "billingKey" text not null,
          amount integer not null,
          "cancelledAmount" integer not null default 0,
          status text not null,
          "approvedAt" timestamptz not null default now(),
          cancels jsonb not null default '[]'
        )`);
    },
  },
  {
    name: '012_record_files',
    async up(knex) {
      // Files of catalogue records (logos, textures, .glb models, attachments) beside profile
      // photos: only `profile` files are personal data erased with their owner, and only
      // `record` files are served by name at /api/file.
      await knex.raw(`alter table files add column purpose text not null default 'profile'`);
      await knex.raw(`alter table files add column "originalName" text`);
      await knex.raw('create index files_name on files (name)');
    },
  },
  {
    name: '013_daily_numbers',
    async up(knex) {
      // Numbers people read (EST-20261124-0001, ORD-…): a counter per prefix and Korean day,
      // advanced atomically, so two requests at once never get the same number.
      await knex.raw(`
        create table daily_numbers (
          prefix text not null,
          day date not null,
          last integer not null,
          primary key (prefix, day)
        )`);
    },
  },
  {
    name: '014_read_model_rows',
    async up(knex) {
      // The kept row count of the table behind a read model's view (simple-rest.ts countedRows).
      // A PL/pgSQL function plans its lookup in the catalogs once per connection: inlined in each
      // list statement, that lookup cost more to plan than the page cost to read.
      await knex.raw(`
        create function read_model_rows(view_name text) returns bigint
        language plpgsql stable as $$
        begin
          return (
            select c.rows from read_model_counts c
            where c.physical = (
              select d.refobjid::regclass::text from pg_rewrite r
              join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
              where r.ev_class = to_regclass(view_name) and d.refclassid = 'pg_class'::regclass
                and d.refobjid <> r.ev_class and d.deptype = 'n'
              limit 1));
        end
        $$`);
    },
  },
  {
    name: '015_stream_snapshots',
    async up(knex) {
      // States of long streams folded so far (command-service/src/snapshots.ts), per kind of fold:
      // a process that starts reads a stream from its snapshot on. `json`, not jsonb: the state
      // comes back exactly as it was written (jsonb would reorder its keys).
      await knex.raw(`
        create table stream_snapshots (
          stream text not null,
          kind text not null,
          revision bigint not null,
          state json not null,
          taken_at timestamptz not null default now(),
          primary key (stream, kind)
        )`);
    },
  },
  {
    name: '016_events_refuse_read_model_writers',
    async up(knex) {
      // Readers do not wait for a read-model writer's transaction (eventstore/postgres.ts
      // READ_MODEL_WRITER): one that appended could have its events skipped. Once per statement.
      await knex.raw(`
        create function events_refuse_read_model_writers() returns trigger
        language plpgsql as $$
        begin
          if current_setting('application_name') = '${READ_MODEL_WRITER}' then
            raise exception 'a read-model writer cannot append to the log';
          end if;
          return null;
        end $$`);
      await knex.raw(`
        create trigger events_refuse_read_model_writers before insert on events
        for each statement execute function events_refuse_read_model_writers()`);
    },
  },
  {
    name: '017_event_log_horizon_functions',
    async up(knex) {
      // The read horizon and the guard of an append applied without reading it back
      // (eventstore/postgres.ts VISIBLE_BELOW, HOLDS_ONLY_SQL) as functions, so that a statement
      // using them is planned in microseconds: inline, the pg_stat_activity view and the count over
      // the log were planned again at every execution of a prepared statement whenever PostgreSQL
      // judged its custom plan cheaper than the generic one (a log of a million events, or
      // statistics out of date), about half a millisecond each time. plpgsql keeps each
      // function's plan for the session. Stable: they run in the calling statement's snapshot.
      await knex.raw(`
        create function event_log_visible_below() returns xid8
        language plpgsql stable as $$
        begin
          return least(
            pg_snapshot_xmax(pg_current_snapshot()),
            (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
             where not exists (
               select 1 from pg_stat_activity a
               where a.backend_xid = xid(x)
                 and (a.datname <> current_database() or a.application_name = '${READ_MODEL_WRITER}'))));
        end $$`);
      // The generic plan (an index-only scan of events_global_order) is the right one for every
      // value, so it is forced instead of being weighed against a fresh plan at every call.
      await knex.raw(`
        create function event_log_holds_only(last_tx xid8, after_tx xid8, after_pos bigint, k integer)
        returns boolean
        language plpgsql stable
        set plan_cache_mode = force_generic_plan as $$
        declare
          below xid8 := event_log_visible_below();
        begin
          return last_tx < below
            and (select count(*) from (select 1 from events
              where (transaction_id, position) > (after_tx, after_pos) and transaction_id < below
              order by transaction_id, position limit k + 1) as visible) = k;
        end $$`);
    },
  },
  {
    name: '026_mail_outbox_mentions',
    async up(knex) {
      // The people a mail names besides its recipient (a sharer): erasing one of them deletes
      // the mail with their name, as erasing the recipient deletes theirs.
      await knex.raw(`alter table mail_outbox add column "mentions" integer[] not null default '{}'`);
      await knex.raw('create index mail_outbox_mentions on mail_outbox using gin ("mentions")');
    },
  },
  {
    name: '020_estimation_assignment_grants',
    async up(knex) {
      // Which design grants an estimation's assignment gave (the person held none before), so
      // they are taken back when no open estimation of the design assigns that person any more,
      // and a grant the owner gave (a share) never is.
      await knex.raw(`
        create table estimation_assignment_grants (
          "designId" integer not null,
          "userId" integer not null,
          primary key ("designId", "userId")
        )`);
    },
  },
  {
    name: '021_payment_refund_attempts',
    async up(knex) {
      // One refund number of a payment is one refund at the provider: the number is taken here
      // before the provider is asked, so two refunds at the same moment cannot both use it.
      await knex.raw(`
        create table payment_refund_attempts (
          "paymentId" integer not null,
          "refundNo" integer not null,
          amount bigint not null,
          "idempotencyKey" text not null,
          primary key ("paymentId", "refundNo")
        )`);
    },
  },
];

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => ({ up: (knex: Knex) => m.up(knex), down: async () => {} }),
};

/**
 * Safe to call from every process at start. Knex serializes migrations with its lock table but
 * throws instead of waiting when another process holds it, and two first starts race to create
 * that table: both cases are retried until the other process is done.
 */
export async function migratePlatform(knex: Knex): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await knex.migrate.latest({ migrationSource: source, tableName: 'platform_migrations' });
      return;
    } catch (error) {
      const busy =
        (error instanceof Error && error.name === 'MigrationLocked') ||
        pgErrorCode(error) === pgErrorCodes.uniqueViolation ||
        /already exists/.test(String(error));
      if (!busy || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
    }
  }
}
