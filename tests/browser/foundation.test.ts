import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { CLIENT_DIST_DIR } from '../../src/server/boot.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn, signUp, TEST_PASSWORD, visit } from './helpers.ts';
import { createUser } from '../helpers/factories.ts';

describe('foundation in Chromium', () => {
  it('is served the production build of the client, React included', async ({ server }) => {
    // The pages a user gets: each script the served index names, and every chunk beside them.
    const index = await (await fetch(`${server.url}/`)).text();
    expect(index).toMatch(/<script type="module"[^>]* src="\/assets\/index-[\w-]+\.js"/);
    const chunks = readdirSync(path.join(CLIENT_DIST_DIR, 'assets')).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    // A message only React's development build carries: a build under NODE_ENV=test would ship it.
    const development = chunks.filter((file) => readFileSync(path.join(CLIENT_DIST_DIR, 'assets', file), 'utf8').includes('is deprecated in plain JavaScript React classes'));
    expect(development).toEqual([]);
  });

  it('takes a new owner from sign-up through both shells to sign-out', async ({ server, browser }) => {
    const page = await newPage(browser);
    const scripts: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js')) {
        scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'], cache: res.headers()['cache-control'] });
      }
    });
    await visit(page, server, '/');
    // The landing page's scripts are cached for good; the entry (all but the smallest files) arrives in Brotli.
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.cache, script.url).toContain('immutable');
    const entry = scripts.find((s) => /\/assets\/index-[^/]+\.js$/.test(s.url));
    expect(entry?.encoding).toBe('br');
    await expect(page.getByRole('heading', { name: 'Professional Vehicle Diagnostics' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'landing-light');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL('**/api/login');
    await checkA11y(page);

    const { email } = await signUp(page, server, { role: null });
    const continueButton = page.getByRole('button', { name: 'Continue to VinTech' });
    await expect(continueButton.isDisabled()).resolves.toBe(true);
    await checkA11y(page);
    await screenshot(page, 'role-choice-light');
    await page.getByRole('radio', { name: 'Simple User' }).click();
    await expect(continueButton.isEnabled()).resolves.toBe(true);
    await continueButton.click();
    await page.getByText('Simple Mode', { exact: true }).waitFor();
    await checkA11y(page);
    const stored = await server.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.role).toBe('simple');
    await screenshot(page, 'simple-shell-light');

    await page.getByRole('button', { name: 'Switch to Tech Mode' }).click();
    await page.getByText('Technician Dashboard').waitFor();
    const sidebar = page.getByTestId('tech-sidebar');
    for (const group of ['Diagnostic Tools', 'Data Management', 'Advanced Tools', 'CRM & Services']) {
      await expect(page.getByRole('group', { name: group }).isVisible()).resolves.toBe(true);
    }
    await checkA11y(page);
    await screenshot(page, 'tech-shell-light');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');
    const width = await sidebar.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(48);
    expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await page.getByText('Technician Dashboard').waitFor();
    expect(await page.getByTestId('tech-sidebar').getAttribute('data-state')).toBe('collapsed');
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('tech-sidebar').getAttribute('data-state')).toBe('expanded');

    // A link pointed at has its page's code fetched before it is followed (decision 168).
    const settingsLink = page.getByRole('link', { name: 'Settings' }).first();
    const settingsCode = page.waitForRequest((request) => /\/assets\/settings-[\w-]+\.js$/.test(request.url()));
    await settingsLink.hover();
    await settingsCode;
    await settingsLink.click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await chooseOption(page, 'Theme', 'Dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    expect(await page.getByRole('switch', { name: /Dark Mode/ }).isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('vt-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await checkA11y(page);
    await screenshot(page, 'settings-tech-dark');

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.getByRole('heading', { name: 'Professional Vehicle Diagnostics' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(me).toBe(401);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the sign-in error for a wrong password and signs in with the right one', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    const { email } = await createUser(server.db, { role: 'tech' });
    await page.goto(`${server.url}/api/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'sign-in-error-dark');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Technician Dashboard').waitFor();
    await screenshot(page, 'tech-shell-dark');
    await page.context().close();
  });

  it('a sign-up with an address that has an account leads to the sign-in page with a notice, and the account is unchanged', async ({ server, browser }) => {
    const owner = await newPage(browser);
    const { email } = await signUp(owner, server, { role: 'simple' });
    await owner.context().close();
    const page = await newPage(browser);
    await page.goto(`${server.url}/api/login?mode=signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('someone else entirely');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: 'If you already had an account with this email address, nothing was changed: sign in with its password.' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'sign-up-taken-address');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/^Welcome, /).waitFor();
    await page.context().close();
  });

  it('shows the 404 texts for an unknown path in both shells (dark scheme)', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark' });
    await visit(page, server, '/');
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await screenshot(page, 'landing-dark');
    await signIn(page, server, { role: 'simple' });
    await checkA11y(page);
    await screenshot(page, 'simple-shell-dark');
    await visit(page, server, '/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    await screenshot(page, 'not-found-simple-dark');
    await page.getByRole('button', { name: 'Switch to Tech Mode' }).click();
    await page.getByText('Technician Dashboard').waitFor();
    await page.getByText('404 Page Not Found').waitFor();
    await page.context().close();
  });

  it('works at 375 px wide: the sidebar becomes a drawer and the simple menu a burger', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signIn(page, server, { role: 'simple' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { name: 'Help & Support' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'simple-mobile-light');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Tech Mode' }).click();
    await page.getByText('Tech ID:').waitFor();
    expect(await page.getByTestId('tech-sidebar').isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByRole('dialog', { name: 'Technician tools' });
    await drawer.waitFor();
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(288);
    await checkA11y(page);
    await screenshot(page, 'tech-mobile-drawer-light');
    await drawer.getByRole('link', { name: 'Service Centers' }).click();
    await page.getByRole('heading', { name: 'Service Centers' }).waitFor();
    await page.context().close();
  });
});
