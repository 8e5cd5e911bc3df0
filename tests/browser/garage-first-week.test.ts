import type { Page } from 'playwright-core';
import type { Database } from '../../src/server/db/index.ts';
import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

// Decoded offline from the vPIC data shipped in node_modules, as every decode is.
const BMW_VIN = 'WBA8E9G50GNT43657';
const TESLA_VIN = '5YJ3E1EA7KF317000';
const ACCORD_VIN = '1HGCM82633A004352';
const PHONE = { width: 375, height: 740 };

async function decode(page: Page, vin: string): Promise<void> {
  await page.getByRole('textbox', { name: 'VIN' }).fill(vin);
  await page.getByRole('button', { name: 'Decode' }).click();
}

/** The summary card of the vehicle on screen (a region named "year make model"). */
function summary(page: Page, name: RegExp) {
  return page.getByRole('region', { name });
}

async function saveShown(page: Page, name: RegExp, nickname: string, odometer: string): Promise<void> {
  await summary(page, name).getByRole('button', { name: 'Save to My Vehicles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to My Vehicles' });
  await expect.poll(() => dialog.getByLabel('Nickname').inputValue()).toMatch(name);
  await dialog.getByLabel('Nickname').fill(nickname);
  await dialog.getByLabel('Current odometer').fill(odometer);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('radio', { name: "I don't know: start tracking from today" }).waitFor();
  await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await summary(page, name).getByText(`In My Garage: ${nickname}`).waitFor();
}

