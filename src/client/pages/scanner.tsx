import { Alert, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScanStatus } from '../../shared/scans.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CaptureGuide } from '../components/scans/CaptureGuide.tsx';
import { RecentScans } from '../components/scans/RecentScans.tsx';
import { ScanCapture } from '../components/scans/ScanCapture.tsx';
import { ScanResult } from '../components/scans/ScanResult.tsx';
import { ScanSettings } from '../components/scans/ScanSettings.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

const POLL_MS = 1_500;

/** The open scan: taking photos, processing, or its outcome; polled while it is processed. */
function OpenScan({ id, onNewScan }: { id: string; onNewScan: () => void }) {
  const utils = trpc.useUtils();
  const session = trpc.scans.get.useQuery({ id }, { refetchInterval: (query) => (query.state.data?.status === 'processing' ? POLL_MS : false) });
  const status = session.data?.status;
  const last = useRef<ScanStatus | undefined>(status);
  // Processing ended: the list's badge follows.
  useEffect(() => {
    if (last.current === 'processing' && status && status !== 'processing') void utils.scans.list.invalidate();
    last.current = status;
  }, [status, utils]);

  if (session.isPending) return <Skeleton h={240} radius="md" />;
  if (session.isError) {
    return (
      <Alert color="red" title="This scan could not be opened">
        {errorMessage(session.error, 'Check the connection and reload the page.')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={onNewScan}>
          Start a new scan
        </Button>
      </Alert>
    );
  }
  if (session.data.status === 'pending') {
    return (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ScanCapture key={session.data.id} session={session.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CaptureGuide />
        </Grid.Col>
      </Grid>
    );
  }
  return <ScanResult session={session.data} onNewScan={onNewScan} />;
}

/**
 * The 3D Scanner (docs/scans.md#the-page): a new scan's settings, then its photos, its processing
 * and its model; the open scan is named in the address (?scan=id), so a reload keeps it.
 */
export default function ScannerPage() {
  const [, navigate] = useLocation();
  const openId = new URLSearchParams(useSearch()).get('scan');
  const open = (id: string | null) => navigate(id ? `/scanner?scan=${encodeURIComponent(id)}` : '/scanner');

  return (
    <Stack gap="lg">
      <PageHeader
        title="3D Scanner"
        description="Photograph a component from every side and turn the photos into a 3D model."
        actions={
          openId ? (
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
              New scan
            </Button>
          ) : null
        }
      />
      {openId ? (
        <OpenScan key={openId} id={openId} onNewScan={() => open(null)} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ScanSettings onStarted={(session) => open(session.id)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CaptureGuide />
          </Grid.Col>
        </Grid>
      )}
      <RecentScans openId={openId} onOpen={open} />
    </Stack>
  );
}
