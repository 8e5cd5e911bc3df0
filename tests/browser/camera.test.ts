import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

/** A blurred picture to upload instead of taking one: the page flags it before it is kept. */
async function blurredPhoto(): Promise<string> {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i * 7919) >> 3) & 255;
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'vintech-camera-')), 'soft-focus.jpg');
  await writeFile(file, await sharp(raw, { raw: { width, height, channels: 3 } }).blur(8).jpeg().toBuffer());
  return file;
}

describe('Camera Tools with Chromium\u2019s fake camera (docs/files.md#camera-tools)', () => {
  it('saves settings to the account, captures a measured photo, flags a blurry upload, shows both in the gallery and analysis, deletes one', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { email } = await signIn(page, server, { role: 'tech', at: '/camera' });
    await page.getByRole('heading', { level: 1, name: 'Camera Tools' }).waitFor();

    // Settings are the account's: saved, then still there after a reload.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.locator('label').filter({ hasText: /^720p$/ }).click();
    await page.locator('label').filter({ hasText: /^Medium$/ }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('radio', { name: '720p' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Medium' }).isChecked()).resolves.toBe(true);

    // A shot from the camera, measured before it is kept.
    await page.getByRole('tab', { name: 'Camera' }).click();
    await page.getByRole('button', { name: 'Start camera' }).click();
    await page.getByRole('button', { name: 'Capture' }).click();
    const verdict = page.getByTestId('photo-verdict');
    await verdict.waitFor();
    expect(['Sharp', 'Blurry', 'Too dark', 'Overexposed']).toContain(await verdict.textContent());
    await page.getByRole('group', { name: 'Sharpness' }).waitFor();
    await page.getByRole('button', { name: /^Keep (photo|anyway)$/ }).click();
    await page.getByText('Photo saved').first().waitFor();

    // A blurred upload is flagged, kept anyway on purpose.
    await page.locator('input[type="file"]').setInputFiles(await blurredPhoto());
    await expect(page.getByTestId('photo-verdict').textContent()).resolves.toBe('Blurry');
    await page.getByText('Hold the camera still').waitFor();
    await page.getByRole('button', { name: 'Keep anyway' }).click();
    await page.getByRole('button', { name: 'Start camera' }).or(page.getByRole('button', { name: 'Capture' })).first().waitFor();

    await page.getByRole('tab', { name: 'Gallery' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Open / }).count()).toBe(2);
    await page.getByRole('button', { name: 'Open soft-focus.jpg' }).click();
    const lightbox = page.getByRole('dialog', { name: 'soft-focus.jpg' });
    await expect(lightbox.getByTestId('photo-verdict').textContent()).resolves.toBe('Blurry');
    await lightbox.getByRole('button', { name: 'See analysis' }).click();
    await page.getByRole('group', { name: 'Washed out' }).waitFor();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('textbox', { name: 'Photo' }).or(page.getByRole('tabpanel').getByRole('combobox', { name: 'Photo' })).first().inputValue()).toBe('soft-focus.jpg');
    await checkA11y(page);
    await screenshot(page, 'camera-analysis-light');

    await page.getByRole('tab', { name: 'Gallery' }).click();
    await page.getByRole('button', { name: 'Open soft-focus.jpg' }).click();
    await lightbox.getByRole('button', { name: 'Delete photo' }).click();
    await lightbox.getByRole('button', { name: 'Delete from every record' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Open / }).count()).toBe(1);
    expect(scriptErrors(page)).toEqual([]);

    // The same account on a phone in the dark: the gallery fits, the settings came along.
    const phone = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    const login = await phone.request.post(`${server.url}/api/login`, { data: { email, password: 'correct horse battery' } });
    expect(login.status()).toBe(200);
    await phone.goto(`${server.url}/camera`);
    await phone.getByRole('tab', { name: 'Gallery' }).click();
    await expect.poll(() => phone.getByRole('button', { name: /^Open / }).count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await checkA11y(phone);
    await screenshot(phone, 'camera-gallery-dark-375');
    await phone.getByRole('tab', { name: 'Settings' }).click();
    await expect(phone.getByRole('radio', { name: '720p' }).isChecked()).resolves.toBe(true);
  });
});
