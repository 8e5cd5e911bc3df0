import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { holdNavigation, lazyPage, retryFailedChunks, type LazyPage } from './lazy-page.tsx';

function Content() {
  return <p>the page</p>;
}

/** What the page shows inside a boundary whose fallback reads "waiting". */
const shown = (Page: LazyPage) =>
  renderToString(
    <Suspense fallback={<span>waiting</span>}>
      <Page />
    </Suspense>,
  );

describe('lazyPage', () => {
  it('suspends before its chunk is here and renders at once after preload, fetching the chunk once', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: Content };
    });
    expect(Page.isLoaded()).toBe(false);
    expect(shown(Page)).toContain('waiting');
    await Promise.all([Page.preload(), Page.preload()]);
    expect(Page.isLoaded()).toBe(true);
    expect(shown(Page)).toContain('the page');
    expect(shown(Page)).not.toContain('waiting');
    expect(loads).toBe(1);
  });

  it('a chunk that did not arrive is fetched again after retryFailedChunks', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Content };
    });
    await expect(Page.preload()).rejects.toThrow(/dynamically imported module/);
    expect(Page.isLoaded()).toBe(false);
    retryFailedChunks();
    await Page.preload();
    expect(loads).toBe(2);
    expect(shown(Page)).toContain('the page');
  });
});

/** A page whose chunk comes when the test says so (or fails). */
function pendingPage() {
  let arrive!: () => void;
  let fail!: () => void;
  const chunk = new Promise<{ default: typeof Content }>((resolve, reject) => {
    arrive = () => resolve({ default: Content });
    fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  return { page: lazyPage(() => chunk), arrive, fail };
}

/** holdNavigation over a fake address bar: `go` is the wrapped navigate; `visited` what it did. */
function router(pages: Record<string, LazyPage>, maxWaitMs = 1000) {
  const state = { href: 'https://vintech.test/records', visited: [] as string[], waiting: [] as boolean[] };
  const around = holdNavigation({
    pageAt: (pathname) => pages[pathname],
    maxWaitMs,
    currentHref: () => state.href,
    onWaiting: (waiting) => state.waiting.push(waiting),
  });
  const navigate = (to: string) => {
    state.visited.push(to);
    state.href = new URL(to, state.href).href;
  };
  return { state, go: (to: string) => around(navigate, to) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('holdNavigation', () => {
  it('follows a link to a page whose code is here, or that is not code-split, at once', async () => {
    const here = lazyPage(async () => ({ default: Content }));
    await here.preload();
    const { state, go } = router({ '/garage': here });
    go('/garage?tab=records');
    go('/elsewhere');
    expect(state.visited).toEqual(['/garage?tab=records', '/elsewhere']);
    expect(state.waiting).toEqual([false, false]);
  });

  it('waits for the page\'s code before following the link, and says it waits meanwhile', async () => {
    const garage = pendingPage();
    const { state, go } = router({ '/garage': garage.page });
    go('/garage');
    await tick();
    expect(state.visited).toEqual([]);
    expect(state.waiting).toEqual([true]);
    garage.arrive();
    await tick();
    expect(state.visited).toEqual(['/garage']);
    expect(state.waiting).toEqual([true, false]);
    expect(garage.page.isLoaded()).toBe(true);
  });

  it('follows only the latest of two links, and none once the address changed meanwhile', async () => {
    const garage = pendingPage();
    const help = pendingPage();
    const { state, go } = router({ '/garage': garage.page, '/help': help.page });
    go('/garage');
    go('/help');
    garage.arrive();
    await tick();
    expect(state.visited).toEqual([]);
    help.arrive();
    await tick();
    expect(state.visited).toEqual(['/help']);

    const other = pendingPage();
    const second = router({ '/garage': other.page });
    second.go('/garage');
    // The Back button: the address changes without this navigate.
    second.state.href = 'https://vintech.test/';
    other.arrive();
    await tick();
    expect(second.state.visited).toEqual([]);
    expect(second.state.waiting).toEqual([true, false]);
  });

  it('goes ahead after maxWaitMs, or when the code fails, so the page can show its loader or its error', async () => {
    vi.useFakeTimers();
    try {
      const slow = pendingPage();
      const { state, go } = router({ '/garage': slow.page }, 1000);
      go('/garage');
      await vi.advanceTimersByTimeAsync(999);
      expect(state.visited).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(state.visited).toEqual(['/garage']);
      // Arriving later changes nothing.
      slow.arrive();
      await vi.advanceTimersByTimeAsync(0);
      expect(state.visited).toEqual(['/garage']);
    } finally {
      vi.useRealTimers();
    }
    const broken = pendingPage();
    const { state, go } = router({ '/help': broken.page });
    go('/help');
    broken.fail();
    await tick();
    expect(state.visited).toEqual(['/help']);
  });
});
