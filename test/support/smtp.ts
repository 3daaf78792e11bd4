import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedEmail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A real SMTP server inside the test process; the app sends to it through SMTP_URL. */
export class TestSmtpServer {
  readonly emails: CapturedEmail[] = [];
  private server?: SMTPServer;
  port = 0;
  /** Milliseconds the server waits before accepting each message (a slow relay); 0 by default. */
  delayMs = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.emails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            decoded: decodeQuotedPrintable(raw),
          });
          setTimeout(callback, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for the next e-mail to `to` whose text contains `contains`, and answers it. */
  async waitFor(to: string, contains: string, timeoutMs = 10_000): Promise<CapturedEmail> {
    const started = Date.now();
    for (;;) {
      const found = this.emails.find((e) => e.to.includes(to) && e.decoded.includes(contains));
      if (found) {
        this.emails.splice(this.emails.indexOf(found), 1);
        return found;
      }
      if (Date.now() - started > timeoutMs) throw new Error(`No e-mail to ${to} containing ${contains}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The first link in the e-mail that starts with `prefix`. */
  static link(email: CapturedEmail, prefix: string): string {
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(email.decoded);
    if (!match) throw new Error(`No link starting with ${prefix}`);
    return match[0];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
