import { Divider, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconFileReport, IconInfoCircle, IconListCheck, IconPlugConnected } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import type { DiagnosticSession } from '../../shared/diagnostics.ts';
import { CodeLookup } from '../components/diagnostics/CodeLookup.tsx';
import { ObdScanner } from '../components/diagnostics/ObdScanner.tsx';
import { SessionCodes, SessionReadiness, severityOf } from '../components/diagnostics/SessionPanels.tsx';
import { SessionPicker, SessionReports } from '../components/diagnostics/SessionReports.tsx';
import type { SeverityLabel } from '../components/diagnostics/SeverityBadge.tsx';
import type { ScanDraft } from '../components/diagnostics/session-draft.ts';
import { SCAN_IN_VIEW, sessionView, useDraftView } from '../components/diagnostics/session-view.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { StatCard } from '../components/tools/StatCard.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';

const RECENT = 20;
const LEVELS = [
  { level: 'Critical', hint: 'Fix before driving', icon: IconAlertOctagon, color: 'red' },
  { level: 'Warning', hint: 'Fix soon', icon: IconAlertTriangle, color: 'yellow' },
  { level: 'Info', hint: 'For the record', icon: IconInfoCircle, color: 'blue' },
] as const satisfies readonly { level: SeverityLabel; hint: string; icon: unknown; color: string }[];

/**
 * Diagnostic Tools (docs/screens.md#diagnostic-tools): reading the car, and the session in view,
 * the reading just taken or saved, or one chosen from the recent ones (the current shop's in Tech
 * Mode, else the user's own). The counts and the Error Codes and System Tests tabs are that
 * session's; Reports prints and exports the recent ones.
 */
export default function DiagnosticsPage() {
  const { role } = useSession();
  const { shop, shopId, isPending: shopPending } = useCurrentShop();
  const [opened, setOpened] = useState<string | null>(null);
  const [tab, setTab] = useState('obd');
  const [draft, setDraft] = useState<ScanDraft | null>(null);
  const latestDraft = useRef<ScanDraft | null>(null);
  /** The reading last saved: the picker stops offering it as unsaved. */
  const [savedDraft, setSavedDraft] = useState<ScanDraft | null>(null);
  /** SCAN_IN_VIEW, a session id, or null for the newest saved session. */
  const [inView, setInView] = useState<string | null>(null);
  const utils = trpc.useUtils();

  const list = trpc.diagnostics.list.useQuery(shopId ? { serviceCenterId: shopId, limit: RECENT } : { limit: RECENT }, { enabled: !shopPending });
  const sessions = list.data ?? [];
  const chosen = inView === SCAN_IN_VIEW && !draft ? null : inView;
  const sessionId = chosen === SCAN_IN_VIEW ? null : (chosen ?? sessions[0]?.id ?? null);
  const session = trpc.diagnostics.get.useQuery({ id: sessionId ?? '' }, { enabled: sessionId !== null });
  const draftView = useDraftView(draft);
  const view = chosen === SCAN_IN_VIEW ? draftView : session.data ? sessionView(session.data) : null;

  const onDraft = useCallback((next: ScanDraft | null) => {
    latestDraft.current = next;
    setDraft(next);
    if (next) setInView(SCAN_IN_VIEW);
  }, []);
  const onSaved = useCallback(
    (saved: DiagnosticSession) => {
      utils.diagnostics.get.setData({ id: saved.id }, saved);
      setSavedDraft(latestDraft.current);
      setInView(saved.id);
    },
    [utils],
  );
  const explain = (code: string | null) => {
    setOpened(code);
    setTab('codes');
  };
  const count = (level: SeverityLabel) => (view ? view.codes.filter((c) => severityOf(c) === level).length : '–');

  return (
    <Stack gap="lg">
      <PageHeader title="Diagnostic Tools" description="Read codes, watch live data and keep each session in the vehicle's history over OBD-II." />

      <SessionPicker
        sessions={sessions}
        hasScan={draft !== null && draft !== savedDraft}
        value={chosen === SCAN_IN_VIEW ? SCAN_IN_VIEW : sessionId}
        extra={session.data && !sessions.some((s) => s.id === session.data.id) ? session.data : null}
        onChange={setInView}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {LEVELS.map(({ level, hint, icon, color }) => (
          <StatCard key={level} label={level} value={count(level)} hint={view ? hint : 'No session shown'} icon={icon} color={color} />
        ))}
      </SimpleGrid>

      {/* Hidden tabs stay running (not React's hidden Activity): the adapter's connection and live data live in the scanner tab. */}
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'obd')} keepMountedMode="display-none">
        <Tabs.List>
          <Tabs.Tab value="obd" leftSection={<IconPlugConnected size={16} />}>
            OBD Scanner
          </Tabs.Tab>
          <Tabs.Tab value="codes" leftSection={<IconAlertTriangle size={16} />}>
            Error Codes
          </Tabs.Tab>
          <Tabs.Tab value="tests" leftSection={<IconListCheck size={16} />}>
            System Tests
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconFileReport size={16} />}>
            Reports
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="obd" pt="md">
          <ObdScanner onExplain={explain} onDraft={onDraft} onSaved={onSaved} />
        </Tabs.Panel>

        <Tabs.Panel value="codes" pt="md">
          <Stack gap="md">
            <CodeLookup role={role} opened={opened} onOpen={setOpened} />
            <Divider label={view ? (view.id ? 'Codes of the session shown' : 'Codes of the reading on the OBD Scanner tab') : 'Codes of a session'} labelPosition="left" />
            <SessionCodes
              view={view}
              onExplain={(code) => {
                setOpened(code);
                document.getElementById('code-lookup')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="tests" pt="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Readiness monitors: the self-tests the engine computer runs while driving. An emissions inspection needs them complete.
            </Text>
            <SessionReadiness view={view} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="reports" pt="md">
          <SessionReports
            sessions={sessions}
            loading={shopPending || list.isPending}
            error={list.error}
            scope={shop ? shop.name : 'your vehicles'}
            inView={chosen === SCAN_IN_VIEW ? null : sessionId}
            onShow={setInView}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
