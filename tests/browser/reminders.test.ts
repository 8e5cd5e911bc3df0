import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';
import { callerFor } from '../helpers/factories.ts';

const MODEL_YEAR = new Date().getFullYear() - 1;

/** `days` after today (UTC), as the date field takes it. */
function daysAhead(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

describe('Custom reminders in the garage', () => {
  it('adds a reminder that shows in the due list with its urgency badge; Settings makes a calendar link (375 px, dark)', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    const { user } = await signIn(page, server, { role: 'simple' });
    const caller = callerFor(server.db, user);
    const vehicle = await caller.vehicles.choose({ year: MODEL_YEAR, make: 'Toyota', model: 'Camry' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 9_900 });

    await page.goto(`${server.url}/garage`);
    const card = page.getByRole('region', { name: 'Commuter' });
    await card.getByRole('button', { name: 'Add Reminder' }).click();
    const form = page.getByRole('dialog', { name: 'Add Reminder' });
    // Neither a day nor a mileage: the shared rule answers in the form.
    await form.getByLabel('Reminder').fill('Renew registration');
    await form.getByRole('button', { name: 'Add Reminder' }).click();
    await form.getByText('Give the day or the mileage it is due at').waitFor();
    await form.getByLabel('Due on').fill(daysAhead(3));
    await form.getByLabel('Repeat every (months)').fill('12');
    await form.getByRole('button', { name: 'Add Reminder' }).click();
    await form.waitFor({ state: 'hidden' });

    const row = card.getByRole('row', { name: /Renew registration/ });
    await row.waitFor();
    await expect(row.getByText('Due', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByText('Your reminder · Every 12 months').isVisible()).resolves.toBe(true);
    // The vehicle's badge reads the reminder too: nothing else of a new vehicle is due.
    await expect(card.locator('.mantine-Badge-root').first().textContent()).resolves.toBe('Due');
    await checkA11y(page);
    await screenshot(page, 'garage-reminder-375-dark');

    await page.goto(`${server.url}/settings`);
    const calendar = page.getByRole('region', { name: 'Calendar' });
    await calendar.getByRole('button', { name: 'Make calendar link' }).click();
    const url = await calendar.getByTestId('calendar-url').textContent();
    await screenshot(page, 'settings-calendar-375-dark');
    expect(url).toMatch(new RegExp(`^${server.url}/api/calendar/[A-Za-z0-9_-]+\\.ics\\?timeZone=[^&]+$`));
    const feed = await page.request.get(url!);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Renew registration: Commuter');
    await calendar.getByRole('button', { name: 'Revoke link' }).click();
    await calendar.getByText('You have no calendar link.').waitFor();
    expect((await page.request.get(url!)).status()).toBe(404);
    expect(scriptErrors(page)).toEqual([]);
  });
});
