import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/** The install files the build copies as they are (src/client/public): decision 108. */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../client/public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the web app manifest', () => {
  const manifest = JSON.parse(readFileSync(path.join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown> & { icons: ManifestIcon[] };

  it('names the app and starts standalone inside its own scope', () => {
    expect(manifest).toMatchObject({ name: 'VinTech', short_name: 'VinTech', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('lists 192 and 512 pixel icons and a maskable one, each a PNG of the size it claims', async () => {
    const claims = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(claims).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const meta = await sharp(readFileSync(path.join(PUBLIC_DIR, icon.src))).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it('is linked from the page shell with the theme colour', () => {
    const html = readFileSync(path.resolve(PUBLIC_DIR, '../index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${String(manifest.theme_color)}" />`);
  });
});

describe('the service worker', () => {
  const source = readFileSync(path.join(PUBLIC_DIR, 'sw.js'), 'utf8');

  it('lets API answers and writes pass through uncached', () => {
    // Its one gate: GET requests of this origin outside /api/ and /trpc/ are the only ones it handles.
    expect(source).toMatch(/request\.method !== 'GET'/);
    expect(source).toMatch(/url\.pathname\.startsWith\('\/api\/'\)/);
    expect(source).toMatch(/url\.pathname\.startsWith\('\/trpc\/'\)/);
    expect(source).toMatch(/if \(isPassThrough\(url, request\)\) return;/);
  });
});
