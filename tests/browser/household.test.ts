import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, scriptErrors, signIn, startTestServer } from './helpers.ts';
import { createVehicle } from '../helpers/appointments.ts';
import { callerFor } from '../helpers/factories.ts';

/**
 * A household (docs/garage.md#sharing) and the offline app (docs/screens.md#offline): the owner
 * shares a vehicle with a second account as viewer, who sees it and cannot add a record; the
 * connection state follows the browser context going offline and back, a write tried offline says
 * it was not saved, and the installed shell opens without a network.
 */
describe('sharing a vehicle and working offline', () => {
  const status = (page: Page) => page.getByTestId('connection-status');

  it('shares a vehicle as viewer: the member sees it, marked, and has no way to add a record', async ({ server, browser }) => {
    const [owner, member] = await Promise.all([newPage(browser, { serviceWorkers: true }), newPage(browser, { colorScheme: 'dark' })]);
    const [{ user: ownerUser }, { user: memberUser }] = await Promise.all([signIn(owner, server, { role: 'simple' }), signIn(member, server, { role: 'simple' })]);
    await server.db.updateTable('users').set({ first_name: 'Robin', last_name: 'Owner' }).where('id', '=', ownerUser.id).execute();
    const vehicleId = await createVehicle(server.db, 'Household');
    await callerFor(server.db, ownerUser).garage.add({ vehicleId, nickname: 'Family car', odometer: 12_000 });

    await owner.goto(`${server.url}/garage`);
    const card = owner.getByRole('region', { name: 'Family car' });
    await card.getByRole('button', { name: 'More for Family car' }).click();
    await owner.getByRole('menuitem', { name: 'Share with your household' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share Family car' });
    await dialog.getByText('Not shared with anyone yet.').waitFor();
    await dialog.getByLabel('Email address of their account').fill(memberUser.email);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByRole('button', { name: `Remove access of ${memberUser.email}` }).waitFor();
    await checkA11y(owner);
    await owner.keyboard.press('Escape');

    await member.goto(`${server.url}/garage`);
    const shared = member.getByRole('region', { name: 'Family car' });
    await shared.getByText('Shared by Robin Owner · view only').waitFor();
    await shared.getByRole('link', { name: 'Service history' }).waitFor();
    expect(await shared.getByRole('button', { name: 'Add Record' }).count()).toBe(0);
    await shared.getByRole('button', { name: 'More for Family car' }).click();
    await member.getByRole('menuitem', { name: 'Leave this shared vehicle' }).waitFor();
    expect(await member.getByRole('menuitem', { name: 'Remove from garage' }).count()).toBe(0);
    await member.keyboard.press('Escape');
    // The records page lists the vehicle to read but offers nothing to add to.
    await member.goto(`${server.url}/records`);
    await member.getByRole('heading', { level: 1, name: 'Service Records' }).waitFor();
    await expect.poll(() => member.getByRole('button', { name: 'Add Record' }).isDisabled()).toBe(true);
    await checkA11y(member);

    // Offline: the footer turns, a write says it was not saved and keeps what was typed; back online it saves.
    await owner.goto(`${server.url}/garage`);
    await status(owner).getByText('Connected').waitFor();
    // The garage has loaded before the network goes: a list still on its way would fail offline.
    const addOffline = owner.getByRole('region', { name: 'Family car' }).getByRole('button', { name: 'Add Record' });
    await addOffline.waitFor();
    await owner.context().setOffline(true);
    await status(owner).getByText('Offline').waitFor();
    await owner.getByText('You are offline').first().waitFor();
    await addOffline.click();
    const add = owner.getByRole('dialog', { name: 'Add Service Record' });
    await add.getByLabel('Service type').fill('Wiper blades');
    await add.getByRole('button', { name: 'Add Record' }).click();
    await owner.getByText('You are offline: nothing was sent, so nothing was saved. Try again when the connection is back.').waitFor();
    expect(await add.getByLabel('Service type').inputValue()).toBe('Wiper blades');
    await owner.context().setOffline(false);
    await status(owner).getByText('Connected').waitFor();
    await add.getByRole('button', { name: 'Add Record' }).click();
    await owner.getByText('Service record added').waitFor();
    const { items } = await callerFor(server.db, memberUser).garage.records.list({ vehicleId });
    expect(items.map((r) => r.serviceType)).toEqual(['Wiper blades']);

    // The installed shell opens without a network, saying so.
    await owner.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await owner.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await owner.context().setOffline(true);
    await owner.reload();
    await owner.getByRole('heading', { name: 'You are offline' }).waitFor();
    await owner.context().setOffline(false);
    await status(owner).getByText('Connected').waitFor();
    expect(scriptErrors(owner)).toEqual([]);
    expect(scriptErrors(member)).toEqual([]);
  });

  it('a page whose code does not arrive says so inside the shell, and loads once asked again', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signIn(page, server, { role: 'simple', at: '/records' });
      await page.getByRole('heading', { level: 1, name: 'Service Records' }).waitFor();
      // The garage page's own chunk gets no answer, as when the network drops at that moment.
      await page.route(/\/assets\/garage-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
      await page.evaluate(() => {
        window.history.pushState(null, '', '/garage');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
      await alert.waitFor();
      // The shell stays: its footer and its menu still work.
      await status(page).getByText('Connected').waitFor();
      await checkA11y(page);
      await page.unroute(/\/assets\/garage-[^/]*\.js$/);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Garage' }).waitFor();
      expect(await alert.count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('a link followed before its page\'s code arrives keeps the current page on screen, under a progress bar, until it does', async ({ server, browser }) => {
    const page = await newPage(browser);
    try {
      await signIn(page, server, { role: 'simple', at: '/records' });
      await page.getByRole('heading', { level: 1, name: 'Service Records' }).waitFor();
      // The garage page's code takes 400 ms to come, as on a slow phone network.
      let released = false;
      await page.route(/\/assets\/garage-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        released = true;
        await route.continue();
      });
      // What the page showed meanwhile: a loader in place of the page, the progress bar, the address.
      await page.evaluate(() => {
        const seen = { loader: false, bar: false, leftRecordsEarly: false };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"][aria-label="Loading page"]')) seen.loader = true;
          if (document.documentElement.hasAttribute('data-navigating')) {
            seen.bar = true;
            if (window.location.pathname !== '/records') seen.leftRecordsEarly = true;
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-navigating'] });
      });
      await page.getByRole('link', { name: 'My Garage', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: 'My Garage' }).waitFor();
      expect(released).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ loader: false, bar: true, leftRecordsEarly: false });
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-navigating'))).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/garage');
      expect(scriptErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('turns the footer to Offline when the server itself stops answering', async ({ server, browser }) => {
    // A server of its own, so that stopping it leaves the other test's server alone.
    const own = await startTestServer();
    const page = await newPage(browser);
    try {
      await signIn(page, own, { role: 'simple' });
      await status(page).getByText('Connected').waitFor();
      await own.close();
      // The next thing the page asks the server (the bell's list) gets no answer at all.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await status(page).getByText('Offline').waitFor({ timeout: 15_000 });
      await page.getByText('You are offline').first().waitFor();
    } finally {
      await page.context().close();
    }
  });
});
