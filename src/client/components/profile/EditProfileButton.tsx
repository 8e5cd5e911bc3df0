import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { updateProfileSchema, type User } from '../../../shared/auth.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';

/** "Edit Profile": first and last name; the welcome line and the avatar's initials follow them. */
export function EditProfileButton({ user }: { user: User }) {
  const [opened, setOpened] = useState(false);
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    validate: zodFormValidator(updateProfileSchema),
  });
  const save = trpc.auth.updateProfile.useMutation({
    onSuccess: (updated) => {
      utils.auth.me.setData(undefined, updated);
      notifySuccess('Profile saved', 'Your name is updated.');
      setOpened(false);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Could not save your profile.'));
    },
  });
  const open = () => {
    form.setValues({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
    form.resetDirty();
    setOpened(true);
  };
  return (
    <>
      <Button variant="default" leftSection={<IconEdit size={16} />} justify="flex-start" onClick={open}>
        Edit Profile
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit Profile">
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Stack>
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
