import { Anchor, Badge, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconMail, IconMapPin, IconPhone, IconTrash, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { hoursDisplay } from '../../../shared/format.ts';
import { type ServiceCenter } from '../../../shared/service-centers.ts';
import { ActiveBadge } from './badges.tsx';

/** Links only for http(s): the server refuses anything else, and the page does not trust old rows either. */
function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Entries({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item} variant="light" color="blue">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

function OperatingHours({ hours }: { hours: unknown }) {
  const display = hoursDisplay(hours);
  switch (display.kind) {
    case 'none':
      return (
        <Text size="sm" c="dimmed">
          Hours not specified
        </Text>
      );
    case 'invalid':
      return (
        <Text size="sm" c="dimmed">
          Invalid hours format
        </Text>
      );
    case 'text':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {display.text}
        </Text>
      );
    case 'days':
      return (
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} maw={360}>
          <Table.Tbody>
            {display.days.map(({ day, hours: dayHours }) => (
              <Table.Tr key={day}>
                <Table.Th fw={500} w="45%">
                  {day}
                </Table.Th>
                <Table.Td>{dayHours}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
}

export function ServiceCenterDetail({
  center,
  canEdit,
  canDeactivate,
  onEdit,
  onDelete,
}: {
  center: ServiceCenter;
  /** Managers and owners of the center, and admins. */
  canEdit: boolean;
  /** The center's owners, and admins. */
  canDeactivate: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const website = center.website ? safeHref(center.website) : null;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <ActiveBadge active={center.isActive} />
        <Text size="sm" c="dimmed">
          {center.city}, {center.state}
        </Text>
      </Group>
      <Section title="Contact">
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm">
              {center.address}, {center.city}, {center.state}
              {center.zipCode ? ` ${center.zipCode}` : ''}
            </Text>
          </Group>
          {center.phone ? (
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor size="sm" href={`tel:${center.phone.replace(/[^+0-9]/g, '')}`}>
                {center.phone}
              </Anchor>
            </Group>
          ) : null}
          {center.email ? (
            <Group gap="xs" wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor size="sm" href={`mailto:${center.email}`} style={{ wordBreak: 'break-all' }}>
                {center.email}
              </Anchor>
            </Group>
          ) : null}
          {center.website ? (
            <Group gap="xs" wrap="nowrap">
              <IconWorld size={16} aria-hidden />
              {website ? (
                <Anchor size="sm" href={website} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
                  {center.website}
                </Anchor>
              ) : (
                <Text size="sm">{center.website}</Text>
              )}
            </Group>
          ) : null}
        </Stack>
      </Section>
      <Section title="Operating Hours">
        <OperatingHours hours={center.operatingHours} />
      </Section>
      <Section title="Services">
        <Entries items={center.services} empty="No services listed" />
      </Section>
      <Section title="Certifications">
        <Entries items={center.certifications} empty="No certifications listed" />
      </Section>
      <Section title="Specializations">
        <Entries items={center.specializations} empty="No specializations listed" />
      </Section>
      {canEdit || canDeactivate ? (
        <>
          <Divider />
          <Group justify="flex-end" gap="sm">
            {canEdit ? (
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit}>
                Edit
              </Button>
            ) : null}
            {canDeactivate ? (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={!center.isActive}>
                Delete
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
