import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { TINY_PDF, upload } from '../../../../tests/helpers/files.ts';

/** A detailed photo (grain over bands), optionally blurred or darkened. */
async function photo(options: { blur?: number; brightness?: number } = {}): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = ((Math.floor(x / 2) * 73856093) ^ (Math.floor(y / 2) * 19349663)) >>> 0;
      const v = (Math.floor(x / 50) % 2 === 0 ? 80 : 170) + ((cell >> 8) % 50) - 25;
      const i = (y * width + x) * 3;
      raw[i] = raw[i + 1] = raw[i + 2] = v;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.blur) image = image.blur(options.blur);
  if (options.brightness !== undefined) image = image.linear(options.brightness, 0);
  return image.jpeg({ quality: 90 }).toBuffer();
}

describeEachDatabase('photo analysis on upload and the list of my photos', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores each photo with its measured verdict, lists mine newest first in pages, and leaves PDFs out', async () => {
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const uploaded: Record<string, { id: string; analysis: { verdict: string; sharpness: number } | null }> = {};
    for (const [name, bytes] of [
      ['sharp.jpg', await photo()],
      ['blurred.jpg', await photo({ blur: 5 })],
      ['dark.jpg', await photo({ brightness: 0.15 })],
    ] as const) {
      const res = await upload(app, cookie, bytes, name, 'image/jpeg');
      expect(res.statusCode).toBe(201);
      uploaded[name] = res.json();
    }
    const pdf = (await upload(app, cookie, TINY_PDF, 'invoice.pdf', 'application/pdf')).json();
    expect(pdf.analysis).toBeNull();
    expect(uploaded['sharp.jpg']!.analysis).toMatchObject({ verdict: 'sharp' });
    expect(uploaded['blurred.jpg']!.analysis).toMatchObject({ verdict: 'blurry' });
    expect(uploaded['dark.jpg']!.analysis).toMatchObject({ verdict: 'too_dark' });
    expect(uploaded['sharp.jpg']!.analysis!.sharpness).toBeGreaterThan(uploaded['blurred.jpg']!.analysis!.sharpness * 10);

    const caller = callerFor(getDb(), user);
    const first = await caller.files.myPhotos({ limit: 2 });
    expect(first.items.map((f) => f.name)).toEqual(['dark.jpg', 'blurred.jpg']);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.files.myPhotos({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((f) => f.name)).toEqual(['sharp.jpg']);
    expect(second.items[0]!.analysis).toMatchObject({ verdict: 'sharp' });
    expect(second.nextCursor).toBeNull();

    // The description read back carries the same figures.
    await expect(caller.files.get({ id: uploaded['blurred.jpg']!.id })).resolves.toMatchObject({ analysis: { verdict: 'blurry' } });
  });

  it("shows nobody else's photos, and refuses a bad cursor or an oversized page", async () => {
    const owner = await createUser(getDb());
    await upload(app, await signInCookie(app, owner.email), await photo(), 'mine.jpg', 'image/jpeg');
    const stranger = callerFor(getDb(), await createUser(getDb()));
    await expect(stranger.files.myPhotos({})).resolves.toEqual({ items: [], nextCursor: null });
    expect((await rejection(stranger.files.myPhotos({ cursor: 'not-a-cursor' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(stranger.files.myPhotos({ limit: 61 }))).message).toContain('At most 60 photos a page');
    expect((await rejection(callerFor(getDb(), null).files.myPhotos({}))).code).toBe('UNAUTHORIZED');
  });
});
