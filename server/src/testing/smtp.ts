import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server for tests: the platform sends through SMTP_URL to it, and tests read what
 * arrived (parsed with postal-mime; mailparser does not install from this registry).
 */
export class SmtpMailbox {
  readonly received: ReceivedMail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpMailbox> {
    let mailbox!: SmtpMailbox;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          mailbox.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    mailbox = new SmtpMailbox(server, `smtp://127.0.0.1:${port}`);
    return mailbox;
  }

  /** The newest mail to an address (matching a subject), waiting for it to arrive. */
  async waitFor(address: string, subject?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.received
        .filter((m) => m.to.includes(address) && (!subject || subject.test(m.subject)))
        .at(-1);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
