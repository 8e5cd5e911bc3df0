import { lazy, type ComponentType, type FunctionComponent, type LazyExoticComponent } from 'react';

/**
 * A code-split component that can be asked again and fetched ahead. React keeps a lazy component's
 * failed import for good, so a page whose chunk did not arrive (the network or the server gone for a
 * moment) would stay broken until a reload; `retryFailedChunks` gives every failed one a fresh import.
 * Once its chunk is here (`preload`, or an earlier render) it renders at once, without suspending: a
 * Suspense boundary that shows its fallback holds what follows back for 300 ms (React's throttle),
 * which on a first load adds up to half a second before the page asks for its data.
 */
export interface LazyPage extends FunctionComponent {
  /** Fetches the chunk now; settles when it is here (rejects as the import does). */
  preload(): Promise<void>;
  /** Whether the chunk is here, so that the component renders without suspending. */
  isLoaded(): boolean;
}

const failedOnes = new Set<() => void>();

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const fetchChunk = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        failedOnes.add(renew);
        throw error;
      },
    );
    return pending;
  };
  let current: LazyExoticComponent<ComponentType>;
  function renew() {
    current = lazy(fetchChunk);
  }
  renew();
  function Page() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    const Current = current;
    return <Current />;
  }
  Page.preload = () => fetchChunk().then(() => undefined);
  Page.isLoaded = () => loaded !== undefined;
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
