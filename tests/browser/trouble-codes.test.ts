import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { createCenter } from '../helpers/appointments.ts';
import { callerFor } from '../helpers/factories.ts';

/** Looking up trouble codes on the Diagnostic Tools page (docs/obd.md#lookup-and-search). */
describe('trouble-code lookup on the Diagnostic Tools page', () => {
  let phone: Page;
  it.beforeAll(async ({ server, browser }) => {
    phone = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await signIn(phone, server, { role: 'tech' });
  });

  it('finds P0420 with its title and severity, and searches by words', async ({ server }) => {
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

  it("explains a code on the owner's home and asks a shop about it with the code attached", async ({ server, browser }) => {
    const shopName = `Check Light Garage ${Date.now() % 100000}`;
    await createCenter(server.db, shopName);
    const owner = await newPage(browser);
    const { user } = await signIn(owner, server, { role: 'simple' });
    const card = owner.getByRole('region', { name: 'Check engine light?' });
    await card.getByLabel('Trouble code').fill('X12');
    await card.getByRole('button', { name: 'Explain' }).click();
    await card.getByText('A trouble code is a letter P, C, B or U followed by four characters, e.g. P0420').waitFor();
    await card.getByLabel('Trouble code').fill('p042o');
    await card.getByRole('button', { name: 'Explain' }).click();
    const detail = card.getByRole('region', { name: 'Trouble code P0420' });
    await detail.getByText('Catalyst System Efficiency Below Threshold (Bank 1)').waitFor();
    await detail.getByText('Safe to drive?').waitFor();
    await detail.getByText(/not cleaning the exhaust as well as it should/).waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'home-check-engine-light');

    await card.getByRole('link', { name: 'Ask a shop about P0420' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Find a shop' }).waitFor();
    await owner.getByRole('article', { name: shopName }).getByRole('button', { name: 'Contact this shop' }).click();
    await expect.poll(() => owner.getByLabel(/^Subject/).inputValue()).toBe('Check-engine light: P0420');
    await expect.poll(() => owner.getByLabel(/^Description/).inputValue()).toContain('Catalyst System Efficiency Below Threshold (Bank 1)');
    await owner.getByRole('button', { name: 'Send request' }).click();
    await owner.getByText('Request sent').first().waitFor();
    const { items } = await callerFor(server.db, user).inquiries.list({ mine: true });
    expect(items.map((i) => i.subject)).toEqual(['Check-engine light: P0420']);
    expect(scriptErrors(owner)).toEqual([]);
  });
});
