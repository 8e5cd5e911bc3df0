import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, scriptErrors, signIn, TEST_PASSWORD } from './helpers.ts';
import { uniqueEmail } from '../helpers/factories.ts';

async function registerShop(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Register your shop' }).waitFor();
  await page.getByLabel(/^Name \*?$/).fill(name);
  await page.getByLabel(/^Address \*?$/).fill('12 Harbor Road');
  await page.getByLabel(/^City \*?$/).fill('Portland');
  await page.getByLabel(/^State \*?$/).fill('ME');
  await page.getByRole('button', { name: 'Register shop' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('shops: register, invite by link, accept, change a role', () => {
  it('lets an owner register a shop and a technician join it by an invitation link', async ({ server, browser }) => {
    const shopName = `Harbor Garage ${Date.now().toString(36)}`;
    const owner = await newPage(browser);
    await signIn(owner, server, { role: 'tech' });
    await owner.getByRole('link', { name: 'Shop', exact: true }).click();
    await owner.getByText('You are not staff of any service center yet.').waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'shops-register-light');
    await registerShop(owner, shopName);
    await expect.poll(() => owner.getByTestId('current-shop').textContent()).toContain(shopName);
    // The staff list arrives after the shop: wait for it rather than count what is drawn so far.
    await expect.poll(() => owner.getByTestId('staff-row').count()).toBe(1);

    // An invitation for a technician, shown once as a link to copy.
    await owner.getByRole('button', { name: 'Create invitation' }).click();
    const linkField = owner.getByTestId('invite-link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{43}$`));
    await owner.getByTestId('invite-row').first().waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'shops-owner-light');

    // The technician opens the link signed out, signs up, chooses Tech Mode and lands back on it.
    const tech = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 800 } });
    await tech.goto(link);
    await tech.getByText(`You are invited to join`).waitFor();
    await expect(tech.getByTestId('invite-card').textContent()).resolves.toContain(shopName);
    await checkA11y(tech);
    await screenshot(tech, 'shops-invite-signed-out-375-dark');
    await tech.getByRole('button', { name: 'Create an account' }).click();
    const email = uniqueEmail('technician');
    await tech.getByLabel('Email').fill(email);
    await tech.getByLabel('Password').fill(TEST_PASSWORD);
    await tech.getByRole('button', { name: 'Create account' }).click();
    await tech.getByText('Choose your experience level to get started').waitFor();
    await tech.getByRole('radio', { name: 'Advanced Technician' }).click();
    await tech.getByRole('button', { name: /^Continue to / }).click();
    await tech.getByRole('button', { name: 'Accept invitation' }).waitFor();
    expect(new URL(tech.url()).pathname).toBe(new URL(link).pathname);
    await tech.getByRole('button', { name: 'Accept invitation' }).click();
    await tech.getByRole('heading', { level: 1, name: shopName }).waitFor();
    await expect(tech.getByTestId('current-shop').textContent()).resolves.toContain(shopName);
    // A technician sees the staff but cannot change it, nor invite.
    await expect(tech.getByRole('button', { name: 'Create invitation' }).count()).resolves.toBe(0);
    await expect(tech.getByRole('combobox', { name: /^Role of / }).count()).resolves.toBe(0);
    await screenshot(tech, 'shops-technician-375-dark');

    // The link is used up.
    await tech.goto(link);
    await tech.getByText('This invitation was already used.').waitFor();

    // The owner sees the new member and makes them a manager.
    await owner.reload();
    const row = owner.getByTestId('staff-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('combobox', { name: `Role of ${email}` }).selectOption('manager');
    const confirm = owner.getByRole('dialog', { name: 'Change role' });
    await confirm.getByText(`Make ${email} manager of ${shopName}?`).waitFor();
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await owner.getByText('Role changed').waitFor();
    await expect.poll(() => row.getByRole('combobox', { name: `Role of ${email}` }).inputValue()).toBe('manager');
    await expect(owner.getByTestId('invite-row').count()).resolves.toBe(0);
    await screenshot(owner, 'shops-owner-after');

    // A second shop: the header offers a picker, and the choice switches the Shop page.
    const second = `${shopName} North`;
    await owner.getByRole('button', { name: 'Register another shop' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Register a shop' });
    await dialog.getByLabel(/^Name \*?$/).fill(second);
    await dialog.getByLabel(/^Address \*?$/).fill('1 North Street');
    await dialog.getByLabel(/^City \*?$/).fill('Bangor');
    await dialog.getByLabel(/^State \*?$/).fill('ME');
    await dialog.getByRole('button', { name: 'Register shop' }).click();
    await owner.getByRole('heading', { level: 1, name: second }).waitFor();
    const picker = owner.getByRole('combobox', { name: 'Current shop' });
    await expect.poll(() => picker.locator('option').count()).toBe(2);
    await picker.selectOption({ label: shopName });
    await owner.getByRole('heading', { level: 1, name: shopName }).waitFor();
    await checkA11y(owner);
    await screenshot(owner, 'shops-picker-light');

    // The new manager now sees the invitation form.
    await tech.goto(`${server.url}/shop`);
    await tech.getByRole('button', { name: 'Create invitation' }).waitFor();
    expect(scriptErrors(owner)).toEqual([]);
    expect(scriptErrors(tech)).toEqual([]);
  });

  it('explains an invalid link in plain words, signed out', async ({ server, browser }) => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/invite/${'x'.repeat(43)}`);
    await page.getByText('This invitation is not valid. Check that the link was copied completely.').waitFor();
    await page.goto(`${server.url}/invite/short`);
    await page.getByRole('alert').filter({ hasText: 'This invitation is not valid. Check that the link was copied completely.' }).waitFor();
    await screenshot(page, 'shops-invite-invalid');
    expect(scriptErrors(page)).toEqual([]);
  });
});
