import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, uniqueEmail } from '../../../../tests/helpers/factories.ts';
import { registerShop } from '../../../../tests/helpers/shops.ts';
import { configureMail } from '../../lib/mail.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The message body as text: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describeEachDatabase('e-mail through a real SMTP server', (getDb) => {
  let app: FastifyInstance;
  let smtp: SMTPServer;
  const inbox: Received[] = [];
  const waiters: (() => void)[] = [];

  async function nextMail(count: number): Promise<Received> {
    while (inbox.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return inbox[count - 1]!;
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
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
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    configureMail({});
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('e-mails an invitation with its link as text and HTML', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner, { name: 'Bolt & <Nut> Garage' });
    const before = inbox.length;
    const invite = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician', email: 'mechanic@example.test' });
    expect(invite.emailed).toBe(true);
    const mail = await nextMail(before + 1);
    expect(mail.from).toBe('no-reply@vintech.example');
    expect(mail.to).toEqual(['mechanic@example.test']);
    const body = decoded(mail.raw);
    expect(body).toContain('multipart/alternative');
    expect(body).toContain('text/plain');
    expect(body).toContain('text/html');
    expect(body).toContain(`https://vintech.example/invite/${invite.code}`);
    expect(body).toContain('Bolt &amp; &lt;Nut&gt; Garage');
    // Without an address nothing is sent.
    const silent = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    expect(silent.emailed).toBe(false);
  });

  it('tells the owner of a taken address about a sign-up attempt; a new address gets no notice', async () => {
    const db = getDb();
    const existing = await createUser(db);
    const before = inbox.length;
    const fresh = uniqueEmail('fresh');
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    const created = await app.inject({ method: 'POST', url: '/api/signup', headers, payload: { email: fresh, password: 'another long password', firstName: 'New', lastName: 'Person' } });
    const taken = await app.inject({ method: 'POST', url: '/api/signup', headers, payload: { email: existing.email, password: 'another long password', firstName: 'Someone', lastName: 'Else' } });
    expect(taken.statusCode).toBe(created.statusCode);
    expect(taken.body).toBe(created.body);
    const mail = await nextMail(before + 1);
    expect(mail.to).toEqual([existing.email]);
    expect(decoded(mail.raw)).toContain('which already has one');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.slice(before).map((m) => m.to[0])).toEqual([existing.email]);
  });
});
