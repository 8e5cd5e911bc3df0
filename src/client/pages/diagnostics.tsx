import { Badge, Button, Card, Divider, Group, List, Progress, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconBook2,
  IconDownload,
  IconFileReport,
  IconInfoCircle,
  IconListCheck,
  IconPlayerPlay,
  IconPlugConnected,
} from '@tabler/icons-react';
import { useState } from 'react';
import { CodeLookup } from '../components/diagnostics/CodeLookup.tsx';
import { ObdScanner } from '../components/diagnostics/ObdScanner.tsx';
import { SeverityBadge } from '../components/diagnostics/SeverityBadge.tsx';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { StatusTile } from '../components/tools/StatusTile.tsx';
import { StatCard } from '../components/tools/StatCard.tsx';
import { useSession } from '../lib/session.tsx';
import { ERROR_CODES, REPORTS, SYSTEM_TESTS, type Severity, type TestOutcome } from '../sample-data/diagnostics.ts';

const outcomeColor: Record<TestOutcome, string> = { Passed: 'green', Failed: 'red', 'Not run': 'gray' };
const SEVERITIES: Severity[] = ['Critical', 'Warning', 'Info'];

export default function DiagnosticsPage() {
  const { role } = useSession();
  const [opened, setOpened] = useState<string | null>(null);
  const [tab, setTab] = useState('obd');
  const explain = (code: string | null) => {
    setOpened(code);
    setTab('codes');
  };
  const [severity, setSeverity] = useState<'All' | Severity>('All');
  const codes = severity === 'All' ? ERROR_CODES : ERROR_CODES.filter((code) => code.severity === severity);
  const count = (level: Severity) => ERROR_CODES.filter((code) => code.severity === level).length;

  return (
    <Stack gap="lg">
      <PageHeader title="Diagnostic Tools" description="Read codes, watch live data and run system tests over OBD-II." />

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label="Critical" value={count('Critical')} hint="Fix before driving" icon={IconAlertOctagon} color="red" />
        <StatCard label="Warning" value={count('Warning')} hint="Fix soon" icon={IconAlertTriangle} color="yellow" />
        <StatCard label="Info" value={count('Info')} hint="For the record" icon={IconInfoCircle} color="blue" />
      </SimpleGrid>

      <Tabs value={tab} onChange={(value) => setTab(value ?? 'obd')}>
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
          <ObdScanner onExplain={explain} />
        </Tabs.Panel>

        <Tabs.Panel value="codes" pt="md">
          <Stack gap="md">
            <CodeLookup role={role} opened={opened} onOpen={setOpened} />
            <Divider label="Codes from the last scan (sample)" labelPosition="left" />
            <SegmentedControl
              aria-label="Filter by severity"
              value={severity}
              onChange={(value) => setSeverity(value as 'All' | Severity)}
              data={['All', ...SEVERITIES]}
              style={{ alignSelf: 'flex-start' }}
            />
            {codes.map((code) => (
              <Card key={code.code} withBorder padding="lg">
                <Stack gap="sm">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Stack gap={2}>
                      <Group gap="sm">
                        <Title order={3} size="h4" ff="monospace">
                          {code.code}
                        </Title>
                        <SeverityBadge severity={code.severity} />
                        <Badge variant="outline" color="gray">
                          {code.status}
                        </Badge>
                      </Group>
                      <Text fw={500}>{code.description}</Text>
                      <Text size="sm" c="dimmed">
                        {code.system}
                      </Text>
                    </Stack>
                  </Group>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      Possible causes
                    </Text>
                    <List size="sm" spacing={2}>
                      {code.causes.map((cause) => (
                        <List.Item key={cause}>{cause}</List.Item>
                      ))}
                    </List>
                  </Stack>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconBook2 size={14} />}
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => {
                      setOpened(code.code);
                      document.getElementById('code-lookup')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    }}
                  >
                    Explain {code.code}
                  </Button>
                </Stack>
              </Card>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="tests" pt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SYSTEM_TESTS.map((test) => (
              <StatusTile key={test.name} title={test.name} status={test.outcome} color={outcomeColor[test.outcome]}>
                <Text size="sm" c="dimmed">
                  {test.description}
                </Text>
                <Stack gap={4}>
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      Monitor readiness
                    </Text>
                    <Text size="xs" c="dimmed">
                      {test.readiness}%
                    </Text>
                  </Group>
                  <Progress value={test.readiness} size="sm" aria-label={`${test.name} readiness`} />
                </Stack>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Takes {test.duration} · Last run {test.lastRun}
                  </Text>
                  <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} disabled>
                    Run Test
                  </Button>
                </Group>
              </StatusTile>
            ))}
          </SimpleGrid>
        </Tabs.Panel>

        <Tabs.Panel value="reports" pt="md">
          <Stack gap="md">
            {REPORTS.map((report) => (
              <Card key={report.id} withBorder padding="lg">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
                    <Group gap="sm">
                      <Title order={3} size="h5">
                        {report.vehicle}
                      </Title>
                      <SeverityBadge severity={report.highestSeverity} />
                    </Group>
                    <Text size="sm" c="dimmed">
                      {report.id} · {report.date} · {report.technician} · {report.codes} {report.codes === 1 ? 'code' : 'codes'}
                    </Text>
                    <Text size="sm">{report.summary}</Text>
                  </Stack>
                  <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} disabled>
                    Download PDF
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <ComingSoon>Diagnostic features coming soon...</ComingSoon>
    </Stack>
  );
}
