import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { PageErrorBoundary } from './components/shell/ErrorBoundary.tsx';
import { Route, Router, Switch, useLocation } from 'wouter';
import { AvatarAssistant } from './components/avatars/AvatarAssistant.tsx';
import { SimpleShell } from './components/shell/SimpleShell.tsx';
import { TechShell } from './components/shell/TechShell.tsx';
import { appName } from './lib/app-name.ts';
import { takePendingInvite } from './lib/pending-invite.ts';
import { useSession } from './lib/session.tsx';
import NotFoundPage from './pages/not-found.tsx';
import { holdNavigation } from './lib/lazy-page.tsx';
import { matches, pageAt, preloadRoute, routesFor } from './routes.tsx';

function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading page">
      <Loader />
    </Center>
  );
}

export { preloadRoute };

// A link followed before its page's code is here keeps the current page on screen until it arrives
// (a second at most), under a thin progress bar, instead of a loader held for React's reveal throttle.
const aroundNav = holdNavigation({
  pageAt,
  maxWaitMs: 1000,
  currentHref: () => window.location.href,
  onWaiting: (waiting) => document.documentElement.toggleAttribute('data-navigating', waiting),
});

export default function SignedInApp() {
  return (
    <Router aroundNav={aroundNav}>
      <SignedInRoutes />
    </Router>
  );
}

function SignedInRoutes() {
  const { role } = useSession();
  const [location, navigate] = useLocation();
  const routes = routesFor(role);

  // Back to the invitation opened before signing in (docs/shops.md#invites).
  useEffect(() => {
    const invite = takePendingInvite();
    if (invite && invite !== location) navigate(invite, { replace: true });
    // Once, when the signed-in app starts.
  }, []);
  const Shell = role === 'tech' ? TechShell : SimpleShell;

  // A link about to be followed (pointed at, focused, touched) has its page fetched already, so that
  // the page renders at once instead of suspending (decision 168).
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      void preloadRoute(link.pathname);
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, []);

  useEffect(() => {
    const route = routes.find((r) => matches(r.path, location));
    document.title = route ? `${route.title} · ${appName}` : appName;
    window.scrollTo(0, 0);
  }, [location, routes]);

  return (
    <Shell>
      <PageErrorBoundary resetKey={location}>
        <Suspense fallback={<PageLoader />}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} component={route.page} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </PageErrorBoundary>
      <AvatarAssistant />
    </Shell>
  );
}
