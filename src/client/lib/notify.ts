import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/constants.ts';
import { errorMessage } from './trpc.ts';

/** One toast at a time (docs/screens.md#common-behaviour): a new one replaces whatever is showing. */
function show(title: string, message: string | undefined, color: string): void {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function notifySuccess(title: string, message?: string): void {
  show(title, message, 'green');
}

/** Failures use the destructive style. */
export function notifyError(title: string, message?: string): void {
  show(title, message, 'red');
}

/** A mutation's usual toasts: 'Success' with `done` (if any) then the `then` work, or 'Error' with the server's message or `failed`. */
export function toasts<TData>({ done, failed, then }: { done?: string | ((data: TData) => string); failed: string; then?: (data: TData) => unknown }) {
  return {
    onSuccess: (data: TData): void => {
      if (done !== undefined) notifySuccess('Success', typeof done === 'string' ? done : done(data));
      then?.(data);
    },
    onError: (error: unknown): void => notifyError('Error', errorMessage(error, failed)),
  };
}
