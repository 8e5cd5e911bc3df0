import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { configureMail } from '../../src/server/lib/mail.ts';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestInbox {
  /** Every message received, in order. */
  readonly mails: ReceivedMail[];
  /** Resolves with the count-th message (1-based) once it has arrived. */
  nextMail(count: number): Promise<ReceivedMail>;
  /** Stops the server and clears the app's mail settings. */
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, and the app's mail settings pointed at it: what the app
 * sends arrives here through nodemailer as it would at a mail provider.
 */
export async function startTestInbox(): Promise<TestInbox> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  configureMail({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'VinTech <no-reply@vintech.example>', publicUrl: 'https://vintech.example/' });
  return {
    mails,
    async nextMail(count) {
      while (mails.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return mails[count - 1]!;
    },
    async close() {
      configureMail({});
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** The message as text: header lines unfolded, quoted-printable soft breaks and escapes undone. */
export function decodedMail(raw: string): string {
  return raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A header's value (unfolded), or undefined. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}
