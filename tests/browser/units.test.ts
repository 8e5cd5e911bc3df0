import { describe, expect } from 'vitest';
import { checkA11y, chooseOption, daysAgo, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { callerFor } from '../helpers/factories.ts';

const MODEL_YEAR = new Date().getFullYear() - 1;
const PHONE = { width: 375, height: 812 };

describe('Units per user', () => {
  it('switching to kilometres, litres and euros converts every figure on the garage, fuel and costs pages; typed km are stored as miles', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'light', viewport: PHONE });
    const { user } = await signIn(page, server, { role: 'simple' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.choose({ year: MODEL_YEAR, make: 'Toyota', model: 'Camry' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 10_000 });
    // 300 miles on 10 US gallons: 30 mpg; $35 for 10 gallons: $3.50 a gallon.
    await caller.fuel.create({ vehicleId: vehicle.id, date: daysAgo(20), odometer: 10_000, quantity: 12, unit: 'gal', totalPrice: '42.00' });
    await caller.fuel.create({ vehicleId: vehicle.id, date: daysAgo(10), odometer: 10_300, quantity: 10, unit: 'gal', totalPrice: '35.00' });

    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'Units' });
    await expect.poll(() => card.getByTestId('units-example').innerText()).toContain('12,345 mi');
    await card.locator('label', { hasText: 'Kilometres' }).click();
    await expect.poll(() => card.getByTestId('units-example').innerText()).toContain('19,867 km');
    await chooseOption(page, 'Fuel volume', 'Litres', card);
    await chooseOption(page, 'Currency', /^EUR/, card);
    await expect.poll(() => card.getByTestId('units-example').innerText()).toContain('19,867 km · 37.85 L · 7.8 L/100 km · €1,234.50 · Mar 5, 2026');
    await checkA11y(page);
    await screenshot(page, 'units-settings-375-light');

    // Garage: 10,300 mi is 16,576 km; the thresholds and the due list in km, no miles left.
    await page.goto(`${server.url}/garage`);
    const garageCard = page.getByRole('region', { name: 'Commuter' });
    await expect.poll(() => garageCard.innerText()).toContain('16,576 km');
    await expect.poll(() => page.getByText(/^Your vehicles and what is due/).innerText()).toContain('161 km, Soon within 30 days or 805 km');
    const due = garageCard.getByRole('table', { name: 'Maintenance due for Commuter' });
    // 'Every 5,000–7,500 miles or 6 months' as the catalog words it.
    await expect.poll(() => due.innerText()).toContain('Every 8,047–12,070 km or 6 months');
    expect(await garageCard.innerText()).not.toMatch(/\d mi\b|miles/);
    await screenshot(page, 'units-garage-km-375-light');

    // Fuel: litres, euros per litre, L/100 km.
    await page.getByRole('link', { name: 'Fuel and costs' }).click();
    const log = page.getByRole('list', { name: 'Fuel log' });
    await expect.poll(() => log.getByTestId('fill-economy').allInnerTexts()).toEqual(['7.8 L/100 km']);
    const second = log.getByRole('listitem', { name: `Fill-up of ${daysAgo(10)}` });
    await expect.poll(() => second.innerText()).toContain('16,576 km');
    await expect.poll(() => second.innerText()).toContain('37.85 L · €35.00 (€0.925/L)');

    // A fill typed in km and litres: 17,000 km is stored as 10,563 mi and reads back as 17,000 km.
    await page.getByRole('button', { name: 'Log Fill-up' }).first().click();
    const form = page.getByRole('dialog', { name: 'Log Fill-up' });
    await expect.poll(() => form.getByLabel('Odometer').inputValue()).toBe('16576');
    await form.getByLabel('Date').fill(daysAgo(2));
    await form.getByLabel('Odometer').fill('17,000');
    await form.getByRole('textbox', { name: 'Volume' }).fill('40');
    await form.getByLabel('Total price').fill('60');
    await form.getByRole('button', { name: 'Log Fill-up' }).click();
    await form.waitFor({ state: 'hidden' });
    // 263 miles on 40 litres: 9.5 L/100 km; the average over 563 miles and 20.57 gallons: 8.6.
    await expect.poll(() => log.getByTestId('fill-economy').allInnerTexts()).toEqual(['9.5 L/100 km', '7.8 L/100 km']);
    await expect.poll(() => log.getByRole('listitem', { name: `Fill-up of ${daysAgo(2)}` }).innerText()).toContain('17,000 km');
    await page.getByTestId('average-economy').filter({ hasText: 'Average 8.6 L/100 km' }).waitFor();
    const stored = await page.request.get(`${server.url}/api/vehicles/${vehicle.id}/fuel`);
    const [newest] = (await stored.json()) as { odometer: number; quantity: number }[];
    expect(newest?.odometer).toBe(10_563);
    expect(newest?.quantity).toBeCloseTo(10.5669, 4);
    await checkA11y(page);
    await screenshot(page, 'units-fuel-km-375-light');

    // Costs: €137 over 906 km is €0.15 a km.
    await page.getByRole('tab', { name: 'Costs' }).click();
    const table = page.getByRole('table', { name: 'Costs by category' });
    await expect.poll(() => table.innerText()).toMatch(/Total\s+€137\.00\s+€137\.00/);
    const perKm = page.getByRole('group', { name: 'Cost per km' });
    await expect.poll(() => perKm.innerText()).toContain('€0.15');
    expect(await perKm.innerText()).toContain('over 906 km');

    await page.getByRole('tab', { name: 'Odometer' }).click();
    await page.getByText(/^Last reading 17,000 km on /).waitFor();

    // The same screens in the dark scheme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.url}/garage`);
    await expect.poll(() => page.getByRole('region', { name: 'Commuter' }).innerText()).toContain('17,000 km');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await screenshot(page, 'units-garage-km-375-dark');
    await page.goto(`${server.url}/garage/costs?vehicle=${vehicle.id}&tab=fuel`);
    await page.getByTestId('average-economy').filter({ hasText: 'Average 8.6 L/100 km' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'units-fuel-km-375-dark');
    expect(scriptErrors(page)).toEqual([]);
  });
});
