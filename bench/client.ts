import { readFileSync } from 'node:fs';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CLIENT_DIST_DIR } from '../src/server/boot.ts';
import { ROOT } from './lib.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteWeight {
  route: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** What a browser that accepts Brotli receives (the build's .br copies; small files go plain). */
  jsBrotliBytes: number;
}

export interface PaintResult {
  landingFcpMs: number;
  landingLcpMs: number;
  dashboardUsableMs: number;
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(path.join(CLIENT_DIST_DIR, file)), { level: 9 }).length;
}

function sentSize(file: string): number {
  const full = path.join(CLIENT_DIST_DIR, file);
  return readFileSync(existsSync(`${full}.br`) ? `${full}.br` : full).length;
}

/** Everything a chunk pulls in statically (what the browser must fetch before it runs). */
function closure(manifest: Record<string, ManifestChunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

function weigh(manifest: Record<string, ManifestChunk>, keys: Set<string>): { js: number; css: number; jsBrotli: number } {
  let js = 0;
  let css = 0;
  let jsBrotli = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js += gzipSize(chunk.file);
    jsBrotli += sentSize(chunk.file);
    for (const file of chunk.css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gzipSize(file);
  return { js, css, jsBrotli };
}

/** JavaScript and CSS (gzip) each route needs: the entry, the signed-in app and the page, with imports. */
export function routeWeights(): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const landing = closure(manifest, ['index.html']);
  const results: RouteWeight[] = [];
  const landingWeight = weigh(manifest, landing);
  results.push({ route: 'landing (signed out)', jsGzipBytes: landingWeight.js, cssGzipBytes: landingWeight.css, jsBrotliBytes: landingWeight.jsBrotli });
  // The route table names each page's module; read it as text (it is client code).
  const table = readFileSync(path.join(ROOT, 'src/client/routes.tsx'), 'utf8');
  for (const match of table.matchAll(/path: '([^']+)'[\s\S]*?import\('\.\/(pages\/[^']+)'\)/g)) {
    const [, route, key] = match;
    if (!route || !key || !manifest[key]) continue;
    const weight = weigh(manifest, closure(manifest, ['index.html', 'SignedInApp.tsx', key]));
    results.push({ route, jsGzipBytes: weight.js, cssGzipBytes: weight.css, jsBrotliBytes: weight.jsBrotli });
  }
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}

/** Paint timings in Chromium on localhost, median of `runs` fresh loads. */
export async function paintTimings(url: string, cookie: string, runs = 5): Promise<PaintResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const fcp: number[] = [];
  const lcp: number[] = [];
  const usable: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { name: 'Professional Vehicle Diagnostics' }).waitFor();
      const timings = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({ fcp: paint, lcp: entries[entries.length - 1]?.startTime ?? 0 });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      fcp.push(timings.fcp);
      lcp.push(timings.lcp);
      await context.close();

      const signedIn = await browser.newContext();
      const [name, value] = cookie.split('=');
      await signedIn.addCookies([{ name: name ?? '', value: value ?? '', url }]);
      const dashboard = await signedIn.newPage();
      const started = Date.now();
      await dashboard.goto(url);
      // Usable: the technician shell and the page's own controls are on screen.
      await dashboard.getByText('Technician Dashboard').waitFor();
      await dashboard.getByRole('button', { name: /Decode/ }).waitFor();
      usable.push(Date.now() - started);
      await signedIn.close();
    }
  } finally {
    await browser.close();
  }
  return { landingFcpMs: median(fcp), landingLcpMs: median(lcp), dashboardUsableMs: median(usable) };
}
