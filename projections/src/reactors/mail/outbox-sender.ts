import type { MailTransport, Signal } from '@interior/platform';
import type { Knex } from 'knex';
import type { Logger } from '../../runner';

/**
 * Sends what the mail reactor wrote to `mail_outbox`. A row is claimed (`sending`) in a short
 * transaction, sent outside it, then marked `sent`; failures retry with growing pauses and give up
 * after MAX_ATTEMPTS. A claim left by a crashed process is taken again after CLAIM_TIMEOUT (so a
 * mail may, rarely, go out twice: SMTP has no idempotency key). Without SMTP_URL rows become
 * `local`: the dashboard's mailbox.
 */
const MAX_ATTEMPTS = 8;
const CLAIM_TIMEOUT_MS = 10 * 60_000;

interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

export class MailOutboxSender {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(
    private readonly options: {
      knex: Knex;
      transport: MailTransport;
      logger?: Logger;
      /** Wakes the sender when the reactor recorded mail (in process). */
      recorded?: Signal;
      pollIntervalMs?: number;
    },
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.options.recorded?.fire();
    await this.loop;
    this.options.transport.close();
  }

  /** Sends every row due now; returns how many were handled. */
  async sendDue(): Promise<number> {
    const { knex, transport } = this.options;
    const rows: OutboxRow[] = await knex.transaction(async (trx) => {
      const due = await trx('mail_outbox')
        .where((q) => q.where({ status: 'pending' }).andWhere('nextAttemptAt', '<=', trx.fn.now()))
        .orWhere((q) =>
          q
            .where({ status: 'sending' })
            .andWhere('nextAttemptAt', '<=', new Date(Date.now() - CLAIM_TIMEOUT_MS)),
        )
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked()
        .select('id', 'to', 'subject', 'text', 'html', 'attempts');
      if (due.length) {
        await trx('mail_outbox')
          .whereIn(
            'id',
            due.map((r) => r.id),
          )
          .update({ status: transport.kind === 'local' ? 'local' : 'sending', nextAttemptAt: trx.fn.now() });
      }
      return due;
    });
    if (transport.kind === 'local') return rows.length;
    for (const row of rows) {
      try {
        await transport.send(row);
        await knex('mail_outbox')
          .where({ id: row.id })
          .update({ status: 'sent', sentAt: knex.fn.now(), lastError: null });
      } catch (error) {
        const attempts = row.attempts + 1;
        this.options.logger?.warn({ err: error, mail: row.id, attempts }, 'mail not sent');
        await knex('mail_outbox')
          .where({ id: row.id })
          .update({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(Date.now() + 30_000 * 2 ** attempts),
          });
      }
    }
    return rows.length;
  }

  private async run(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const since = this.options.recorded?.version ?? 0;
      try {
        if ((await this.sendDue()) > 0) continue;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'mail outbox failed');
      }
      const pause = this.options.pollIntervalMs ?? 1_000;
      if (this.options.recorded) await this.options.recorded.wait(since, pause);
      else await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
