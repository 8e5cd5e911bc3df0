import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { addToGarage, createVehicle } from '../helpers/appointments.ts';
import { insertRecord, picture } from '../helpers/files.ts';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn, type TestServer } from './helpers.ts';

describe('Receipts and photos on a service record', () => {
  async function ownerWithRecord(page: Page, server: TestServer) {
    const { user } = await signIn(page, server, { role: 'simple' });
    const vehicleId = await createVehicle(server.db);
    await addToGarage(server.db, user, vehicleId);
    await insertRecord(server.db, { userId: user.id, vehicleId });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`attaches a receipt photo, shows its thumbnail and opens it (375 px, ${scheme})`, async ({ server, browser }) => {
      const page = await newPage(browser, { colorScheme: scheme, viewport: { width: 375, height: 812 } });
      await ownerWithRecord(page, server);
      await page.goto(`${server.url}/records`);
      await page.getByRole('button', { name: /^Receipts and photos of Oil change/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('No receipts or photos on this record yet.').waitFor();
      await screenshot(page, `files-empty-375-${scheme}`);

      const photo = await sharp(await picture(1600, 1200, 'jpeg'))
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4632/100' } })
        .jpeg()
        .toBuffer();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo });
      const thumbnail = dialog.getByRole('img', { name: 'receipt.jpg' });
      await thumbnail.waitFor();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
      await checkA11y(page);
      await screenshot(page, `files-attached-375-${scheme}`);

      await dialog.getByRole('button', { name: 'Open receipt.jpg' }).click();
      const viewer = page.getByRole('dialog', { name: 'receipt.jpg' });
      const full = viewer.getByRole('img', { name: 'receipt.jpg' });
      await full.waitFor();
      await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
      await expect(viewer.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(/^\/api\/files\/[0-9a-f-]+\?download$/);
      await screenshot(page, `files-opened-375-${scheme}`);

      // The record's edit dialog shows the same files under the form.
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Edit Oil change/ }).click();
      await page.getByRole('dialog', { name: 'Edit Service Record' }).getByRole('img', { name: 'receipt.jpg' }).waitFor();
      expect(scriptErrors(page)).toEqual([]);
    });
  }

  it('shows the upload progress on a slow connection', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 812 } });
    await ownerWithRecord(page, server);
    await page.goto(`${server.url}/records`);
    await page.getByRole('button', { name: /^Receipts and photos of Oil change/ }).click();
    const dialog = page.getByRole('dialog');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
    const photo = await picture(1200, 900, 'png');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByText(/^Uploading slow\.png… [1-9]\d?%$/).waitFor();
    await expect(dialog.getByRole('progressbar', { name: 'Upload of slow.png' }).getAttribute('aria-valuenow')).resolves.toMatch(/^[1-9]/);
    await screenshot(page, 'files-uploading-375-light');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await dialog.getByRole('img', { name: 'slow.png' }).waitFor();
  });

  it('says why a file is refused (an HTML page named .jpg)', async ({ server, browser }) => {
    const page = await newPage(browser);
    await ownerWithRecord(page, server);
    await page.goto(`${server.url}/records`);
    await page.getByRole('button', { name: /^Receipts and photos of Oil change/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await dialog.getByText(/This kind of file cannot be attached: only JPEG, PNG or WebP photos and PDF documents are accepted/).waitFor();
    await screenshot(page, 'files-refused-desktop-light');
  });
});
