import { Stack, Table, Text } from '@mantine/core';
import { IMPORT_FIELD_LABELS, type ImportField, type ImportKind, type ImportPreview } from '../../../shared/imports.ts';
import { TableHead } from '../TableHead.tsx';
import { ScrollBox } from '../ScrollBox.tsx';

/** What an import would add: the first valid rows, then the rows with problems. */
export function PreviewView({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const columns = kind === 'service' ? ['date', 'mileage', 'serviceType', 'cost', 'notes'] : ['date', 'odometer', 'quantity', 'totalPrice', 'fullFill'];
  const unitNote = kind === 'fuel' ? ' Odometer in miles, quantity in US gallons.' : ' Mileage in miles.';
  return (
    <Stack gap="sm" mt="sm">
      <Text size="sm" aria-live="polite">
        {preview.rows.toLocaleString('en-US')} rows: {preview.valid.toLocaleString('en-US')} valid
        {preview.duplicates > 0 ? ` (${preview.duplicates.toLocaleString('en-US')} imported before, skipped)` : ''}, {preview.invalid.toLocaleString('en-US')} with errors.
        {unitNote}
      </Text>
      {preview.sample.length > 0 ? (
        <ScrollBox focusable>
          <Table striped withTableBorder fz="xs" aria-label="Rows to import">
            <TableHead columns={['Row', ...columns.map((c) => IMPORT_FIELD_LABELS[c as ImportField] ?? c)]} />
            <Table.Tbody>
              {preview.sample.map((row) => (
                <Table.Tr key={String(row.line)}>
                  <Table.Td>{String(row.line)}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                      {row[c] === null || row[c] === undefined ? '' : typeof row[c] === 'boolean' ? (row[c] ? 'Yes' : 'No') : String(row[c])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      ) : null}
      <RowErrors errors={preview.errors} total={preview.invalid} />
    </Stack>
  );
}

/** The rows a file import refused, by row and column, as the server listed them (the first ones of `total`). */
export function RowErrors({ errors, total }: { errors: readonly { row: number; column: string | null; message: string }[]; total: number }) {
  if (errors.length === 0) return null;
  return (
    <ScrollBox mah={240} focusable>
      <Table withTableBorder fz="xs" aria-label="Rows with errors">
        <TableHead columns={['Row', 'Column', 'Problem']} />
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={`${e.row}-${i}`}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column ?? '-'}</Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > errors.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          The first {errors.length} problems are listed.
        </Text>
      ) : null}
    </ScrollBox>
  );
}
