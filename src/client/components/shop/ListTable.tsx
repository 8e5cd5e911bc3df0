import { Box, Card, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHead, type Columns } from '../TableHead.tsx';

interface ListTableProps {
  /** The table's accessible name, where it needs one. */
  label?: string;
  /** Below this width the table scrolls sideways inside its card. */
  minWidth: number;
  /** The columns' headings. */
  columns: Columns;
  /** The rows. */
  children: ReactNode;
}

/** A list's table in a bordered card, its rows highlighted under the pointer. */
export function ListTable({ label, minWidth, columns, children }: ListTableProps) {
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <TableHead columns={columns} />
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** A list as phones get it, `cards` (a card per item), and as wider screens get it, the table. */
export function CardsOrTable({ cards, cardsTestId, ...table }: ListTableProps & { cards: ReactNode; cardsTestId?: string }) {
  return (
    <>
      <Stack gap="sm" hiddenFrom="sm" data-testid={cardsTestId}>
        {cards}
      </Stack>
      <Box visibleFrom="sm">
        <ListTable {...table} />
      </Box>
    </>
  );
}
