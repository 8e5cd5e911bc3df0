import { ActionIcon, Button, Group, Select, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { SHARE_ROLE_LABELS, SHARE_ROLES, type GarageVehicle, type ShareRole } from '../../../shared/garage.ts';
import { notifyError, notifySuccess, toasts } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';

const roleOptions = SHARE_ROLES.map((role) => ({ value: role, label: SHARE_ROLE_LABELS[role] }));

/**
 * The owner shares a garage vehicle with a household (docs/garage.md#sharing): the accounts it is
 * shared with, each role changeable and revocable, and a form to add one by e-mail address.
 */
export function ShareVehicle({ entry }: { entry: GarageVehicle }) {
  const utils = trpc.useUtils();
  const shares = trpc.garage.shares.list.useQuery({ garageVehicleId: entry.id });
  const form = useForm<{ email: string; role: ShareRole }>({
    initialValues: { email: '', role: 'viewer' },
    validate: { email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address') },
  });
  const refresh = () => void utils.garage.shares.list.invalidate({ garageVehicleId: entry.id });
  const add = trpc.garage.shares.add.useMutation({
    onSuccess: (share) => {
      notifySuccess('Shared', `${entry.nickname} is shared with ${share.name}`);
      form.reset();
      refresh();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to share the vehicle'));
    },
  });
  const change = trpc.garage.shares.update.useMutation(toasts({ failed: 'Failed to change the role', then: refresh }));
  const revoke = trpc.garage.shares.remove.useMutation(toasts({ done: 'Access removed', failed: 'Failed to remove access', then: refresh }));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        People you share {entry.nickname} with see it in their garage with its history. Editors also add and edit records and fuel entries; only you can remove the vehicle or change who has access.
      </Text>
      {shares.isPending ? (
        <Skeleton h={40} />
      ) : shares.isError ? (
        <Text size="sm" c="red">
          {errorMessage(shares.error, 'Could not load who has access')}
        </Text>
      ) : shares.data.length === 0 ? (
        <Text size="sm">Not shared with anyone yet.</Text>
      ) : (
        <Stack gap="xs" aria-label="People with access">
          {shares.data.map((share) => (
            <Group key={share.userId} justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {share.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {share.email}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Select
                  aria-label={`Role of ${share.name}`}
                  size="xs"
                  w={150}
                  allowDeselect={false}
                  data={SHARE_ROLES.map((role) => ({ value: role, label: role === 'editor' ? 'Editor' : 'Viewer' }))}
                  value={share.role}
                  onChange={(value) => value && value !== share.role && change.mutate({ garageVehicleId: entry.id, userId: share.userId, role: value as ShareRole })}
                />
                <Tooltip label="Remove access">
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove access of ${share.name}`} loading={revoke.isPending} onClick={() => revoke.mutate({ garageVehicleId: entry.id, userId: share.userId })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={form.onSubmit((values) => add.mutate({ garageVehicleId: entry.id, email: values.email.trim(), role: values.role }))} noValidate>
        <Stack gap="sm">
          <TextInput label="Email address of their account" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
          <Select label="Role" allowDeselect={false} data={roleOptions} {...form.getInputProps('role')} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Share
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
