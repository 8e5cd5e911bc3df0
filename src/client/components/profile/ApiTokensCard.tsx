import { ActionIcon, Alert, Button, Card, Code, CopyButton, Group, Modal, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { createApiTokenSchema, type ApiToken, type CreatedApiToken } from '../../../shared/auth.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { TableHead } from '../TableHead.tsx';

function formatDate(date: Date | null): string {
  return date ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

/** Personal API tokens: created here, shown once, sent as `Authorization: Bearer <token>`. */
export function ApiTokensCard() {
  const utils = trpc.useUtils();
  const tokens = trpc.auth.tokens.list.useQuery();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const form = useForm({ initialValues: { name: '' }, validate: zodFormValidator(createApiTokenSchema) });
  const create = trpc.auth.tokens.create.useMutation({
    onSuccess: (token) => {
      setCreated(token);
      form.reset();
      void utils.auth.tokens.list.invalidate();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Could not create the token.'));
    },
  });
  const revoke = trpc.auth.tokens.revoke.useMutation({
    onSuccess: () => {
      notifySuccess('Token revoked', `${revoking?.name ?? 'The token'} no longer works.`);
      setRevoking(null);
      void utils.auth.tokens.list.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Could not revoke the token.')),
  });

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconKey size={20} aria-hidden />
          <Title order={2} size="h4">
            API tokens
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Programs use a token to call the VinTech API as you: send it as <Code>Authorization: Bearer &lt;token&gt;</Code>.
        </Text>
        <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
          <Group align="flex-end" gap="sm">
            <TextInput label="Token name" placeholder="e.g. Workshop script" style={{ flex: 1, minWidth: 200 }} {...form.getInputProps('name')} />
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
        </form>
        {created ? (
          <Alert color="green" title="Copy your new token now" withCloseButton onClose={() => setCreated(null)} closeButtonLabel="Dismiss">
            <Stack gap="xs">
              <Text size="sm">It is shown only once. Store it somewhere safe.</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="new-api-token">
                  {created.token}
                </Code>
                <CopyButton value={created.token}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'}>
                      <ActionIcon variant="subtle" onClick={copy} aria-label="Copy token">
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {tokens.isPending ? (
          <Skeleton h={80} />
        ) : tokens.isError ? (
          <Text c="red" size="sm">
            Could not load your tokens.
          </Text>
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API tokens yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <TableHead columns={['Name', 'Token', 'Created', 'Last used', { label: 'Actions', hidden: true }]} />
              <Table.Tbody>
                {tokens.data.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td>{token.name}</Table.Td>
                    <Table.Td>
                      <Code>{token.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{formatDate(token.createdAt)}</Table.Td>
                    <Table.Td>{formatDate(token.lastUsedAt)}</Table.Td>
                    <Table.Td>
                      <Tooltip label="Revoke">
                        <ActionIcon color="red" variant="subtle" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API token">
        <Stack>
          <Text size="sm">
            Programs using &quot;{revoking?.name}&quot; will stop working at once. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate({ id: revoking.id })}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
