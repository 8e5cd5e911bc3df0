import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Decision, Inspection, InspectionItem } from '../../../shared/inspections.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { DecisionBadge } from './badges.tsx';

/**
 * The customer's answer to one recommendation. An approval becomes an appointment request to the
 * shop and cannot be taken back, so it asks first; a decline may still turn into an approval.
 */
export function DecisionControls({ inspection, item, onSaved }: { inspection: Inspection; item: InspectionItem; onSaved: (inspection: Inspection) => void }) {
  const f = useUnits();
  const [confirming, setConfirming] = useState(false);
  const decide = trpc.inspections.decide.useMutation({
    onSuccess: (updated, input) => {
      onSaved(updated);
      setConfirming(false);
      notifySuccess(input.decision === 'approved' ? 'Request sent' : 'Declined', input.decision === 'approved' ? `${inspection.serviceCenterName ?? 'The shop'} received your appointment request` : item.recommendation ?? undefined);
    },
    onError: (error) => notifyError('Not saved', errorMessage(error, 'Your decision could not be saved')),
  });
  const send = (decision: Decision) => decide.mutate({ id: inspection.id, itemId: item.id, decision });
  const cost = item.estimatedCost ? f.money(item.estimatedCost) : null;

  if (item.decision === 'approved') return <DecisionBadge decision="approved" />;
  return (
    <Stack gap={6}>
      {item.decision === 'declined' ? <DecisionBadge decision="declined" /> : null}
      <Group gap="xs">
        <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setConfirming(true)} aria-label={`Approve ${item.recommendation}`}>
          Approve
        </Button>
        {item.decision !== 'declined' ? (
          <Button size="xs" variant="default" leftSection={<IconX size={14} />} loading={decide.isPending && decide.variables?.decision === 'declined'} onClick={() => send('declined')} aria-label={`Decline ${item.recommendation}`}>
            Decline
          </Button>
        ) : null}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Approve this work?" centered>
        <Stack gap="md">
          <Text size="sm">
            <strong>{item.recommendation}</strong>
            {cost ? ` — estimated ${cost}` : ''}
          </Text>
          <Text size="sm">
            {inspection.serviceCenterName ?? 'The shop'} receives an appointment request for this work and contacts you to schedule it. An approval cannot be taken back; to change your mind later, reply to the request in My Requests.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button loading={decide.isPending && decide.variables?.decision === 'approved'} onClick={() => send('approved')}>
              Approve and send request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
