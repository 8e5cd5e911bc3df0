import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { addStaff, createGarageVehicle, createShop } from '../helpers/inquiries.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

// My Requests end to end: an owner finds a shop and asks about a garage vehicle; the shop's staff
// see it, reply and convert it to an appointment; the owner is told and reads the reply and sees the
// appointment; another shop's technician sees nothing of it.

describe('My Requests: an owner and a shop talk about a request', () => {
  let maple: { id: string; name: string };
  let other: { id: string; name: string };
  it.beforeAll(async ({ server }) => {
    maple = await createShop(server.db, [], { name: 'Maple Street Garage', city: 'Portland', state: 'OR', services: ['Brakes', 'Oil change'] });
    other = await createShop(server.db, [], { name: 'Elsewhere Motors', city: 'Austin', state: 'TX' });
  });

  /** The page as it stands, 375 px and 1280 px wide, light and dark (`focus` scrolled into view); then as it was. */
  async function shotsOf(page: Page, name: string, focus?: Locator): Promise<void> {
    const viewport = page.viewportSize();
    for (const [width, size] of [[375, 'mobile'], [1280, 'desktop']] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await focus?.scrollIntoViewIfNeeded();
        await screenshot(page, `${name}-${size}-${colorScheme}`);
      }
    }
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function unreadLabel(page: Page): Promise<string> {
    return (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  }

  it('sends a request, gets the shop\u2019s reply and its notification; another shop sees none of it', { timeout: 120_000 }, async ({ server, browser }) => {
    const owner = await newPage(browser, { viewport: { width: 375, height: 800 } });
    const { user: ownerUser } = await signIn(owner, server, { role: 'simple' });
    await createGarageVehicle(server.db, ownerUser.id, { year: 2018, make: 'Toyota', model: 'Corolla', nickname: 'Blue Corolla' });

    await owner.goto(`${server.url}/requests`);
    await owner.getByText('No requests yet').waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'requests-empty-mobile');

    // Find a shop by city, contact it about the garage vehicle.
    await owner.getByRole('button', { name: 'Find a shop' }).first().click();
    await owner.getByRole('textbox', { name: 'Search shops' }).fill('portland');
    const card = owner.getByRole('article', { name: 'Maple Street Garage' });
    await card.waitFor();
    await expect.poll(() => owner.getByRole('article', { name: 'Elsewhere Motors' }).count()).toBe(0);
    await checkA11y(owner);
    await screenshot(owner, 'requests-find-shop-mobile');
    await card.getByRole('button', { name: 'Contact this shop' }).click();
    await chooseOption(owner, 'Vehicle', 'Blue Corolla (2018 Toyota Corolla)');
    await owner.getByLabel(/^Subject/).fill('Brakes squeal when stopping');
    await owner.getByLabel(/^Description/).fill('Since last week, mostly in the morning.');
    await checkA11y(owner);
    await screenshot(owner, 'requests-contact-mobile');
    await owner.getByRole('button', { name: 'Send request' }).click();
    await owner.getByRole('heading', { name: 'Brakes squeal when stopping' }).waitFor();
    await owner.getByText('No messages yet. The shop\u2019s replies appear here.').waitFor();
    const inquiryId = new URL(owner.url()).searchParams.get('inquiry');
    expect(inquiryId).toMatch(/^[0-9a-f-]{36}$/);

    // The shop's technician sees it with the customer and vehicle, assigns it and replies.
    const tech = await newPage(browser);
    const { user: techUser } = await signIn(tech, server, { role: 'tech' });
    await addStaff(server.db, maple.id, techUser.id, 'technician');
    await tech.goto(`${server.url}/customer-inquiries`);
    const row = tech.getByRole('row').filter({ hasText: 'Brakes squeal when stopping' });
    await row.getByText('2018 Toyota Corolla').waitFor();
    await row.getByRole('button', { name: 'View details of Brakes squeal when stopping' }).click();
    const details = tech.getByRole('dialog', { name: 'Inquiry Details' });
    await details.getByText('Vehicle: 2018 Toyota Corolla').waitFor();
    await chooseOption(tech, 'Assigned technician', /\(Technician\)$/, details);
    await tech.getByText(/^Assigned to /).waitFor();
    await details.getByLabel('Reply to the customer').fill('Bring it in on Monday, we will check the pads.');
    await details.getByRole('button', { name: 'Send reply' }).click();
    await details.getByText('Bring it in on Monday, we will check the pads.').waitFor();
    await details.getByLabel('Estimated cost').fill('149.90');
    await details.getByRole('button', { name: 'Save details' }).click();
    await tech.getByText('Customer inquiry updated successfully').waitFor();
    await details.getByText('$149.90').waitFor();
    await details.getByRole('button', { name: 'Convert to appointment' }).waitFor();
    await checkA11y(tech);
    await screenshot(tech, 'requests-staff-thread');

    // They convert it: the dialog starts 24 hours from now with the assigned technician of the shop.
    await details.getByRole('button', { name: 'Convert to appointment' }).click();
    const convert = details.getByRole('form', { name: 'Convert to appointment' });
    await convert.getByText('Blue Corolla').or(convert.getByText('2018 Toyota Corolla')).first().waitFor();
    await expect.poll(() => convert.getByLabel('Technician', { exact: true }).inputValue()).toMatch(/\(Technician\)$/);
    await convert.getByLabel(/^Service Type/).fill('Brake inspection');
    await convert.getByLabel(/^Duration \(minutes\)/).fill('90');
    await checkA11y(tech);
    await shotsOf(tech, 'requests-convert', convert.getByRole('button', { name: 'Book appointment' }));
    await convert.getByRole('button', { name: 'Book appointment' }).click();
    await tech.getByText('Appointment booked from the inquiry').waitFor();
    await details.getByText('In Progress').first().waitFor();
    const booked = await server.db
      .selectFrom('service_appointments')
      .select(['id', 'appointment_date', 'service_center_id', 'duration', 'technician_id'])
      .where('inquiry_id', '=', inquiryId)
      .executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ service_center_id: maple.id, duration: 90, technician_id: techUser.id });
    // 24 hours from now, to the minute, in the browser's zone.
    expect(Math.abs(booked.appointment_date.getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(5 * 60_000);

    // The owner is told (the reply, the request's new status, the appointment): the bell counts
    // them; My Requests shows the request and the appointment with its date and shop.
    await owner.goto(`${server.url}/requests`);
    await owner.getByRole('button', { name: /^Brakes squeal when stopping/ }).waitFor();
    await expect.poll(() => unreadLabel(owner), { timeout: 10_000 }).toBe('Notifications, 3 unread');
    const when = await owner.evaluate((iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }), booked.appointment_date.toISOString());
    const appointmentCard = owner.getByLabel('Appointment: Brake inspection');
    await appointmentCard.getByText(`${when} · 1h 30m`).waitFor();
    await appointmentCard.getByText(/^Maple Street Garage · 2018 Toyota Corolla/).waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'requests-list-mobile');
    await shotsOf(owner, 'requests-with-appointment', appointmentCard);
    await owner.getByRole('button', { name: /^Notifications/ }).click();
    await owner.getByRole('button', { name: /The shop replied to your request/ }).waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'requests-bell-open-mobile');
    await owner.getByRole('button', { name: /The shop replied to your request/ }).click();
    await owner.waitForURL(`**/requests?inquiry=${inquiryId}`);
    await owner.getByText('Bring it in on Monday, we will check the pads.', { exact: true }).waitFor();
    await owner.getByText('$149.90').waitFor();
    await owner.getByText(`Brake inspection · ${when} · 90 min`).waitFor();
    await expect.poll(() => unreadLabel(owner), { timeout: 10_000 }).toBe('Notifications, 2 unread');
    await owner.getByLabel('Write to the shop').fill('Monday works, thanks!');
    await owner.getByRole('button', { name: 'Send message' }).click();
    await owner.getByText('Monday works, thanks!').waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'requests-detail-mobile');

    // A technician of another shop sees none of it, on the page or through the API.
    const stranger = await newPage(browser, { colorScheme: 'dark' });
    const { user: strangerUser } = await signIn(stranger, server, { role: 'tech' });
    await addStaff(server.db, other.id, strangerUser.id, 'owner');
    await stranger.goto(`${server.url}/customer-inquiries`);
    await stranger.getByText('No inquiries found').waitFor();
    expect(await stranger.getByText('Brakes squeal when stopping').count()).toBe(0);
    await stranger.goto(`${server.url}/customer-inquiries?inquiry=${inquiryId}`);
    await stranger.getByRole('dialog', { name: 'Inquiry Details' }).getByText('Customer inquiry not found').waitFor();
    expect((await stranger.request.get(`${server.url}/api/customer-inquiries/${inquiryId}`)).status()).toBe(404);
    expect((await stranger.request.get(`${server.url}/api/customer-inquiries/${inquiryId}/messages`)).status()).toBe(404);
    await stranger.goto(`${server.url}/service-appointments`);
    await stranger.getByText('No appointments found').waitFor();
    expect(await stranger.getByText('Brake inspection').count()).toBe(0);
    expect((await stranger.request.get(`${server.url}/api/service-appointments/${booked.id}`)).status()).toBe(404);
    await stranger.goto(`${server.url}/requests`);
    await stranger.getByText('No appointments yet. When a shop books one for your request, it appears here.').waitFor();
    await screenshot(stranger, 'requests-other-shop-dark');

    // The owner cancels the request after confirming.
    await owner.getByRole('button', { name: 'Cancel request' }).click();
    await owner.getByRole('dialog', { name: 'Cancel this request?' }).getByRole('button', { name: 'Cancel request' }).click();
    await owner.getByText('Request cancelled').waitFor();
    await owner.getByText('Closed', { exact: true }).first().waitFor();
    await expect.poll(() => owner.getByRole('button', { name: 'Cancel request' }).count()).toBe(0);

    for (const page of [owner, tech, stranger]) {
      expect(scriptErrors(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('shows a technician of no shop where to start', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    await signIn(page, server, { role: 'tech', at: '/customer-inquiries' });
    await page.getByText('You are not staff of a shop').waitFor();
    await page.getByRole('link', { name: 'Register or join a shop' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'requests-no-shop-dark');
    await page.goto(`${server.url}/requests`);
    await page.getByText('No requests yet').waitFor();
    await screenshot(page, 'requests-empty-tech-dark');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
