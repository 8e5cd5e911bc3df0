import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, onTestFailed, test, vi } from 'vitest';
import type { User } from '../../src/shared/auth.ts';
import type { Role } from '../../src/shared/constants.ts';
import { buildApp } from '../../src/server/app.ts';
import { CLIENT_DIST_DIR } from '../../src/server/boot.ts';
import type { Database } from '../../src/server/db/index.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';

export { TEST_PASSWORD };
export const RESULTS_DIR = path.resolve(import.meta.dirname, '../../test-results');

export interface TestServer {
  url: string;
  db: Database;
  close(): Promise<void>;
}

/** A real VinTech server: a fresh copy of the migrated PGlite, seeded, the built client, a free port. */
export async function startTestServer(): Promise<TestServer> {
  // A copy of the migrated and seeded template (global-setup.ts).
  const handle = await createTestDatabase('pglite');
  const app = await buildApp({
    db: handle.db,
    appName: 'VinTech',
    sessionSecret: 'browser-tests-secret-long-enough-to-sign-cookies',
    clientDir: CLIENT_DIST_DIR,
    rateLimits: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Debian's Chromium headless shell (decision 165): the same Blink and V8 without the full browser's
 * windowing layer, about a third less CPU for the same pages; the full `chromium` where the shell is
 * not installed, or CHROMIUM_PATH.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ?? '/usr/bin/chromium';
}

/** Chromium as the tests run it; playwright gives every launch a fresh, temporary profile of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A camera that draws a moving test pattern, allowed without asking (Camera Tools).
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
}

/** What a browser test works with: its file's server and its worker's Chromium. */
export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
}

/**
 * The browser tests' `it` (decision 163): every file gets a server of its own on its own copy of the
 * seeded database (`server`); the files a test worker runs share one Chromium (`browser`), whose
 * pages (their contexts) a file closes when it ends, so none of them goes on asking a stopped server.
 * Hooks take them the same way: `it.beforeAll(({ server }) => …)`.
 */
export const it = test
  .extend('workerBrowser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('browser', { scope: 'file' }, async ({ workerBrowser }, { onCleanup }) => {
    onCleanup(async () => {
      await Promise.all(workerBrowser.contexts().map((context) => context.close()));
    });
    return workerBrowser;
  })
  .extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startTestServer();
    onCleanup(() => server.close());
    return server;
  });

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  baseURL?: string;
  /** The offline shell's service worker runs only where a test asks for it (it would add its own requests elsewhere). */
  serviceWorkers?: boolean;
}

/** A page in its own context (own cookies and storage); page errors fail the test that reads them. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const contextOptions: BrowserContextOptions = {
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    baseURL: options.baseURL,
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  };
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  uncaughtErrors.set(page, errors);
  // What the page said, printed only when the test fails: a timeout then names its cause.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && consoleErrors.length < 20) consoleErrors.push(message.text().slice(0, 500));
  });
  try {
    onTestFailed(() => {
      console.error(`[page at ${page.url()}] uncaught: ${JSON.stringify(errors)}; console errors: ${JSON.stringify(consoleErrors)}`);
    });
  } catch {
    // Opened outside a test (a beforeAll): nothing to report to.
  }
  return page;
}

const uncaughtErrors = new WeakMap<Page, string[]>();

/** Uncaught script errors the page raised so far. */
export function scriptErrors(page: Page): string[] {
  return uncaughtErrors.get(page) ?? [];
}

/**
 * The usual way in: an account stored directly (role null: not chosen yet), signed in over HTTP so
 * the session cookie lands in the page's context, and the home page open, or the page at `at`
 * (then the caller waits for what it expects there). Only one test signs up through the form
 * (foundation.test.ts, with `signUp`).
 */
