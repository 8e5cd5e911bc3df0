import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { callerFor } from '../helpers/factories.ts';

const PHONE = { width: 375, height: 812 };
const LUBELOGGER = readFileSync(path.resolve(import.meta.dirname, '../fixtures/imports/lubelogger-service.csv'));

describe('CSV import from the garage', () => {
  it('imports a LubeLogger service-record file through the stepper: row errors in the preview, the valid records in the history (375 px)', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: PHONE });
    const errors = scriptErrors(page);
    const { user } = await signIn(page, server, { role: 'simple' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.choose({ year: 2020, make: 'Toyota', model: 'Camry' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 40_000 });

    await page.goto(`${server.url}/garage`);
    await page.getByRole('region', { name: 'Commuter' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import records from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'lubelogger-service.csv', mimeType: 'text/csv', buffer: LUBELOGGER });
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The LubeLogger preset has mapped the columns.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Service type' }).or(dialog.getByRole('combobox', { name: 'Service type' })).first().inputValue()).toBe('Description');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    const problems = dialog.getByRole('table', { name: 'Rows with errors' });
    await problems.getByText('"13/40/2024" is not a real day').waitFor();
    await expect.poll(() => problems.getByRole('row').count()).toBe(3);
    await dialog.getByText('4 rows: 2 valid, 2 with errors.', { exact: false }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'import-preview-375-dark');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await dialog.getByText('2 added, 0 already there, 2 skipped with errors (of 4 rows).').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('region', { name: 'Commuter' }).getByRole('link', { name: 'Service history' }).click();
    await page.getByText('Tire rotation').first().waitFor();
    await page.getByText('Oil change').first().waitFor();
    expect((await caller.garage.records.list({ vehicleId: vehicle.id })).total).toBe(2);
    expect(errors).toEqual([]);
  });
});
