import type { Avatar } from '../../../shared/avatars.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Set-active and delete with their toasts (docs/avatars.md#avatars-page-avatars); both refresh the
 * list and the active avatar.
 */
export function useAvatarActions() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.avatars.list.invalidate(), utils.avatars.active.invalidate()]);

  const setActive = trpc.avatars.setActive.useMutation({
    onSuccess: async (avatar) => {
      await refresh();
      notifySuccess('Active Avatar Updated', `${avatar.displayName} is now your active assistant.`);
    },
    onError: () => notifyError('Error', 'Failed to set active avatar.'),
  });
  const remove = trpc.avatars.delete.useMutation({
    onSuccess: () => refresh(),
    onError: () => notifyError('Error', 'Failed to delete avatar.'),
  });

  return {
    setActive: (avatar: Avatar) => setActive.mutate({ id: avatar.id }),
    settingActiveId: setActive.isPending ? setActive.variables?.id : undefined,
    remove: (avatar: Avatar, onDone: () => void) =>
      remove.mutate(
        { id: avatar.id },
        {
          onSuccess: () => {
            notifySuccess('Avatar Deleted', `${avatar.displayName} has been removed.`);
            onDone();
          },
        },
      ),
    removing: remove.isPending,
  };
}
