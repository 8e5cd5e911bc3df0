import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/constants.ts';

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
