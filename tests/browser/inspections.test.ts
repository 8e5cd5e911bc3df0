import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { callerFor } from '../helpers/factories.ts';
import { ACCORD_VIN } from '../helpers/garage.ts';
import { registerShop } from '../helpers/shops.ts';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn, TEST_PASSWORD, type TestServer } from './helpers.ts';

/** The VIN decoded on the home page, and one component chosen on its diagram. */
async function openComponent(page: Page, server: TestServer, component: string) {
  await page.goto(`${server.url}/`);
  await page.getByRole('textbox', { name: 'VIN' }).fill(ACCORD_VIN);
  await page.getByRole('button', { name: 'Decode' }).click();
  await page.getByText('VIN Decoded Successfully').waitFor();
  await page.getByRole('button', { name: new RegExp(`^\\d+\\. ${component}`) }).click();
  await page.getByRole('region', { name: `${component} details` }).waitFor();
}

describe('a shop inspects a customer\u2019s car and the owner decides on the diagram (docs/inspections.md)', () => {
  it('Quick Actions → photos from the camera → 2 mm pads Urgent → signed and shared → red brake hotspot → approved → the shop\u2019s request', async ({ server, browser }) => {
    const db = server.db;
    const tech = await newPage(browser);
    const { user: technician } = await signIn(tech, server, { role: 'tech' });
    const ownerPage = await newPage(browser);
    const { user: owner } = await signIn(ownerPage, server, { role: 'simple' });

    // The shop, its technician at work in it, and the owner as its customer with their Accord.
    const vehicle = await callerFor(db, null).vehicles.decodeVin({ vin: ACCORD_VIN });
    const shop = await registerShop(db, technician, { name: 'Main Street Auto' });
    await db.updateTable('users').set({ current_shop_id: shop.id }).where('id', '=', technician.id).execute();
    const entry = await callerFor(db, owner).garage.add({ vehicleId: vehicle.id, nickname: 'Family Accord', odometer: 61_000 });
    const customer = await db.insertInto('shop_customers').values({ service_center_id: shop.id, user_id: owner.id, name: 'Dana Owner', email: owner.email }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: vehicle.id, garage_vehicle_id: entry.id, plate: 'VT-204', odometer: 61_000 }).execute();

    // The technician starts the inspection from the Brakes' Quick Actions.
    await tech.reload();
    await openComponent(tech, server, 'Brakes');
    await tech.getByRole('button', { name: 'Create Inspection Report' }).click();
    const create = tech.getByRole('dialog', { name: 'Create Inspection Report' });
    await create.getByRole('radio', { name: 'Dana Owner' }).check();
    await create.getByRole('button', { name: 'Create' }).click();
    await tech.waitForURL(/\/inspections\/[0-9a-f-]{36}/);
    const inspectionPath = new URL(tech.url()).pathname;

    // Take Photos on the Brakes: two shots from the (fake) camera go onto the front pads.
    await openComponent(tech, server, 'Brakes');
    await tech.getByRole('button', { name: 'Take Photos' }).click();
    await tech.waitForURL(/\/camera\?inspection=/);
    await tech.getByText('Photos go to: Brakes — Front brake pad thickness').waitFor();
    await tech.getByRole('button', { name: 'Start camera' }).click();
    for (let shot = 0; shot < 2; shot++) {
      await tech.getByRole('button', { name: 'Capture' }).click();
      await tech.getByRole('button', { name: /^Keep (photo|anyway)$/ }).click();
      await tech.getByText('Attached to Front brake pad thickness').first().waitFor();
      await tech.getByRole('button', { name: 'Capture' }).waitFor();
    }
    const inspectionId = inspectionPath.split('/').pop()!;
    const attached = async () => (await db.selectFrom('inspection_photos').select('file_id').where('inspection_id', '=', inspectionId).execute()).length;
    await expect.poll(attached, { timeout: 10_000 }).toBe(2);

    // 2 mm pads: the measurement marks them Urgent and proposes the work; the oil is fine.
    await tech.goto(`${server.url}${inspectionPath}`);
    const pads = tech.getByRole('group', { name: 'Front brake pad thickness', exact: true });
    await expect.poll(() => pads.getByRole('button', { name: /^Open photo / }).count(), { timeout: 15_000 }).toBe(2);
    await pads.getByRole('textbox', { name: 'Measurement (mm)' }).fill('2');
    await pads.getByRole('textbox', { name: 'Measurement (mm)' }).blur();
    await expect.poll(() => pads.getByRole('button', { name: 'Front brake pad thickness: Urgent' }).getAttribute('aria-pressed')).toBe('true');
    await expect(pads.getByRole('textbox', { name: 'Recommended action' }).inputValue()).resolves.toBe('Replace front brake pads');
    await pads.getByRole('textbox', { name: 'Estimated cost' }).fill('189.90');
    await pads.getByRole('textbox', { name: 'Estimated cost' }).blur();
    await tech.getByRole('button', { name: 'Engine oil level and condition: Good' }).click();
    await tech.getByText('All changes saved').waitFor();
    await checkA11y(tech);
    await screenshot(tech, 'inspection-draft-tech-light');

    await tech.getByRole('button', { name: 'Complete and sign' }).click();
    const sign = tech.getByRole('dialog', { name: 'Complete and sign' });
    await sign.getByRole('textbox', { name: 'Your full name' }).fill('Sam Technician');
    await sign.getByRole('button', { name: 'Sign and complete' }).click();
    await tech.getByRole('button', { name: 'Share with customer' }).click();
    const shared = tech.getByRole('dialog', { name: 'Shared with the customer' });
    const link = await shared.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(/\/shared\/inspections\/[A-Za-z0-9_-]{43}$/);

    // The owner: a red Brakes hotspot, its badge and photo, and the decision.
    await openComponent(ownerPage, server, 'Brakes');
    await ownerPage.getByRole('button', { name: /^\d+\. Brakes: Urgent$/ }).waitFor();
    const details = ownerPage.getByRole('region', { name: 'Brakes details' });
    await details.getByText('Urgent', { exact: true }).first().waitFor();
    await details.getByRole('img').first().waitFor();
    await ownerPage.getByRole('button', { name: /^\d+\. Engine: Good Condition$/ }).waitFor();
    await checkA11y(ownerPage);
    await screenshot(ownerPage, 'inspection-diagram-owner-light');

    await ownerPage.goto(`${server.url}/garage`);
    await ownerPage.getByText('1 recommendations await your decision').or(ownerPage.getByText('1 recommendation awaits your decision')).first().waitFor();
    await ownerPage.goto(`${server.url}${inspectionPath}`);
    await ownerPage.getByRole('button', { name: 'Approve Replace front brake pads' }).click();
    await ownerPage.getByRole('dialog', { name: 'Approve this work?' }).getByRole('button', { name: 'Approve and send request' }).click();
    await ownerPage.getByText('Approved — request sent to the shop').waitFor();
    expect(scriptErrors(ownerPage)).toEqual([]);

    // The shop sees the appointment request among its inquiries.
    await tech.goto(`${server.url}/customer-inquiries`);
    await tech.getByText('Approved: Replace front brake pads').first().waitFor();
    expect(scriptErrors(tech)).toEqual([]);

    // The public link opens the report without an account, on a phone in the dark.
    const visitor = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await visitor.goto(link);
    await visitor.getByText('Replace front brake pads').first().waitFor();
    await visitor.getByText('Sam Technician').first().waitFor();
    await checkA11y(visitor);
    await screenshot(visitor, 'inspection-public-dark-375');
    const pdf = await visitor.request.get(`${server.url}/api${new URL(link).pathname}/report.pdf`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The owner's inspection on a phone in the dark.
    const phone = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    expect((await phone.request.post(`${server.url}/api/login`, { data: { email: owner.email, password: TEST_PASSWORD } })).status()).toBe(200);
    await phone.goto(`${server.url}${inspectionPath}`);
    await phone.getByText('Approved — request sent to the shop').waitFor();
    await checkA11y(phone);
    await screenshot(phone, 'inspection-owner-dark-375');
    // Two accounts, the camera, the report and the diagram: under a minute on a quiet machine, so it gets three.
  }, 180_000);
});
