import { type Runtime, Signal } from '@interior/platform';
import type { Logger } from '../runner';
import { subscriptionMailReactor } from '../subscriptions/subscription-mail.reactor';
import { designShareReactor } from './design-share/design-share.reactor';
import { erasureReactor } from './erasure/erasure.reactor';
import { estimationMailReactor } from './estimation-mail/estimation-mail.reactor';
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
        publicUrl: runtime.config.publicUrl,
        fallbackUrl: runtime.publicUrl,
      }),
      erasureReactor({ vault: runtime.vault }),
      subscriptionMailReactor({ store: runtime.store, vault: runtime.vault, publicUrl: runtime.publicUrl }),
      estimationMailReactor({ store: runtime.store, vault: runtime.vault, publicUrl: runtime.publicUrl }),
      designShareReactor({
        knex: runtime.db.knex,
        store: runtime.store,
        vault: runtime.vault,
        lookupKeys: runtime.lookupKeys,
        publicUrl: runtime.publicUrl,
      }),
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
