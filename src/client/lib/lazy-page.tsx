import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A code-split component that can be asked again. React keeps a lazy component's failed import
 * for good, so a page whose chunk did not arrive (the network or the server gone for a moment)
 * would stay broken until a reload; `retryFailedChunks` gives every failed one a fresh import.
 */
export type LazyPage = ComponentType;

const failedOnes = new Set<() => void>();

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let current: LazyExoticComponent<ComponentType>;
  const renew = () => {
    current = lazy(() =>
      load().catch((error: unknown) => {
        failedOnes.add(renew);
        throw error;
      }),
    );
  };
  renew();
  function Page() {
    const Current = current;
    return <Current />;
  }
  return Page;
}

/** Lets every chunk that failed be fetched again on its next render. */
export function retryFailedChunks(): void {
  for (const renew of failedOnes) renew();
  failedOnes.clear();
}

/** Whether an error is a code chunk that could not be fetched (as Chromium, Firefox and Safari word it). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css/i.test(error.message)
  );
}
