import { Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '../../../shared/shops.ts';
import { toasts } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmBody, EmptyState, formatDate, ShopDialog, TableSkeleton } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { RoleBadge } from './RoleBadge.tsx';
import { ScrollBox } from '../ScrollBox.tsx';

type Pending = { kind: 'role'; member: StaffMember; role: StaffRole } | { kind: 'remove'; member: StaffMember } | { kind: 'leave' };

/**
 * The shop's staff with role badges; managers and owners change roles and remove members, each
 * after a confirmation (docs/shops.md#the-shop-page). Only owners touch owners.
 */
export function StaffTable({ shopId, shopName, myRole, myId }: { shopId: string; shopName: string; myRole: StaffRole; myId: string }) {
  const utils = trpc.useUtils();
  const staff = trpc.shops.staff.list.useQuery({ serviceCenterId: shopId });
  const [pending, setPending] = useState<Pending | null>(null);
  const canManage = myRole === 'owner' || myRole === 'manager';
  const isOwner = myRole === 'owner';
  const settle = () => {
    setPending(null);
    void utils.shops.invalidate();
  };
  const setRole = trpc.shops.staff.setRole.useMutation(toasts({ done: 'Role changed', failed: 'Could not change the role', then: settle }));
  const remove = trpc.shops.staff.remove.useMutation(toasts({ done: 'Member removed', failed: 'Could not remove the member', then: settle }));
  const leave = trpc.shops.leave.useMutation(toasts({ done: `You left ${shopName}`, failed: 'Could not leave the shop', then: settle }));

  const roleChoices = STAFF_ROLES.filter((role) => isOwner || role !== 'owner').map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
  const editable = (member: StaffMember) => canManage && member.userId !== myId && (isOwner || member.role !== 'owner');
  const label = (member: StaffMember) => member.name ?? member.email;

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Staff
          </Title>
          <Button size="xs" variant="subtle" color="red" onClick={() => setPending({ kind: 'leave' })}>
            Leave shop
          </Button>
        </Group>
        {staff.isPending ? (
          <TableSkeleton columns={4} rows={3} />
        ) : staff.isError ? (
          <EmptyState title="Staff could not be loaded" hint={errorMessage(staff.error, 'Please try again.')} action={<Button variant="default" onClick={() => void staff.refetch()}>Try again</Button>} />
        ) : (
          <ScrollBox>
            <Table verticalSpacing="sm" miw={520} aria-label="Staff">
              <TableHead columns={['Name', 'Role', 'Since', canManage && { label: 'Actions', hidden: true }]} />
              <Table.Tbody>
                {staff.data.map((member) => (
                  <Table.Tr key={member.userId} data-testid="staff-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {label(member)}
                        {member.userId === myId ? ' (you)' : ''}
                      </Text>
                      {member.name ? (
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {member.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {editable(member) ? (
                        <NativeSelect
                          size="xs"
                          aria-label={`Role of ${label(member)}`}
                          value={member.role}
                          data={roleChoices}
                          onChange={(event) => setPending({ kind: 'role', member, role: event.currentTarget.value as StaffRole })}
                        />
                      ) : (
                        <RoleBadge role={member.role} />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(member.since)}</Text>
                    </Table.Td>
                    {canManage ? (
                      <Table.Td ta="right">
                        {editable(member) ? (
                          <Button size="xs" variant="light" color="red" onClick={() => setPending({ kind: 'remove', member })}>
                            Remove
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
      </Stack>
      <ShopDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'role' ? 'Change role' : pending?.kind === 'remove' ? 'Remove member' : 'Leave shop'}
        size="28rem"
      >
        {pending?.kind === 'role' ? (
          <ConfirmBody
            message={`Make ${label(pending.member)} ${STAFF_ROLE_LABELS[pending.role].toLowerCase()} of ${shopName}?`}
            confirmLabel="Change role"
            loading={setRole.isPending}
            onCancel={() => setPending(null)}
            onConfirm={() => setRole.mutate({ serviceCenterId: shopId, userId: pending.member.userId, role: pending.role })}
          />
        ) : pending?.kind === 'remove' ? (
          <ConfirmBody
            message={`Remove ${label(pending.member)} from ${shopName}? They lose access to the shop's data at once.`}
            confirmLabel="Remove"
            loading={remove.isPending}
            onCancel={() => setPending(null)}
            onConfirm={() => remove.mutate({ serviceCenterId: shopId, userId: pending.member.userId })}
          />
        ) : pending?.kind === 'leave' ? (
          <ConfirmBody
            message={`Leave ${shopName}? You lose access to its data until someone invites you again.`}
            confirmLabel="Leave"
            loading={leave.isPending}
            onCancel={() => setPending(null)}
            onConfirm={() => leave.mutate({ serviceCenterId: shopId })}
          />
        ) : null}
      </ShopDialog>
    </Card>
  );
}
