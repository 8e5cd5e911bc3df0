import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHead, type Column } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';

export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A period's figures per name (a center, a service type): the name first, then numbers aligned
 * right, striped and scrolling sideways on a phone.
 */
export function FiguresTable<Row>({ label, rows, keyOf, name, columns }: { label: string; rows: readonly Row[]; keyOf: (row: Row) => string; name: FigureColumn<Row>; columns: readonly FigureColumn<Row>[] }) {
  return (
    <ScrollTable label={label} minWidth={560}>
      <Table verticalSpacing="sm" striped>
        <TableHead columns={[name.header, ...columns.map((column): Column => ({ label: column.header, align: 'right' }))]} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={keyOf(row)}>
              <Table.Td fw={500}>{name.cell(row)}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.header} ta="right">
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
