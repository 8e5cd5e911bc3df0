import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's last row: Cancel, where the form can be left without saving, and the submit button
 * (`children` is its label), busy while the form saves.
 */
export function FormActions({ onCancel, loading, children }: { onCancel?: () => void; loading: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
