import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconDownload, IconFileReport, IconLink, IconLinkOff, IconPlus, IconSend, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Inspection } from '../../../shared/inspections.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { CreateOrderButton } from '../repair-orders/CreateOrderButton.tsx';
import { ConfirmDialog } from '../shop/parts.tsx';
import { AddItemDialog } from './AddItemDialog.tsx';
import { CompleteDialog } from './CompleteDialog.tsx';
import { pdfPath, reportPath } from './helpers.ts';
import type { SaveTracker } from './save-tracker.ts';

/** The public link exists in full only in this answer (the server keeps its hash), so it shows once. */
function LinkDialog({ link, shop, onClose }: { link: string | null; shop: boolean; onClose: () => void }) {
  const url = link ? `${window.location.origin}${link}` : '';
  return (
    <Modal opened={link !== null} onClose={onClose} title={shop ? 'Shared with the customer' : 'Public link created'} centered>
      <Stack gap="sm">
        <Text size="sm">Anyone with this link can open the report and its photos without an account. Copy it now: it is shown only once, and a new link replaces it.</Text>
        {shop ? <Text size="sm">The customer also sees the inspection in their garage, and decides on each recommendation there.</Text> : null}
        <TextInput label="Public link" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Group justify="flex-end" gap="sm">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button leftSection={<IconCopy size={16} />} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What may be done with the inspection now: edit and sign a draft, share a signed one, print any. */
export function InspectionActions({ inspection, tracker, onSaved }: { inspection: Inspection; tracker: SaveTracker; onSaved: (inspection: Inspection) => void }) {
  const [adding, setAdding] = useState(false);
  const [signing, setSigning] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const shop = inspection.serviceCenterId !== null;
  const share = trpc.inspections.share.useMutation({
    onSuccess: (result) => {
      onSaved(result.inspection);
      setLink(result.link);
    },
    onError: (error) => notifyError('Not shared', errorMessage(error, 'The inspection could not be shared')),
  });
  const revoke = trpc.inspections.revokeLink.useMutation({
    onSuccess: (updated) => {
      onSaved(updated);
      setTurningOff(false);
      notifySuccess('Link turned off', shop ? 'The customer still sees the inspection in their garage.' : 'The report is no longer public.');
    },
    onError: (error) => notifyError('Link still on', errorMessage(error, 'The link could not be turned off')),
  });
  const firstShare = shop && inspection.status === 'completed';

  return (
    <Group gap="xs" wrap="wrap">
      {inspection.canEdit ? (
        <>
          <Button leftSection={<IconSignature size={16} />} onClick={() => setSigning(true)}>
            Complete and sign
          </Button>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add custom item
          </Button>
        </>
      ) : null}
      {inspection.canShare ? (
        <Button leftSection={firstShare ? <IconSend size={16} /> : <IconLink size={16} />} variant={firstShare ? 'filled' : 'default'} loading={share.isPending} onClick={() => share.mutate({ id: inspection.id })}>
          {firstShare ? 'Share with customer' : inspection.hasLink ? 'New public link' : 'Create public link'}
        </Button>
      ) : null}
      {inspection.canShare && inspection.hasLink ? (
        <Button variant="default" color="red" leftSection={<IconLinkOff size={16} />} onClick={() => setTurningOff(true)}>
          Turn off link
        </Button>
      ) : null}
      {inspection.serviceCenterId && inspection.customerVehicleId && inspection.canShare && inspection.status !== 'draft' ? (
        <CreateOrderButton serviceCenterId={inspection.serviceCenterId} customerVehicleId={inspection.customerVehicleId} source={{ inspectionId: inspection.id }} />
      ) : null}
      <Button component={Link} href={reportPath(inspection.id)} variant="default" leftSection={<IconFileReport size={16} />}>
        Generate Report
      </Button>
      <Button component="a" href={pdfPath(inspection.id)} download variant="default" leftSection={<IconDownload size={16} />}>
        Download PDF
      </Button>

      {inspection.canEdit ? (
        <>
          <AddItemDialog inspection={inspection} opened={adding} onClose={() => setAdding(false)} onSaved={onSaved} />
          <CompleteDialog inspection={inspection} tracker={tracker} opened={signing} onClose={() => setSigning(false)} onSaved={onSaved} />
        </>
      ) : null}
      <LinkDialog link={link} shop={shop} onClose={() => setLink(null)} />
      <ConfirmDialog
        target={turningOff ? inspection : null}
        title="Turn off the public link?"
        message={() => (shop ? 'Whoever holds the link can no longer open the report. The customer keeps seeing it in their garage.' : 'Whoever holds the link can no longer open the report.')}
        confirmLabel="Turn off link"
        loading={revoke.isPending}
        onClose={() => setTurningOff(false)}
        onConfirm={({ id }) => revoke.mutate({ id })}
      />
    </Group>
  );
}
