import { describe, expect } from 'vitest';
import { checkA11y, it, newPage, screenshot, signIn, TEST_PASSWORD } from './helpers.ts';

describe('profile: API tokens and password', () => {
  it('creates a token shown once that authenticates the API, then revokes it', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server, { role: 'tech' });
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText('No API tokens yet.').waitFor();
    await page.getByLabel('Token name').fill('Workshop script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-api-token').textContent()) ?? '';
    expect(token).toMatch(/^vt_/);
    await page.getByRole('cell', { name: 'Workshop script', exact: true }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'profile-tokens-light');

    const withToken = await fetch(`${server.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);

    await page.getByRole('button', { name: 'Revoke Workshop script' }).click();
    await page.getByRole('dialog', { name: 'Revoke API token' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API tokens yet.').waitFor();
    const revoked = await fetch(`${server.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(401);
    await page.context().close();
  });

  it('changes the password with field errors from the shared schema', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    await signIn(page, server, { role: 'simple' });
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill(TEST_PASSWORD);
    await dialog.getByLabel('New password').fill('short');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await checkA11y(page);
    await screenshot(page, 'profile-password-dark');
    await dialog.getByLabel('New password').fill('a much better password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your other sessions have been signed out and your API tokens revoked.').waitFor();
    await page.context().close();
  });

  it('edits the name: the welcome line and the avatar initials follow it, at 375 px', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    const { user } = await signIn(page, server, { role: 'simple', at: '/profile' });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('First name').fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Names must be at most 100 characters').waitFor();
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await checkA11y(page);
    await screenshot(page, 'profile-edit-name-mobile');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.getByText('AL', { exact: true }).waitFor();
    await page.getByText('Welcome, Ada').waitFor();
    const stored = await server.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    await page.context().close();
  });
});
