import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { readPly } from '../../src/shared/geometry/mesh-read.ts';
import { registerAppJobs } from '../../src/server/jobs.ts';
import { startJobRunner, type JobRunner } from '../../src/server/lib/job-runner.ts';
import { ACCORD_VIN } from '../helpers/garage.ts';
import { DEFAULT_CYLINDER, DEFAULT_RING, ringPhotos } from '../helpers/scan-scene.ts';
import { checkA11y, chooseOption, expectNoSidewaysScroll, it, newPage, openTool, screenshot, scriptErrors, signIn } from './helpers.ts';

const MOBILE = { width: 375, height: 812 };

function propertyOf(page: Page, label: string) {
  return page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
}

/**
 * The 3D view as the user sees it: a screenshot of its canvas (what Chromium composited, not the
 * WebGL drawing buffer, whose read-back is not reliable between frames), with the pixels that are
 * not the background's (its top-left corner's) marked, and the canvas's box on the page.
 */
async function viewPixels(page: Page) {
  const canvas = page.locator('canvas').first();
  const { data, info } = await sharp(await canvas.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the 3D view has no box');
  const { width, height } = info;
  const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
  const drawn = (x: number, y: number) => {
    const i = 3 * (y * width + x);
    return Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0) > 24;
  };
  return { width, height, drawn, box };
}

/**
 * Clicks on the model in the 3D view: on the drawn pixel nearest to a share of the view's width and
 * height, so the pick lands on the model whatever its framing.
 */
async function clickModel(page: Page, x: number, y: number): Promise<void> {
  const { width: w, height: h, drawn, box } = await viewPixels(page);
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  for (let row = 2; row < h - 2; row += 2) {
    for (let col = 2; col < w - 2; col += 2) {
      // A pixel inside the drawing: it and its four neighbours differ from the background.
      if (![[0, 0], [-2, 0], [2, 0], [0, -2], [0, 2]].every(([dx, dy]) => drawn(col + dx!, row + dy!))) continue;
      const d = Math.hypot(col / w - x, row / h - y);
      if (d < bestDistance) [best, bestDistance] = [[col / w, row / h], d];
    }
  }
  if (!best) throw new Error('nothing is drawn in the 3D view');
  await page.mouse.click(box.x + box.width * best[0], box.y + box.height * best[1]);
}

/** The share of the view's pixels that show something other than the background. */
async function drawnShare(page: Page): Promise<number> {
  const { width, height, drawn } = await viewPixels(page);
  let count = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (drawn(x, y)) count++;
  return count / (width * height);
}