describe("the owner's garage: the car on screen is the car saved, and its first week", () => {
  async function garageOf(db: Database, userId: string) {
    return db
      .selectFrom('garage_vehicles')
      .innerJoin('vehicles', 'vehicles.id', 'garage_vehicles.vehicle_id')
      .select(['garage_vehicles.nickname', 'vehicles.vin', 'vehicles.make'])
      .where('garage_vehicles.user_id', '=', userId)
      .orderBy('garage_vehicles.created_at')
      .execute();
  }

  it('decodes a BMW then a Tesla and saves the Tesla; with the BMW saved, saving the Tesla works; the address keeps the car', async ({ server, browser }) => {
    const page = await newPage(browser);
    const { user } = await signIn(page, server);

    // The reported sequence: BMW, then Tesla, then Save: the Tesla is saved.
    await decode(page, BMW_VIN);
    await summary(page, /BMW/).waitFor();
    await decode(page, TESLA_VIN);
    await summary(page, /Tesla/).waitFor();
    await expect(summary(page, /BMW/).count()).resolves.toBe(0);
    await saveShown(page, /Tesla/, 'Sparky', '40,000');
    expect(await garageOf(server.db, user.id)).toEqual([{ nickname: 'Sparky', vin: TESLA_VIN, make: 'Tesla' }]);

    // With one car saved, the other saves too: no conflict, no reload.
    await decode(page, BMW_VIN);
    await summary(page, /BMW/).waitFor();
    await saveShown(page, /BMW/, 'Bimmer', '80,000');
    expect(await garageOf(server.db, user.id)).toEqual([
      { nickname: 'Sparky', vin: TESLA_VIN, make: 'Tesla' },
      { nickname: 'Bimmer', vin: BMW_VIN, make: 'BMW' },
    ]);

    // The address names the car on screen, and a reload shows it again.
    const bmwId = new URL(page.url()).searchParams.get('vehicle');
    expect(bmwId).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await summary(page, /BMW/).getByText('In My Garage: Bimmer').waitFor();
    await page.goBack();
    await summary(page, /Tesla/).waitFor();

    // A failed decode takes the previous car off the screen and out of the address.
    await decode(page, '1HGCP26367A000001');
    await page.getByText('VIN Decode Failed').first().waitFor();
    await expect.poll(() => summary(page, /Tesla|BMW/).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('vehicle')).toBeNull();
    // An address naming no vehicle says so.
    await page.goto(`${server.url}/?vehicle=6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab`);
    await page.getByText('Vehicle not found', { exact: true }).waitFor();
    expect(scriptErrors(page)).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`saves a 2003 Accord at 152,300 mi on a phone (${colorScheme}): one step asks what is known, nothing is falsely overdue`, async ({ server, browser }) => {
      const page = await newPage(browser, { viewport: PHONE, colorScheme });
      await signIn(page, server);
      await decode(page, ACCORD_VIN);
      const accord = summary(page, /2003 Honda Accord/);
      await accord.getByRole('button', { name: 'Save to My Vehicles' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save to My Vehicles' });
      await dialog.getByLabel('Current odometer').fill('152,300');
      await checkA11y(page);
      await screenshot(page, `garage-save-step1-phone-${colorScheme}`);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('radio', { name: 'I know the last services' }).check();
      await dialog.getByLabel('Last oil change at').waitFor();
      await checkA11y(page);
      await screenshot(page, `garage-save-step2-phone-${colorScheme}`);
      if (colorScheme === 'light') {
        // A future day is refused on the spot.
        await dialog.getByLabel('Last oil change on').fill('2099-01-01');
        await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
        await dialog.getByText('The last oil change cannot be in the future').waitFor();
        // Its last oil change three and a half years ago: due three years ago, and said so in years.
        const longAgo = new Date(Date.now() - (3 * 365 + 200) * 86_400_000).toISOString().slice(0, 10);
        await dialog.getByLabel('Last oil change on').fill(longAgo);
      } else {
        // "Last oil change at 150,000 mi": the oil change is not overdue.
        await dialog.getByLabel('Last oil change at').fill('150,000');
      }
      await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await accord.getByText(/^In My Garage:/).waitFor();
      await page.waitForLoadState('networkidle');
      const alertBox = page.locator('[aria-label="Maintenance alerts"]');
      if (colorScheme === 'light') {
        // Only the oil change, in years, in a box that leaves most of the phone screen free.
        await alertBox.getByText(/overdue by 3 years/).waitFor();
        await expect(alertBox.innerText()).resolves.toMatch(/Maintenance: 1 overdue/);
        const box = await alertBox.boundingBox();
        expect(box!.height).toBeLessThan(PHONE.height / 3);
      } else {
        // No alert box: nothing is overdue or due on the first day.
        await expect(alertBox.count()).resolves.toBe(0);
      }
      await screenshot(page, `garage-home-phone-${colorScheme}`);

      await page.goto(`${server.url}/garage`);
      const card = page.getByRole('region', { name: '2003 Honda Accord' });
      await card.getByText(/^Next due:/).waitFor();
      const text = await card.innerText();
      expect(text).not.toMatch(/days overdue/i);
      if (colorScheme === 'light') expect(text).toMatch(/Next due: Oil change, overdue by 3 years/);
      else expect(text).not.toMatch(/overdue/i);
      // Badge, next due and actions fit the phone: nothing wider than the card.
      const overflow = await card.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('button, a, .mantine-Badge-root')].filter((child) => {
          const r = child.getBoundingClientRect();
          return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
        }).length;
      });
      expect(overflow).toBe(0);
      await card.getByRole('button', { name: /^More for/ }).click();
      await page.getByRole('menuitem', { name: 'Remove from garage' }).waitFor();
      await checkA11y(page);
      await screenshot(page, `garage-phone-menu-${colorScheme}`);
      await page.keyboard.press('Escape');

      // The odometer never goes back silently.
      await card.getByRole('button', { name: /^More for/ }).click();
      await page.getByRole('menuitem', { name: 'Rename or update odometer' }).click();
      const edit = page.getByRole('dialog', { name: /^Edit / });
      await edit.getByLabel('Current odometer').fill('15,230');
      await edit.getByText('This is below the highest recorded mileage, 152,300 mi. Why?').waitFor();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.getByText('Say why the odometer reads less').waitFor();
      await checkA11y(page);
      await screenshot(page, `garage-odometer-phone-${colorScheme}`);
      await edit.getByRole('radio', { name: 'An earlier reading was a typo' }).check();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => card.innerText()).toContain('15,230 mi');
      await screenshot(page, `garage-phone-${colorScheme}`);
      expect(scriptErrors(page)).toEqual([]);
    });
  }

  it('adds a record from the Service History dialog of a garage vehicle', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server);
    await decode(page, ACCORD_VIN);
    await saveShown(page, /2003 Honda Accord/, 'Old faithful', '152,300');
    await page.getByRole('button', { name: '1. Engine' }).click();
    await page.getByRole('region', { name: 'Engine details' }).getByRole('button', { name: 'Service History' }).click();
    const history = page.getByRole('dialog', { name: 'Service History: Engine' });
    await history.getByRole('button', { name: 'Add record' }).click();
    const form = page.getByRole('dialog', { name: 'Add Service Record: Engine' });
    await form.getByLabel('Service type').fill('Oil change');
    await form.getByLabel('Mileage').fill('152,400');
    await checkA11y(page);
    await form.getByRole('button', { name: 'Add Record' }).click();
    await page.getByRole('table', { name: 'Service records for Engine' }).getByText('Oil change').waitFor();
    // The record's receipts and photos, as on the records page.
    await page.getByRole('button', { name: /^Receipts and photos of Oil change of / }).click();
    const files = page.getByRole('dialog', { name: /^Receipts and photos: Oil change, / });
    await files.getByRole('button', { name: 'Attach receipt or photo' }).waitFor();
    await checkA11y(page);
    await files.getByRole('button', { name: 'Back to the history' }).click();
    await page.getByRole('table', { name: 'Service records for Engine' }).getByText('152,400 mi').waitFor();
    expect(scriptErrors(page)).toEqual([]);
  });
});
