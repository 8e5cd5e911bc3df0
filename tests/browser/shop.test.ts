import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createShop, createShopCustomer } from '../helpers/inquiries.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

async function stat(page: Page, label: string): Promise<string> {
  return (await page.getByTestId(`stat-${label}`).textContent()) ?? '';
}

async function expectStat(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => stat(page, label), { timeout: 10_000 }).toBe(value);
}

describe('the shop: service centers and inquiries', () => {
  it('creates a center, finds it by city, edits it and deactivates it', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server, { role: 'tech' });
    await page.getByRole('link', { name: 'Service Centers' }).click();
    await page.getByText('No service centers found').waitFor();
    await page.getByText('Get started by adding your first service center').waitFor();
    await checkA11y(page);

    const city = `Springfield${randomUUID().slice(0, 4)}`;
    await page.getByRole('button', { name: 'Add Service Center' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Service Center' });
    await dialog.getByRole('button', { name: 'Create Service Center' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel(/^Name \*?$/).fill('Evergreen Auto');
    await dialog.getByLabel(/^Address \*?$/).fill('742 Evergreen Terrace');
    await dialog.getByLabel(/^City \*?$/).fill(city);
    await dialog.getByLabel(/^State \*?$/).fill('OR');
    await dialog.getByLabel('Website', { exact: true }).fill('https://evergreen.example');
    await dialog.getByLabel('Operating Hours').fill('{"Tuesday": "9-17", "Monday": "8-18"}');
    const addService = dialog.getByRole('button', { name: 'Add service' });
    expect(await addService.isDisabled()).toBe(true);
    for (const service of ['Oil Change', 'Brakes', 'Alignment', 'Diagnostics']) {
      await dialog.getByLabel('New service', { exact: true }).fill(`  ${service} `);
      await dialog.getByLabel('New service', { exact: true }).press('Enter');
    }
    await dialog.getByLabel('New service', { exact: true }).fill('oil change');
    expect(await addService.isDisabled()).toBe(true);
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Create Service Center' }).click();
    await page.getByText('Service center created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByTestId('service-center-card').filter({ hasText: city });
    await card.getByText('+1 more').waitFor();
    await page.getByLabel('Search service centers').fill(city.toLowerCase());
    await card.waitFor();
    await page.getByLabel('Search service centers').fill(`${city}-nowhere`);
    await page.getByText('Try adjusting your search terms').waitFor();
    await page.getByLabel('Search service centers').fill(city);

    await card.click();
    const detail = page.getByRole('dialog', { name: 'Evergreen Auto' });
    await detail.getByRole('link', { name: 'https://evergreen.example' }).waitFor();
    const hours = await detail.getByRole('rowheader').allTextContents();
    expect(hours).toEqual(['Monday', 'Tuesday']);
    await checkA11y(page);
    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Evergreen Auto' });
    await edit.getByLabel(/^Name \*?$/).fill('Evergreen Auto & Tire');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Service center updated successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });

    const renamed = card.filter({ hasText: 'Evergreen Auto & Tire' });
    await renamed.getByText('Active', { exact: true }).waitFor();
    await renamed.click();
    await page.getByRole('dialog', { name: 'Evergreen Auto & Tire' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Service center deleted successfully').waitFor();
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    await page.locator('label').filter({ hasText: /^List$/ }).click();
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    await screenshot(page, 'shop-service-centers-light');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('creates an inquiry, sees the cards change, moves it along and filters by status', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    const { user } = await signIn(page, server, { role: 'tech' });
    // Staff of a shop with one customer: membership, not the mode, opens the shop's inquiries.
    const shop = await createShop(server.db, [{ userId: user.id, role: 'technician' }]);
    await createShopCustomer(server.db, shop.id, { name: 'Dana Rattle' });
    await page.goto(`${server.url}/customer-inquiries`);
    await page.getByText('Get started by creating your first customer inquiry').waitFor();
    const total = Number(await stat(page, 'Total Inquiries'));
    const open = Number(await stat(page, 'Open'));
    const inProgress = Number(await stat(page, 'In Progress'));

    await page.getByRole('button', { name: 'New Inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Customer Inquiry' });
    const subject = `Rattle at idle <b>${randomUUID().slice(0, 4)}</b>`;
    await dialog.getByLabel(/^Subject \*?$/).fill(subject);
    await dialog.getByLabel(/^Description \*?$/).fill('Dashboard rattles when the engine idles.');
    await chooseOption(page, 'Customer', 'Dana Rattle', dialog);
    await chooseOption(page, 'Priority', 'Urgent');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Create Inquiry' }).click();
    await page.getByText('Customer inquiry created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectStat(page, 'Total Inquiries', String(total + 1));
    await expectStat(page, 'Open', String(open + 1));
    await expectStat(page, 'Urgent', '1');
    await page.getByRole('row').filter({ hasText: subject }).filter({ hasText: 'Dana Rattle' }).waitFor();

    await page.getByRole('button', { name: `Change status of ${subject}` }).click();
    await page.getByRole('menuitem', { name: 'Mark In Progress' }).click();
    await page.getByText('Customer inquiry updated successfully').waitFor();
    await expectStat(page, 'In Progress', String(inProgress + 1));
    await expectStat(page, 'Open', String(open));

    await chooseOption(page, 'Filter by status', 'In Progress');
    await page.getByRole('row').filter({ hasText: subject }).waitFor();
    await chooseOption(page, 'Filter by status', 'Closed');
    await page.getByText('No inquiries found').waitFor();
    await page.getByText('Try adjusting your search criteria').waitFor();
    await chooseOption(page, 'Filter by status', 'All Statuses');
    await page.getByRole('button', { name: `View details of ${subject}` }).click();
    await page.getByRole('dialog', { name: 'Inquiry Details' }).getByText('Dashboard rattles when the engine idles.').waitFor();
    await checkA11y(page);
    await screenshot(page, 'shop-inquiries-dark');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
