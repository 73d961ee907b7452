import { type Runtime, Signal } from '@interior/platform';
import type { Logger } from '../runner';
import { erasureReactor } from './erasure/erasure.reactor';
import { mailReactor } from './mail/mail.reactor';
import { MailOutboxSender } from './mail/outbox-sender';
import { ReactorRunner } from './reactor-runner';

export { erasureReactor } from './erasure/erasure.reactor';
export { MailOutboxSender } from './mail/outbox-sender';
export { type Reactor, ReactorRunner } from './reactor-runner';

/** Starts every reactor and the mail outbox sender of a process; stop them with the result. */
export async function startReactors(runtime: Runtime, logger?: Logger) {
  const recorded = new Signal();
  const reactors = new ReactorRunner({
    knex: runtime.db.knex,
    store: runtime.store,
    logger,
    recorded,
    reactors: [
      mailReactor({
        store: runtime.store,
        vault: runtime.vault,
        actionTokens: runtime.actionTokens,
        publicUrl: runtime.publicUrl,
      }),
      erasureReactor({ vault: runtime.vault }),
    ],
  });
  const sender = new MailOutboxSender({ knex: runtime.db.knex, transport: runtime.mail, logger, recorded });
  await reactors.start();
  sender.start();
  return {
    async stop() {
      await reactors.stop();
      await sender.stop();
    },
  };
}
