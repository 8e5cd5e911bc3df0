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

/**
 * A small PDF with a correct cross-reference table: `objects` are the bodies of objects 1..n (in
 * latin1), `trailer` the trailer dictionary's entries.
 */
export function buildPdf(objects: (string | Buffer)[], trailer: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.byteLength;
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.byteLength;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A PDF carrying an author, creator, producer, a location and XMP, the kind a phone scanner writes. */
export function pdfWithMetadata(): Buffer {
  const xmp = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Jane Doe</dc:creator><exif:GPSLatitude>48,51.4N</exif:GPSLatitude></x:xmpmeta><?xpacket end="w"?>';
  const page = 'BT /F1 12 Tf 72 720 Td (Total 42.00) Tj ET';
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
      '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
      '<< /Author (Jane Doe) /Creator (Scanner Pro \\(iPhone\\)) /Producer <4A616E65> /CreationDate (D:20260301120000Z) /Location (48.8584 N, 2.2945 E) /Title 7 0 R >>',
      `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>',
      `<< /Length ${page.length} >>\nstream\n${page}\nendstream`,
      '(Receipt of Jane Doe)',
    ],
    '/Root 1 0 R /Info 3 0 R',
  );
}

/** A PDF the user uploaded, stored as an upload is (for tests of other domains that attach files). */
export async function uploadedPdf(db: Database, userId: string, name = 'receipt.pdf'): Promise<{ id: string }> {
  return storeUpload(db, userId, TINY_PDF, name);
}
