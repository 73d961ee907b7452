import type { EstimationEvent } from '@interior/contracts';
import { formatWon } from '@interior/contracts';
import type { EventStore, PiiVault, StoredEvent } from '@interior/platform';
import { recipientOf } from '../mail/mail.reactor';
import type { Reactor } from '../reactor-runner';

type Mail = { userId: number; to: string; subject: string; text: string; html: string; key?: string };
type Prepared = Mail[] | null;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The estimation's request and its assignees just before the event (so an assignment is compared
 * with the one it replaces), from its own stream: no read model to wait for.
 */
async function partiesOf(store: EventStore, stored: StoredEvent) {
  let requested: Extract<EstimationEvent, { type: 'EstimationRequested' }>['data'] | null = null;
  let managerId: number | null = null;
  let designerId: number | null = null;
  for (const event of await store.readStream(stored.stream)) {
    if (event.revision >= stored.revision) break;
    const known = event as unknown as EstimationEvent;
    if (known.type === 'EstimationRequested') requested = known.data;
    if (known.type === 'EstimationAssigned') ({ managerId, designerId } = known.data);
  }
  return requested ? { requested, managerId, designerId } : null;
}

/**
 * Mails about estimations (docs/estimations.md), written into `mail_outbox` once per event and
 * recipient: a manager or designer when newly assigned; the requester when a quote is issued and
 * when the order is made; the assigned manager and designer when it is accepted or rejected. Addresses are opened with each person's key, so an erased person gets none.
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
    handles: ['EstimationAssigned', 'EstimationQuoted', 'EstimationAccepted', 'EstimationRejected'],
    async prepare(stored: StoredEvent): Promise<Prepared> {
      const parties = await partiesOf(deps.store, stored);
      if (!parties) return null;
      const { requested } = parties;
      const event = stored as StoredEvent & EstimationEvent;
      const title = `"${requested.designName}" 견적 ${requested.estimateNumber}`;
      const mails: (Mail | null)[] = [];
      const staffLink = (id: number) => `${base}/dashboard/estimation/${id}`;
      if (event.type === 'EstimationAssigned') {
        // Only who is new to it: an unchanged manager is not told again when a designer is added.
        const roles = [
          [event.data.managerId, parties.managerId, '담당 매니저'],
          [event.data.designerId, parties.designerId, '담당 디자이너'],
        ] as const;
        for (const [now, before, role] of roles) {
          if (now === null || now === before) continue;
          mails.push(
            await mailTo(
              now,
              `${role}로 배정되었습니다`,
              [
                `${title}의 ${role}로 배정되었습니다.`,
                ...(requested.note ? [`요청 메모: ${requested.note}`] : []),
                '견적 상세에서 견적을 계산하고 견적서를 발행해 주세요.',
              ],
              staffLink(requested.id),
            ),
          );
        }
      } else if (event.type === 'EstimationQuoted') {
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
        if (event.type === 'EstimationAccepted') {
          const order = await mailTo(
            requested.requesterId,
            `주문이 접수되었습니다 (${event.data.orderNumber})`,
            [
              `${title}(${event.data.revision}차)을(를) 수락하여 주문이 접수되었습니다.`,
              `주문번호: ${event.data.orderNumber}`,
              '주문 내용과 견적서는 아래 링크에서 확인할 수 있습니다.',
            ],
            `${base}/dashboard/mydesign/${requested.designId}/estimates`,
          );
          // Its own key: the requester could also be one of the assignees told below.
          if (order) mails.push({ ...order, key: `${stored.id}:${order.userId}:order` });
        }
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
      for (const { userId, key, ...mail } of prepared) {
        await trx('mail_outbox')
          .insert({ idempotencyKey: key ?? `${stored.id}:${userId}`, userId, ...mail })
          .onConflict('idempotencyKey')
          .ignore();
      }
    },
  };
}
