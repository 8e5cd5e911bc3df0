import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconCar, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DTC_COMPONENT_LABELS, DTC_QUERY_MAX, DTC_SEVERITY_LABELS, type DtcLookup, type DtcSearchHit } from '../../../shared/dtc.ts';
import { isDtc, normaliseDtc } from '../../../shared/obd/codes.ts';
import type { Role } from '../../../shared/constants.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

const RESULTS = 20;

/**
 * The detail of one code: the explanation for the current mode (plain words in Simple Mode,
 * technical in Tech Mode, switchable to explain a code to an owner), whether to drive, the causes.
 */
export function CodeDetail({ lookup, role }: { lookup: DtcLookup; role: Role }) {
  const [audience, setAudience] = useState<Role>(role);
  return (
    <Card withBorder padding="lg" component="section" aria-label={`Trouble code ${lookup.code}`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={3} size="h4" ff="monospace">
            {lookup.code}
          </Title>
          <SeverityBadge severity={DTC_SEVERITY_LABELS[lookup.severity]} />
          {lookup.inCatalogue ? null : (
            <Badge variant="outline" color="gray">
              Not in our catalogue
            </Badge>
          )}
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {lookup.title}
        </Text>
        <Text size="sm" c="dimmed">
          {lookup.structure.system} · {lookup.structure.generic ? 'Generic code' : 'Manufacturer-specific code'} · {lookup.structure.subsystem}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Explanation for"
          value={audience}
          onChange={(value) => setAudience(value as Role)}
          data={[
            { value: 'simple', label: 'For owners' },
            { value: 'tech', label: 'For technicians' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Text size="sm">{audience === 'tech' ? lookup.technical : lookup.plain}</Text>
        <Alert variant="light" color={lookup.severity === 'critical' ? 'red' : lookup.severity === 'warning' ? 'yellow' : 'blue'} title="Safe to drive?">
          {lookup.safeToDrive}
        </Alert>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {lookup.inCatalogue ? 'Likely causes, most likely first' : 'Where to look'}
          </Text>
          <List type="ordered" size="sm" spacing={2}>
            {lookup.causes.map((cause) => (
              <List.Item key={cause}>{cause}</List.Item>
            ))}
          </List>
        </Stack>
        {lookup.component ? (
          <Group gap="xs">
            <IconCar size={16} aria-hidden />
            <Text size="sm">
              On the vehicle diagram: <strong>{DTC_COMPONENT_LABELS[lookup.component]}</strong>{' '}
              <Anchor href="/" size="sm" underline="always">
                (identify a vehicle to see it)
              </Anchor>
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function ResultRow({ hit, onOpen }: { hit: DtcSearchHit; onOpen: (code: string) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(hit.code)}
      aria-label={`${hit.code} ${hit.title}`}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text ff="monospace" fw={700} w={56} style={{ flexShrink: 0 }}>
          {hit.code}
        </Text>
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {hit.title}
        </Text>
        <SeverityBadge severity={DTC_SEVERITY_LABELS[hit.severity]} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * Looking up trouble codes (docs/obd.md#lookup-and-search): a whole code opens its detail; anything
 * else searches the catalogue by code prefix or words.
 */
export function CodeLookup({ role, opened, onOpen }: { role: Role; opened: string | null; onOpen: (code: string | null) => void }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const asCode = normaliseDtc(query);
  const wholeCode = isDtc(asCode) ? asCode : null;
  const shown = opened ?? wholeCode;
  const lookup = trpc.dtc.lookup.useQuery({ code: shown ?? '' }, { enabled: shown !== null, retry: false, staleTime: Infinity });
  const search = trpc.dtc.search.useQuery({ q: query, limit: RESULTS }, { enabled: shown === null && query.length > 0, retry: false, staleTime: 60_000 });

  return (
    <Stack gap="md" id="code-lookup">
      <TextInput
        label="Look up a trouble code"
        description="Type a code such as P0420, the start of one (P03), or a few words such as 'misfire' or 'fuel cap'."
        placeholder="Code or words"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={DTC_QUERY_MAX}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onOpen(null);
        }}
      />
      {opened !== null ? (
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={() => onOpen(null)} style={{ alignSelf: 'flex-start' }}>
          {query.length > 0 && !wholeCode ? 'Back to results' : 'Close'}
        </Button>
      ) : null}
      {shown !== null ? (
        lookup.isPending ? (
          <Group gap="xs" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm">Looking up {shown}…</Text>
          </Group>
        ) : lookup.isError ? (
          <Alert color="red" variant="light" title="Could not look up the code">
            {errorMessage(lookup.error, 'Please try again.')}
          </Alert>
        ) : (
          <CodeDetail key={lookup.data.code} lookup={lookup.data} role={role} />
        )
      ) : query.length === 0 ? null : search.isPending ? (
        <Group gap="xs" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm">Searching…</Text>
        </Group>
      ) : search.isError ? (
        <Alert color="red" variant="light" title="Search failed">
          {errorMessage(search.error, 'Please try again.')}
        </Alert>
      ) : search.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No codes match "{query}". A code is a letter P, C, B or U followed by four characters, e.g. P0420.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Matching codes">
          <Text size="sm" c="dimmed">
            {search.data.total > search.data.items.length
              ? `The ${search.data.items.length} best of ${search.data.total} matching codes`
              : `${search.data.total} matching ${search.data.total === 1 ? 'code' : 'codes'}`}
          </Text>
          {search.data.items.map((hit) => (
            <ResultRow key={hit.code} hit={hit} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