describe('Component Viewer (docs/scans.md#the-component-viewer)', () => {
  let jobs: JobRunner;
  it.beforeAll(async ({ server }) => {
    registerAppJobs();
    jobs = startJobRunner({ db: server.db, pollMs: 250 });
  });
  it.afterAll(async () => {
    await jobs?.stop({ timeoutMs: 2_000 });
  });

  it('a scan made from photos opens in the viewer, is measured, given a scale, compared with a reference, and exports a PLY that reads back', async ({ server, browser }) => {
    const page = await newPage(browser);
    await signIn(page, server, { role: 'tech' });
    await openTool(page, server, '/scanner', '3D Scanner');
    await page.getByRole('radio', { name: 'Low 1K' }).check();
    await page.getByRole('button', { name: 'Start Scan' }).click();
    await page.getByRole('heading', { name: 'Take Photos' }).waitFor();

    // 24 photos of a textured cylinder from a walk around it, with their lens in EXIF as a phone writes it.
    const ring = { ...DEFAULT_RING, views: 24, width: 480, height: 360, focalPx: 420, seed: 11 };
    const photos = await Promise.all((await ringPhotos(DEFAULT_CYLINDER, ring)).map((photo) => sharp(photo).withExif({ IFD2: { FocalLengthIn35mmFilm: '30' } }).jpeg({ quality: 92 }).toBuffer()));
    await page.locator('input[type="file"]').first().setInputFiles(photos.map((buffer, k) => ({ name: `drum-${k + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
    await page.getByText('24 photos · 20–60 recommended').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Process scan' }).click();
    await page.getByRole('heading', { name: 'Scan Result' }).waitFor({ timeout: 120_000 });

    await page.getByRole('link', { name: 'Open in Component Viewer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Component Viewer' }).waitFor();
    const modelId = new URL(page.url()).searchParams.get('model');
    expect(modelId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('img', { name: /^3D view of Scan of / }).locator('canvas').waitFor();
    await expect.poll(() => drawnShare(page), { timeout: 20_000 }).toBeGreaterThan(0.02);
    await expect(propertyOf(page, 'Source').textContent()).resolves.toMatch(/^Photo scan \((2[2-4]) of 24 photos placed\)$/);
    await expect(propertyOf(page, 'Scale').textContent()).resolves.toBe('Not set: measure a known length to set it');
    const pointsText = (await propertyOf(page, 'Points').textContent()) ?? '';
    const points = Number(pointsText.replace(/,/g, ''));
    expect(points).toBeGreaterThan(500);

    // Measuring: two clicks on the model give a distance in the model's units; a known length sets the scale.
    await page.getByRole('button', { name: 'Measure' }).click();
    await page.getByText('Click a first point on the model.').waitFor();
    await clickModel(page, 0.45, 0.5);
    await page.getByText('Click a second point on the model.').waitFor();
    await clickModel(page, 0.58, 0.45);
    const distance = page.getByTestId('measured-distance');
    await expect(distance.textContent()).resolves.toMatch(/^[\d.,]+ units$/);
    await page.getByLabel('Known length of this distance (mm)').fill('120');
    await page.getByRole('button', { name: 'Set scale' }).click();
    await expect.poll(() => distance.textContent()).toMatch(/^120(\.0+)? mm$/);
    await expect.poll(() => propertyOf(page, 'Scale').textContent()).toMatch(/^1 unit = [\d.,]+ mm \(from a known length\)$/);
    const stored = (await (await page.request.get(`${server.url}/api/models/${modelId}`)).json()) as { mmPerUnit: number | null };
    expect(stored.mmPerUnit).toBeGreaterThan(0);
    await checkA11y(page);
    await screenshot(page, 'viewer-scan-measured-light');

    // Analysis: the cylinder in millimetres, and its deviation from the drive motor reference (a cylinder too).
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await expect(propertyOf(page, 'Bounding box').textContent()).resolves.toMatch(/ mm$/);
    await chooseOption(page, 'Compare this scan with', 'Drive motor');
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByText('Against Drive motor, after aligning the two:').waitFor({ timeout: 30_000 });
    await expect(propertyOf(page, 'Mean deviation').textContent()).resolves.toMatch(/^[\d.,]+ mm$/);
    await page.getByRole('switch', { name: 'Show deviation heat map' }).check();
    await page.getByRole('img', { name: /^Colour scale from 0 \(blue\) to / }).waitFor();
    await screenshot(page, 'viewer-scan-heat-light');

    // The PLY export is the coloured cloud the viewer drew.
    const ply = await page.request.get(`${server.url}/api/models/${modelId}/download?format=ply`);
    expect(ply.status()).toBe(200);
    const cloud = readPly(new Uint8Array(await ply.body()));
    expect(cloud.positions.length / 3).toBe(points);
    expect(cloud.colours?.length).toBe(points * 3);
    expect(scriptErrors(page)).toEqual([]);
    await page.close();
  }, 240_000);

  it('reference models are drawn for every component kind, on a phone in the dark, and a missing scan says so', async ({ server, browser }) => {
    const phone = await newPage(browser, { colorScheme: 'dark', viewport: MOBILE });
    await signIn(phone, server, { role: 'tech' });
    await openTool(phone, server, '/viewer', 'Component Viewer');
    await phone.getByRole('img', { name: '3D view of Brake disc and caliper' }).locator('canvas').waitFor();
    await expect.poll(() => drawnShare(phone), { timeout: 20_000 }).toBeGreaterThan(0.02);
    await expect(propertyOf(phone, 'Source').textContent()).resolves.toBe('Reference model drawn by VinTech to typical dimensions');
    await expect(phone.getByText('No scans yet: make one on the', { exact: false }).count()).resolves.toBe(1);
    await expectNoSidewaysScroll(phone);
    await checkA11y(phone);
    await screenshot(phone, 'viewer-reference-dark-375');

    // The battery: a closed surface, so a volume; its size as drawn.
    await chooseOption(phone, 'Model', '12 V battery');
    await phone.getByRole('img', { name: '3D view of 12 V battery' }).waitFor();
    await expect(new URL(phone.url()).searchParams.get('reference')).toBe('battery');
    await phone.getByRole('tab', { name: 'Analysis' }).click();
    await expect(propertyOf(phone, 'Volume').textContent()).resolves.toMatch(/^[\d.,]+ (cm³|L)$/);
    await phone.getByText('Open one of your scans to compare it with this reference or with an earlier scan.').waitFor();
    await phone.getByRole('button', { name: 'Measure' }).click();
    await clickModel(phone, 0.5, 0.5);
    await clickModel(phone, 0.6, 0.55);
    await expect(phone.getByTestId('measured-distance').textContent()).resolves.toMatch(/^[\d.,]+ mm$/);
    await phone.getByRole('switch', { name: 'Wireframe' }).check();
    await phone.getByRole('button', { name: 'Reset view' }).click();
    await screenshot(phone, 'viewer-battery-measured-dark-375');

    // From the vehicle's diagram: the Engine's Quick Actions open its reference, drawn for that car.
    await phone.goto(`${server.url}/`);
    await phone.getByRole('textbox', { name: 'VIN' }).fill(ACCORD_VIN);
    await phone.getByRole('button', { name: 'Decode' }).click();
    await phone.getByText('VIN Decoded Successfully').waitFor();
    await phone.getByRole('button', { name: /^\d+\. Engine/ }).click();
    await phone.getByRole('link', { name: 'View 3D Model' }).click();
    await phone.getByRole('heading', { name: 'Engine block' }).waitFor();
    await phone.getByText(/^For the Engine of the 2003 Honda Accord$/).waitFor();
    await phone.getByRole('img', { name: '3D view of Engine block' }).locator('canvas').waitFor();

    // A scan that is not there (or not the user's) is an error with a way out, not a blank page.
    await openTool(phone, server, '/viewer?model=00000000-0000-4000-8000-000000000000', 'Component Viewer');
    await phone.getByText('The model could not be shown').waitFor();
    await phone.getByText('Model not found').waitFor();
    await phone.getByRole('heading', { name: 'Model not available' }).waitFor();
    await expect(phone.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    await checkA11y(phone);
    await screenshot(phone, 'viewer-missing-dark-375');
    await phone.getByRole('button', { name: 'Show a reference model' }).click();
    await phone.getByRole('img', { name: '3D view of Brake disc and caliper' }).waitFor();
    expect(scriptErrors(phone)).toEqual([]);
  }, 120_000);
});
