import { describe, expect } from 'vitest';
import { addStaff, createCenter } from '../helpers/customers.ts';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

describe("a shop's customers and audit log", () => {
  let centerId: string;
  it.beforeAll(async ({ server }) => {
    centerId = await createCenter(server.db, 'Customers Test Garage');
  });

  it('tells staff of no shop how to get one', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signIn(page, server, { role: 'tech', at: '/customers' });
    await page.getByText('Register your shop or ask your shop for an invitation').waitFor();
    expect(await page.getByRole('link', { name: 'Go to My Shop' }).getAttribute('href')).toBe('/shop');
    await checkA11y(page);
    await screenshot(page, 'customers-no-shop-375-light');
  });

  it('a manager creates a customer, adds a vehicle by VIN, finds them by search and opens the detail', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { user } = await signIn(page, server, { role: 'tech' });
    await addStaff(server.db, centerId, user, 'manager');
    await page.goto(`${server.url}/customers`);
    await page.getByText('No customers found').waitFor();
    await screenshot(page, 'customers-empty-desktop-light');

    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel(/^Name/).fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await dialog.getByLabel('Email').fill('ada@example.test');
    await dialog.getByLabel('Phone').fill('(512) 555-0100');
    await dialog.getByLabel('Tags').fill('Fleet');
    await dialog.getByLabel('Tags').press('Enter');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Create customer' }).click();

    // The new customer's page.
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    expect(page.url()).toMatch(/\/customers\/[0-9a-f-]{36}$/);
    await page.getByText('No vehicles yet.').waitFor();
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const add = page.getByRole('dialog', { name: 'Add vehicle' });
    expect(await add.getByRole('button', { name: 'Add vehicle' }).isDisabled()).toBe(true);
    await add.getByRole('textbox', { name: 'VIN' }).fill('1hgcm82633a004352');
    await add.getByRole('button', { name: 'Decode' }).click();
    await add.getByTestId('chosen-vehicle').getByText('2003 Honda Accord').waitFor();
    await add.getByLabel('Plate').fill('ADA 1815');
    await add.getByLabel('Odometer (miles)').fill('64000');
    await add.getByRole('button', { name: 'Add vehicle' }).click();
    const vehicle = page.getByTestId('customer-vehicle');
    await vehicle.getByText('VIN 1HGCM82633A004352').waitFor();
    await vehicle.getByText('Plate: ADA 1815 · Odometer: 64,000 mi').waitFor();
    await checkA11y(page);
    await screenshot(page, 'customer-detail-desktop-light');

    // Found by the server's search, by phone digits.
    await page.getByRole('link', { name: 'All customers' }).click();
    await page.getByLabel('Search customers').fill('555-0100');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await table.getByText('1 vehicles').waitFor();
    await page.getByLabel('Search customers').fill('nobody like this');
    await page.getByText('Try adjusting your search criteria').waitFor();
    await page.getByLabel('Search customers').fill('lovelace');
    await table.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await screenshot(page, 'customers-list-desktop-light');
    await table.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();

    // The audit log shows what changed.
    await page.getByRole('link', { name: 'Audit Log' }).click();
    const entries = page.getByTestId('audit-entry');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    await entries.first().getByText('Customer vehicle').waitFor();
    await entries.last().getByText('ada@example.test').waitFor();
    await checkA11y(page);
    await screenshot(page, 'audit-desktop-light');
    expect(scriptErrors(page)).toEqual([]);
  });

  it('on a phone in dark mode: cards, an edit with its audit diff, and a technician who only reads', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const { user } = await signIn(page, server, { role: 'tech' });
    await addStaff(server.db, centerId, user, 'owner');
    await page.goto(`${server.url}/customers`);
    const card = page.getByTestId('customer-cards').getByRole('link', { name: 'Ada Lovelace' });
    await card.waitFor();
    await checkA11y(page);
    await screenshot(page, 'customers-list-375-dark');
    await card.click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit customer' });
    await dialog.getByLabel('Notes').fill('Prefers a call after 5 pm');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Prefers a call after 5 pm').waitFor();
    await screenshot(page, 'customer-detail-375-dark');
    await page.goto(`${server.url}/audit`);
    const latest = page.getByTestId('audit-entry').first();
    await latest.getByText('Prefers a call after 5 pm').waitFor();
    await screenshot(page, 'audit-375-dark');

    const tech = await newPage(browser);
    const technician = await signIn(tech, server, { role: 'tech' });
    await addStaff(server.db, centerId, technician.user, 'technician');
    await tech.goto(`${server.url}/customers`);
    await tech.getByRole('table').getByRole('link', { name: 'Ada Lovelace' }).click();
    await tech.getByText('Technicians read customers; managers and owners edit them.').waitFor();
    expect(await tech.getByRole('button', { name: 'Add vehicle' }).count()).toBe(0);
    expect(await tech.getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    await tech.goto(`${server.url}/audit`);
    await tech.getByText('Managers and owners only').waitFor();

    // A customer of a shop the technician does not work for reads as missing.
    const elsewhere = await createCenter(server.db);
    const [foreign] = await server.db.insertInto('shop_customers').values({ service_center_id: elsewhere, name: 'Someone Else' }).returning('id').execute();
    await tech.goto(`${server.url}/customers/${foreign!.id}`);
    await tech.getByText('Customer not found', { exact: true }).waitFor();
    expect(await tech.getByText('Someone Else').count()).toBe(0);
    await checkA11y(tech);
    await screenshot(tech, 'customer-not-found-desktop-light');
    expect(scriptErrors(tech)).toEqual([]);
    expect(scriptErrors(page)).toEqual([]);
  });
});
