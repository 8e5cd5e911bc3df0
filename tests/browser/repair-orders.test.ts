import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { callerFor } from '../helpers/factories.ts';
import { ACCORD_VIN } from '../helpers/garage.ts';
import { makeStaff, registerShop } from '../helpers/shops.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

const PHONE = { width: 375, height: 812 };

async function shot(page: Page, name: string) {
  // The last toast would hide part of the page.
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) await close.click().catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await screenshot(page, `repair-order-${name}`);
}

/** Waits for the order's status badge to read `status`. */
async function statusIs(page: Page, status: string) {
  await page.getByRole('region', { name: 'Order summary' }).getByText(status, { exact: true }).waitFor();
}

describe('a repair order from estimate to paid: the shop prices it, the owner approves on a phone, the work uses the stock and is paid', () => {
  it('new order → 1.5 h brake labour and pads from stock → sent → approved from My Requests → clocked and completed → invoiced, printed, paid', async ({ server, browser }) => {
    const db = server.db;
    const boss = await newPage(browser);
    const { user: shopOwner } = await signIn(boss, server, { role: 'tech' });
    const tech = await newPage(browser);
    const { user: technician } = await signIn(tech, server, { role: 'tech' });
    const phone = await newPage(browser, { colorScheme: 'dark', viewport: PHONE });
    const { user: owner } = await signIn(phone, server, { role: 'simple' });

    // The shop, its technician, the owner as its customer with their Accord, and four pads in stock.
    const vehicle = await callerFor(db, null).vehicles.decodeVin({ vin: ACCORD_VIN });
    const shop = await registerShop(db, shopOwner, { name: 'Main Street Auto' });
    await makeStaff(db, technician.id, shop.id, 'technician');
    await db.updateTable('users').set({ current_shop_id: shop.id }).where('id', 'in', [shopOwner.id, technician.id]).execute();
    const entry = await callerFor(db, owner).garage.add({ vehicleId: vehicle.id, nickname: 'Family Accord', odometer: 61_000 });
    const customer = await db.insertInto('shop_customers').values({ service_center_id: shop.id, user_id: owner.id, name: 'Dana Owner', email: owner.email }).returning('id').executeTakeFirstOrThrow();
    const customerVehicle = await db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: vehicle.id, garage_vehicle_id: entry.id, plate: 'VT-204', odometer: 61_000 }).returning('id').executeTakeFirstOrThrow();
    const pads = await callerFor(db, technician).parts.create({ serviceCenterId: shop.id, partNumber: 'BP-1', name: 'Front brake pads', category: 'Brakes', unitCostCents: 3_000, priceCents: 6_999 });
    await callerFor(db, technician).parts.move({ partId: pads.id, kind: 'received', quantity: 4 });

    // The shop's owner sets the rates new orders start from.
    await boss.goto(`${server.url}/repair-orders`);
    await boss.getByText('No repair orders yet').waitFor();
    await boss.getByRole('button', { name: 'Rates' }).click();
    const rates = boss.getByRole('dialog', { name: 'Shop rates' });
    await rates.getByRole('textbox', { name: 'Tax rate' }).fill('8.25');
    await rates.getByRole('textbox', { name: 'Labour rate' }).fill('120');
    await rates.getByRole('button', { name: 'Save rates' }).click();
    await boss.getByText('Rates saved').waitFor();
    expect(await db.selectFrom('service_centers').select(['tax_rate_bp', 'labor_rate_cents']).where('id', '=', shop.id).executeTakeFirstOrThrow()).toEqual({ tax_rate_bp: 825, labor_rate_cents: 12_000 });

    // The technician (no Rates: not a manager) opens an order for the Accord.
    await tech.goto(`${server.url}/repair-orders`);
    await tech.getByText('No repair orders yet').waitFor();
    expect(await tech.getByRole('button', { name: 'Rates' }).count()).toBe(0);
    await checkA11y(tech);
    await tech.getByRole('button', { name: 'New repair order' }).click();
    const create = tech.getByRole('dialog', { name: 'New repair order' });
    await chooseOption(tech, 'Customer', /^Dana Owner/, create);
    await chooseOption(tech, 'Vehicle', /Honda Accord \(VT-204\)$/, create);
    await create.getByRole('textbox', { name: 'Mileage' }).fill('61200');
    await create.getByRole('button', { name: 'Create repair order' }).click();
    await tech.waitForURL(/\/repair-orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(tech.url()).pathname;
    await tech.getByRole('heading', { name: 'Repair Order #1' }).waitFor();

    // 1.5 h of labour on the Brakes at the shop's rate, then the pads from stock.
    await tech.getByRole('button', { name: 'Add line' }).click();
    let line = tech.getByRole('dialog', { name: 'Add line' });
    await line.getByRole('textbox', { name: 'Description' }).fill('Replace front brake pads');
    await chooseOption(tech, 'Component', 'Brakes', line);
    await line.getByRole('combobox', { name: 'Service type' }).or(line.getByRole('textbox', { name: 'Service type' })).fill('Brake pads');
    await tech.getByRole('option', { name: 'Brake pads', exact: true }).click();
    await line.getByRole('textbox', { name: 'Hours' }).fill('1');
    await expect.poll(() => line.getByRole('textbox', { name: 'Rate' }).inputValue()).toBe('120.00');
    await checkA11y(tech);
    await shot(tech, 'line-dialog-labour-light');
    await line.getByRole('button', { name: 'Add line' }).click();
    await line.waitFor({ state: 'hidden' });
    const lines = tech.getByRole('table', { name: 'Lines' });
    await lines.getByText('1 h × $120.00').waitFor();
    // The quote was short: the line is edited to 1.5 h.
    await lines.getByRole('button', { name: 'Edit Replace front brake pads' }).click();
    const edit = tech.getByRole('dialog', { name: 'Edit line' });
    expect(await edit.getByRole('textbox', { name: 'Rate' }).inputValue()).toBe('120.00');
    await edit.getByRole('textbox', { name: 'Hours' }).fill('1.5');
    await edit.getByRole('button', { name: 'Save line' }).click();
    await edit.waitFor({ state: 'hidden' });
    await lines.getByText('1.5 h × $120.00').waitFor();
    await lines.getByText('Brake pads · Brakes').waitFor();

    await tech.getByRole('button', { name: 'Add line' }).click();
    line = tech.getByRole('dialog', { name: 'Add line' });
    await line.getByText('Part', { exact: true }).click();
    await chooseOption(tech, 'Part', /^BP-1 · Front brake pads \(4 on hand\)$/, line);
    await expect.poll(() => line.getByRole('textbox', { name: 'Unit price' }).inputValue()).toBe('69.99');
    await shot(tech, 'line-dialog-part-light');
    await line.getByRole('button', { name: 'Add line' }).click();
    await line.waitFor({ state: 'hidden' });
    await lines.getByText('Part BP-1 · 4 on hand').waitFor();
    // $180.00 + $69.99, tax 8.25 % of the pads' $69.99 = $5.77.
    const totals = tech.getByRole('region', { name: 'Totals' });
    await totals.getByText('$255.76').waitFor();
    await totals.getByText('Tax (8.25 %)').waitFor();
    await checkA11y(tech);
    await shot(tech, 'order-staff-estimate-light');

    await tech.getByRole('button', { name: 'Send to customer' }).click();
    await statusIs(tech, 'Sent');

    // The same technician on a phone in the dark.
    const techPhone = await newPage(browser, { colorScheme: 'dark', viewport: PHONE });
    await techPhone.context().addCookies(await tech.context().cookies());
    await techPhone.goto(`${server.url}${orderPath}`);
    await statusIs(techPhone, 'Sent');
    await checkA11y(techPhone);
    await shot(techPhone, 'order-staff-sent-dark-375');

    // The owner, on a phone in the dark, finds it in My Requests and approves every line.
    await phone.goto(`${server.url}/requests`);
    const mine = phone.getByRole('region', { name: 'Repair orders' });
    await mine.getByText('Awaiting your approval').waitFor();
    await mine.getByText('Main Street Auto', { exact: false }).waitFor();
    await checkA11y(phone);
    await shot(phone, 'my-requests-dark-375');
    await mine.getByText('Repair order #1').click();
    await phone.waitForURL(`**${orderPath}`);
    await phone.getByRole('button', { name: 'Approve Replace front brake pads' }).waitFor();
    expect(await phone.getByRole('button', { name: 'Approve Front brake pads' }).getAttribute('aria-pressed')).toBe('true');
    await phone.getByText('Total with your choices: $255.76').waitFor();
    await checkA11y(phone);
    await shot(phone, 'order-customer-sent-dark-375');
    await phone.getByRole('button', { name: 'Submit decision' }).click();
    await phone.getByText(/^You approved this estimate/).waitFor();
    expect(await phone.getByRole('button', { name: 'Submit decision' }).count()).toBe(0);
    await shot(phone, 'order-customer-approved-dark-375');

    // The work: started, clocked in and out, completed; the pads leave the stock.
    await tech.reload();
    await statusIs(tech, 'Approved');
    await tech.getByRole('button', { name: 'Start work' }).click();
    await statusIs(tech, 'In Progress');
    await tech.getByRole('button', { name: 'Clock in on Replace front brake pads' }).click();
    await tech.getByRole('button', { name: 'Clock out of Replace front brake pads' }).waitFor();
    await techPhone.reload();
    await techPhone.getByRole('button', { name: 'Clock out of Replace front brake pads' }).waitFor();
    await checkA11y(techPhone);
    await shot(techPhone, 'order-staff-working-dark-375');
    await tech.getByRole('button', { name: 'Clock out of Replace front brake pads' }).click();
    await tech.getByRole('button', { name: 'Clock in on Replace front brake pads' }).waitFor();
    await tech.getByText(/worked of 1\.5 h quoted$/).waitFor();
    await tech.getByRole('button', { name: 'Complete' }).click();
    await statusIs(tech, 'Completed');
    expect(await db.selectFrom('parts').select('on_hand').where('id', '=', pads.id).executeTakeFirstOrThrow()).toEqual({ on_hand: 3 });

    // The owner's Service History has the brake pads at $180.00 + $69.99.
    await phone.goto(`${server.url}/records`);
    await phone.getByText('Brake pads', { exact: true }).first().waitFor();
    await phone.getByText('$249.99').first().waitFor();

    // Invoice, its printed page, and the payment that settles it.
    await tech.getByRole('button', { name: 'Create invoice' }).click();
    await statusIs(tech, 'Invoiced');
    await tech.getByRole('link', { name: 'Print invoice' }).click();
    await tech.waitForURL(`**${orderPath}/print`);
    const invoice = tech.getByRole('article', { name: 'Invoice' });
    await invoice.getByRole('heading', { name: 'Invoice #1' }).waitFor();
    await invoice.getByText('Main Street Auto').waitFor();
    await invoice.getByText('Dana Owner').waitFor();
    await checkA11y(tech);
    await shot(tech, 'print-invoice-light');
    await tech.getByRole('link', { name: 'Back to the order' }).click();
    await tech.getByRole('button', { name: 'Record payment' }).click();
    const payment = tech.getByRole('dialog', { name: 'Record payment' });
    expect(await payment.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('255.76');
    await payment.getByRole('textbox', { name: 'Reference' }).fill('Till 2');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await statusIs(tech, 'Paid');
    await tech.getByRole('region', { name: 'Payments' }).getByText('Card · Till 2').waitFor();
    await checkA11y(tech);
    await shot(tech, 'order-staff-paid-light');

    // The owner's paid order on the phone.
    await phone.goto(`${server.url}${orderPath}`);
    await phone.getByText('Paid in full. Thank you.').waitFor();
    await checkA11y(phone);
    await shot(phone, 'order-customer-paid-dark-375');
    await phone.getByRole('link', { name: 'Print invoice' }).click();
    await phone.getByRole('heading', { name: 'Invoice #1' }).waitFor();
    await phone.getByText('Paid in full', { exact: true }).waitFor();
    await checkA11y(phone);
    await shot(phone, 'print-invoice-dark-375');
    const lightPhone = await newPage(browser, { viewport: PHONE });
    await lightPhone.context().addCookies(await phone.context().cookies());
    await lightPhone.goto(`${server.url}${orderPath}`);
    await lightPhone.getByText('Paid in full. Thank you.').waitFor();
    await checkA11y(lightPhone);
    await shot(lightPhone, 'order-customer-paid-light-375');

    // From a signed inspection with an urgent brake finding: the order starts with its work.
    const asTech = callerFor(db, technician);
    const draft = await asTech.inspections.create({ vehicleId: vehicle.id, serviceCenterId: shop.id, customerVehicleId: customerVehicle.id });
    const padItem = draft.items.find((item) => item.name === 'Front brake pad thickness')!;
    await asTech.inspections.update({ id: draft.id, items: [{ id: padItem.id, status: 'urgent', recommendation: 'Replace front brake pads' }] });
    await asTech.inspections.complete({ id: draft.id, signature: 'Sam Technician' });
    await tech.goto(`${server.url}/inspections/${draft.id}`);
    await tech.getByRole('button', { name: 'Create repair order' }).click();
    await tech.getByRole('heading', { name: 'Repair Order #2' }).waitFor();
    await tech.getByRole('table', { name: 'Lines' }).getByText('1 h × $120.00').waitFor();

    // The list at 375 px in the dark: both orders.
    const list = await newPage(browser, { colorScheme: 'dark', viewport: PHONE });
    await list.context().addCookies(await tech.context().cookies());
    await list.goto(`${server.url}/repair-orders`);
    await list.getByText('#2 · Dana Owner').waitFor();
    await list.getByText('#1 · Dana Owner').waitFor();
    await checkA11y(list);
    await shot(list, 'list-dark-375');
    await tech.goto(`${server.url}/repair-orders`);
    await tech.getByRole('link', { name: 'Repair order #2' }).waitFor();
    await shot(tech, 'list-light');

    for (const page of [boss, tech, techPhone, phone, lightPhone, list]) expect(scriptErrors(page)).toEqual([]);
    // The whole story on six pages: a minute on a quiet machine, so it gets three.
  }, 180_000);

  it('points a technician of no shop to the Shop page', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: PHONE });
    await signIn(page, server, { role: 'tech', at: '/repair-orders' });
    await page.getByText('You are not staff of a shop yet').waitFor();
    expect(await page.getByRole('button', { name: 'New repair order' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Register your shop' }).waitFor();
    await checkA11y(page);
    expect(scriptErrors(page)).toEqual([]);
  });
});
