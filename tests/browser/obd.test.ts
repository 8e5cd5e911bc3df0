import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../helpers/factories.ts';
import { F150_VIN } from '../helpers/garage.ts';
import { checkA11y, launchBrowser, newPage, screenshot, scriptErrors, signIn, startTestServer, type TestServer } from './helpers.ts';

/** The adapter on a car, at the page's Web Serial boundary (tests/browser/fixtures/elm327-emulator.js). */
async function withAdapter(page: Page, config: Record<string, unknown>): Promise<void> {
  await page.addInitScript((settings) => {
    (window as unknown as { __ELM327_CONFIG: unknown }).__ELM327_CONFIG = settings;
  }, config);
  await page.addInitScript({ path: path.resolve(import.meta.dirname, 'fixtures/elm327-emulator.js') });
}

describe('OBD Scanner against an ELM327 emulator at the Web Serial boundary (docs/obd.md)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('connects, matches the VIN to a garage vehicle, shows codes and readiness, ticks live data, clears codes', async () => {
    const page = await newPage(browser);
    await withAdapter(page, { vin: F150_VIN, stored: ['P0133', 'P0420'], pending: ['P0171'], permanent: ['P0420'] });
    const { user } = await signIn(page, server, { role: 'tech' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.decodeVin({ vin: F150_VIN });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Work truck', odometer: 98_000 });

    await page.goto(`${server.url}/diagnostics`);
    await page.getByRole('button', { name: 'Connect adapter' }).click();
    await page.getByTestId('obd-protocol').filter({ hasText: 'ISO 15765-4 CAN (11 bit ID, 500 kbaud)' }).waitFor();
    await expect(page.getByTestId('obd-adapter').textContent()).resolves.toBe('ELM327 V1.5');
    await expect(page.getByTestId('obd-vin').textContent()).resolves.toBe(F150_VIN);
    await page.getByTestId('obd-vehicle').filter({ hasText: '2011 Ford F-150' }).waitFor();
    await page.getByTestId('obd-garage-match').filter({ hasText: 'In your garage: Work truck' }).waitFor();
    await expect(page.getByTestId('obd-mil').textContent()).resolves.toBe('Check-engine light on (2 confirmed)');
    await expect(page.getByTestId('obd-code-stored').allTextContents()).resolves.toEqual([
      expect.stringContaining('P0133'),
      expect.stringContaining('P0420'),
    ]);
    await expect(page.getByTestId('obd-code-pending').allTextContents()).resolves.toEqual([expect.stringContaining('P0171')]);
    // Each code carries its catalogue title and severity.
    await page.getByTestId('obd-code-stored').filter({ hasText: 'Catalyst System Efficiency Below Threshold (Bank 1)' }).getByText('Warning', { exact: true }).first().waitFor();
    await page.getByText('Evaporative system').waitFor();

    await page.getByRole('button', { name: 'Start live data' }).click();
    const rpm = page.getByTestId('obd-live-rpm');
    await rpm.filter({ hasText: /^\d+ rpm$/ }).waitFor();
    const first = await rpm.textContent();
    await expect.poll(() => rpm.textContent(), { timeout: 10_000 }).not.toBe(first);
    await page.getByTestId('obd-live-rate').waitFor();
    await expect(page.getByTestId('obd-live-moduleVoltage').textContent()).resolves.toBe('13.9 V');
    await checkA11y(page);
    await screenshot(page, 'obd-scanner-connected-light');
    await page.getByRole('button', { name: 'Pause' }).click();

    await page.getByRole('button', { name: 'Clear codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear trouble codes?' });
    await dialog.getByText('readiness monitors').waitFor();
    await dialog.getByRole('button', { name: 'Clear codes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('obd-code-stored').count()).toBe(0);
    // Permanent codes stay until the car itself has tested the repair.
    await expect(page.getByTestId('obd-code-permanent').count()).resolves.toBe(1);
    // "Explain" opens the code under Error Codes.
    await page.getByRole('button', { name: 'Explain P0420' }).click();
    await page.getByRole('region', { name: 'Trouble code P0420' }).getByText('Safe to drive?').waitFor();
    const sent = await page.evaluate(() => (window as unknown as { __elm327: { sent: string[] } }).__elm327.sent);
    expect(sent.slice(0, 8)).toEqual(['ATZ', 'ATE0', 'ATL0', 'ATS1', 'ATH0', 'ATAT1', 'ATSP0', '0100']);
    expect(sent).toContain('04');
    expect(scriptErrors(page)).toEqual([]);
  });

  it('says so when the adapter is unplugged, and on a phone-sized dark screen stays readable', async () => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await withAdapter(page, { stored: [], permanent: [] });
    await signIn(page, server, { role: 'tech' });
    await page.goto(`${server.url}/diagnostics`);
    await page.getByRole('button', { name: 'Connect adapter' }).click();
    await page.getByText('The car reports no trouble codes.').waitFor();
    await expect(page.getByTestId('obd-mil').textContent()).resolves.toBe('Check-engine light off');
    await screenshot(page, 'obd-scanner-no-codes-dark-375');
    await page.evaluate(() => (window as unknown as { __elm327: { unplug: () => void } }).__elm327.unplug());
    await page.getByTestId('obd-error').filter({ hasText: 'The adapter was unplugged' }).waitFor();
    await page.getByRole('button', { name: 'Connect adapter' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'obd-scanner-unplugged-dark-375');
    expect(scriptErrors(page)).toEqual([]);
  });
});
