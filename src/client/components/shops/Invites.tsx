import { ActionIcon, Alert, Button, Card, CopyButton, Group, NativeSelect, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type CreatedInvite, type PendingInvite, type StaffRole } from '../../../shared/shops.ts';
import { toasts } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog, formatDateTime, TableSkeleton } from '../shop/parts.tsx';
import { RoleBadge } from './RoleBadge.tsx';

/** The invitation link, absolute, as the invited person opens it. */
function absolute(link: string): string {
  return `${window.location.origin}${link}`;
}

function InviteLink({ invite }: { invite: CreatedInvite }) {
  const url = absolute(invite.link);
  return (
    <Alert color="green" title="Invitation created" data-testid="invite-created">
      <Stack gap="xs">
        <Text size="sm">
          Send this link to the person you invite. It works once and expires on {formatDateTime(invite.expiresAt)}; it is shown only now.
          {invite.emailed ? ` It was also e-mailed to ${invite.email}.` : ''}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput readOnly value={url} aria-label="Invitation link" data-testid="invite-link" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                <ActionIcon size="lg" variant="light" color={copied ? 'teal' : 'blue'} onClick={copy} aria-label="Copy link">
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Invite form, the last created link, and the open invitations with revoke (managers and owners). */
export function Invites({ shopId, isOwner }: { shopId: string; isOwner: boolean }) {
  const utils = trpc.useUtils();
  const pending = trpc.shops.invites.list.useQuery({ serviceCenterId: shopId });
  const [role, setRole] = useState<StaffRole>('technician');
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [revoking, setRevoking] = useState<PendingInvite | null>(null);
  const create = trpc.shops.invites.create.useMutation(toasts({ failed: 'Could not create the invitation', then: (invite) => {
    setCreated(invite);
    setEmail('');
    void utils.shops.invites.list.invalidate();
  } }));
  const revoke = trpc.shops.invites.revoke.useMutation(
    toasts({
      done: 'Invitation withdrawn',
      failed: 'Could not withdraw the invitation',
      then: () => {
        setRevoking(null);
        void utils.shops.invites.list.invalidate();
      },
    }),
  );
  const emailError = create.error ? fieldErrors(create.error).email : undefined;

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite staff
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ serviceCenterId: shopId, role, email: email.trim() || null });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Role"
              value={role}
              onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
              data={STAFF_ROLES.filter((r) => isOwner || r !== 'owner').map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))}
            />
            <TextInput
              label="Email (optional)"
              description="The link is e-mailed when the server has mail set up"
              type="email"
              value={email}
              error={emailError}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={create.isPending}>
              Create invitation
            </Button>
          </Group>
        </form>
        {created ? <InviteLink invite={created} /> : null}
        <Title order={3} size="h5" mt="sm">
          Open invitations
        </Title>
        {pending.isPending ? (
          <TableSkeleton columns={3} rows={2} />
        ) : pending.isError ? (
          <Text size="sm" c="red">
            {errorMessage(pending.error, 'Invitations could not be loaded.')}
          </Text>
        ) : pending.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open invitations.
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Open invitations">
            <Table.Tbody>
              {pending.data.map((invite) => (
                <Table.Tr key={invite.id} data-testid="invite-row">
                  <Table.Td>
                    <RoleBadge role={invite.role} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{invite.email ?? 'Link only'}</Text>
                    <Text size="xs" c="dimmed">
                      Expires {formatDateTime(invite.expiresAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" color="red" onClick={() => setRevoking(invite)}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        target={revoking}
        title="Revoke invitation"
        message={() => 'Withdraw this invitation? Its link stops working at once.'}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={(invite) => revoke.mutate({ serviceCenterId: shopId, inviteId: invite.id })}
        size="28rem"
      />
    </Card>
  );
}
