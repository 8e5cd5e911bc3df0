import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { addStaff, createCenter } from '../helpers/appointments.ts';
import { checkA11y, chooseOption, expectNoSidewaysScroll, expectVisible, it, newPage, openTool, screenshot, scriptErrors, signIn } from './helpers.ts';

const MOBILE = { width: 375, height: 812 };

function statValue(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

describe('technician tool pages (docs/screens.md): sample tools, the Parts Database and an empty Analytics', () => {
  let desktop: Page;
  let phone: Page;
  it.beforeAll(async ({ server, browser }) => {
    desktop = await newPage(browser);
    const { user: desktopUser } = await signIn(desktop, server, { role: 'tech' });
    phone = await newPage(browser, { colorScheme: 'dark', viewport: MOBILE });
    const { user: phoneUser } = await signIn(phone, server, { role: 'tech' });
    // Analytics reports on the current shop: both work at a new, empty one.
    const shop = await createCenter(server.db);
    await addStaff(server.db, shop, 'owner', desktopUser);
    await addStaff(server.db, shop, 'technician', phoneUser);
  });

  it('Parts Database keeps the shop\u2019s parts, their stock and suppliers: from empty to a part received into stock', async ({ server, browser }) => {
    // Staff of no shop are pointed to the Shop page.
    const loner = await newPage(browser);
    await signIn(loner, server, { role: 'tech' });
    await openTool(loner, server, '/database', 'Parts Database');
    await loner.getByText('You are not staff of a shop yet').waitFor();
    await loner.getByRole('link', { name: 'Register your shop' }).waitFor();
    await loner.context().close();

    await openTool(desktop, server, '/database', 'Parts Database');
    await expectVisible(desktop, 'tab', ['Parts', 'Inventory', 'Suppliers']);
    await desktop.getByText('No parts yet').waitFor();
    await checkA11y(desktop);

    await desktop.getByRole('button', { name: 'Add part' }).click();
    const form = desktop.getByRole('dialog', { name: 'Add part' });
    await form.getByLabel('Part number').fill('bp-1042');
    await form.getByLabel('Brand').fill('Akebono');
    await form.getByRole('textbox', { name: /^Name/ }).fill('Front brake pad set');
    await chooseOption(desktop, 'Category', 'Brakes', form);
    await form.getByLabel('Fits make').fill('Honda');
    await form.getByLabel('Fits model').fill('Civic');
    await form.getByLabel('Year from').fill('2016');
    await form.getByLabel('Year to').fill('2021');
    await form.getByLabel('Unit cost').fill('32.50');
    await form.getByLabel('Price').fill('69.99');
    await form.getByLabel('Reorder point').fill('2');
    await checkA11y(desktop);
    await form.getByRole('button', { name: 'Add part' }).click();
    await form.waitFor({ state: 'hidden' });
    const partRow = desktop.getByRole('row', { name: /BP-1042/ });
    await partRow.getByText('Out of Stock', { exact: true }).waitFor();
    await expect(partRow.textContent()).resolves.toMatch(/Front brake pad set.*Akebono.*Brakes.*Honda Civic 2016\u20132021.*\$69\.99/);
    // Found by the vehicle it fits, not by another.
    await desktop.getByRole('textbox', { name: 'Fits make' }).fill('Ford');
    await desktop.getByText('No parts match').waitFor();
    await desktop.getByRole('textbox', { name: 'Fits make' }).fill('honda');
    await partRow.waitFor();

    await desktop.getByRole('tab', { name: 'Inventory' }).click();
    await expect.poll(() => statValue(desktop, 'Out of Stock').textContent()).toContain('1');
    const receive = async (quantity: string) => {
      await desktop.getByRole('button', { name: 'Stock of BP-1042' }).click();
      const dialog = desktop.getByRole('dialog', { name: 'Receive, use or adjust stock' });
      await dialog.getByLabel('Quantity').fill(quantity);
      await dialog.getByRole('button', { name: 'Record movement' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    const stockRow = desktop.getByRole('row', { name: /BP-1042/ });
    await receive('2');
    await stockRow.getByText('Low Stock', { exact: true }).waitFor();
    await receive('3');
    await stockRow.getByText('In Stock', { exact: true }).waitFor();
    await expect.poll(() => statValue(desktop, 'Stock Value').textContent()).toContain('$162.50');
    await expect(statValue(desktop, 'Out of Stock').textContent()).resolves.toContain('0');
    await screenshot(desktop, 'tools-database-inventory-light');
    await desktop.getByRole('button', { name: 'History of BP-1042' }).click();
    const history = desktop.getByRole('dialog', { name: 'History of BP-1042' });
    await expect.poll(() => history.getByText('Received', { exact: true }).count()).toBe(2);
    await history.getByRole('row', { name: /\+3\s*5/ }).waitFor();
    await checkA11y(desktop);
    await desktop.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await desktop.getByRole('tab', { name: 'Suppliers' }).click();
    await desktop.getByText('No suppliers yet').waitFor();
    await desktop.getByRole('button', { name: 'Add supplier' }).click();
    const supplierForm = desktop.getByRole('dialog', { name: 'Add supplier' });
    await supplierForm.getByRole('textbox', { name: /^Name/ }).fill('Pacific Auto Parts');
    await supplierForm.getByLabel('Contact').fill('Lee Park');
    await supplierForm.getByLabel('Phone').fill('(503) 555-0142');
    await supplierForm.getByText('Pending', { exact: true }).click();
    await supplierForm.getByRole('button', { name: 'Add supplier' }).click();
    await supplierForm.waitFor({ state: 'hidden' });
    await desktop.getByRole('heading', { name: 'Pacific Auto Parts' }).waitFor();
    await expect(desktop.getByRole('tabpanel').getByText('Pending', { exact: true }).count()).resolves.toBe(1);
    await checkA11y(desktop);
    await screenshot(desktop, 'tools-database-suppliers-light');

    // The shop's technician on a phone: the same stock; suppliers are the managers' to add.
    await openTool(phone, server, '/database', 'Parts Database');
    await phone.getByRole('row', { name: /BP-1042/ }).getByText('In Stock', { exact: true }).waitFor();
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await phone.getByRole('tab', { name: 'Inventory' }).click();
    await expect.poll(() => statValue(phone, 'Parts').textContent()).toContain('1');
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'tools-database-inventory-dark-375');
    await phone.getByRole('tab', { name: 'Suppliers' }).click();
    await phone.getByRole('heading', { name: 'Pacific Auto Parts' }).waitFor();
    await expect(phone.getByRole('button', { name: 'Add supplier' }).count()).resolves.toBe(0);
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await screenshot(phone, 'tools-database-dark-375');

    // A catalogue from CSV on the phone: the preview names the bad row's error, then the good rows join the list.
    await phone.getByRole('tab', { name: 'Parts' }).click();
    await phone.getByRole('button', { name: 'Import CSV' }).click();
    const importer = phone.getByRole('dialog', { name: 'Import parts from CSV' });
    const catalogue = 'Part #,Name,Retail\nOF-7,Oil filter,$12.99\nWB-22,"Wiper blade, 22 in",8\nBAD-1,,1.00\n';
    await importer.locator('input[type="file"]').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogue) });
    await importer.getByText('2 new, 0 updated, 1 with errors').waitFor();
    await importer.getByRole('row', { name: /BAD-1/ }).getByText('Name is required').waitFor();
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await screenshot(phone, 'tools-database-import-dark-375');
    await importer.getByRole('button', { name: 'Import 2 parts' }).click();
    await importer.waitFor({ state: 'hidden' });
    await phone.getByRole('row', { name: /WB-22/ }).getByText('Wiper blade, 22 in').waitFor();
    await expect(phone.getByRole('row', { name: /OF-7/ }).textContent()).resolves.toContain('$12.99');
  });

  it('Diagnostic Tools has its four tabs, and says so honestly when there is no session yet', async ({ server }) => {
    await openTool(desktop, server, '/diagnostics', 'Diagnostic Tools');
    await expectVisible(desktop, 'tab', ['OBD Scanner', 'Error Codes', 'System Tests', 'Reports']);
    await desktop.getByRole('button', { name: 'Connect adapter' }).waitFor();
    for (const tab of ['Error Codes', 'System Tests']) {
      await desktop.getByRole('tab', { name: tab }).click();
      await desktop.getByRole('tabpanel', { name: tab }).getByTestId('no-session').waitFor();
    }
    await desktop.getByRole('tab', { name: 'Reports' }).click();
    await desktop.getByRole('tabpanel', { name: 'Reports' }).getByTestId('no-reports').waitFor();
    await checkA11y(desktop);
    await screenshot(desktop, 'tools-diagnostics-reports-light');

    await openTool(phone, server, '/diagnostics', 'Diagnostic Tools');
    await phone.getByRole('tab', { name: 'Error Codes' }).click();
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await screenshot(phone, 'tools-diagnostics-dark-375');
  });

  it('Analytics shows empty states on a shop with no inquiries or appointments', async ({ server }) => {
    await openTool(desktop, server, '/analytics', 'Analytics');
    await expectVisible(desktop, 'tab', ['Overview', 'Services', 'Performance', 'Repair Orders', 'Reports']);
    await desktop.getByText('No data for this period').first().waitFor();
    await expect(statValue(desktop, 'Inquiries Opened').textContent()).resolves.toContain('0');
    await expect(statValue(desktop, 'Completion Rate').textContent()).resolves.toContain('—');
    await checkA11y(desktop);
    await screenshot(desktop, 'analytics-empty-light');
    for (const tab of ['Services', 'Performance', 'Repair Orders']) {
      await desktop.getByRole('tab', { name: tab }).click();
      await desktop.getByText('No data for this period').first().waitFor();
    }
    await openTool(phone, server, '/analytics', 'Analytics');
    await phone.getByText('No data for this period').first().waitFor();
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await screenshot(phone, 'analytics-empty-dark-375');
    expect(scriptErrors(desktop)).toEqual([]);
    expect(scriptErrors(phone)).toEqual([]);
  });
});

