import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../src/server/db/index.ts';
import { storeUpload } from '../../src/server/domains/files/service.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(content: Buffer, name: string, type = 'application/octet-stream', field = 'file') {
  const boundary = `----vintech${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads through the real endpoint as the signed-in cookie. */
export async function upload(app: FastifyInstance, cookie: string, content: Buffer, name: string, type?: string) {
  const body = multipart(content, name, type);
  return app.inject({ method: 'POST', url: '/api/files', headers: { ...body.headers, cookie }, payload: body.payload });
}

/** A real picture: a colour gradient, so encoders have something to keep. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A service record in a user's history (and, with a shop, written by that shop). */
export async function insertRecord(db: Database, opts: { userId: string | null; vehicleId: string; serviceCenterId?: string | null }): Promise<string> {
  const row = await db
    .insertInto('service_records')
    .values({ vehicle_id: opts.vehicleId, service_type: 'Oil change', date: '2026-05-01', user_id: opts.userId, service_center_id: opts.serviceCenterId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function filesOf(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A PDF the user uploaded, stored as an upload is (for tests of other domains that attach files). */
export async function uploadedPdf(db: Database, userId: string, name = 'receipt.pdf'): Promise<{ id: string }> {
  return storeUpload(db, userId, TINY_PDF, name);
}
