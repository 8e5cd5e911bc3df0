import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { PreferencesUpdate, User } from '../../shared/auth.ts';
import type { Role } from '../../shared/constants.ts';
import { notifyError } from './notify.ts';
import { errorMessage, trpc } from './trpc.ts';

export interface SessionValue {
  user: User;
  role: Role;
  setRole(role: Role): Promise<void>;
  updatePreferences(changes: PreferencesUpdate): Promise<void>;
  signOut(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Sign-out ends the server session; the browser follows the redirect back to the landing page. */
export function signOut(): void {
  window.location.assign('/api/logout');
}

export function SessionProvider({ user, children }: { user: User & { role: Role }; children: ReactNode }) {
  const utils = trpc.useUtils();
  const setRoleMutation = trpc.auth.setRole.useMutation({
    onSuccess: (updated) => utils.auth.me.setData(undefined, updated),
  });
  const preferencesMutation = trpc.auth.updatePreferences.useMutation({
    onSuccess: (updated) => utils.auth.me.setData(undefined, updated),
  });

  const setRole = useCallback(
    async (role: Role) => {
      try {
        await setRoleMutation.mutateAsync({ role });
      } catch (error) {
        notifyError('Error', errorMessage(error, 'Could not switch mode. Please try again.'));
      }
    },
    [setRoleMutation],
  );
  const updatePreferences = useCallback(
    async (changes: PreferencesUpdate) => {
      try {
        await preferencesMutation.mutateAsync(changes);
      } catch (error) {
        notifyError('Error', errorMessage(error, 'Could not save your settings. Please try again.'));
      }
    },
    [preferencesMutation],
  );

  const value = useMemo<SessionValue>(
    () => ({ user, role: user.role, setRole, updatePreferences, signOut }),
    [user, setRole, updatePreferences],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

/** The session when signed in, else null (for pieces also shown before sign-in). */
export function useOptionalSession(): SessionValue | null {
  return useContext(SessionContext);
}
