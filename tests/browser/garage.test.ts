import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type BrowserSuite, checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { addCustomer, addCustomerVehicle, addStaff, createCenter } from '../helpers/appointments.ts';
import { callerFor } from '../helpers/factories.ts';
import type { User } from '../../src/shared/auth.ts';

// Last year's model at 1,000 miles, its last oil change (every 6 months) seven months ago: only the
// oil change is overdue, everything else counts from today; so one oil record clears the engine.
const MODEL_YEAR = String(new Date().getFullYear() - 1);

function sevenMonthsAgo(): string {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() - 7);
  return day.toISOString().slice(0, 10);
}

function alerts(page: Page) {
  return page.getByRole('alert', { name: 'Maintenance alerts' }).or(page.locator('[aria-label="Maintenance alerts"]'));
}

async function engineBadge(page: Page): Promise<string> {
  await page.getByRole('button', { name: '1. Engine' }).click();
  const details = page.getByRole('region', { name: 'Engine details' });
  await details.waitFor();
  const badge = details.getByText(/^(Good Condition|Service Due|Service Overdue)$/);
  await badge.waitFor();
  return (await badge.textContent()) ?? '';
}

describe('My Garage, service records and what is due', () => {
  /** Each test signs in people of its own: an owner (light scheme) and a technician (dark). */
  async function people({ server, browser }: BrowserSuite): Promise<{ owner: Page; tech: Page; ownerUser: User; techUser: User }> {
    const [owner, tech] = await Promise.all([newPage(browser), newPage(browser, { colorScheme: 'dark' })]);
    const { user: ownerUser } = await signIn(owner, server, { role: 'simple' });
    const { user: techUser } = await signIn(tech, server, { role: 'tech' });
    return { owner, tech, ownerUser, techUser };
  }

  it('starts with an empty garage that says how to fill it', async ({ server, browser }) => {
    const { owner, tech } = await people({ server, browser });
    await owner.getByRole('link', { name: 'My Garage' }).first().click();
    await owner.getByRole('heading', { level: 1, name: 'My Garage' }).waitFor();
    await owner.getByText('Your garage is empty').waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'garage-empty-simple-light');
    await tech.goto(`${server.url}/records`);
    await tech.getByText('No service records yet').waitFor();
    await checkA11y(tech);
    await screenshot(tech, 'records-empty-tech-dark');
  });

  it('saves a vehicle, alerts what is due, and an oil record clears the alert, the badge and fills the history', async ({ server, browser }) => {
    const { owner } = await people({ server, browser });
    await owner.goto(`${server.url}/`);
    await chooseOption(owner, 'Year', MODEL_YEAR);
    await chooseOption(owner, 'Make', 'Toyota');
    await chooseOption(owner, 'Model', 'Camry');
    await owner.getByRole('button', { name: 'Select Vehicle' }).click();
    const summary = owner.getByRole('region', { name: `${MODEL_YEAR} Toyota Camry` });
    await summary.getByRole('button', { name: 'Save to My Vehicles' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Save to My Vehicles' });
    await dialog.getByLabel('Nickname').fill('Daily');
    await dialog.getByLabel('Current odometer').fill('-5');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Mileage must not be negative').waitFor();
    await dialog.getByLabel('Current odometer').fill('1,000');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: 'I know the last services' }).check();
    await dialog.getByLabel('Last oil change on').fill(sevenMonthsAgo());
    await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
    await summary.getByText('In My Garage: Daily').waitFor();

    // The home page alerts and the diagram badge.
    await alerts(owner).getByText(/Oil change/).waitFor();
    await expect(alerts(owner).innerText()).resolves.toContain('on Daily');
    expect(await engineBadge(owner)).toBe('Service Overdue');
    await checkA11y(owner);
    await screenshot(owner, 'garage-home-alerts-light');
    await owner.getByRole('button', { name: 'Service History' }).click();
    await owner.getByRole('dialog', { name: 'Service History: Engine' }).getByText('No service records yet').waitFor();
    await owner.keyboard.press('Escape');

    // The garage lists it with the oil change overdue; a record for the engine's oil service.
    await owner.getByRole('link', { name: 'My Garage' }).first().click();
    const card = owner.getByRole('region', { name: 'Daily' });
    const dueTable = card.getByRole('table', { name: 'Maintenance due for Daily' });
    const oilRow = dueTable.getByRole('row').filter({ hasText: 'Oil change' });
    await expect(oilRow.textContent()).resolves.toContain('Overdue');
    await screenshot(owner, 'garage-list-light');
    await card.getByRole('button', { name: 'Add Record' }).click();
    const form = owner.getByRole('dialog', { name: 'Add Service Record' });
    await chooseOption(owner, 'Component', 'Engine', form);
    await form.getByLabel('Service type').fill('Oil change');
    await form.getByLabel('Mileage').fill('1000');
    await form.getByLabel('Cost').fill('59.999');
    await form.getByRole('button', { name: 'Add Record' }).click();
    await form.getByText(/Cost must be a non-negative amount/).waitFor();
    await form.getByLabel('Cost').fill('59.90');
    await form.getByLabel('Notes').fill('=HYPERLINK("x") synthetic 0W-20');
    await checkA11y(owner);
    await screenshot(owner, 'garage-record-form-light');
    await form.getByRole('button', { name: 'Add Record' }).click();
    await form.waitFor({ state: 'hidden' });
    // Most urgent first: the oil change moves down among the services not yet urgent.
    await card.getByRole('button', { name: /^Show all/ }).click();
    await expect.poll(() => oilRow.textContent()).toContain('Not urgent');
    await expect(oilRow.textContent()).resolves.toContain('1,000 mi');

    // Back on the vehicle: the alert and the badge changed, and the history shows the record.
    await card.getByRole('link', { name: 'Diagram' }).click();
    await owner.getByRole('region', { name: `${MODEL_YEAR} Toyota Camry` }).waitFor();
    await expect.poll(async () => ((await alerts(owner).count()) === 0 ? '' : await alerts(owner).innerText())).not.toContain('Oil change');
    expect(await engineBadge(owner)).toBe('Good Condition');
    await owner.getByRole('button', { name: 'Service History' }).click();
    const history = owner.getByRole('table', { name: 'Service records for Engine' });
    await expect(history.innerText()).resolves.toContain('Oil change');
    await owner.keyboard.press('Escape');

    // The records page, its CSV and the printable history.
    await owner.goto(`${server.url}/garage`);
    await owner.getByRole('region', { name: 'Daily' }).getByRole('link', { name: 'Service history' }).click();
    const table = owner.getByRole('table', { name: 'Service records' });
    await expect(table.innerText()).resolves.toContain('$59.90');
    await checkA11y(owner);
    await screenshot(owner, 'records-simple-light');
    const csvHref = await owner.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await owner.request.get(`${server.url}${csvHref}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,service_type,component,status,mileage,cost,description,notes,technician');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Oil change,Engine,completed,1000,59.90,,"\'=HYPERLINK(""x"") synthetic 0W-20",');
    await owner.getByRole('link', { name: 'Printable history' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Service History' }).waitFor();
    await expect(owner.getByRole('table', { name: 'Service history' }).innerText()).resolves.toContain('Oil change');
    await owner.emulateMedia({ media: 'print' });
    await expect(owner.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await screenshot(owner, 'records-print');
    await owner.emulateMedia({ media: 'screen' });
    expect(scriptErrors(owner)).toEqual([]);
  });

  it("lets a shop's technician keep records for its customer's vehicle; the owner sees them by the shop", async ({ server, browser }) => {
    // A customer of the technician's shop, linked to the owner's account, with the vehicle saved at 1,000 miles.
    const { owner: customer, tech, ownerUser: user, techUser } = await people({ server, browser });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.choose({ year: Number(MODEL_YEAR), make: 'Toyota', model: 'Camry' });
    const entry = await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 1000 });
    const shop = await createCenter(server.db, 'Camry Care');
    await addStaff(server.db, shop, 'technician', techUser);
    await addCustomerVehicle(server.db, await addCustomer(server.db, shop, user, 'Casey Commuter'), vehicle.id, entry.id);
    await tech.goto(`${server.url}/records`);
    await tech.getByRole('button', { name: 'Add Record' }).first().click();
    const form = tech.getByRole('dialog', { name: 'Add Service Record' });
    await chooseOption(tech, 'Vehicle', new RegExp(`${MODEL_YEAR} Toyota Camry`), form);
    await chooseOption(tech, 'Component', 'Brakes', form);
    await form.getByLabel('Service type').fill('Brake inspection');
    await form.getByLabel('Mileage').fill('1200');
    await form.getByRole('button', { name: 'Add Record' }).click();
    await form.waitFor({ state: 'hidden' });
    const table = tech.getByRole('table', { name: 'Service records' });
    await expect.poll(() => table.innerText()).toContain('Brake inspection');
    await checkA11y(tech);
    await screenshot(tech, 'records-tech-dark');
    // The record joined the customer's history, signed by the technician; the odometer rose.
    const stored = await server.db.selectFrom('service_records').select(['user_id', 'technician_id']).where('service_type', '=', 'Brake inspection').executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(user.id);
    expect(stored.technician_id).not.toBeNull();
    await customer.goto(`${server.url}/garage`);
    await expect(customer.getByRole('region', { name: 'Commuter' }).innerText()).resolves.toContain('1,200 mi');
    await customer.goto(`${server.url}/records`);
    await expect.poll(() => customer.getByRole('table', { name: 'Service records' }).innerText()).toContain('by Camry Care');
    await screenshot(customer, 'records-by-shop-owner');
    expect(scriptErrors(tech)).toEqual([]);
  });
});
