import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, chooseOption, it, newPage, screenshot, scriptErrors, signIn } from './helpers.ts';

async function zoomLevel(page: Page): Promise<number> {
  return Number(await page.getByTestId('vehicle-diagram').getAttribute('data-zoom'));
}

describe('vehicle identification (home page)', () => {
  it('decodes a VIN, shows the summary and diagram, opens a component and zooms to both bounds', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server, { role: 'simple' });
    await page.getByRole('heading', { name: 'Vehicle Identification' }).waitFor();

    const vinInput = page.getByRole('textbox', { name: 'VIN' });
    const decode = page.getByRole('button', { name: 'Decode' });
    await vinInput.fill('1hgcm82633a00435');
    expect(await vinInput.inputValue()).toBe('1HGCM82633A00435');
    expect(await decode.isDisabled()).toBe(true);
    await vinInput.press('Enter');
    await page.getByText('VIN must be exactly 17 characters').waitFor();

    await vinInput.fill('1hgcm82633a0043529999');
    expect(await vinInput.inputValue()).toBe('1HGCM82633A004352');
    await decode.click();
    await page.getByText('VIN Decoded Successfully').waitFor();
    await page.getByText('Identified 2003 Honda Accord').waitFor();

    const summary = page.getByRole('region', { name: '2003 Honda Accord' });
    await summary.getByText('Identified', { exact: true }).waitFor();
    await summary.getByText('EX-V6').waitFor();
    await summary.getByText('V6 Gasoline, J30A4').waitFor();
    expect(await summary.getByText('Transmission', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Component Diagram', selected: true }).waitFor();
    await page.getByText('Click on a component in the diagram to view detailed information').waitFor();
    await page.getByRole('img', { name: /Side view of the 2003 Honda Accord/ }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'vehicles-decoded-light');

    // Keyboard: hotspots are buttons in the tab order.
    const engine = page.getByRole('button', { name: '1. Engine' });
    await engine.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('region', { name: 'Engine details' });
    await details.getByText('Good Condition').waitFor();
    await details.getByText('Oil change (generic)').waitFor();
    await details.getByText('Every 5,000–7,500 miles or 6 months').waitFor();
    await details.getByText('Oil leaks from the valve cover or oil pan gasket').waitFor();
    await page.getByRole('button', { name: '4. Brakes' }).click();
    await page.getByRole('region', { name: 'Brakes details' }).getByRole('button', { name: 'Service History' }).click();
    const history = page.getByRole('dialog', { name: 'Service History: Brakes' });
    await history.getByText('No service records yet').waitFor();
    await checkA11y(page);
    await history.getByRole('button', { name: 'Close dialog' }).click();

    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomLevel(page)).toBe(1);
    for (let i = 0; i < 5; i++) await zoomIn.click();
    expect(await zoomLevel(page)).toBe(2);
    expect(await zoomIn.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    expect(await zoomLevel(page)).toBe(1);
    for (let i = 0; i < 3; i++) await zoomOut.click();
    expect(await zoomLevel(page)).toBe(0.5);
    expect(await zoomOut.isDisabled()).toBe(true);
    expect(await zoomIn.isDisabled()).toBe(false);

    await page.getByRole('tab', { name: 'Video Walkthrough' }).click();
    await page.getByText('05:23 / 06:25').waitFor();
    await page.getByRole('heading', { name: '2003 Honda Accord: coupe and hatchback walkthrough' }).waitFor();
    await page.getByText('Hatch and struts').waitFor();
    await page.getByRole('button', { name: 'Play walkthrough' }).click();
    await page.getByText('Chapter 1: Walk-around and tires').waitFor();
    await checkA11y(page);
    await page.getByRole('tab', { name: 'Parts List' }).click();
    // Neither staff of a shop nor keeping this car in a garage: what the tab would show, and how.
    await page.getByText('No parts list for this vehicle').waitFor();
    await page.getByText(/Save this vehicle to My Garage to see the parts fitted to it/).waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('finishes a manual selection of a Nissan, in dark mode at 375 px, and pre-fills from a partial decode', async ({ server, browser }) => {
    const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await signIn(page, server, { role: 'tech' });
    await page.getByRole('heading', { name: 'Vehicle Identification' }).waitFor();

    const selectVehicle = page.getByRole('button', { name: 'Select Vehicle' });
    expect(await selectVehicle.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Model', exact: true }).isDisabled()).toBe(true);
    await chooseOption(page, 'Year', '2020');
    await chooseOption(page, 'Make', 'Nissan');
    await chooseOption(page, 'Model', 'Altima');
    // Changing the make clears the model.
    await chooseOption(page, 'Make', 'Honda');
    expect(await page.getByRole('combobox', { name: 'Model', exact: true }).inputValue()).toBe('');
    expect(await selectVehicle.isDisabled()).toBe(true);
    await chooseOption(page, 'Make', 'Nissan');
    await chooseOption(page, 'Model', 'Altima');
    await selectVehicle.click();

    const summary = page.getByRole('region', { name: '2020 Nissan Altima' });
    await summary.getByText('Identified', { exact: true }).waitFor();
    await page.getByRole('button', { name: '1. Engine' }).click();
    // Tech mode: specifications are shown outright, with the category.
    const details = page.getByRole('region', { name: 'Engine details' });
    await details.getByRole('table', { name: 'Engine specifications' }).waitFor();
    await details.getByText('Powertrain').waitFor();
    await checkA11y(page);
    await screenshot(page, 'vehicles-manual-dark-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A 2007 Honda whose model vPIC cannot tell: year and make are pre-filled, and another vehicle clears the choice.
    await page.getByRole('textbox', { name: 'VIN' }).fill('1HGCP26367A000001');
    await page.getByRole('button', { name: 'Decode' }).click();
    await page.getByText('VIN Decode Failed').waitFor();
    await page.getByText(/The manufacturer \(Honda\) is known/).first().waitFor();
    await page.getByText('The VIN identifies a 2007 Honda. Choose the model below to continue.').waitFor();
    await checkA11y(page);
    expect(await page.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe('2007');
    expect(await page.getByRole('combobox', { name: 'Make', exact: true }).inputValue()).toBe('Honda');
    await chooseOption(page, 'Model', 'Accord');
    await selectVehicle.click();
    await page.getByRole('region', { name: '2007 Honda Accord' }).waitFor();
    await page.getByText('Click on a component in the diagram to view detailed information').waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('scrolls a long options list natively, and choosing right after a scroll leaves nothing running', async ({ server, browser }) => {
    const page = await newPage(browser, { viewport: { width: 375, height: 812 } });
    // Counts animation-frame requests: an idle page asks for none.
    await page.addInitScript(() => {
      const counter = window as unknown as { frameRequests: number };
      counter.frameRequests = 0;
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        counter.frameRequests += 1;
        return request(callback);
      };
    });
    await signIn(page, server, { role: 'simple' });
    await page.getByRole('heading', { name: 'Vehicle Identification' }).waitFor();
    await page.getByRole('combobox', { name: 'Year', exact: true }).click();
    const list = page.getByRole('listbox');
    await list.getByRole('option').first().waitFor();
    // The list is as tall as it allows and scrolls in its own box.
    const box = list.locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Select-dropdown")]');
    const size = await box.evaluate((element) => ({ visible: element.clientHeight, content: element.scrollHeight }));
    expect(size.visible).toBeLessThanOrEqual(240);
    expect(size.content).toBeGreaterThan(size.visible);
    await screenshot(page, 'vehicles-year-list-375');
    await list.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const option = list.getByRole('option').nth(12);
    const year = await option.innerText();
    await option.click();
    expect(await page.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe(year);
    const frameRequests = () => page.evaluate(() => (window as unknown as { frameRequests: number }).frameRequests);
    await page.waitForTimeout(300);
    const before = await frameRequests();
    await page.waitForTimeout(1_000);
    // A loop left running would ask about 60 times in that second.
    expect((await frameRequests()) - before).toBeLessThanOrEqual(5);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
