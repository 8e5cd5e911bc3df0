import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CustomerDetail } from '../../../shared/customers.ts';
import { useUnits } from '../../lib/units.ts';
import { formatDate, formatDateTime } from '../shop/parts.tsx';
import { vehicleName } from './VehicleForms.tsx';

const label = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A titled card with a list that scrolls sideways on a phone, or a line saying there is nothing. */
export function HistoryCard({ title, count, link, children, empty }: { title: string; count: number; link: { href: string; label: string }; children: ReactNode; empty: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {title} <Text span c="dimmed" size="sm">({count})</Text>
          </Title>
          <Anchor component={Link} href={link.href} size="sm">
            {link.label}
          </Anchor>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">{children}</Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

export function CustomerHistory({ detail }: { detail: CustomerDetail }) {
  const f = useUnits();
  const vehicles = new Map(detail.vehicles.map((v) => [v.vehicle.id, v.vehicle]));
  return (
    <>
      <HistoryCard title="Inquiries" count={detail.inquiries.length} link={{ href: '/customer-inquiries', label: 'Customer Inquiries' }} empty="No inquiries at this shop yet.">
        <Table.Tbody>
          {detail.inquiries.map((inquiry) => (
            <Table.Tr key={inquiry.id}>
              <Table.Td>
                <Anchor component={Link} href={`/customer-inquiries?id=${inquiry.id}`} size="sm">
                  {inquiry.subject}
                </Anchor>
              </Table.Td>
              <Table.Td>{label(inquiry.inquiryType)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{label(inquiry.status)}</Badge>
              </Table.Td>
              <Table.Td>{formatDate(inquiry.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </HistoryCard>
      <HistoryCard title="Appointments" count={detail.appointments.length} link={{ href: '/service-appointments', label: 'Service Appointments' }} empty="No appointments at this shop yet.">
        <Table.Tbody>
          {detail.appointments.map((appointment) => (
            <Table.Tr key={appointment.id}>
              <Table.Td>
                <Anchor component={Link} href={`/service-appointments?id=${appointment.id}`} size="sm">
                  {appointment.serviceType}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDateTime(appointment.appointmentDate)}</Table.Td>
              <Table.Td>{appointment.duration} min</Table.Td>
              <Table.Td>
                <Badge variant="light">{label(appointment.status)}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </HistoryCard>
      <HistoryCard title="Service records" count={detail.records.length} link={{ href: '/records', label: 'Service Records' }} empty="This shop has written no records for these vehicles yet.">
        <Table.Tbody>
          {detail.records.map((record) => {
            const vehicle = vehicles.get(record.vehicleId);
            return (
              <Table.Tr key={record.id}>
                <Table.Td>{formatDate(record.date)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {record.serviceType}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {vehicle ? vehicleName(vehicle) : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{f.distance(record.mileage)}</Table.Td>
                <Table.Td>{f.money(record.cost)}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{label(record.status)}</Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </HistoryCard>
    </>
  );
}
