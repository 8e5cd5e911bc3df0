import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { appName } from './lib/app-name.ts';
import { useConnection } from './lib/connection.ts';
import { SessionProvider } from './lib/session.tsx';
import { trpc } from './lib/trpc.ts';
import { LandingPage } from './pages/landing.tsx';
import { invitePath, rememberInvite } from './lib/pending-invite.ts';
import { lazyPage } from './lib/lazy-page.tsx';
import { rememberSignedIn, wasSignedIn } from './lib/signed-in-hint.ts';

// Signed-in screens load separately: a visitor's first paint ships only the landing page. The
// signed-in app comes with the page of the address it opens at, so neither suspends on arrival.
const RoleChoicePage = lazy(() => import('./pages/role-choice.tsx'));
const SignedInApp = lazyPage(() =>
  import('./SignedInApp.tsx').then(async (module) => {
    await module.preloadRoute(window.location.pathname);
    return module;
  }),
);
// A browser that was signed in last time fetches them while it asks who is signed in.
if (wasSignedIn()) void SignedInApp.preload().catch(() => undefined);
const StandaloneInvitePage = lazy(() => import('./pages/invite.tsx').then((m) => ({ default: m.StandaloneInvitePage })));
const SharedInspectionPage = lazy(() => import('./pages/shared-inspection.tsx'));

export function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">Loading {appName} ...</Text>
      </Stack>
    </Center>
  );
}

/**
 * Loading, signed out, signed in without a role, or one of the two shells
 * (docs/screens.md#what-the-application-shows).
 */
export function AppRoot() {
  const me = trpc.auth.me.useQuery();
  const connection = useConnection();
  useEffect(() => {
    document.title = appName;
  }, []);
  const { isError, refetch } = me;
  useEffect(() => {
    if (connection === 'online' && isError) void refetch();
  }, [connection, isError, refetch]);
  // Once known, who is signed in stays known (see the offline states below).
  const known = me.data !== undefined;
  const signedInWithMode = me.data?.role === 'simple' || me.data?.role === 'tech';
  useEffect(() => {
    if (known) rememberSignedIn(signedInWithMode);
  }, [known, signedInWithMode]);
  // The signed-in app and its first page are waited for here, under the plain loader, rather than
  // by suspending, which would hold the page back for React's 300 ms reveal throttle.
  const [appLoaded, setAppLoaded] = useState(SignedInApp.isLoaded);
  useEffect(() => {
    if (!signedInWithMode || appLoaded) return;
    let current = true;
    // Failed or not, the app renders next: a chunk that did not arrive shows its error there.
    void SignedInApp.preload()
      .catch(() => undefined)
      .finally(() => current && setAppLoaded(true));
    return () => {
      current = false;
    };
  }, [signedInWithMode, appLoaded]);

  // A public inspection link reads the same for everyone: it needs neither an account nor a mode.
  if (window.location.pathname.startsWith('/shared/inspections/')) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <SharedInspectionPage />
      </Suspense>
    );
  }
  // Opened without a network (the installed app, the offline shell): who is signed in cannot be
  // known yet; the question is asked again as soon as the connection is back (docs/screens.md#offline).
  // Once known, who is signed in stays known: a later check that fails (the server or the network
  // gone) leaves the shell and the pages opened before on screen, under the offline banner.
  if (!known && (me.isPending || me.isError) && connection === 'offline') {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" role="alert">
          <Title order={2}>You are offline</Title>
          <Text c="dimmed" ta="center">
            {appName} needs a connection to load your garage. It continues by itself when the connection is back.
          </Text>
          <Button variant="default" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (me.isPending || (signedInWithMode && !appLoaded)) return <FullPageLoader />;
  if (me.isError && !known) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" role="alert">
          <Title order={2}>{appName} could not be reached</Title>
          <Text c="dimmed">Check your connection, then try again.</Text>
          <Button onClick={() => void me.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  const user = me.data ?? null;
  const invite = invitePath(window.location.pathname);
  if (!user) {
    // An invitation link works signed out: it shows what it offers and asks to sign in first.
    return invite ? (
      <Suspense fallback={<FullPageLoader />}>
        <StandaloneInvitePage signedIn={false} />
      </Suspense>
    ) : (
      <LandingPage />
    );
  }
  const role = user.role;
  // A new account chooses its mode first; the app returns to the invitation after.
  if (invite && role !== 'simple' && role !== 'tech') rememberInvite(invite);
  return (
    <Suspense fallback={<FullPageLoader />}>
      {role === 'simple' || role === 'tech' ? (
        <SessionProvider user={{ ...user, role }}>
          <SignedInApp />
        </SessionProvider>
      ) : (
        <RoleChoicePage />
      )}
    </Suspense>
  );
}
