import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { EXPERT_TIPS } from '../../src/shared/avatars.ts';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

/** Toasts on screen are checked too. */
async function a11y(page: Page): Promise<void> {
  await checkA11y(page);
}

async function createAvatar(page: Page, opener: string, name: string, preset: string, options: { tipsLevel?: RegExp } = {}) {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Avatar' });
  await dialog.getByLabel('Display Name').fill(name);
  await dialog.getByRole('radio', { name: new RegExp(`^${preset}`) }).click();
  if (options.tipsLevel) await chooseOption(page, 'Tips Level', options.tipsLevel, dialog);
  await dialog.getByRole('button', { name: 'Create Avatar' }).click();
  await page.getByText('Your new avatar has been created successfully.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('avatars and the avatar assistant', () => {
  it('creates an avatar from a preset, guides on the next page, and manages a second avatar', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server, { role: 'simple' });
    await page.getByRole('link', { name: 'My Avatars' }).first().click();
    await page.getByRole('heading', { name: 'Avatar Management' }).waitFor();
    await page.getByText(/^Design the assistant .* simple guidance/).waitFor();
    await page.getByText('No Avatars Yet').waitFor();
    await expect(page.getByTestId('assistant-launcher').count()).resolves.toBe(0);
    await a11y(page);
    await screenshot(page, 'avatars-empty-light');

    // Field errors come from the shared schema before anything is sent.
    await page.getByRole('button', { name: 'Create Your First Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Avatar' });
    await dialog.getByLabel('Display Name').fill('S');
    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await dialog.getByText('Display name must be at least 2 characters').waitFor();
    await dialog.getByRole('radio', { name: 'Expert', exact: true }).click();
    await dialog.getByRole('radio', { name: /^Expert Mechanic/ }).click();
    await expect(dialog.getByRole('radio', { name: /^Expert Mechanic/ }).getAttribute('aria-checked')).resolves.toBe('true');
    await dialog.getByRole('tab', { name: 'Custom' }).click();
    await expect(dialog.getByRole('checkbox', { name: /Hat/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('checkbox', { name: /Tools/ }).isChecked()).resolves.toBe(true);
    await dialog.getByText('ready for diagnostics').waitFor();
    await dialog.getByRole('tab', { name: 'Themes' }).click();
    await dialog.getByRole('radio', { name: /^Retro/ }).waitFor();
    await chooseOption(page, 'Tips Level', /^Advanced/, dialog);
    await a11y(page);
    await screenshot(page, 'avatar-editor-light');
    await dialog.getByLabel('Display Name').fill('Sparky');
    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await page.getByText('Avatar Created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Active Assistant' }).waitFor();
    await page.getByRole('heading', { name: 'All Avatars (1)' }).waitFor();

    // The assistant appears once there is an active avatar.
    const launcher = page.getByTestId('assistant-launcher');
    await launcher.waitFor();

    // A page with a message: the red dot shows, then goes after five seconds.
    await page.getByRole('link', { name: 'Help' }).first().click();
    await page.getByRole('heading', { name: 'Help & Support' }).waitFor();
    const alerting = page.locator('[data-testid="assistant-launcher"][data-alerting]');
    await alerting.waitFor();
    await launcher.hover();
    await page.getByText('Hello. I have extensive vehicle knowledge to share.').waitFor();
    await page.getByText('Click to chat!').waitFor();
    const dotShownAt = Date.now();
    await alerting.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - dotShownAt).toBeGreaterThan(3000);

    await launcher.click();
    const panel = page.getByRole('region', { name: 'Assistant Sparky' });
    await panel.getByText('Your Guide').waitFor();
    await panel.getByText("Stuck? Find answers here or reach our support team. I'm happy to help too.").waitFor();
    await panel.getByRole('heading', { name: 'Tips for Help & Support' }).waitFor();
    await expect.poll(() => panel.getByTestId('assistant-tip').count()).toBe(3);
    await panel.getByRole('button', { name: 'Expert Tip' }).click();
    await panel.getByText(EXPERT_TIPS.advanced[0]!).waitFor();
    await panel.getByRole('button', { name: 'Need Help?' }).click();
    await panel.getByText(/Read the documentation and FAQ/).waitFor();
    await a11y(page);
    await screenshot(page, 'assistant-expanded-light');
    await panel.getByRole('button', { name: 'Minimize assistant' }).click();
    await launcher.waitFor();

    // A second avatar becomes active; the first is set active again.
    await page.getByRole('link', { name: 'My Avatars' }).first().click();
    await createAvatar(page, 'Create New Avatar', 'Gauge', 'Casual Helper');
    await page.getByRole('heading', { name: 'All Avatars (2)' }).waitFor();
    await expect(page.getByRole('button', { name: 'Delete Gauge' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Set Active: Sparky' }).click();
    await page.getByText('Active Avatar Updated').waitFor();
    await page.getByText('Sparky is now your active assistant.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Delete Sparky' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Set Active: Gauge' }).waitFor();

    await page.getByRole('button', { name: 'Delete Gauge' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Avatar' });
    await confirm.getByText('Are you sure you want to delete "Gauge"? This action cannot be undone.').waitFor();
    await a11y(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Gauge has been removed.').waitFor();
    await page.getByRole('heading', { name: 'All Avatars (1)' }).waitFor();
    await screenshot(page, 'avatars-gallery-light');

    await page.getByRole('tab', { name: 'Assistant Settings' }).click();
    await page.getByText('Sparky is your active avatar and is providing simple guidance.').waitFor();
    await a11y(page);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('works for a technician in the dark scheme at 375 px, and Close turns the assistant off until Settings', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 740 } });
    await signIn(page, server, { role: 'tech', at: '/avatars' });
    await page.getByText(/^Design the assistant .* technical guidance/).waitFor();
    await a11y(page);
    await screenshot(page, 'avatars-empty-dark-mobile');

    await page.getByRole('button', { name: 'Create Your First Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Avatar' });
    await dialog.getByLabel('Display Name').fill('Torque');
    await a11y(page);
    await screenshot(page, 'avatar-editor-dark-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await page.getByText('Avatar Created').waitFor();

    await page.goto(`${server.url}/help`);
    const launcher = page.getByTestId('assistant-launcher');
    await launcher.click();
    const panel = page.getByRole('region', { name: 'Assistant Torque' });
    await panel.getByText('Tech Assistant').waitFor();
    await panel.getByText('Hey! Ready to dive into some diagnostics?').waitFor();
    await expect.poll(() => panel.getByTestId('assistant-tip').count()).toBe(3);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await a11y(page);
    await screenshot(page, 'assistant-expanded-dark-mobile');

    await panel.getByRole('button', { name: 'Close assistant' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect(launcher.count()).resolves.toBe(0);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(launcher.count()).resolves.toBe(0);
    const toggle = page.getByRole('switch', { name: /Avatar assistant/ });
    await expect(toggle.isChecked()).resolves.toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await launcher.waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
