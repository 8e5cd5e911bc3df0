import { Alert, Anchor, Button, Card, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useUnits } from '../../lib/units.ts';
import type { SessionSaver } from './use-session-saver.ts';

export const sessionReportPath = (id: string) => `/diagnostics/sessions/${id}`;

/** Where a scan was saved, with the way to its printable report. */
function SavedNote({ saver }: { saver: SessionSaver }) {
  const f = useUnits();
  const { session, historyName } = saver.saved!;
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title={`Saved to ${historyName}`} data-testid="obd-saved">
      <Stack gap={4}>
        <Text size="sm">
          {session.codes.length} {session.codes.length === 1 ? 'code' : 'codes'}
          {session.clearedAt ? ` · codes cleared ${new Date(session.clearedAt).toLocaleTimeString(f.units.locale, { timeStyle: 'short' })}` : ''}
        </Text>
        <Anchor component={Link} href={sessionReportPath(session.id)} size="sm">
          Open its report
        </Anchor>
        {saver.error ? (
          <Text size="sm" c="red">
            {saver.error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * "Save to history" for a scan (read or typed): whose vehicle it joins, then the save. Says plainly
 * when there is no vehicle to save it to, and how to get one.
 */
export function SaveSession({ saver, onSave, what = 'scan' }: { saver: SessionSaver; onSave: () => void; what?: string }) {
  if (saver.saved) return <SavedNote saver={saver} />;
  return (
    <Card withBorder padding="md" component="section" aria-label="Save to history">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Save to history
        </Title>
        <Text size="sm" c="dimmed">
          Keep this {what} with the vehicle: the codes with their status, the warning light, readiness and the values read, printable and as a spreadsheet.
        </Text>
        {saver.loading ? (
          <Skeleton h={40} aria-busy="true" />
        ) : saver.options.length === 0 ? (
          <Text size="sm" data-testid="obd-no-target">
            {saver.shopName
              ? `Neither your garage nor ${saver.shopName}\u2019s customers have this vehicle. Add it to My Garage, or add the customer\u2019s vehicle on the Customers page, to save the ${what}.`
              : `Add this vehicle to My Garage to save the ${what} to its history.`}
          </Text>
        ) : (
          <Radio.Group value={saver.target?.value ?? null} onChange={saver.choose} label="Save to" name="session-target">
            <Stack gap="xs" mt={6}>
              {saver.options.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {saver.error ? (
          <Alert color="red" variant="light">
            {saver.error}
          </Alert>
        ) : null}
        {saver.target ? (
          <Group>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saver.saving}>
              Save to history
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
