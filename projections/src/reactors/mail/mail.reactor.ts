import type { UserEvent } from '@interior/contracts';
import type { ActionPurpose, ActionTokens, EventStore, PiiVault, StoredEvent } from '@interior/platform';
import type { Reactor } from '../reactor-runner';
import { type MailContent, type MailKind, renderMail } from './templates';

/** Where each mailed link leads in the UI (SPEC §2 public routes). */
const pages: Record<MailKind, string> = {
  'verify-email': '/email-verification',
  'reset-password': '/reset-password',
  invitation: '/reset-password',
};

const causes: Record<string, MailKind> = {
  EmailVerificationRequested: 'verify-email',
  PasswordResetRequested: 'reset-password',
  UserInvited: 'invitation',
};

type Prepared = { mail: MailContent & { to: string } } | { erase: true } | null;

/**
 * Writes the mails events call for into `mail_outbox` (sent by MailOutboxSender). The link is
 * signed here from the grant in the event; the recipient's address is opened with their key, so
 * an erased person gets nothing, and their earlier mails are deleted with them.
 */
export function mailReactor(deps: {
  store: EventStore;
  vault: PiiVault;
  actionTokens: ActionTokens;
  publicUrl: string;
}): Reactor<Prepared> {
  return {
    name: 'mail',
    handles: [...Object.keys(causes), 'UserErased'],
    async prepare(stored: StoredEvent): Promise<Prepared> {
      if (stored.type === 'UserErased') return { erase: true };
      const kind = causes[stored.type]!;
      const grant = stored.data as { jti: string; expiresAt: string };
      const userId = Number(stored.stream.slice('User-'.length));
      const recipient = await recipientOf(deps.store, deps.vault, stored.stream);
      if (!recipient) return null;
      const token = await deps.actionTokens.sign({
        purpose: kind satisfies ActionPurpose,
        userId,
        jti: grant.jti,
        expiresAt: new Date(grant.expiresAt),
      });
      const link = `${deps.publicUrl.replace(/\/$/, '')}${pages[kind]}?token=${encodeURIComponent(token)}`;
      return { mail: { to: recipient.email, ...renderMail(kind, recipient.name, link) } };
    },
    async record(trx, stored, prepared) {
      const userId = Number(stored.stream.slice('User-'.length));
      if (!prepared) return;
      if ('erase' in prepared) {
        await trx('mail_outbox').where({ userId }).delete();
        return;
      }
      await trx('mail_outbox')
        .insert({ idempotencyKey: stored.id, userId, ...prepared.mail })
        .onConflict('idempotencyKey')
        .ignore();
    },
  };
}

/** The user's current address and name, opened with their key (null once erased). */
async function recipientOf(store: EventStore, vault: PiiVault, stream: string) {
  let sealedEmail: string | null = null;
  let sealedName: string | null = null;
  for (const event of (await store.readStream(stream)) as (StoredEvent & UserEvent)[]) {
    if (event.type === 'UserRegistered') {
      sealedEmail = event.data.email;
      sealedName = event.data.name;
    } else if (event.type === 'UserProfileUpdated') {
      sealedName = event.data.name;
    } else if (event.type === 'UserErased') {
      return null;
    }
  }
  const email = sealedEmail ? await vault.open(stream, sealedEmail) : null;
  if (!email) return null;
  return { email, name: sealedName ? await vault.open(stream, sealedName) : null };
}
