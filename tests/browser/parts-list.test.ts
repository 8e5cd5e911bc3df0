import { describe, expect } from 'vitest';
import { callerFor } from '../helpers/factories.ts';
import { F150_VIN, storeGenericTruck } from '../helpers/garage.ts';
import { registerShop } from '../helpers/shops.ts';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

describe('the vehicle page\u2019s Parts List tab', () => {
  let truckId: string;
  it.beforeAll(async ({ server }) => {
    truckId = await storeGenericTruck(server.db, F150_VIN);
  });

  it('shows a technician their shop\u2019s parts that fit the truck, with the stock badge, by component', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { user } = await signIn(page, server, { role: 'tech' });
    const shop = await registerShop(server.db, user, { name: 'Harbor Auto' });
    const staff = callerFor(server.db, user);
    const pads = await staff.parts.create({ serviceCenterId: shop.id, partNumber: 'BP-150', name: 'Front brake pads', brand: 'Akebono', category: 'Brakes', make: 'ford', model: 'F-150', yearFrom: 2018, yearTo: 2022, priceCents: 8_950, reorderPoint: 2 });
    await staff.parts.move({ partId: pads.id, kind: 'received', quantity: 6 });
    await staff.parts.create({ serviceCenterId: shop.id, partNumber: 'OF-1', name: 'Oil filter', category: 'Engine', priceCents: 1_299 });
    await staff.parts.create({ serviceCenterId: shop.id, partNumber: 'TOY-9', name: 'Camry wiper', make: 'Toyota' });

    await page.goto(`${server.url}/?vehicle=${truckId}`);
    await page.getByRole('tab', { name: 'Parts List' }).click();
    const section = page.getByRole('region', { name: 'Harbor Auto: parts that fit' });
    const table = section.getByRole('region', { name: 'Parts that fit this vehicle' });
    const padsRow = table.getByRole('row').filter({ hasText: 'BP-150' });
    await padsRow.getByText('In Stock').waitFor();
    await padsRow.getByText('$89.50').waitFor();
    await padsRow.getByText('Fits: ford F-150 2018\u20132022').waitFor();
    await table.getByRole('row').filter({ hasText: 'OF-1' }).getByText('Out of Stock').waitFor();
    expect(await table.getByText('TOY-9').count()).toBe(0);
    // Grouped by the diagram's components: Engine comes before Brakes.
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Part number', 'Name', 'Brand', 'Price', 'Stock', 'Engine', 'Brakes']);
    await section.getByRole('link', { name: 'Open the Parts Database' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'parts-list-tech-light');

    await section.getByText('Brakes (1)').click();
    await table.getByRole('row').filter({ hasText: 'OF-1' }).waitFor({ state: 'detached' });
    await padsRow.waitFor();
    // Staff of a shop whose garage does not hold the truck see the shop's side only; once it does, both.
    expect(await page.getByRole('region', { name: 'Parts used on your car' }).count()).toBe(0);
    await staff.garage.add({ vehicleId: truckId, nickname: 'Shop truck', odometer: 10_000 });
    await page.reload();
    await page.getByRole('tab', { name: 'Parts List' }).click();
    await page.getByRole('region', { name: 'Parts used on your car' }).getByText('No parts recorded yet').waitFor();
    await padsRow.waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('receives a purchase order in part on the Parts Database page: the line, the order\u2019s status and the inventory follow', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { user } = await signIn(page, server, { role: 'tech' });
    const shop = await registerShop(server.db, user, { name: 'Bayside Garage' });
    await server.db.updateTable('users').set({ current_shop_id: shop.id }).where('id', '=', user.id).execute();
    const staff = callerFor(server.db, user);
    const supplier = await staff.parts.suppliers.create({ serviceCenterId: shop.id, name: 'Coastal Parts Supply', status: 'active' });
    const pads = await staff.parts.create({ serviceCenterId: shop.id, partNumber: 'BP-7', name: 'Front brake pads', category: 'Brakes', unitCostCents: 3_000, priceCents: 6_999 });
    const order = await staff.purchaseOrders.create({ serviceCenterId: shop.id, supplierId: supplier.id, lines: [{ partId: pads.id, quantity: 6 }] });
    await staff.purchaseOrders.transition({ id: order.id, to: 'ordered' });

    await page.goto(`${server.url}/database`);
    await page.getByRole('tab', { name: 'Purchase orders' }).click();
    await page.getByRole('row').filter({ hasText: 'Coastal Parts Supply' }).getByText('0 of 6').waitFor();
    await page.getByRole('button', { name: `Open PO #${order.number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase order' });
    await dialog.getByRole('textbox', { name: /Receive now of BP-7/ }).fill('4');
    await dialog.getByRole('button', { name: 'Receive stock' }).click();
    await dialog.getByText('Partially received', { exact: true }).waitFor();
    await dialog.getByText('4 of 6 in').waitFor();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await page.getByRole('row').filter({ hasText: 'Coastal Parts Supply' }).getByText('4 of 6').waitFor();
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByRole('row').filter({ hasText: 'BP-7' }).getByText('In Stock').waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows an owner the parts used on their car, empty until a shop finishes an order, in dark mode at 375 px', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    const { user } = await signIn(page, server, { role: 'simple' });
    await callerFor(server.db, user).garage.add({ vehicleId: truckId, nickname: 'Work truck', odometer: 42_000 });

    await page.goto(`${server.url}/?vehicle=${truckId}`);
    await page.getByRole('tab', { name: 'Parts List' }).click();
    const section = page.getByRole('region', { name: 'Parts used on your car' });
    await section.getByText('No parts recorded yet').waitFor();
    await section.getByText('Parts a shop fits during a repair order on VinTech show here.').waitFor();
    expect(await page.getByText(/parts that fit/).count()).toBe(0);
    await checkA11y(page);
    await screenshot(page, 'parts-list-owner-dark-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
