import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCustomer, addCustomerVehicle, addStaff, addToGarage, createCenter, createVehicle } from '../../../../tests/helpers/appointments.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { filesOf, insertRecord, pdfWithMetadata, picture, TINY_PDF, upload } from '../../../../tests/helpers/files.ts';
import { FILE_LIMITS } from '../../../shared/files.ts';

describeEachDatabase('files through REST', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  async function signedIn() {
    const user = await createUser(getDb());
    return { user, cookie: await signInCookie(app, user.email) };
  }

  it('accepts a real PNG, keeps it, and serves it inline as an image with nosniff', async () => {
    const { user, cookie } = await signedIn();
    const res = await upload(app, cookie, await picture(40, 30), 'receipt.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: 'receipt.png', contentType: 'image/png', width: 40, height: 30, hasThumbnail: true, mine: true });
    const got = await app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="receipt.png"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await sharp(got.rawPayload).metadata()).format).toBe('png');
    expect(await filesOf(getDb(), user.id)).toBe(1);
  });

  it('reads the type from the content: a .jpg that is PDF, HTML or SVG is refused and nothing is stored', async () => {
    const { user, cookie } = await signedIn();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    for (const content of [TINY_PDF, html, svg]) {
      const res = await upload(app, cookie, content, 'photo.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().message).toMatch(/JPEG|PDF/);
    }
    const named = await upload(app, cookie, html, 'page.html', 'text/html');
    expect(named.statusCode).toBe(415);
    expect(named.json().message).toBe('This kind of file cannot be attached: only JPEG, PNG or WebP photos and PDF documents are accepted');
    expect(await filesOf(getDb(), user.id)).toBe(0);
  });

  it('serves a PDF only as a download, and a photo as a download on request', async () => {
    const { cookie } = await signedIn();
    const pdf = (await upload(app, cookie, TINY_PDF, 'Invoice 42.pdf', 'application/pdf')).json();
    expect(pdf).toMatchObject({ contentType: 'application/pdf', hasThumbnail: false, name: 'Invoice 42.pdf' });
    const got = await app.inject({ method: 'GET', url: `/api/files/${pdf.id}`, headers: { cookie } });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="Invoice 42.pdf"/);
    expect(got.rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/files/${pdf.id}/thumbnail`, headers: { cookie } })).statusCode).toBe(404);
    // A scanner's PDF loses its author, creator, producer, location and XMP; the page stays.
    const scanned = pdfWithMetadata();
    const stored = (await upload(app, cookie, scanned, 'scan.pdf')).json();
    const served = (await app.inject({ method: 'GET', url: `/api/files/${stored.id}`, headers: { cookie } })).rawPayload;
    expect(served.byteLength).toBe(scanned.byteLength);
    expect(served.toString('latin1')).not.toMatch(/Jane Doe|Scanner Pro|48\.8584|xmpmeta/);
    expect(served.toString('latin1')).toContain('(Total 42.00) Tj');
    const photo = (await upload(app, cookie, await picture(20, 20, 'webp'), 'a.webp')).json();
    const saved = await app.inject({ method: 'GET', url: `/api/files/${photo.id}?download`, headers: { cookie } });
    expect(saved.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a small PNG that claims a huge picture (60,000 px square) before decoding it', async () => {
    const { user, cookie } = await signedIn();
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(60_000, 0);
    header.writeUInt32BE(60_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
    const res = await upload(app, cookie, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at most 50 megapixels');
    expect(await filesOf(getDb(), user.id)).toBe(0);
  });

  it('never stores HTML: the table refuses any type but the four', async () => {
    const { user } = await signedIn();
    await expect(
      getDb().insertInto('files').values({ owner_id: user.id, name: 'x.html', content_type: 'text/html' as never, byte_size: 10 }).execute(),
    ).rejects.toThrow();
  });

  it('refuses a file of 10 MB + 1 byte, streamed or announced, and stores nothing', async () => {
    const { user, cookie } = await signedIn();
    const big = Buffer.alloc(FILE_LIMITS.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(app, cookie, big, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'A file may be at most 10.0 MB', code: 'PAYLOAD_TOO_LARGE' });
    const announced = await upload(app, cookie, Buffer.alloc(12 * 1024 * 1024), 'huge.jpg');
    expect(announced.statusCode).toBe(413);
    expect(await filesOf(getDb(), user.id)).toBe(0);
  });

  it('removes EXIF with the GPS location but keeps the picture the right way up', async () => {
    const { cookie } = await signedIn();
    const tagged = await sharp(await picture(60, 30, 'jpeg'))
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Tracker 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4632/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 5600/100' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    expect(before.orientation).toBe(6);
    const file = (await upload(app, cookie, tagged, 'IMG_0001.JPG', 'image/jpeg')).json();
    // Orientation 6 turns the 60x30 picture upright: 30 wide, 60 high.
    expect(file).toMatchObject({ contentType: 'image/jpeg', width: 30, height: 60 });
    const stored = (await app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { cookie } })).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('PhoneCo');
    expect(stored.toString('latin1')).not.toContain('Exif');
    expect([after.width, after.height]).toEqual([30, 60]);
  });

  it('makes the thumbnail once, at upload, and serves the stored one', async () => {
    const { cookie } = await signedIn();
    const file = (await upload(app, cookie, await picture(1000, 500), 'wide.png')).json();
    const row = await getDb().selectFrom('file_contents').select('thumbnail').where('file_id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.thumbnail).not.toBeNull();
    const first = await app.inject({ method: 'GET', url: `/api/files/${file.id}/thumbnail`, headers: { cookie } });
    const second = await app.inject({ method: 'GET', url: `/api/files/${file.id}/thumbnail`, headers: { cookie } });
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.rawPayload.equals(Buffer.from(row.thumbnail!))).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
  });

  it("answers another user's file and record ids with 404, naming nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const vehicleId = await createVehicle(getDb());
    await addToGarage(getDb(), a.user, vehicleId);
    const recordA = await insertRecord(getDb(), { userId: a.user.id, vehicleId });
    const fileA = (await upload(app, a.cookie, await picture(30, 30), 'secret-receipt.png')).json();
    expect((await app.inject({ method: 'POST', url: `/api/records/${recordA}/attachments`, headers: { cookie: a.cookie }, payload: { fileId: fileA.id } })).statusCode).toBe(201);
    const fileB = (await upload(app, b.cookie, await picture(30, 30), 'b.png')).json();
    const recordB = await insertRecord(getDb(), { userId: b.user.id, vehicleId });
    const asB = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: { cookie: b.cookie }, payload });
    const answers = [
      await asB('GET', `/api/files/${fileA.id}`),
      await asB('GET', `/api/files/${fileA.id}/thumbnail`),
      await asB('DELETE', `/api/files/${fileA.id}`),
      await asB('GET', `/api/records/${recordA}/attachments`),
      await asB('POST', `/api/records/${recordA}/attachments`, { fileId: fileB.id }),
      await asB('POST', `/api/records/${recordB}/attachments`, { fileId: fileA.id }),
      await asB('DELETE', `/api/records/${recordA}/attachments/${fileA.id}`),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret-receipt');
    }
    expect((await app.inject({ method: 'GET', url: `/api/files/${fileA.id}` })).statusCode).toBe(401);
    const listed = await app.inject({ method: 'GET', url: `/api/records/${recordA}/attachments`, headers: { cookie: a.cookie } });
    expect(listed.json().map((f: { id: string }) => f.id)).toEqual([fileA.id]);
  });

  it("lets staff of the owner's shop see an attached file, not staff of another shop; staff attach only to their shop's records", async () => {
    const owner = await signedIn();
    const vehicleId = await createVehicle(getDb());
    await addToGarage(getDb(), owner.user, vehicleId);
    const shop = await createCenter(getDb());
    const other = await createCenter(getDb());
    const customer = await addCustomer(getDb(), shop, owner.user);
    await addCustomerVehicle(getDb(), customer, vehicleId);
    const tech = await addStaff(getDb(), shop, 'technician');
    const stranger = await addStaff(getDb(), other, 'owner');
    const techCookie = await signInCookie(app, tech.email);
    const strangerCookie = await signInCookie(app, stranger.email);
    const record = await insertRecord(getDb(), { userId: owner.user.id, vehicleId });
    const file = (await upload(app, owner.cookie, await picture(30, 30), 'r.png')).json();
    await app.inject({ method: 'POST', url: `/api/records/${record}/attachments`, headers: { cookie: owner.cookie }, payload: { fileId: file.id } });
    expect((await app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { cookie: techCookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { cookie: strangerCookie } })).statusCode).toBe(404);
    // The owner's own entry: staff read it, but do not attach to it.
    const techFile = (await upload(app, techCookie, TINY_PDF, 'invoice.pdf')).json();
    const refused = await app.inject({ method: 'POST', url: `/api/records/${record}/attachments`, headers: { cookie: techCookie }, payload: { fileId: techFile.id } });
    expect(refused.statusCode).toBe(403);
    // A record the shop wrote: staff attach (audited) and the owner sees it.
    const shopRecord = await insertRecord(getDb(), { userId: owner.user.id, vehicleId, serviceCenterId: shop });
    const attached = await app.inject({ method: 'POST', url: `/api/records/${shopRecord}/attachments`, headers: { cookie: techCookie }, payload: { fileId: techFile.id } });
    expect(attached.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: `/api/files/${techFile.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const audit = await getDb().selectFrom('audit_log').select(['entity_id', 'action']).where('service_center_id', '=', shop).execute();
    expect(audit).toContainEqual({ entity_id: shopRecord, action: 'update' });
    // The owner sees it but did not upload it: 403 to delete it.
    expect((await app.inject({ method: 'DELETE', url: `/api/files/${techFile.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(403);
  });

  it('refuses an upload past the quota with a clear message, and removing a file frees room', async () => {
    const { user, cookie } = await signedIn();
    const full = Array.from({ length: 20 }, (_, i) => ({ owner_id: user.id, name: `old-${i}.pdf`, content_type: 'application/pdf' as const, byte_size: FILE_LIMITS.maxBytes }));
    await getDb().insertInto('files').values(full).execute();
    const res = await upload(app, cookie, TINY_PDF, 'one-more.pdf');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Your files already use 200\.0 MB of your 200\.0 MB: this \d+ B file does not fit\. Remove files/);
    expect(await filesOf(getDb(), user.id)).toBe(20);
    const oldest = await getDb().selectFrom('files').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow();
    expect((await app.inject({ method: 'DELETE', url: `/api/files/${oldest.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await upload(app, cookie, TINY_PDF, 'one-more.pdf')).statusCode).toBe(201);
  });

  it('detaching deletes a file of yours that is attached nowhere else; bad input is a 400', async () => {
    const { user, cookie } = await signedIn();
    const vehicleId = await createVehicle(getDb());
    const record = await insertRecord(getDb(), { userId: user.id, vehicleId });
    const file = (await upload(app, cookie, TINY_PDF, 'a.pdf')).json();
    await app.inject({ method: 'POST', url: `/api/records/${record}/attachments`, headers: { cookie }, payload: { fileId: file.id } });
    const gone = await app.inject({ method: 'DELETE', url: `/api/records/${record}/attachments/${file.id}`, headers: { cookie } });
    expect(gone.statusCode).toBe(204);
    expect(await filesOf(getDb(), user.id)).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/files/not-an-id', headers: { cookie } })).json()).toEqual({ message: 'Invalid file id', code: 'BAD_REQUEST' });
    const json = await app.inject({ method: 'POST', url: '/api/files', headers: { cookie }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const wrongBody = await app.inject({ method: 'POST', url: `/api/records/${record}/attachments`, headers: { cookie }, payload: { fileId: 'x' } });
    expect(wrongBody.statusCode).toBe(400);
  });

  it('documents the upload as multipart in the API reference', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/files'].post.requestBody.content['multipart/form-data'].schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths['/api/records/{id}/attachments'])).toEqual(['get', 'post']);
  });
});
