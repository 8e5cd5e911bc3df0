import { Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { changePasswordSchema } from '../../../shared/auth.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';

export function ChangePasswordButton() {
  const [opened, setOpened] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zodFormValidator(changePasswordSchema),
  });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      notifySuccess('Password changed', 'Your other sessions have been signed out and your API tokens revoked.');
      form.reset();
      setOpened(false);
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      if (error.message === 'Current password is incorrect') errors.currentPassword = error.message;
      form.setErrors(errors);
      notifyError('Error', errorMessage(error, 'Could not change your password.'));
    },
  });
  return (
    <>
      <Button variant="default" leftSection={<IconKey size={16} />} justify="flex-start" onClick={() => setOpened(true)}>
        Change Password
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Change Password">
        <form onSubmit={form.onSubmit((values) => change.mutate(values))}>
          <Stack>
            <PasswordInput label="Current password" autoComplete="current-password" withAsterisk {...form.getInputProps('currentPassword')} />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('newPassword')}
            />
            <Text size="xs" c="dimmed">
              Changing your password signs you out everywhere else.
            </Text>
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
