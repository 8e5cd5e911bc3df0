import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, launchBrowser, newPage, screenshot, scriptErrors, signIn, startTestServer, type TestServer } from './helpers.ts';

/** Looking up trouble codes on the Diagnostic Tools page (docs/obd.md#lookup-and-search). */
describe('trouble-code lookup on the Diagnostic Tools page', () => {
  let server: TestServer;
  let browser: Browser;
  let phone: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    phone = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await signIn(phone, server, { role: 'tech' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds P0420 with its title and severity, and searches by words', async () => {
    await phone.goto(`${server.url}/diagnostics`);
    await phone.getByRole('heading', { level: 1, name: 'Diagnostic Tools' }).waitFor();
    await phone.getByRole('tab', { name: 'Error Codes' }).click();
    const box = phone.getByRole('textbox', { name: 'Look up a trouble code' });

    await box.fill('p0420');
    const detail = phone.getByRole('region', { name: 'Trouble code P0420' });
    await detail.getByText('Catalyst System Efficiency Below Threshold (Bank 1)').waitFor();
    await expect(detail.getByText('Warning', { exact: true }).count()).resolves.toBe(1);
    await detail.getByText('Safe to drive?').waitFor();
    // Tech Mode shows the technicians' explanation.
    await detail.getByText(/compares the upstream and downstream oxygen sensors/).waitFor();
    // An owner's words, to explain it to a customer.
    await detail.locator('label').filter({ hasText: /^For owners$/ }).click();
    await detail.getByText(/not cleaning the exhaust as well as it should/).waitFor();

    await box.fill('fuel cap');
    const results = phone.getByRole('button', { name: /^P0457 / });
    await results.waitFor();
    await results.click();
    await phone.getByRole('region', { name: 'Trouble code P0457' }).getByText('Info', { exact: true }).waitFor();

    await expect(phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await checkA11y(phone);
    await screenshot(phone, 'diagnostics-trouble-code-dark-375');
    expect(scriptErrors(phone)).toEqual([]);
  });
});
