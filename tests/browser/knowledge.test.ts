import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn, type TestServer } from './helpers.ts';
import { registerShop } from '../helpers/shops.ts';

function cards(page: Page) {
  return page.locator('[data-knowledge-item] button');
}

async function openKnowledge(page: Page, server: TestServer, search = ''): Promise<void> {
  await page.goto(`${server.url}/knowledge${search}`);
  await page.getByRole('heading', { level: 1, name: 'Knowledge Base' }).waitFor();
  await cards(page).first().or(page.getByText(/^No .* found$/)).waitFor();
}

describe('Knowledge Base', () => {
  let tech: Page;
  let owner: Page;
  it.beforeAll(async ({ server, browser }) => {
    tech = await newPage(browser);
    // Writing knowledge comes from staff membership, not from the mode.
    const { user } = await signIn(tech, server, { role: 'tech' });
    await registerShop(server.db, user);
    owner = await newPage(browser, { colorScheme: 'dark' });
    await signIn(owner, server, { role: 'simple' });
  });

  it('shows the four tabs for technicians, their audience first, and a procedure with numbered steps', async ({ server }) => {
    await openKnowledge(tech, server);
    for (const name of ['Articles', 'Manuals', 'Procedures', 'FAQ']) {
      await expect(tech.getByRole('tab', { name, exact: true }).count(), name).resolves.toBe(1);
    }
    await expect(tech.getByRole('tab', { name: 'Articles' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tech.getByRole('radio', { name: 'Technicians' }).isChecked()).resolves.toBe(true);
    // Technicians see items for technicians and for everyone, never the owners' plain-words ones.
    await expect(tech.getByText('Vehicle owners', { exact: true }).count()).resolves.toBe(0);
    await checkA11y(tech);
    await screenshot(tech, 'knowledge-tech-light');

    await tech.getByRole('tab', { name: 'Procedures' }).click();
    await tech.waitForURL(/tab=procedure/);
    await tech.getByLabel('Search the knowledge base').fill('brake pads');
    // The earlier list stays on screen until the search answers.
    await expect.poll(() => cards(tech).first().innerText()).toContain('Front disc brake pad replacement');
    await cards(tech).first().click();
    const dialog = tech.getByRole('dialog', { name: 'Front disc brake pad replacement' });
    const steps = dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await steps.first().waitFor();
    await expect(steps.count()).resolves.toBe(8);
    await expect(steps.first().innerText()).resolves.toContain('1');
    await expect(steps.first().innerText()).resolves.toContain('Check the brake fluid level');
    await checkA11y(tech);
    await screenshot(tech, 'knowledge-tech-procedure');
    // The open item is in the address, so it can be shared and survives a reload.
    await tech.reload();
    await tech.getByRole('dialog', { name: 'Front disc brake pad replacement' }).waitFor();
    await tech.keyboard.press('Escape');
    await expect(tech.url()).not.toContain('item=');
  });

  it('lets a technician write an item with steps, checks it like the server, and edit it', async ({ server }) => {
    await openKnowledge(tech, server, '?tab=procedure');
    await tech.getByRole('button', { name: 'New Item' }).click();
    const dialog = tech.getByRole('dialog', { name: 'New Knowledge Item' });
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await dialog.getByText('Title must be at least 3 characters').waitFor();
    await dialog.getByText('Body must be at least 10 characters').waitFor();

    await dialog.getByLabel('Title').fill('Replace a cabin air filter');
    await dialog.getByLabel('Body').fill('A clogged cabin filter weakens the blower and fogs the windows.');
    await chooseOption(tech, 'Audience', 'Everyone', dialog);
    await dialog.getByLabel('Tags').fill('HVAC');
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Add step' }).click();
    await dialog.getByRole('button', { name: 'Add step' }).click();
    await dialog.getByLabel('Step 1', { exact: true }).fill('Swap the filter, arrow pointing down');
    await dialog.getByLabel('Step 2', { exact: true }).fill('Empty the glove box and release its stops');
    await dialog.getByRole('button', { name: 'Move step 2 up' }).click();
    await checkA11y(tech);
    await screenshot(tech, 'knowledge-tech-form');
    await dialog.getByRole('button', { name: 'Create Item' }).click();

    const view = tech.getByRole('dialog', { name: 'Replace a cabin air filter' });
    const steps = view.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await steps.first().waitFor();
    await expect(steps.count()).resolves.toBe(2);
    await expect(steps.first().innerText()).resolves.toContain('Empty the glove box');
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = tech.getByRole('dialog', { name: 'Edit Replace a cabin air filter' });
    await edit.getByLabel('Title').fill('Replace the cabin air filter');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await tech.getByRole('dialog', { name: 'Replace the cabin air filter' }).waitFor();
    await tech.keyboard.press('Escape');

    await tech.getByLabel('Search the knowledge base').fill('cabin filter');
    await tech.getByRole('button', { name: /^Replace the cabin air filter/ }).waitFor();
    const stored = await server.db.selectFrom('knowledge_items').select(['title', 'tags', 'steps', 'audience']).where('title', '=', 'Replace the cabin air filter').execute();
    expect(stored).toEqual([
      {
        title: 'Replace the cabin air filter',
        tags: ['hvac'],
        audience: 'both',
        steps: ['Empty the glove box and release its stops', 'Swap the filter, arrow pointing down'],
      },
    ]);
  });

  it('filters by tag chips and shows an empty state with a way back', async ({ server }) => {
    await openKnowledge(tech, server, '?tab=manual');
    const before = await cards(tech).count();
    await tech.getByRole('group', { name: 'Tags' }).getByText('electrical', { exact: true }).click();
    await expect.poll(() => cards(tech).count()).toBeLessThan(before);
    for (const card of await cards(tech).all()) await expect(card.innerText()).resolves.toContain('#electrical');

    await tech.getByLabel('Search the knowledge base').fill('zzqx flux capacitor');
    await tech.getByText('No manuals found').waitFor();
    await screenshot(tech, 'knowledge-tech-empty');
    await tech.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cards(tech).count()).toBe(before);
  });

  it('lets owners reach it from Help and read items for owners, without writing', async ({ server }) => {
    await owner.goto(`${server.url}/help`);
    await owner.getByRole('link', { name: /FAQ/ }).click();
    await owner.getByRole('heading', { level: 1, name: 'Knowledge Base' }).waitFor();
    await expect(owner.getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(owner.getByRole('radio', { name: 'Owners' }).isChecked()).resolves.toBe(true);
    await owner.getByRole('button', { name: /^How often should I change my oil\?/ }).click();
    await owner.getByRole('dialog', { name: 'How often should I change my oil?' }).getByText(/5,000 to 10,000 miles/).waitFor();
    await expect(owner.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
    await checkA11y(owner);
    await screenshot(owner, 'knowledge-simple-dark');
    await owner.keyboard.press('Escape');
    await expect(owner.getByRole('button', { name: 'New Item' }).count()).resolves.toBe(0);
    expect(scriptErrors(tech)).toEqual([]);
    expect(scriptErrors(owner)).toEqual([]);
  });
});
