import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type BrowserSuite, checkA11y, chooseOption, daysAgo, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { callerFor } from '../helpers/factories.ts';

const MODEL_YEAR = new Date().getFullYear() - 1;
const PHONE = { width: 375, height: 812 };

describe('Fuel and costs of a garage vehicle', () => {
  async function ownerWithCar({ server, browser }: BrowserSuite, scheme: 'light' | 'dark') {
    const page = await newPage(browser, { colorScheme: scheme, viewport: PHONE });
    const { user } = await signIn(page, server, { role: 'simple' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.choose({ year: MODEL_YEAR, make: 'Toyota', model: 'Camry' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 9_900 });
    return { page, caller, vehicleId: vehicle.id };
  }

  async function logFill(page: Page, values: { date: string; odometer: string; gallons: string; total: string; partial?: boolean }) {
    await page.getByRole('button', { name: 'Log Fill-up' }).first().click();
    const form = page.getByRole('dialog', { name: 'Log Fill-up' });
    await form.getByLabel('Date').fill(values.date);
    await form.getByLabel('Odometer').fill(values.odometer);
    await form.getByRole('textbox', { name: 'Volume' }).fill(values.gallons);
    await form.getByLabel('Total price').fill(values.total);
    if (values.partial) await form.getByLabel('Filled the tank (full fill)').uncheck();
    await form.getByRole('button', { name: 'Log Fill-up' }).click();
    await form.waitFor({ state: 'hidden' });
  }

  it('logs two full fills and a partial: the economy figure and chart; an expense shows in costs by category (375 px, light)', async ({ server, browser }) => {
    const { page } = await ownerWithCar({ server, browser }, 'light');
    await page.goto(`${server.url}/garage`);
    await page.getByRole('region', { name: 'Commuter' }).waitFor();
    await screenshot(page, 'garage-375-light');
    await page.getByRole('link', { name: 'Fuel and costs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fuel and Costs' }).waitFor();
    await page.getByText('No fill-ups yet').waitFor();
    await checkA11y(page);
    await screenshot(page, 'fuel-empty-375-light');

    // A field error, not a silent entry.
    await page.getByRole('button', { name: 'Log Fill-up' }).first().click();
    const form = page.getByRole('dialog', { name: 'Log Fill-up' });
    await form.getByRole('textbox', { name: 'Volume' }).fill('abc');
    await form.getByRole('button', { name: 'Log Fill-up' }).click();
    await form.getByText('Quantity must be a number like 12.5').waitFor();
    await screenshot(page, 'fuel-form-error-375-light');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    await logFill(page, { date: daysAgo(20), odometer: '10,000', gallons: '10', total: '35' });
    await logFill(page, { date: daysAgo(10), odometer: '10150', gallons: '4', total: '14', partial: true });
    await logFill(page, { date: daysAgo(2), odometer: '10400', gallons: '6', total: '21' });
    // 400 miles on 10 gallons (the partial's 4 included).
    const log = page.getByRole('list', { name: 'Fuel log' });
    await expect.poll(() => log.getByTestId('fill-economy').allInnerTexts()).toEqual(['40.0 mpg']);
    await expect.poll(() => log.innerText()).toContain('Partial: counted at the next full fill');
    await page.getByTestId('average-economy').filter({ hasText: 'Average 40.0 mpg' }).waitFor();
    await page.getByRole('figure', { name: /^Economy of 1 fills/ }).locator('svg').first().waitFor();
    await checkA11y(page);
    await screenshot(page, 'fuel-log-375-light');

    await page.getByRole('tab', { name: 'Costs' }).click();
    await page.getByText('No expenses yet').waitFor();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    // The dialog settles (focus moved into it) before its select opens.
    await expense.getByLabel('Amount').focus();
    await chooseOption(page, 'Category', 'Insurance', expense);
    await expense.getByLabel('Amount').fill('-3');
    await expense.getByRole('button', { name: 'Add Expense' }).click();
    await expense.getByText(/Amount must be a non-negative amount/).waitFor();
    await expense.getByLabel('Amount').fill('600');
    await expense.getByLabel('Date').fill(daysAgo(5));
    await expense.getByRole('button', { name: 'Add Expense' }).click();
    await expense.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Costs by category' });
    await expect.poll(() => table.innerText()).toMatch(/Fuel\s+\$70\.00\s+\$70\.00/);
    await expect.poll(() => table.innerText()).toMatch(/Insurance\s+\$600\.00\s+\$600\.00/);
    await expect.poll(() => table.innerText()).toMatch(/Total\s+\$670\.00\s+\$670\.00/);
    // $670 over the 400 miles the readings span.
    await expect.poll(() => page.getByRole('group', { name: 'Cost per mile' }).innerText()).toContain('$1.68');
    await checkA11y(page);
    await screenshot(page, 'costs-375-light');

    await page.getByRole('tab', { name: 'Odometer' }).click();
    await page.getByRole('figure', { name: '3 odometer readings' }).waitFor();
    await screenshot(page, 'odometer-375-light');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('odometer');

    await page.getByRole('tab', { name: 'Costs' }).click();
    await page.getByRole('link', { name: 'Printable summary' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cost Summary' }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Costs by month' }).innerText()).toContain('$670.00');
    await screenshot(page, 'costs-print-375-light');
    expect(scriptErrors(page)).toEqual([]);
  });

  it('shows the same screens in the dark scheme at 375 px', async ({ server, browser }) => {
    const { page, caller, vehicleId } = await ownerWithCar({ server, browser }, 'dark');
    await caller.fuel.create({ vehicleId, date: daysAgo(30), odometer: 10_000, quantity: 12, unit: 'gal', totalPrice: '42.00' });
    await caller.fuel.create({ vehicleId, date: daysAgo(20), odometer: 10_330, quantity: 11, unit: 'gal', totalPrice: '38.50' });
    await caller.fuel.create({ vehicleId, date: daysAgo(10), odometer: 10_640, quantity: '37.85', unit: 'L', totalPrice: '36.00' });
    await caller.fuel.expenses.create({ vehicleId, date: daysAgo(3), category: 'registration', amount: '120' });
    await page.goto(`${server.url}/garage/costs?vehicle=${vehicleId}&tab=fuel`);
    await page.getByRole('figure', { name: /^Economy of 2 fills/ }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'fuel-log-375-dark');
    await page.getByRole('tab', { name: 'Costs' }).click();
    await page.getByRole('table', { name: 'Costs by category' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'costs-375-dark');
    await page.getByRole('tab', { name: 'Odometer' }).click();
    await page.getByRole('figure', { name: '3 odometer readings' }).waitFor();
    await screenshot(page, 'odometer-375-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Costs' }).click();
    await page.getByRole('table', { name: 'Costs by category' }).waitFor();
    await screenshot(page, 'costs-desktop-dark');
    expect(scriptErrors(page)).toEqual([]);
  });
});
