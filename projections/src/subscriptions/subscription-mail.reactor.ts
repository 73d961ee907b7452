import type { SubscriptionEvent } from '@interior/contracts';
import { formatWon, koreaTimeText } from '@interior/contracts';
import type { EventStore, PiiVault, StoredEvent } from '@interior/platform';
import { recipientOf } from '../reactors/mail/mail.reactor';
import type { MailContent } from '../reactors/mail/templates';
import type { Reactor } from '../reactors/reactor-runner';

const day = (iso: string) => koreaTimeText(iso, 'longDate');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function mail(subject: string, name: string | null, paragraphs: string[], link: string): MailContent {
  const body = [`${name ?? '회원'}님, 안녕하세요.`, ...paragraphs];
  return {
    subject: `[인테리어 플랫폼] ${subject}`,
    text: [...body, '', `확인하기: ${link}`].join('\n\n'),
    html: [
      ...body.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">확인하기</a></p>`,
    ].join(''),
  };
}

/** The subscription mails: a receipt per payment, a warning per failed charge (dunning), the end. */
export function renderSubscriptionMail(
  event: SubscriptionEvent,
  name: string | null,
  publicUrl: string,
): MailContent | null {
  const base = publicUrl.replace(/\/$/, '');
  switch (event.type) {
    case 'SubscriptionCharged':
      return mail(
        '구독 결제 영수증',
        name,
        [
          `${event.data.terms.planName} 구독료 ${formatWon(event.data.amount)}(부가세 포함)이 결제되었습니다.`,
          `이용 기간: ${day(event.data.periodStart)} ~ ${day(event.data.periodEnd)}`,
          `주문번호: ${event.data.orderId}`,
        ],
        `${base}/dashboard/my-payment`,
      );
    case 'SubscriptionChargeFailed':
      return mail(
        '구독 결제에 실패했습니다',
        name,
        [
          `등록된 카드로 구독료를 결제하지 못했습니다. (${event.data.message})`,
          event.data.nextRetryAt
            ? `${day(event.data.nextRetryAt)}에 다시 결제를 시도합니다. 그 전에 카드를 확인하거나 변경해 주세요. 결제가 계속 실패하면 구독이 종료됩니다.`
            : '결제가 이루어지지 않아 구독이 곧 종료됩니다.',
        ],
        `${base}/dashboard/my-subscription`,
      );
    case 'SubscriptionExpired':
      if (event.data.reason === 'FirstChargeFailed') return null;
      return mail(
        '구독이 종료되었습니다',
        name,
        [
          event.data.reason === 'Cancelled'
            ? '해지하신 구독의 이용 기간이 끝나 구독이 종료되었습니다.'
            : event.data.reason === 'Refunded'
              ? '결제가 환불되어 구독이 종료되었습니다.'
              : '구독료 결제가 여러 차례 실패하여 구독이 종료되었습니다.',
          '언제든 다시 구독하실 수 있습니다.',
        ],
        `${base}/subscription`,
      );
    default:
      return null;
  }
}

/**
 * Writes subscription mails into the shared outbox (sent by MailOutboxSender), once per causing
 * event. The address is opened with the subscriber's key, so an erased person gets nothing.
 */
export function subscriptionMailReactor(deps: {
  store: EventStore;
  vault: PiiVault;
  publicUrl: string;
}): Reactor<(MailContent & { to: string }) | null> {
  return {
    name: 'subscription-mail',
    handles: ['SubscriptionCharged', 'SubscriptionChargeFailed', 'SubscriptionExpired'],
    async prepare(stored: StoredEvent) {
      const userId = Number(stored.stream.slice('Subscription-'.length));
      const recipient = await recipientOf(deps.store, deps.vault, `User-${userId}`);
      if (!recipient) return null;
      const content = renderSubscriptionMail(
        stored as StoredEvent & SubscriptionEvent,
        recipient.name,
        deps.publicUrl,
      );
      return content ? { to: recipient.email, ...content } : null;
    },
    async record(trx, stored, prepared) {
      if (!prepared) return;
      await trx('mail_outbox')
        .insert({
          idempotencyKey: stored.id,
          userId: Number(stored.stream.slice('Subscription-'.length)),
          ...prepared,
        })
        .onConflict('idempotencyKey')
        .ignore();
    },
  };
}
