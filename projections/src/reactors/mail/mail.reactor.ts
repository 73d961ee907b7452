import type { UserEvent } from '@interior/contracts';
import type { ActionTokens, EventStore, PiiVault, StoredEvent } from '@interior/platform';
import type { Reactor } from '../reactor-runner';
import {
  type LinkMailKind,
  type MailContent,
  type NoticeMailKind,
  renderMail,
  renderNotice,
} from './templates';

/** Where each mailed link leads in the UI (the UI's public routes: a link must open without the dashboard). */
const pages: Record<LinkMailKind, string> = {
  'verify-email': '/email-verification',
  'reset-password': '/reset-password',
  invitation: '/reset-password',
  // The same page confirms a new address: it verifies that address just the same.
  'change-email': '/email-verification',
};

const causes: Record<string, LinkMailKind> = {
  EmailVerificationRequested: 'verify-email',
  PasswordResetRequested: 'reset-password',
  UserInvited: 'invitation',
  EmailChangeRequested: 'change-email',
};

const notices = ['PasswordChanged', 'EmailChanged'];

type Prepared = { mail: MailContent & { to: string } } | { erase: true } | null;

/**
 * Writes the mails events call for into `mail_outbox` (sent by MailOutboxSender). The link is
 * signed here from the grant in the event; the recipient's address is opened with their key, so
 * an erased person gets nothing, and their earlier mails are deleted with them, as are the mails
 * to others that name them (`mentions`).
 *
 * A link leads to PUBLIC_URL when it is set, else to the site the request came to (the event's
 * `origin`), else to `fallbackUrl` (events written before requests recorded their origin).
 */
export function mailReactor(deps: {
  store: EventStore;
  vault: PiiVault;
  actionTokens: ActionTokens;
  publicUrl: string | undefined;
  fallbackUrl: string;
}): Reactor<Prepared> {
  return {
    name: 'mail',
    handles: [...Object.keys(causes), ...notices, 'UserErased'],
    async prepare(stored: StoredEvent): Promise<Prepared> {
      if (stored.type === 'UserErased') return { erase: true };
      const event = stored as StoredEvent & UserEvent;
      const recipient = await recipientOf(deps.store, deps.vault, stored.stream);
      if (!recipient) return null;
      if (event.type === 'PasswordChanged') {
        // Setting the first password from an invitation is no change to warn of.
        if (event.data.reason === 'invitation') return null;
        return notice('password-changed', recipient.email, recipient.name);
      }
      if (event.type === 'EmailChanged') {
        // Told at the address it had: whoever did not ask for the change learns of it there.
        const previous = await deps.vault.open(stored.stream, event.data.previous);
        return previous ? notice('email-changed', previous, recipient.name) : null;
      }
      const kind = causes[stored.type]!;
      const grant = stored.data as { jti: string; expiresAt: string; origin?: string; email?: string };
      // A change of address mails the new address, which is not the account's until confirmed.
      const to = grant.email ? await deps.vault.open(stored.stream, grant.email) : recipient.email;
      if (!to) return null;
      const token = await deps.actionTokens.sign({
        purpose: kind,
        userId: Number(stored.stream.slice('User-'.length)),
        jti: grant.jti,
        expiresAt: new Date(grant.expiresAt),
      });
      const base = (deps.publicUrl ?? grant.origin ?? deps.fallbackUrl).replace(/\/$/, '');
      const link = `${base}${pages[kind]}?token=${encodeURIComponent(token)}`;
      return { mail: { to, ...renderMail(kind, recipient.name, link) } };
    },
    async record(trx, stored, prepared) {
      const userId = Number(stored.stream.slice('User-'.length));
      if (!prepared) return;
      if ('erase' in prepared) {
        await trx('mail_outbox')
          .where({ userId })
          .orWhereRaw('mentions @> array[?]::integer[]', [userId])
          .delete();
        return;
      }
      await trx('mail_outbox')
        .insert({ idempotencyKey: stored.id, userId, ...prepared.mail })
        .onConflict('idempotencyKey')
        .ignore();
    },
  };
}

const notice = (kind: NoticeMailKind, to: string, name: string | null): Prepared => ({
  mail: { to, ...renderNotice(kind, name) },
});

/** The user's current address and name, opened with their key (null once erased). */
export async function recipientOf(store: EventStore, vault: PiiVault, stream: string) {
  let sealedEmail: string | null = null;
  let sealedName: string | null = null;
  for (const event of (await store.readStream(stream)) as (StoredEvent & UserEvent)[]) {
    if (event.type === 'UserRegistered') {
      sealedEmail = event.data.email;
      sealedName = event.data.name;
    } else if (event.type === 'UserProfileUpdated') {
      sealedName = event.data.name;
    } else if (event.type === 'EmailChanged') {
      sealedEmail = event.data.email;
    } else if (event.type === 'UserErased') {
      return null;
    }
  }
  const email = sealedEmail ? await vault.open(stream, sealedEmail) : null;
  if (!email) return null;
  return { email, name: sealedName ? await vault.open(stream, sealedName) : null };
}
