import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { INSPECTION_LIMITS, type Inspection } from '../../../shared/inspections.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';

const OTHER = 'other';

/** A check the templates do not have, under one of the vehicle's components or under Other. */
export function AddItemDialog({ inspection, opened, onClose, onSaved }: { inspection: Inspection; opened: boolean; onClose: () => void; onSaved: (inspection: Inspection) => void }) {
  const components = trpc.vehicles.components.useQuery({ vehicleId: inspection.vehicleId }, { enabled: opened });
  const [componentId, setComponentId] = useState<string>(OTHER);
  const [name, setName] = useState('');
  const [unit, setUnit] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const add = trpc.inspections.update.useMutation({
    onSuccess: (updated) => {
      onSaved(updated);
      setName('');
      setUnit('');
      onClose();
    },
  });

  function submit() {
    if (name.trim() === '') {
      setNameError('Name the check');
      return;
    }
    add.mutate({ id: inspection.id, addItems: [{ componentId: componentId === OTHER ? null : componentId, name: name.trim(), unit: unit.trim() || null }] });
  }

  const options = [...(components.data ?? []).map((component) => ({ value: component.id, label: component.name })), { value: OTHER, label: 'Other' }];
  return (
    <Modal opened={opened} onClose={onClose} title="Add custom item" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select label="Component" data={options} value={componentId} onChange={(value) => setComponentId(value ?? OTHER)} allowDeselect={false} disabled={components.isPending} />
          <TextInput
            label="Check"
            placeholder="e.g. Wiper blades"
            required
            maxLength={INSPECTION_LIMITS.name}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            data-autofocus
          />
          <TextInput label="Unit of its measurement" description="Leave empty when nothing is measured" placeholder="e.g. mm, %, psi" maxLength={INSPECTION_LIMITS.unit} value={unit} onChange={(event) => setUnit(event.currentTarget.value)} />
          {add.isError ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(add.error, 'The item could not be added')}
            </Text>
          ) : null}
          <FormActions onCancel={onClose} loading={add.isPending}>
            Add item
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
