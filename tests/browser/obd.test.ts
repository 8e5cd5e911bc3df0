import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { callerFor, createUser, TEST_PASSWORD } from '../helpers/factories.ts';
import { F150_VIN } from '../helpers/garage.ts';
import { registerShop } from '../helpers/shops.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

/** The adapter on a car, at the page's Web Serial boundary (tests/browser/fixtures/elm327-emulator.js). */
async function withAdapter(page: Page, config: Record<string, unknown>): Promise<void> {
  await page.addInitScript((settings) => {
    (window as unknown as { __ELM327_CONFIG: unknown }).__ELM327_CONFIG = settings;
  }, config);
  await page.addInitScript({ path: path.resolve(import.meta.dirname, 'fixtures/elm327-emulator.js') });
}

describe('OBD Scanner against an ELM327 emulator at the Web Serial boundary (docs/obd.md)', () => {
  it('connects, matches the VIN, shows codes, freeze frame and readiness, ticks live data, saves to a customer\'s history, clears codes, prints the session', async ({ server, browser }) => {
    const page = await newPage(browser);
    await withAdapter(page, { vin: F150_VIN, stored: ['P0133', 'P0420'], pending: ['P0171'], permanent: ['P0420'] });
    const { user, email } = await signIn(page, server, { role: 'tech' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.decodeVin({ vin: F150_VIN });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Work truck', odometer: 98_000 });
    // The technician's shop (their current one) has a customer with this F-150.
    const shop = await registerShop(server.db, user, { name: 'Bayside Diagnostics' });
    const owner = await createUser(server.db, { role: 'simple' });
    const customer = await server.db.insertInto('shop_customers').values({ service_center_id: shop.id, user_id: owner.id, name: 'Pat Owner' }).returning('id').executeTakeFirstOrThrow();
    const farmTruck = await callerFor(server.db, owner).garage.add({ vehicleId: vehicle.id, nickname: 'Farm truck', odometer: 61_500 });
    await server.db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: vehicle.id, garage_vehicle_id: farmTruck.id, odometer: 61_500 }).execute();
    const scanner = page.getByRole('tabpanel', { name: 'OBD Scanner' });

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
    await scanner.getByText('Evaporative system').waitFor();
    // The freeze frame of the first stored code: how the engine ran when it set.
    await expect(page.getByTestId('obd-freeze-dtc').textContent()).resolves.toBe('P0133');
    await expect(page.getByTestId('obd-freeze-rpm').textContent()).resolves.toBe('2,150 rpm');

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

    // Save to history: the garage's truck or the shop's customer's; the customer's it is.
    const save = page.getByRole('region', { name: 'Save to history' });
    await save.getByRole('radio', { name: /^My Work truck/ }).waitFor();
    await save.getByRole('radio', { name: /^Pat Owner.s Ford F-150/ }).check();
    await save.getByRole('button', { name: 'Save to history' }).click();
    const saved = page.getByTestId('obd-saved');
    await saved.getByText('Saved to the history of Pat Owner\u2019s 2011 Ford F-150').waitFor();

    await page.getByRole('button', { name: 'Clear codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear trouble codes?' });
    await dialog.getByText('readiness monitors').waitFor();
    await dialog.getByText(/keeps the codes and notes that they were cleared/).waitFor();
    await dialog.getByRole('button', { name: 'Clear codes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('obd-code-stored').count()).toBe(0);
    // Permanent codes stay until the car itself has tested the repair.
    await expect(page.getByTestId('obd-code-permanent').count()).resolves.toBe(1);
    await saved.getByText(/codes cleared/).waitFor();
    const [stored] = await caller.diagnostics.list({ serviceCenterId: shop.id });
    expect(stored).toMatchObject({ customerName: 'Pat Owner', mileage: 61_500, milOn: true, codeCount: 4, source: 'adapter' });
    expect(stored!.clearedAt).not.toBeNull();
    const session = await caller.diagnostics.get({ id: stored!.id });
    expect(session.codes.map((c) => `${c.code}:${c.status}`)).toEqual(['P0133:stored', 'P0420:stored', 'P0171:pending', 'P0420:permanent']);
    expect(session).toMatchObject({ adapter: 'ELM327 V1.5', protocol: 'ISO 15765-4 CAN (11 bit ID, 500 kbaud)', vin: F150_VIN, voltage: 12.4 });
    expect(session.live.map((r) => r.key)).toContain('rpm');
    expect(session.freezeFrame.find((r) => r.key === 'rpm')?.value).toBe(2150);
    expect(session.readiness).toHaveLength(7);

    // "Explain" opens the code under Error Codes, above the session's codes.
    await page.getByRole('button', { name: 'Explain P0420' }).click();
    await page.getByRole('region', { name: 'Trouble code P0420' }).getByText('Safe to drive?').waitFor();
    const codesTab = page.getByRole('tabpanel', { name: 'Error Codes' });
    await codesTab.getByTestId('session-cleared').waitFor();
    await expect(codesTab.getByTestId('session-code').getByRole('heading').allTextContents()).resolves.toEqual(['P0133', 'P0420', 'P0171', 'P0420']);
    await codesTab.getByTestId('session-code').filter({ hasText: 'Pending' }).getByRole('heading', { name: 'P0171' }).waitFor();
    await codesTab.getByTestId('session-code').filter({ hasText: 'Permanent' }).getByRole('link', { name: 'Show the exhaust on the vehicle diagram' }).waitFor();
    // The counts are the session's, by the catalogue's severity.
    for (const level of ['critical', 'warning', 'info'] as const) {
      const label = { critical: 'Critical', warning: 'Warning', info: 'Info' }[level];
      const n = session.codes.filter((c) => c.severity === level).length;
      await page.getByRole('group', { name: label }).getByText(String(n), { exact: true }).waitFor();
    }
    await codesTab.locator('label').filter({ hasText: /^Warning$/ }).click();
    const warnings = session.codes.filter((c) => c.severity === 'warning').length;
    await expect.poll(() => codesTab.getByTestId('session-code').count()).toBe(warnings);

    await page.getByRole('tab', { name: 'System Tests' }).click();
    const tests = page.getByRole('tabpanel', { name: 'System Tests' });
    await expect(tests.getByTestId('session-readiness').textContent()).resolves.toBe('5 of 7 monitors complete when read, before the codes were cleared');
    await expect(tests.getByTestId('session-mil').textContent()).resolves.toBe('Check-engine light on');
    await tests.getByRole('heading', { name: 'Evaporative system' }).waitFor();

    const sent = await page.evaluate(() => (window as unknown as { __elm327: { sent: string[] } }).__elm327.sent);
    expect(sent.slice(0, 8)).toEqual(['ATZ', 'ATE0', 'ATL0', 'ATS1', 'ATH0', 'ATAT1', 'ATSP0', '0100']);
    expect(sent).toEqual(expect.arrayContaining(['020200', '020C00', '04']));

    await page.getByRole('tab', { name: 'Reports' }).click();
    const report = page.getByTestId('session-report');
    await expect(report.count()).resolves.toBe(1);
    const csv = await page.request.get(`${server.url}${await report.getByRole('link', { name: 'Download CSV' }).getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('P0133');
    await checkA11y(page);
    await report.getByRole('link', { name: 'Print report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Diagnostic Session' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/diagnostics/sessions/${session.id}`);
    await expect(page.getByTestId('report-code').allTextContents()).resolves.toEqual([
      expect.stringContaining('P0133'),
      expect.stringContaining('Catalyst System Efficiency Below Threshold (Bank 1)'),
      expect.stringContaining('P0171'),
      expect.stringContaining('Permanent'),
    ]);
    await page.getByTestId('report-cleared').waitFor();
    await page.getByRole('region', { name: 'Freeze frame' }).getByText('Code that stored the frame').waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    // The shop notes what it did; the notes print with the report.
    const notes = page.getByRole('region', { name: 'Session notes' });
    await notes.getByRole('textbox', { name: 'Notes' }).fill('Replaced the upstream oxygen sensor; recheck the catalyst monitor in a week.');
    await notes.getByRole('button', { name: 'Save notes' }).click();
    await page.getByText('Notes saved').first().waitFor();
    await page.getByRole('region', { name: 'Notes', exact: true }).getByText('Replaced the upstream oxygen sensor', { exact: false }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'diagnostic-session-report-light');
    expect(scriptErrors(page)).toEqual([]);

    // The same report on a phone-sized dark screen.
    const phone = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await phone.request.post(`${server.url}/api/login`, { data: { email, password: TEST_PASSWORD } });
    await phone.goto(`${server.url}/diagnostics/sessions/${session.id}`);
    await phone.getByTestId('report-code').first().waitFor();
    await expect(phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await checkA11y(phone);
    await screenshot(phone, 'diagnostic-session-report-dark-375');
    expect(scriptErrors(phone)).toEqual([]);

    // The customer, in Simple Mode, reads the shop's session of their truck.
    for (const colorScheme of ['light', 'dark'] as const) {
      const customerPage = await newPage(browser, { colorScheme, viewport: { width: 375, height: 812 } });
      await customerPage.request.post(`${server.url}/api/login`, { data: { email: owner.email, password: TEST_PASSWORD } });
      // The scan is part of the truck's history in My Garage.
      await customerPage.goto(`${server.url}/garage`);
      const latest = customerPage.getByTestId('latest-diagnostic-session');
      await latest.getByText(/\(cleared\)/).waitFor();
      await latest.getByRole('link', { name: 'View the scan report' }).click();
      await customerPage.waitForURL(`${server.url}/diagnostics/sessions/${session.id}`);
      await customerPage.getByTestId('report-cleared').waitFor();
      await customerPage.getByRole('link', { name: 'Back to My Garage' }).waitFor();
      // The customer reads the shop's notes and cannot change them.
      await customerPage.getByRole('region', { name: 'Notes', exact: true }).getByText('Replaced the upstream oxygen sensor', { exact: false }).waitFor();
      await expect(customerPage.getByRole('region', { name: 'Session notes' }).count()).resolves.toBe(0);
      await checkA11y(customerPage);
      await screenshot(customerPage, `diagnostic-session-report-simple-${colorScheme}-375`);
      expect(scriptErrors(customerPage)).toEqual([]);
    }
  });

  it('without Web Serial, codes entered by hand are explained and saved as a typed session', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 812 } });
    await page.addInitScript(() => Object.defineProperty(navigator, 'serial', { value: undefined, configurable: true }));
    const { user } = await signIn(page, server, { role: 'tech' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.decodeVin({ vin: F150_VIN });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Daily', odometer: 40_000 });
    await page.goto(`${server.url}/diagnostics`);
    await page.getByText('This browser cannot talk to an adapter').waitFor();
    const entry = page.getByRole('region', { name: 'Enter codes by hand' });
    await entry.getByRole('textbox', { name: 'Trouble code' }).fill('p0420');
    await entry.getByRole('button', { name: 'Add' }).click();
    await entry.getByRole('textbox', { name: 'Trouble code' }).fill('X12');
    await entry.getByRole('button', { name: 'Add' }).click();
    await entry.getByText('A trouble code is a letter P, C, B or U followed by four characters, e.g. P0420').waitFor();
    await entry.getByRole('textbox', { name: 'Trouble code' }).fill('P0301');
    await chooseOption(page, 'Status', 'Pending', entry, { confirm: true });
    await entry.getByRole('button', { name: 'Add' }).click();
    await entry.locator('label').filter({ hasText: /^On$/ }).click();
    // The same explained list as a scan.
    await page.getByTestId('obd-code-stored').filter({ hasText: 'Catalyst System Efficiency Below Threshold (Bank 1)' }).waitFor();
    await page.getByTestId('obd-code-pending').filter({ hasText: 'P0301' }).waitFor();
    await expect(page.getByTestId('obd-mil').textContent()).resolves.toBe('Check-engine light on');
    const save = page.getByRole('region', { name: 'Save to history' });
    await save.getByRole('radio', { name: /^My Daily/ }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await checkA11y(page);
    await screenshot(page, 'diagnostics-manual-entry-375');
    await save.getByRole('button', { name: 'Save to history' }).click();
    await page.getByTestId('obd-saved').getByText('Saved to Daily\u2019s history').waitFor();
    const [stored] = await caller.diagnostics.list({ vehicleId: vehicle.id });
    expect(stored).toMatchObject({ source: 'manual', milOn: true, codeCount: 2, mileage: 40_000, serviceCenterId: null });

    await page.getByRole('tab', { name: 'Error Codes' }).click();
    const codes = page.getByRole('tabpanel', { name: 'Error Codes' });
    await expect(codes.getByTestId('session-code').getByRole('heading').allTextContents()).resolves.toEqual(['P0420', 'P0301']);
    await screenshot(page, 'diagnostics-session-codes-375');
    await page.getByRole('tab', { name: 'System Tests' }).click();
    await page.getByRole('tabpanel', { name: 'System Tests' }).getByText(/this session was entered by hand/).waitFor();
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByTestId('session-report').getByText('Entered by hand').waitFor();
    // A saved code leads to the knowledge base and to its component on the vehicle's diagram.
    await page.getByRole('tab', { name: 'Error Codes' }).click();
    const catalyst = codes.getByTestId('session-code').filter({ hasText: 'P0420' });
    await expect(catalyst.getByRole('link', { name: 'Knowledge about P0420' }).getAttribute('href')).resolves.toBe('/knowledge?q=P0420');
    await catalyst.getByRole('link', { name: 'Show the exhaust on the vehicle diagram' }).click();
    await page.waitForURL(/\/\?vehicle=[0-9a-f-]{36}&component=Exhaust$/);
    await page.getByRole('region', { name: 'Exhaust details' }).waitFor();
    await screenshot(page, 'diagnostics-reports-375');
    expect(scriptErrors(page)).toEqual([]);
  });

  it('says so when the adapter is unplugged, and on a phone-sized dark screen stays readable', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await withAdapter(page, { stored: [], permanent: [] });
    await signIn(page, server, { role: 'tech', at: '/diagnostics' });
    await page.getByRole('button', { name: 'Connect adapter' }).click();
    await page.getByText('The car reports no trouble codes.').waitFor();
    await expect(page.getByTestId('obd-mil').textContent()).resolves.toBe('Check-engine light off');
    await screenshot(page, 'obd-scanner-no-codes-dark-375');
    await page.getByRole('tab', { name: 'System Tests' }).click();
    await page.getByRole('tabpanel', { name: 'System Tests' }).getByText('5 of 7 monitors complete').waitFor();
    await screenshot(page, 'diagnostics-system-tests-dark-375');
    await page.getByRole('tab', { name: 'OBD Scanner' }).click();
    await page.evaluate(() => (window as unknown as { __elm327: { unplug: () => void } }).__elm327.unplug());
    await page.getByTestId('obd-error').filter({ hasText: 'The adapter was unplugged' }).waitFor();
    await page.getByRole('button', { name: 'Connect adapter' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'obd-scanner-unplugged-dark-375');
    expect(scriptErrors(page)).toEqual([]);
  });
});
