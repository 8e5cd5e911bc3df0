import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage, retryFailedChunks, type LazyPage } from './lazy-page.tsx';

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
