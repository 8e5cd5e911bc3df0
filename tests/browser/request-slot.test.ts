import { describe, expect } from 'vitest';
import { addStaff, createGarageVehicle, createShop } from '../helpers/inquiries.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

// An owner requests an appointment slot at a shop from My Requests; the shop's staff see the
// request on their appointments page with the customer and vehicle, and confirm it; the owner
// sees the confirmation. A technician of another shop sees none of it.

describe('My Requests: an owner requests an appointment slot', () => {
  let shop: { id: string; name: string };
  let other: { id: string; name: string };
  it.beforeAll(async ({ server }) => {
    shop = await createShop(server.db, [], { name: 'Cedar Lane Auto', city: 'Boise', state: 'ID', services: ['Oil change'] });
    other = await createShop(server.db, [], { name: 'Far Away Garage', city: 'Miami', state: 'FL' });
  });

  it('requests a slot for a garage vehicle; the shop confirms it; another shop sees nothing', async ({ server, browser }) => {
    const owner = await newPage(browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const { user: ownerUser } = await signIn(owner, server, { role: 'simple' });
    await createGarageVehicle(server.db, ownerUser.id, { year: 2016, make: 'Subaru', model: 'Outback', nickname: 'Green Outback' });

    await owner.goto(`${server.url}/requests?find`);
    await owner.getByRole('textbox', { name: 'Search shops' }).fill('boise');
    const card = owner.getByRole('article', { name: 'Cedar Lane Auto' });
    await card.getByRole('button', { name: 'Request an appointment' }).click();
    await owner.getByText('Request an appointment at Cedar Lane Auto').waitFor();

    // Nothing named: the form says what is missing and sends nothing.
    await owner.getByRole('button', { name: 'Request appointment' }).click();
    await owner.getByText('Service type is required').waitFor();
    await owner.getByLabel(/^Duration/).fill('10');
    await owner.getByRole('button', { name: 'Request appointment' }).click();
    await owner.getByText(/Duration must be at least/).waitFor();
    expect(await server.db.selectFrom('service_appointments').select('id').where('service_center_id', '=', shop.id).execute()).toEqual([]);

    await chooseOption(owner, 'Vehicle', 'Green Outback (2016 Subaru Outback)');
    await owner.getByLabel(/^Service/).fill('Oil change and tire rotation');
    await owner.getByLabel(/^Duration/).fill('60');
    await owner.getByLabel('Notes for the shop').fill('Mornings work best.');
    await checkA11y(owner);
    await screenshot(owner, 'request-slot-form-mobile-dark');
    await owner.getByRole('button', { name: 'Request appointment' }).click();
    await owner.getByText('Appointment requested').waitFor();
    await owner.getByRole('heading', { name: 'My Requests' }).waitFor();
    const appointments = owner.getByRole('region', { name: 'Appointments' });
    await appointments.getByText('Oil change and tire rotation').waitFor();
    await screenshot(owner, 'request-slot-listed-mobile-dark');

    const stored = await server.db
      .selectFrom('service_appointments')
      .select(['id', 'status', 'customer_id', 'shop_customer_id', 'garage_vehicle_id', 'duration'])
      .where('service_center_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'scheduled', customer_id: ownerUser.id, duration: 60 });
    expect(stored.shop_customer_id).not.toBeNull();
    expect(stored.garage_vehicle_id).not.toBeNull();

    // The shop's technician sees the request with the customer's vehicle and confirms it.
    const tech = await newPage(browser);
    const { user: techUser } = await signIn(tech, server, { role: 'tech' });
    await addStaff(server.db, shop.id, techUser.id, 'technician');
    await tech.goto(`${server.url}/service-appointments`);
    const row = tech.getByRole('row').filter({ hasText: 'Oil change and tire rotation' });
    await row.getByText('2016 Subaru Outback').waitFor();
    await tech.getByRole('button', { name: 'Change status of Oil change and tire rotation' }).click();
    await tech.getByRole('menuitem', { name: 'Confirm Appointment' }).click();
    await row.getByText('Confirmed', { exact: true }).waitFor();

    // The owner's list follows the shop's answer.
    await owner.reload();
    await owner.getByRole('region', { name: 'Appointments' }).getByText('Confirmed').waitFor();

    // A technician of another shop sees none of it, whatever page they open.
    const stranger = await newPage(browser);
    const { user: strangerUser } = await signIn(stranger, server, { role: 'tech' });
    await addStaff(server.db, other.id, strangerUser.id, 'owner');
    await stranger.goto(`${server.url}/service-appointments`);
    await stranger.getByRole('heading', { name: 'Service Appointments' }).waitFor();
    await expect.poll(() => stranger.getByText('Oil change and tire rotation').count()).toBe(0);
    const answer = await stranger.request.get(`${server.url}/api/service-appointments/${stored.id}`);
    expect(answer.status()).toBe(404);

    expect(scriptErrors(owner)).toEqual([]);
    expect(scriptErrors(tech)).toEqual([]);
  });
});
