import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { INVITE_STATE_MESSAGES, inviteCodeSchema, STAFF_ROLE_LABELS } from '../../shared/shops.ts';
import { Brand } from '../components/shell/Brand.tsx';
import { notifySuccess } from '../lib/notify.ts';
import { rememberInvite } from '../lib/pending-invite.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

function codeOf(pathname: string): string {
  return decodeURIComponent(pathname.slice('/invite/'.length).split('/')[0] ?? '');
}

/**
 * `/invite/<code>`: what the invitation offers, then Accept (signed in) or sign in / sign up first
 * (signed out; the app comes back here after). Works in both shells and without one.
 */
export function InviteCard({ signedIn }: { signedIn: boolean }) {
  const [location, navigate] = useLocation();
  const code = codeOf(location);
  const utils = trpc.useUtils();
  // A mistyped or cut link is answered here, in the same words as the server's.
  const wellFormed = inviteCodeSchema.safeParse(code).success;
  const preview = trpc.shops.invites.preview.useQuery({ code }, { retry: false, enabled: wellFormed });
  const accept = trpc.shops.invites.accept.useMutation({
    onSuccess: (accepted) => {
      notifySuccess('Welcome', `You joined ${accepted.shopName} as ${STAFF_ROLE_LABELS[accepted.role].toLowerCase()}.`);
      void utils.invalidate();
      navigate('/shop');
    },
  });
  const go = (url: string) => {
    rememberInvite(`/invite/${code}`);
    window.location.assign(url);
  };

  return (
    <Card withBorder maw={520} w="100%" mx="auto" mt="xl" p="xl" data-testid="invite-card">
      <Stack gap="md">
        <Group gap="xs">
          <IconBuildingStore aria-hidden />
          <Title order={1} size="h3">
            Invitation
          </Title>
        </Group>
        {!wellFormed ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {INVITE_STATE_MESSAGES.invalid}
          </Alert>
        ) : preview.isPending ? (
          <Center py="md" role="status" aria-label="Loading invitation">
            <Loader size="sm" />
          </Center>
        ) : preview.isError || preview.data.state !== 'open' ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {preview.isError ? errorMessage(preview.error, 'This invitation is not valid.') : 'message' in preview.data ? preview.data.message : null}
          </Alert>
        ) : (
          <>
            <Text>
              You are invited to join <strong>{preview.data.shopName}</strong> ({preview.data.city}, {preview.data.stateName}) as{' '}
              <strong>{STAFF_ROLE_LABELS[preview.data.role].toLowerCase()}</strong>.
            </Text>
            <Text size="sm" c="dimmed">
              As staff you work with the shop&apos;s customers, inquiries and appointments. The invitation can be used once and expires on{' '}
              {preview.data.expiresAt.toLocaleDateString(undefined, { dateStyle: 'medium' })}.
            </Text>
            {accept.isError ? (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
              </Alert>
            ) : null}
            {signedIn ? (
              <Group>
                <Button loading={accept.isPending} onClick={() => accept.mutate({ code })}>
                  Accept invitation
                </Button>
                <Button variant="default" onClick={() => navigate('/')}>
                  Not now
                </Button>
              </Group>
            ) : (
              <Stack gap="xs">
                <Text size="sm">Sign in or create an account to accept; you come back here afterwards.</Text>
                <Group>
                  <Button onClick={() => go('/api/login')}>Sign in</Button>
                  <Button variant="default" onClick={() => go('/api/login?mode=signup')}>
                    Create an account
                  </Button>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The invite page inside a shell. */
export default function InvitePage() {
  return <InviteCard signedIn />;
}

/** The invite page for a signed-out visitor (or one who has not chosen a mode yet). */
export function StandaloneInvitePage({ signedIn }: { signedIn: boolean }) {
  return (
    <Stack p="md" mih="100vh">
      <Brand subtitle="" />
      <InviteCard signedIn={signedIn} />
    </Stack>
  );
}
