import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * The confirmation before clearing codes: what clearing does to the car, and what becomes of the
 * reading (saved first, or marked cleared in the history it was saved to).
 */
export function ClearCodesDialog({
  opened,
  busy,
  saving,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  saving: { already: boolean; historyName: string } | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Clear trouble codes?" centered>
      <Stack gap="sm">
        <Text size="sm">
          Clearing erases the stored and pending codes, the freeze-frame data and the readiness monitors. The warning light goes off, but it comes back if the fault is still there, and an
          emissions inspection will not pass until the monitors have completed again after some driving.
        </Text>
        <Text size="sm" data-testid="obd-clear-history">
          {saving === null
            ? 'This reading is not saved: there is no vehicle to save it to. Write the codes down first if you still need them.'
            : saving.already
              ? `The reading saved to ${saving.historyName} keeps the codes and notes that they were cleared.`
              : `The reading is saved to ${saving.historyName} first, with the codes, and noted as cleared.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Clear codes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
