import { createHash } from 'node:crypto';
import {
  type Ace,
  aclStream,
  type DesignEvent,
  designReadModels,
  normalizeEmailAddress,
  permits,
  shareSubject,
  streamName,
  type UserEvent,
} from '@interior/contracts';
import type { EventStore, LookupKeys, NewEvent, PiiVault, StoredEvent } from '@interior/platform';
import { readModels, WrongExpectedRevisionError } from '@interior/platform';
import type { Knex } from 'knex';
import type { Reactor } from '../reactor-runner';

type Prepared = {
  mail: { to: string; subject: string; text: string; html: string; mentions: number[] };
  /** The account holding the address when the mail was written, if any. */
  recipientId: number | null;
} | null;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** An event id derived from its cause, so a retried reaction appends nothing twice. */
function derivedId(cause: string, part: string): string {
  const hex = createHash('sha256').update(cause).update('\0').update(part).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Sharing designs by e-mail (docs/domain.md "Designs"): mails the person a design was shared with, and
 * when an address that designs were shared with becomes an account's proven address (registered
 * active, or verified), attaches those shares: a `DesignShareAttached` on the design and the
 * person's grant in its ACL. Appends carry ids derived from the causing event, so a retry after
 * a crash writes nothing twice.
 */
export function designShareReactor(deps: {
  knex: Knex;
  store: EventStore;
  vault: PiiVault;
  lookupKeys: LookupKeys;
  publicUrl: string;
}): Reactor<Prepared> {
  const base = deps.publicUrl.replace(/\/$/, '');

  async function attach(stored: StoredEvent, userId: number): Promise<void> {
    const userStream = streamName('User', userId);
    // The address the account holds now: the one it registered with, or the last it changed to.
    let sealedEmail: string | null = null;
    for (const event of (await deps.store.readStream(userStream)) as (StoredEvent & UserEvent)[]) {
      if (event.type === 'UserRegistered' || event.type === 'EmailChanged') sealedEmail = event.data.email;
    }
    const email = sealedEmail ? await deps.vault.open(userStream, sealedEmail) : null;
    if (!email) return;
    const emailKey = deps.lookupKeys.hash('email', normalizeEmailAddress(email));
    const pending: { designId: number; permission: Ace['permission'] }[] = await deps
      .knex(designReadModels.pendingShares)
      .where({ emailKey })
      .select('designId', 'permission');
    for (const share of pending) {
      const meta = (part: string): Pick<NewEvent, 'id' | 'metadata'> => ({
        id: derivedId(stored.id, `${share.designId}-${part}`),
        metadata: {
          actorId: null,
          correlationId: stored.metadata.correlationId,
          causationId: stored.id,
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      });
      await deps.store.append(
        streamName('Design', share.designId),
        [
          {
            ...meta('attached'),
            type: 'DesignShareAttached',
            data: { emailKey, userId, permission: share.permission },
          },
        ],
        { expectedRevision: 'any' },
      );
      await appendGrant(deps.store, share.designId, userId, share.permission, meta('grant'));
    }
  }

  return {
    name: 'design-share',
    handles: ['DesignShared', 'UserRegistered', 'EmailVerified', 'SessionStarted'],
    async prepare(stored) {
      const userOf = () => Number(stored.stream.slice('User-'.length));
      if (stored.type === 'UserRegistered') {
        if ((stored.data as { status: string }).status === 'Active') await attach(stored, userOf());
        return null;
      }
      if (stored.type === 'EmailVerified') {
        await attach(stored, userOf());
        return null;
      }
      // An address that already has an account is attached the same way, when its holder next
      // signs in: so the sharer sees a pending share either way until the person shows up.
      if (stored.type === 'SessionStarted') {
        await attach(stored, (stored.data as { userId: number }).userId);
        return null;
      }
      const { data } = stored as StoredEvent & Extract<DesignEvent, { type: 'DesignShared' }>;
      const to = await deps.vault.open(shareSubject(data.emailKey), data.email);
      if (!to) return null;
      const designId = Number(stored.stream.slice('Design-'.length));
      const design = await deps.knex(designReadModels.designs).where({ id: designId }).first('name');
      const sharerId = stored.metadata.actorId;
      const sharer =
        sharerId === null ? null : await deps.knex(readModels.users).where({ id: sharerId }).first('name');
      const who = sharer?.name ? `${sharer.name}님이` : '인테리어 플랫폼 사용자가';
      const what = design?.name ? `디자인 "${design.name}"` : '디자인';
      const permission = data.permission === 'Write' ? '보고 고칠 수 있습니다' : '볼 수 있습니다';
      // The mail alone may tell whether the address has an account: only its holder reads it.
      const reservation = (await deps.store.readStream(`UserEmail-${data.emailKey}`)).at(-1);
      const holder =
        reservation?.type === 'EmailReserved' ? (reservation.data as { userId: number }).userId : null;
      // Kept with the mail, so that the recipient's erasure deletes it.
      const recipientId = data.userId ?? holder;
      const hasAccount = recipientId !== null;
      const link = hasAccount ? `${base}/login?nextPage=%2Fdashboard%2Fshared` : `${base}/signup`;
      const action = hasAccount
        ? '로그인하면 공유 디자인에서 확인할 수 있습니다'
        : '이 주소로 가입하면 공유받은 디자인을 바로 볼 수 있습니다';
      const intro = `${who} ${what}을(를) 공유했습니다. 이 디자인을 ${permission}.`;
      return {
        mail: {
          to,
          subject: '[인테리어 플랫폼] 디자인이 공유되었습니다',
          text: [intro, '', `${action}: ${link}`].join('\n'),
          html: [
            `<p>${escapeHtml(intro)}</p>`,
            `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
          ].join('\n'),
          // The sharer's name is in it: their erasure deletes it.
          mentions: sharerId !== null && sharer?.name ? [sharerId] : [],
        },
        recipientId,
      };
    },
    async record(trx, stored, prepared) {
      if (!prepared) return;
      await trx('mail_outbox')
        .insert({ idempotencyKey: stored.id, userId: prepared.recipientId, ...prepared.mail })
        .onConflict('idempotencyKey')
        .ignore();
    },
  };
}

/** Adds (or raises) the user's grant in the design's ACL, as the ACL commands record grants. */
async function appendGrant(
  store: EventStore,
  designId: number,
  userId: number,
  permission: Ace['permission'],
  meta: Pick<NewEvent, 'id' | 'metadata'>,
): Promise<void> {
  const stream = aclStream({ type: 'Design', id: designId });
  for (let attempt = 0; attempt < 5; attempt++) {
    const history = await store.readStream(stream);
    const last = history[history.length - 1];
    const all = (last?.data as { aces?: Ace[] } | undefined)?.aces ?? [];
    const isHis = (a: Ace) => a.identity.type === 'User' && a.identity.id === userId;
    // A share only ever raises: the owner's Admin, or a stronger grant, stays.
    const held = all.find(isHis)?.permission ?? null;
    if (held !== null && permits(held, permission)) return;
    const data = {
      type: 'Design',
      id: designId,
      aces: [...all.filter((a) => !isHis(a)), { identity: { type: 'User', id: userId }, permission }],
    };
    try {
      await store.append(stream, [{ ...meta, type: 'AclChanged', data }], {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
}
