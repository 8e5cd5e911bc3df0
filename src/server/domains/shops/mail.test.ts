import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, uniqueEmail } from '../../../../tests/helpers/factories.ts';
import { registerShop } from '../../../../tests/helpers/shops.ts';
import { decodedMail as decoded, startTestInbox, type TestInbox } from '../../../../tests/helpers/smtp.ts';

describeEachDatabase('e-mail through a real SMTP server', (getDb) => {
  let app: FastifyInstance;
  let smtp: TestInbox;
  beforeAll(async () => {
    smtp = await startTestInbox();
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('e-mails an invitation with its link as text and HTML', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner, { name: 'Bolt & <Nut> Garage' });
    const before = smtp.mails.length;
    const invite = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician', email: 'mechanic@example.test' });
    expect(invite.emailed).toBe(true);
    const mail = await smtp.nextMail(before + 1);
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
    const before = smtp.mails.length;
    const fresh = uniqueEmail('fresh');
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    const created = await app.inject({ method: 'POST', url: '/api/signup', headers, payload: { email: fresh, password: 'another long password', firstName: 'New', lastName: 'Person' } });
    const taken = await app.inject({ method: 'POST', url: '/api/signup', headers, payload: { email: existing.email, password: 'another long password', firstName: 'Someone', lastName: 'Else' } });
    expect(taken.statusCode).toBe(created.statusCode);
    expect(taken.body).toBe(created.body);
    const mail = await smtp.nextMail(before + 1);
    expect(mail.to).toEqual([existing.email]);
    expect(decoded(mail.raw)).toContain('which already has one');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.slice(before).map((m) => m.to[0])).toEqual([existing.email]);
  });
});