export async function signIn(
  page: Page,
  server: TestServer,
  options: { role?: Role | null; email?: string; at?: string } = {},
): Promise<{ email: string; password: string; user: User }> {
  const user = await createUser(server.db, { role: options.role === undefined ? 'simple' : options.role, email: options.email ?? uniqueEmail('browser') });
  const res = await page.request.post(`${server.url}/api/login`, { data: { email: user.email, password: TEST_PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  if (options.at !== undefined) {
    await page.goto(`${server.url}${options.at}`);
    return { email: user.email, password: TEST_PASSWORD, user };
  }
  await page.goto(`${server.url}/`);
  if (user.role === null) await page.getByText('Choose your experience level to get started').waitFor();
  else await page.getByText(user.role === 'tech' ? /^Tech ID:/ : /^Welcome, /).waitFor();
  return { email: user.email, password: TEST_PASSWORD, user };
}

/** Creates an account through the real sign-up form, then picks the role on the role-choice screen. */
export async function signUp(
  page: Page,
  server: TestServer,
  options: { role?: Role | null; email?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? uniqueEmail('browser');
  await page.goto(`${server.url}/api/login?mode=signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Choose your experience level to get started').waitFor();
  const role = options.role === undefined ? 'simple' : options.role;
  if (role) {
    await page.getByRole('radio', { name: role === 'tech' ? 'Advanced Technician' : 'Simple User' }).click();
    await page.getByRole('button', { name: /^Continue to / }).click();
    await page.getByText(role === 'tech' ? /^Tech ID:/ : /^Welcome, /).waitFor();
  }
  return { email, password: TEST_PASSWORD };
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page as it is now: any serious or critical violation fails the test. */
export async function checkA11y(page: Page): Promise<void> {
  // Colours are judged once transitions (a popover or toast fading in) have finished.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the debugging protocol, so the app's CSP (self only) does not block it.
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }>; _audit?: { rules?: { id: string; impact?: string; enabled?: boolean; tags: string[] }[] } };
      }
    ).axe;
    // Of axe's default set (enabled, not experimental), only the rules whose findings are serious or
    // critical, the ones this check reads (in axe 4 a finding's impact is its rule's): the others
    // cost a fifth to a third of a run for nothing. The whole default set where the list cannot be read.
    const rules = axe._audit?.rules
      ?.filter((rule) => rule.enabled !== false && !rule.tags.includes('experimental') && (rule.impact === 'serious' || rule.impact === 'critical'))
      .map((rule) => rule.id);
    const result = await axe.run(document, { resultTypes: ['violations'], ...(rules?.length ? { runOnly: { type: 'rule', values: rules } } : {}) });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe violations on ${page.url()}:\n${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** The calendar date `days` before today (UTC), as a date field takes it: YYYY-MM-DD. */
export function daysAgo(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** Goes to a path of the app and checks the page's accessibility once it has settled. */
export async function visit(page: Page, server: TestServer, pathname: string): Promise<void> {
  await page.goto(`${server.url}${pathname}`);
  await page.waitForLoadState('networkidle');
  await checkA11y(page);
}

/**
 * A full-page screenshot for people to look at, in test-results/ and also in SHOTS_DIR when that is
 * set. Nobody opens a CI run's files, so under CI they are taken only when SHOTS_DIR asks for them
 * (decision 169): each costs about a third of a second of Chromium's time, and a run takes 184.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const shotsDir = process.env.SHOTS_DIR;
  if (process.env.CI && !shotsDir) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    copyFileSync(file, path.join(shotsDir, path.basename(file)));
  }
}

/**
 * Picks an option of a Mantine Select by its label (the input reads as a textbox or a combobox,
 * depending on whether it is searchable); `scope` narrows where the label is looked for. With
 * `confirm`, for a select whose value the page itself holds, the field must read the choice before
 * the test goes on, and the option is chosen again otherwise: a click on an option whose list was
 * leaving changes nothing. A select whose value comes back from a request (a choice saved at once)
 * reads it only later, so it is not confirmed this way.
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Pick<Page, 'getByRole'> = page,
  { confirm = false }: { confirm?: boolean } = {},
): Promise<void> {
  const exact = typeof label === 'string';
  const input = scope.getByRole('textbox', { name: label, exact }).or(scope.getByRole('combobox', { name: label, exact })).first();
  const choice = page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option });
  // A list that closed again as it opened (the previous select's list handing focus back while it
  // closes, on a busy machine) is opened again; an open one is not clicked shut.
  await vi.waitFor(
    async () => {
      if (!(await choice.isVisible())) await input.click();
      await choice.click({ timeout: 3_000 });
      if (!confirm) return;
      const value = await input.inputValue();
      if (typeof option === 'string' ? value !== option : !option.test(value)) throw new Error(`${label} reads "${value}"`);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Opens a page of the app and waits for its heading. */
export async function openTool(page: Page, server: TestServer, pathname: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${pathname}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Nothing may push the page sideways on a phone: wide tables scroll inside their own box. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Each of the named controls shows, once (panels render after their data, so each is waited for). */
export async function expectVisible(page: Page, role: 'radio' | 'tab', names: string[]): Promise<void> {
  for (const name of names) {
    await expect.poll(() => page.getByRole(role, { name, exact: true }).count(), { message: `${role} ${name}`, timeout: 15_000 }).toBe(1);
  }
}
