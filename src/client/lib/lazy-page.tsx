import { lazy, type ComponentType, type FunctionComponent, type LazyExoticComponent } from 'react';
import type { AroundNavHandler } from 'wouter';

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

export interface HoldOptions {
  /** The page that renders at an address (its path name), if it is code-split. */
  pageAt(pathname: string): LazyPage | undefined;
  /** How long a navigation waits for its page's code before it goes ahead and suspends. */
  maxWaitMs: number;
  /** The address now (window.location.href in the app). */
  currentHref(): string;
  /** Told when a navigation starts and stops waiting (the app shows a progress bar meanwhile). */
  onWaiting?(waiting: boolean): void;
}

/**
 * Wraps a router's navigate (wouter's `aroundNav`) so that a navigation to a page whose code is not
 * here yet waits for it, up to `maxWaitMs`, with the current page left on screen: a page that
 * suspends shows its fallback and is then held back for React's 300 ms reveal throttle, however soon
 * its code arrives. Only the latest navigation goes ahead, and none after the address changed
 * meanwhile (the Back button).
 */
export function holdNavigation({ pageAt, maxWaitMs, currentHref, onWaiting }: HoldOptions): AroundNavHandler {
  let latest = 0;
  return (navigate, to, options) => {
    const ticket = ++latest;
    const from = currentHref();
    const page = pageAt(new URL(to, from).pathname);
    if (!page || page.isLoaded()) {
      onWaiting?.(false);
      navigate(to, options);
      return;
    }
    onWaiting?.(true);
    let settled = false;
    const go = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ticket !== latest) return;
      onWaiting?.(false);
      if (currentHref() === from) navigate(to, options);
    };
    const timer = setTimeout(go, maxWaitMs);
    // Failed or not, the navigation goes ahead: a page whose code did not come shows its error there.
    void page.preload().then(go, go);
  };
}
