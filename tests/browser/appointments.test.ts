import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { ServiceAppointment } from '../../src/shared/appointments.ts';
import { addCustomer, addCustomerVehicle, addStaff, createCenter, createVehicle } from '../helpers/appointments.ts';
import { createUser, TEST_PASSWORD } from '../helpers/factories.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

async function stat(page: Page, label: string): Promise<string> {
  return (await page.getByTestId(`stat-${label}`).textContent()) ?? '';
}

async function expectStat(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => stat(page, label), { timeout: 10_000 }).toBe(value);
}

describe('appointments of a shop', () => {
  it('shows staff of no shop the way to a shop, whatever their mode', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signIn(page, server, { role: 'tech', at: '/service-appointments' });
    await page.getByText('You are not staff of a shop yet').waitFor();
    expect(await page.getByRole('link', { name: 'Register or join a shop' }).getAttribute('href')).toBe('/shop');
    await checkA11y(page);
    await screenshot(page, 'appointments-no-shop-mobile');
    await page.goto(`${server.url}/analytics`);
    await page.getByText('You are not staff of a shop yet').waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a manager books for a customer, reschedules and moves it along; the customer sees the change', async ({ server, browser }) => {
    const db = server.db;
    const center = await createCenter(db, `Brake Barn ${randomUUID().slice(0, 4)}`);
    const customer = await createUser(db, { role: 'simple' });
    const customerName = `Dana Driver ${randomUUID().slice(0, 4)}`;
    const customerId = await addCustomer(db, center, customer, customerName);
    await addCustomerVehicle(db, customerId, await createVehicle(db, 'Civic'));

    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { user: manager } = await signIn(page, server, { role: 'tech' });
    await addStaff(db, center, 'manager', manager);
    await page.goto(`${server.url}/service-appointments`);
    await page.getByText('Get started by scheduling your first service appointment').waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Service Appointment' });
    await chooseOption(page, 'Customer', new RegExp(customerName), dialog);
    await chooseOption(page, 'Vehicle', /Honda Civic/, dialog);
    const serviceType = `Brake Service ${randomUUID().slice(0, 4)}`;
    await dialog.getByLabel(/^Service Type \*?$/).fill(serviceType);
    expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('60');
    await screenshot(page, 'appointments-new-desktop');
    await dialog.getByRole('button', { name: 'Create Appointment' }).click();
    await page.getByText('Service appointment created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: serviceType });
    await row.getByText(customerName).waitFor();
    await row.getByText('2019 Honda Civic').waitFor();
    await expectStat(page, 'Total Appointments', '1');

    // Reschedule: open the details, edit duration and notes.
    await row.getByRole('button', { name: new RegExp(`View .*${serviceType}`) }).click();
    await page.getByRole('button', { name: 'Edit or Reschedule' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit or Reschedule Appointment' });
    await edit.getByLabel('Duration (minutes)').fill('90');
    await edit.getByLabel('Service Notes').fill('Customer waits in the lounge');
    await edit.getByLabel('Actual Cost').fill('12.345');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText(/Actual cost must be a non-negative amount/).waitFor();
    await edit.getByLabel('Actual Cost').fill('120');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Service appointment updated successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('1h 30m').waitFor();

    await page.getByRole('button', { name: `Change status of ${serviceType}` }).click();
    await page.getByRole('menuitem', { name: 'Confirm Appointment' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await row.getByText('Confirmed', { exact: true }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'appointments-shop-desktop');
    expect(scriptErrors(page)).toEqual([]);

    // The customer, over real HTTP with their own session, sees the new duration and status.
    const owner = await newPage(browser, { viewport: { width: 375, height: 800 } });
    expect((await owner.request.post(`${server.url}/api/login`, { data: { email: customer.email, password: TEST_PASSWORD } })).status()).toBe(200);
    const mine = await owner.request.get(`${server.url}/api/service-appointments`);
    const seen = ((await mine.json()) as ServiceAppointment[]).find((a) => a.serviceType === serviceType);
    expect(seen).toMatchObject({ duration: 90, status: 'confirmed', actualCost: '120.00', notes: 'Customer waits in the lounge' });
    const notices = await db.selectFrom('notifications').select('kind').where('user_id', '=', customer.id).execute();
    expect(notices.map((n) => n.kind)).toContain('appointment_status');
    await owner.context().close();

    // Analytics of the current shop count its appointment.
    await page.goto(`${server.url}/analytics`);
    await page.getByText(`Inquiries, appointments and repair orders of ${(await db.selectFrom('service_centers').select('name').where('id', '=', center).executeTakeFirstOrThrow()).name}`).waitFor();
    await screenshot(page, 'analytics-shop-desktop');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/service-appointments`);
    await page.getByText(serviceType).first().waitFor();
    await screenshot(page, 'appointments-shop-mobile-dark');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
