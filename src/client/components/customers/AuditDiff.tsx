import { Table, Text } from '@mantine/core';
import type { AuditJson } from '../../../shared/audit.ts';
import { TableHead } from '../TableHead.tsx';

function show(value: AuditJson | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => show(v)).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const fieldLabel = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

function asObject(value: AuditJson | null): Record<string, AuditJson> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * Before → after of one entry: a change lists only the fields that differ; a creation or a
 * deletion lists what was there.
 */
export function AuditDiff({ before, after }: { before: AuditJson | null; after: AuditJson | null }) {
  const b = asObject(before);
  const a = asObject(after);
  // Ids are kept for programs reading the log through the API; people read the names beside them.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !/Id$/.test(key));
  const changed = before !== null && after !== null ? keys.filter((key) => show(b[key]) !== show(a[key])) : keys;
  if (changed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changed.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} fz="sm" withRowBorders={false}>
        <TableHead columns={['Field', before !== null && 'Before', after !== null && 'After']} />
        <Table.Tbody>
          {changed.map((key) => (
            <Table.Tr key={key}>
              <Table.Td fw={600}>{fieldLabel(key)}</Table.Td>
              {before !== null ? (
                <Table.Td c={after !== null ? 'red.8' : undefined} style={{ wordBreak: 'break-word' }}>
                  {after !== null ? <del>{show(b[key])}</del> : show(b[key])}
                </Table.Td>
              ) : null}
              {after !== null ? (
                <Table.Td c={before !== null ? 'green.8' : undefined} style={{ wordBreak: 'break-word' }}>
                  {show(a[key])}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
