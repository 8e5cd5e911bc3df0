import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { INSPECTION_LIMITS, type Inspection } from '../../../shared/inspections.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import type { SaveTracker } from './save-tracker.ts';

/** Signing with a typed full name; what is still being saved goes first, so the signature covers it. */
export function CompleteDialog({ inspection, tracker, opened, onClose, onSaved }: { inspection: Inspection; tracker: SaveTracker; opened: boolean; onClose: () => void; onSaved: (inspection: Inspection) => void }) {
  const [signature, setSignature] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [flushing, setFlushing] = useState(false);
  const complete = trpc.inspections.complete.useMutation({
    onSuccess: (updated) => {
      onSaved(updated);
      notifySuccess('Inspection signed', updated.serviceCenterId ? 'Share it with the customer when you are ready.' : 'Create a public link to show it to anyone.');
      onClose();
    },
    onError: (error) => setProblem(errorMessage(error, 'The inspection could not be completed')),
  });

  async function submit() {
    setProblem(null);
    if (signature.trim().length < 2) {
      setProblem('Sign with your full name');
      return;
    }
    setFlushing(true);
    const saved = await tracker.flushAll();
    setFlushing(false);
    if (!saved) {
      setProblem('Some changes are not saved yet: fix or retry them first, then sign.');
      return;
    }
    complete.mutate({ id: inspection.id, signature: signature.trim() });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Complete and sign" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Signing completes the inspection of the {inspection.vehicleLabel}. From then on it is read-only: no finding, photo or item can change.
            {inspection.serviceCenterId ? ' You can then share it with the customer.' : ' You can then create a public link to it.'}
          </Text>
          <TextInput
            label="Your full name"
            description="Typed as your signature"
            required
            autoComplete="name"
            maxLength={INSPECTION_LIMITS.signature}
            value={signature}
            onChange={(event) => setSignature(event.currentTarget.value)}
            data-autofocus
          />
          {problem ? (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          ) : null}
          <FormActions onCancel={onClose} loading={flushing || complete.isPending}>
            Sign and complete
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