describe('Analytics with a shop history', () => {
  let harbor = '';
  it.beforeAll(async ({ server, browser }) => {
    const db = server.db;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const center = await db
      .insertInto('service_centers')
      .values({ name: 'Harbor Auto Care', address: '9 Pier Road', city: 'Long Beach', state: 'CA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    harbor = center.id;
    // Five inquiries opened three days ago; two resolved 24 h and 48 h later.
    await db
      .insertInto('customer_inquiries')
      .values(
        [0, 1, 2, 3, 4].map((i) => ({
          inquiry_type: 'service' as const,
          subject: `Browser inquiry ${i}`,
          description: 'Inserted by the analytics browser test',
          status: i < 2 ? 'resolved' : 'open',
          priority: 'high',
          created_at: hoursAgo(72),
          updated_at: i === 0 ? hoursAgo(48) : i === 1 ? hoursAgo(24) : hoursAgo(72),
          service_center_id: center.id,
        })),
      )
      .execute();
    // Six appointments five days ago: 3 completed, 1 no-show, 1 cancelled, 1 still scheduled.
    const appointments: [string, string, string | null][] = [
      ['Oil Change', 'completed', '49.99'],
      ['Oil Change', 'completed', '55.01'],
      ['Oil Change', 'no_show', null],
      ['Oil Change', 'scheduled', null],
      ['Brake Service', 'completed', '300.00'],
      ['Brake Service', 'cancelled', null],
    ];
    await db
      .insertInto('service_appointments')
      .values(
        appointments.map(([serviceType, status, cost]) => ({
          appointment_date: hoursAgo(120),
          duration: 60,
          service_type: serviceType,
          status,
          actual_cost: cost,
          service_center_id: center.id,
        })),
      )
      .execute();
  });

  it('shows the seeded figures on every tab and downloads the same figures as CSV', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { user } = await signIn(page, server, { role: 'tech' });
    await addStaff(server.db, harbor, 'manager', user);
    // Another shop's rows in the same days never reach Harbor's figures.
    const other = await createCenter(server.db);
    await server.db
      .insertInto('service_appointments')
      .values({ appointment_date: new Date(Date.now() - 120 * 3_600_000), duration: 60, service_type: 'Oil Change', status: 'completed', actual_cost: '999.00', service_center_id: other })
      .execute();
    await openTool(page, server, '/analytics', 'Analytics');
    await expect.poll(() => statValue(page, 'Inquiries Opened').textContent()).toContain('5');
    await expect(statValue(page, 'Inquiries Resolved').textContent()).resolves.toContain('2');
    await expect(statValue(page, 'Appointments').textContent()).resolves.toContain('6');
    // 3 completed of 5 concluded (completed, no-show, cancelled).
    await expect(statValue(page, 'Completion Rate').textContent()).resolves.toContain('60%');
    await expect(statValue(page, 'No-show Rate').textContent()).resolves.toContain('20%');
    await page.getByRole('figure', { name: /appointments per day/i }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'analytics-overview-light');

    await page.getByRole('tab', { name: 'Services' }).click();
    await expect.poll(() => statValue(page, 'Revenue').textContent()).toContain('$405.00');
    await page.getByRole('row', { name: /Oil Change 4 2 \$105\.00 1h/ }).waitFor();
    await page.getByRole('row', { name: /Brake Service 2 1 \$300\.00 1h/ }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'analytics-services-light');

    await page.getByRole('tab', { name: 'Performance' }).click();
    // Resolved after 24 h and 48 h: average 36 h, median 36 h.
    await expect.poll(() => statValue(page, 'Average Resolution').textContent()).toContain('36 h');
    await page.getByRole('row', { name: /Harbor Auto Care \(Long Beach\) 6 3 1 \$405\.00/ }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'analytics-performance-light');

    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('rowheader', { name: 'Completion rate' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const rows = csv.trim().split('\r\n').map((line) => line.split(','));
    const value = (section: string, metric: string) => rows.find((r) => r[0] === section && r[2] === metric)?.[3];
    expect(rows[0]).toEqual(['section', 'item', 'metric', 'value']);
    expect(value('overview', 'inquiries_opened')).toBe('5');
    expect(value('overview', 'appointments')).toBe('6');
    expect(value('overview', 'completion_rate')).toBe('0.6000');
    expect(value('services', 'total_revenue')).toBe('405.00');
    expect(value('performance', 'average_resolution_hours')).toBe('36');
    await checkA11y(page);
    await screenshot(page, 'analytics-reports-light');

    // A period with none of the rows: the preview and the download follow the picker.
    const hrefBefore = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    await page.getByRole('button', { name: 'Period' }).click();
    await page.getByRole('button', { name: 'Next 30 days' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).not.toBe(hrefBefore);
    await expect.poll(() => page.getByRole('row', { name: /^Appointments / }).textContent()).toBe('Appointments0');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByText('No data for this period').first().waitFor();

    const dark = await newPage(browser, { colorScheme: 'dark', viewport: MOBILE });
    const { user: darkUser } = await signIn(dark, server, { role: 'tech' });
    await addStaff(server.db, harbor, 'technician', darkUser);
    await openTool(dark, server, '/analytics', 'Analytics');
    await expect.poll(() => statValue(dark, 'Appointments').textContent()).toContain('6');
    await expectNoSidewaysScroll(dark);
    await checkA11y(dark);
    await screenshot(dark, 'analytics-overview-dark-375');
    expect(scriptErrors(page)).toEqual([]);
    expect(scriptErrors(dark)).toEqual([]);
  });

  it('answers 404 for the shop to anyone not on its staff, whatever their mode', async ({ server, browser }) => {
    for (const role of ['simple', 'tech'] as const) {
      const page = await newPage(browser);
      await signIn(page, server, { role });
      const res = await page.request.get(`${server.url}/api/analytics/report?serviceCenterId=${harbor}&from=2024-01-01&to=2024-01-31&timeZone=UTC`);
      expect(res.status()).toBe(404);
      await page.context().close();
    }
  });
});
