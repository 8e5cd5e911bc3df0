import { Button, Card, Modal, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { deleteAccountSchema } from '../../../shared/auth.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** Download everything of the account, or delete it (docs/data.md). */
export function YourDataCard() {
  const [opened, setOpened] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: zodFormValidator(deleteAccountSchema) });
  const remove = trpc.auth.deleteAccount.useMutation({
    onSuccess: () => {
      // The session is gone: start over on the landing page, with nothing cached.
      window.location.assign('/api/logout');
    },
    onError: (error) => {
      if (error.message === 'Password is incorrect') form.setErrors({ password: error.message });
      notifyError('Error', errorMessage(error, 'Could not delete your account.'));
    },
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          Download everything of your account as one ZIP file (vehicles, records, fuel, expenses and your files), or delete your account.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component="a" href="/api/account/export" download variant="default" leftSection={<IconDownload size={16} />} justify="flex-start">
            Download my data
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} justify="flex-start" onClick={() => setOpened(true)}>
            Delete account
          </Button>
        </SimpleGrid>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Delete account">
        <form onSubmit={form.onSubmit((values) => remove.mutate(values))}>
          <Stack>
            <Text size="sm">
              This deletes your account, your garage, service records, fuel log, expenses and files, and signs you out everywhere. This action cannot be undone. What a shop keeps of
              its work for you stays with the shop, without your name.
            </Text>
            <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
            <Button type="submit" color="red" loading={remove.isPending}>
              Delete my account
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
