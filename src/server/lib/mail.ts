import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Outgoing e-mail (docs/shops.md#e-mail): invitations and account notices. Configured once at boot
 * from SMTP_URL and MAIL_FROM; without SMTP_URL nothing is sent and callers carry on (an invite link
 * is always shown to copy).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

interface MailConfig {
  transport: Transporter;
  from: string;
  publicUrl: string;
  appName: string;
}

let config: MailConfig | null = null;

export function configureMail(options: { smtpUrl?: string; from?: string; publicUrl?: string; appName?: string }): void {
  config?.transport.close();
  if (!options.smtpUrl || !options.from) {
    config = null;
    return;
  }
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // A slow mail server must not hold a request for long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  config = {
    transport,
    from: options.from,
    publicUrl: (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    appName: options.appName ?? 'VinTech',
  };
}

export function mailConfigured(): boolean {
  return config !== null;
}

/** An absolute link into the app for an e-mail, e.g. publicLink('/invite/abc'). */
export function publicLink(path: string): string {
  return `${config?.publicUrl ?? 'http://localhost:3000'}${path}`;
}

/** The product's name for e-mails (APP_NAME). */
export function mailAppName(): string {
  return config?.appName ?? 'VinTech';
}

/**
 * Sends one message and throws when the mail server refused it or could not be reached (a job
 * retries it); false when mail is not configured.
 */
export async function deliverMail(message: MailMessage): Promise<boolean> {
  const current = config;
  if (!current) return false;
  await current.transport.sendMail({
    from: current.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });
  return true;
}

/** Sends one message; false when mail is not configured or the server refused it (logged). */
export async function sendMail(message: MailMessage): Promise<boolean> {
  if (!config) return false;
  try {
    return await deliverMail(message);
  } catch (error) {
    console.warn(`[vintech] e-mail to the mail server failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** Sends without waiting: the answer's timing must not depend on the mail (sign-up). */
export function sendMailLater(message: MailMessage): void {
  if (!config) return;
  setImmediate(() => void sendMail(message));
}

/** Text for an HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
