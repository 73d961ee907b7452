import nodemailer from 'nodemailer';

/**
 * Outgoing mail. With SMTP_URL, nodemailer sends through that server; without it the embedded
 * default keeps every message in the outbox as a local mailbox an Admin reads in the dashboard,
 * and nothing is ever dropped silently.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  /** 'smtp' sends; 'local' keeps the message for the dashboard's mailbox. */
  readonly kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport {
  if (!smtpUrl) return { kind: 'local', send: async () => {}, close: () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}
