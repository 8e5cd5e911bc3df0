import { Table, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';

/**
 * A column's heading: its label, or the label with how it shows (`hidden` keeps it for screen readers
 * only, as on a column of row buttons).
 */
export type Column = string | { label: string; align?: 'right'; visibleFrom?: MantineBreakpoint; hidden?: boolean };

/** A table's columns in order; `false`, `null` and `undefined` leave one out, so a conditional column reads `canManage && 'Actions'`. */
export type Columns = readonly (Column | false | null | undefined)[];

/** A table's header row, a heading per column, so every table names and aligns its columns the same way. */
export function TableHead({ columns }: { columns: Columns }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => {
          if (!column) return null;
          const { label, align, visibleFrom, hidden }: Exclude<Column, string> = typeof column === 'string' ? { label: column } : column;
          return (
            <Table.Th key={index} ta={align} visibleFrom={visibleFrom}>
              {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
