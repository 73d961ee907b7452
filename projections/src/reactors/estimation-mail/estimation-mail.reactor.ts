import type { EstimationEvent } from '@interior/contracts';
import { formatWon } from '@interior/contracts';
import type { EventStore, PiiVault, StoredEvent } from '@interior/platform';
import { recipientOf } from '../mail/mail.reactor';
import type { Reactor } from '../reactor-runner';

type Mail = { userId: number; to: string; subject: string; text: string; html: string };
type Prepared = Mail[] | null;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The estimation's request and current assignees, from its own stream (no read model to wait for). */
async function partiesOf(store: EventStore, stream: string) {
  let requested: Extract<EstimationEvent, { type: 'EstimationRequested' }>['data'] | null = null;
  let managerId: number | null = null;
  let designerId: number | null = null;
  for (const event of (await store.readStream(stream)) as unknown as EstimationEvent[]) {
    if (event.type === 'EstimationRequested') requested = event.data;
    if (event.type === 'EstimationAssigned') ({ managerId, designerId } = event.data);
  }
  return requested ? { requested, managerId, designerId } : null;
}

/**
 * Mails about estimations (docs/estimations.md), written into `mail_outbox` once per event and
 * recipient: the requester when a quote is issued; the assigned manager and designer when it is
 * accepted or rejected. Addresses are opened with each person's key, so an erased person gets none.
 */
export function estimationMailReactor(deps: {
  store: EventStore;
  vault: PiiVault;
  publicUrl: string;
}): Reactor<Prepared> {
  const base = deps.publicUrl.replace(/\/$/, '');
  const mailTo = async (
    userId: number,
    subject: string,
    lines: string[],
    link: string,
  ): Promise<Mail | null> => {
    const person = await recipientOf(deps.store, deps.vault, `User-${userId}`);
    if (!person) return null;
    const greeting = person.name ? `${person.name}님, 안녕하세요.` : '안녕하세요.';
    return {
      userId,
      to: person.email,
      subject: `[인테리어 플랫폼] ${subject}`,
      text: [greeting, '', ...lines, '', `바로 가기: ${link}`].join('\n'),
      html:
        [greeting, ...lines].map((p) => `<p>${escapeHtml(p)}</p>`).join('\n') +
        `\n<p><a href="${escapeHtml(link)}">바로 가기</a></p>`,
    };
  };

  return {
    name: 'estimation-mail',
    handles: ['EstimationQuoted', 'EstimationAccepted', 'EstimationRejected'],
    async prepare(stored: StoredEvent): Promise<Prepared> {
      const parties = await partiesOf(deps.store, stored.stream);
      if (!parties) return null;
      const { requested } = parties;
      const event = stored as StoredEvent & EstimationEvent;
      const title = `"${requested.designName}" 견적 ${requested.estimateNumber}`;
      const mails: (Mail | null)[] = [];
      if (event.type === 'EstimationQuoted') {
        mails.push(
          await mailTo(
            requested.requesterId,
            '견적서가 발행되었습니다',
            [
              `${title}의 견적서(${event.data.revision}차)가 발행되었습니다.`,
              `합계 ${formatWon(event.data.totals.total)} (부가가치세 포함), ${event.data.validUntil.slice(0, 10)}까지 유효합니다.`,
              '견적서를 확인하고 수락하거나 거절해 주세요.',
            ],
            `${base}/dashboard/mydesign/${requested.designId}/estimates`,
          ),
        );
      } else if (event.type === 'EstimationAccepted' || event.type === 'EstimationRejected') {
        const accepted = event.type === 'EstimationAccepted';
        const lines = accepted
          ? [`${title}이(가) 수락되어 주문이 되었습니다.`, `주문번호: ${event.data.orderNumber}`]
          : [`${title}이(가) 거절되었습니다.`, `사유: ${event.data.reason}`];
        const assignees = [
          ...new Set([parties.managerId, parties.designerId].filter((u): u is number => u !== null)),
        ];
        for (const userId of assignees) {
          mails.push(
            await mailTo(
              userId,
              accepted ? '견적이 수락되었습니다' : '견적이 거절되었습니다',
              lines,
              `${base}/dashboard/my-estimation`,
            ),
          );
        }
      }
      const ready = mails.filter((m): m is Mail => m !== null);
      return ready.length ? ready : null;
    },
    async record(trx, stored, prepared) {
      if (!prepared) return;
      for (const { userId, ...mail } of prepared) {
        await trx('mail_outbox')
          .insert({ idempotencyKey: `${stored.id}:${userId}`, userId, ...mail })
          .onConflict('idempotencyKey')
          .ignore();
      }
    },
  };
}
