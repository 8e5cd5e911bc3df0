import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPrinter } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { DiagnosticSessionSummary } from '../../../shared/diagnostics.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { sessionReportPath } from './SaveSession.tsx';
import { SCAN_IN_VIEW, sessionTitle } from './session-view.ts';

export const sessionCsvPath = (id: string) => `/api/diagnostic-sessions/${id}/report.csv`;

/** Which session the page counts and lists: the reading on screen, or a saved one. */
export function SessionPicker({
  sessions,
  hasScan,
  value,
  extra,
  onChange,
}: {
  sessions: DiagnosticSessionSummary[];
  hasScan: boolean;
  value: string | null;
  /** The session in view when the list does not hold it (saved to the user's garage from a shop). */
  extra: DiagnosticSessionSummary | null;
  onChange: (value: string) => void;
}) {
  const all = extra && !sessions.some((s) => s.id === extra.id) ? [extra, ...sessions] : sessions;
  const data = [...(hasScan ? [{ value: SCAN_IN_VIEW, label: 'This reading (not saved)' }] : []), ...all.map((s) => ({ value: s.id, label: sessionTitle(s) }))];
  if (data.length === 0) return null;
  return <Select label="Session shown" data={data} value={value} onChange={(next) => next && onChange(next)} allowDeselect={false} maw={520} data-testid="session-picker" />;
}

/** The Reports tab: recent sessions, each printable and downloadable as a spreadsheet. */
export function SessionReports({
  sessions,
  loading,
  error,
  scope,
  inView,
  onShow,
}: {
  sessions: DiagnosticSessionSummary[];
  loading: boolean;
  error: unknown;
  /** Whose sessions these are, for the heading and the empty state. */
  scope: string;
  inView: string | null;
  onShow: (id: string) => void;
}) {
  if (loading) return <Skeleton h={120} aria-busy="true" />;
  if (error) {
    return (
      <Alert color="red" title="The sessions could not be loaded">
        {errorMessage(error, 'Please try again.')}
      </Alert>
    );
  }
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-reports">
        No saved sessions of {scope} yet. Read a car (or enter its codes) on the OBD Scanner tab and save it to history: it appears here to print or download.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Recent sessions of {scope}, newest first.
      </Text>
      {sessions.map((s) => (
        <Card key={s.id} withBorder padding="md" component="article" aria-label={sessionTitle(s)} data-testid="session-report">
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Title order={3} size="h5">
                {s.vehicleLabel}
                {s.customerName ? ` for ${s.customerName}` : ''}
              </Title>
              {s.clearedAt ? (
                <Badge variant="light" color="gray">
                  Codes cleared
                </Badge>
              ) : null}
              {s.source === 'manual' ? (
                <Badge variant="outline" color="gray">
                  Entered by hand
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {new Date(s.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              {s.ranBy ? ` · by ${s.ranBy}` : ''}
              {s.serviceCenterName ? ` · ${s.serviceCenterName}` : ''} · {s.codeCount} {s.codeCount === 1 ? 'code' : 'codes'}
              {s.milOn === null ? '' : s.milOn ? ' · light on' : ' · light off'}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant={inView === s.id ? 'filled' : 'light'} leftSection={<IconEye size={14} />} onClick={() => onShow(s.id)} aria-pressed={inView === s.id}>
                {inView === s.id ? 'Shown' : 'Show'}
              </Button>
              <Button size="xs" variant="default" component={Link} href={sessionReportPath(s.id)} leftSection={<IconPrinter size={14} />}>
                Print report
              </Button>
              <Button size="xs" variant="default" component="a" href={sessionCsvPath(s.id)} download leftSection={<IconDownload size={14} />}>
                Download CSV
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
