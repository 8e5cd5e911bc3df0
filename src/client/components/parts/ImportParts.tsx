import { Alert, Badge, Button, FileInput, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { importCountsText, PART_IMPORT_LIMITS, partImportLabel, type PartImportPreview, type PartImportResult, type PartImportRow } from '../../../shared/parts-import.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { trpc } from '../../lib/trpc.ts';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';

const MAX_MB = PART_IMPORT_LIMITS.maxBytes / 1024 / 1024;
/** Rows the preview lists at most: every row with errors first in line, then the others in file order. */
const SHOWN_ROWS = 200;

/** The file can be larger than the tRPC body limit, so it goes over REST as the request body itself. */
async function postCatalogue<T>(shopId: string, csv: string, dryRun: boolean): Promise<T> {
  const res = await fetch(`/api/shops/${shopId}/parts/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    body: csv,
    credentials: 'same-origin',
  });
  const json = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !json) throw new Error(json?.message ?? `The file could not be imported (${res.status})`);
  return json;
}

function shownRows(rows: readonly PartImportRow[]): PartImportRow[] {
  const withErrors = rows.filter((row) => row.status === 'error').slice(0, SHOWN_ROWS);
  const others = rows.filter((row) => row.status !== 'error').slice(0, SHOWN_ROWS - withErrors.length);
  return [...withErrors, ...others].sort((a, b) => a.row - b.row);
}

function Outcome({ row }: { row: PartImportRow }) {
  if (row.status === 'error') {
    return (
      <Stack gap={2}>
        {row.errors.map((error) => (
          <Text key={`${error.field}-${error.message}`} size="xs" fw={500} c="var(--mantine-color-error)">
            {error.message}
          </Text>
        ))}
      </Stack>
    );
  }
  if (row.status === 'new') {
    return (
      <Badge variant="light" color="green">
        New
      </Badge>
    );
  }
  if (row.status === 'update') return <Text size="xs">Updates {row.changed.map((field) => partImportLabel(field).toLowerCase()).join(', ')}</Text>;
  return (
    <Text size="xs" c="dimmed">
      No change
    </Text>
  );
}

function PreviewTable({ preview }: { preview: PartImportPreview }) {
  const rows = shownRows(preview.rows);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status">
        {importCountsText(preview.counts)}
      </Text>
      {preview.ignored.length > 0 ? (
        <Text size="xs" c="dimmed">
          Not read: {preview.ignored.join(', ')}. Stock changes only on the Inventory tab.
        </Text>
      ) : null}
      <ScrollTable label="Rows of the file" minWidth={300}>
        <Table fz="xs" withTableBorder verticalSpacing={6} horizontalSpacing="xs" aria-label="Rows of the file">
          <TableHead columns={['Row', 'Part', { label: 'Price', align: 'right' }, 'Result']} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row} bg={row.status === 'error' ? 'var(--mantine-color-red-light)' : undefined} data-status={row.status}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {row.part?.partNumber ?? (row.cells.partNumber || '-')}
                  </Text>
                  <Text size="xs">{row.part?.name ?? (row.cells.name || '-')}</Text>
                </Table.Td>
                <Table.Td ta="right">{row.part ? formatCents(row.part.priceCents) : '-'}</Table.Td>
                <Table.Td>
                  <Outcome row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {preview.rows.length > rows.length ? (
        <Text size="xs" c="dimmed">
          {rows.length} of {preview.rows.length.toLocaleString('en-US')} rows shown, those with errors first.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * "Import CSV" on the Parts tab (docs/parts.md#importing-a-catalogue): a file or pasted text, its
 * preview row by row, then the import of the valid rows. Every check is the server's.
 */
export function ImportParts({ shopId, onDone }: { shopId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [checked, setChecked] = useState<{ csv: string; preview: PartImportPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'file' | 'paste' | 'import' | null>(null);

  async function run(kind: 'file' | 'paste' | 'import', work: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(null);
    }
  }

  const check = (csv: string, source: 'file' | 'paste') =>
    run(source, async () => {
      setChecked(null);
      setChecked({ csv, preview: await postCatalogue<PartImportPreview>(shopId, csv, true) });
    });

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setChecked(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > PART_IMPORT_LIMITS.maxBytes) {
      setError(`The file is larger than ${MAX_MB} MB: split it into smaller files`);
      return;
    }
    await check(await chosen.text(), 'file');
  }

  const toWrite = checked ? checked.preview.counts.new + checked.preview.counts.updates : 0;
  const importNow = () =>
    run('import', async () => {
      if (!checked) return;
      const { counts } = await postCatalogue<PartImportResult>(shopId, checked.csv, false);
      notifySuccess('Catalogue imported', importCountsText(counts));
      await utils.parts.invalidate();
      onDone();
    });

  return (
    <Stack gap="sm">
      <Text size="sm">
        The first line names the columns: Part number and Name, then any of Brand, Category, Make, Model, Year from, Year to, Engine, Unit cost, Price, Reorder point and Notes. Money in dollars. A part
        number the shop has already is updated; stock is never changed.
      </Text>
      <FileInput
        label="CSV file"
        description={`At most ${MAX_MB} MB and ${PART_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`}
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={(chosen) => void chooseFile(chosen)}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
      />
      <Textarea
        label="Or paste the CSV text"
        placeholder={'Part number,Name,Price\nBP-1042,Front brake pad set,69.99'}
        autosize
        minRows={3}
        maxRows={8}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={pasted}
        onChange={(e) => setPasted(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={pasted.trim() === ''} loading={busy === 'paste'} onClick={() => void check(pasted, 'paste')}>
          Preview pasted text
        </Button>
      </Group>
      {error ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
          {error}
        </Alert>
      ) : null}
      {busy === 'file' ? (
        <Text size="sm" c="dimmed" role="status">
          Checking the rows...
        </Text>
      ) : null}
      {checked ? <PreviewTable preview={checked.preview} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={!checked || toWrite === 0} loading={busy === 'import'} onClick={() => void importNow()}>
          {checked && toWrite === 0 ? 'Nothing to import' : `Import ${toWrite} ${toWrite === 1 ? 'part' : 'parts'}`}
        </Button>
      </Group>
    </Stack>
  );
}
