import { ActionIcon, Button, Card, Center, Group, Menu, Select, Skeleton, Stack, Table, TextInput, Tooltip, type MantineSpacing } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconSearch, type Icon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/trpc.ts';
import { ListTable } from './ListTable.tsx';
import { EmptyState, TableSkeleton } from './parts.tsx';

/** What the user types in a list's search box, and the trimmed text a query waits for (250 ms). */
export function useListSearch(): { search: string; setSearch: (value: string) => void; query: string } {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  return { search, setSearch, query };
}

export function ListSearch({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: 1, minWidth: 220 }}
    />
  );
}

/** A filter menu whose first choice, `all`, means no filter. */
export function ListFilter<Value extends string>(props: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  data: { value: Value; label: string }[];
}) {
  return (
    <Select
      aria-label={props.label}
      w={170}
      allowDeselect={false}
      value={props.value}
      onChange={(value) => props.onChange((value ?? props.data[0]?.value) as Value)}
      data={props.data}
    />
  );
}

export interface ListColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  maw?: number;
}

export interface StatusAction<Status extends string> {
  status: Status;
  label: string;
  icon: Icon;
  color?: string;
}

/** The loading, failure, empty and filled states of a keyset-paged list, with "Load more". */
interface PagedList<Item> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  data?: { pages: { items: Item[] }[] };
}

/** "Load more" under a keyset-paged list while it has a next page. */
export function LoadMore({ list }: { list: Pick<PagedList<unknown>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'> }) {
  if (!list.hasNextPage) return null;
  return (
    <Center>
      <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}

/** The items of every page loaded so far. */
export function listItems<Item>(list: { data?: { pages: { items: Item[] }[] } }): Item[] {
  return list.data?.pages.flatMap((page) => page.items) ?? [];
}

/** Skeleton rows in a bordered card; with `cardHeight`, phones get skeleton cards instead. */
function ListSkeleton({ columns, rows, cardHeight }: { columns: number; rows?: number; cardHeight?: number }) {
  const table = (
    <Card withBorder padding={0} visibleFrom={cardHeight ? 'sm' : undefined}>
      <TableSkeleton columns={columns} rows={rows} />
    </Card>
  );
  if (!cardHeight) return table;
  return (
    <>
      <Stack hiddenFrom="sm" gap="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={cardHeight} radius="md" />
        ))}
      </Stack>
      {table}
    </>
  );
}

/**
 * The loading, failure, empty and filled states of a keyset-paged list: skeletons, "`failure`" with
 * the server's message, the list's own `empty` state, or its rows with "Load more" under them.
 */
export function PagedListBody<Item>(props: {
  list: PagedList<Item>;
  skeleton: { columns: number; rows?: number; cardHeight?: number };
  /** The failure's title, e.g. "Parts could not be loaded". */
  failure: string;
  empty: { title: string; hint: string };
  gap?: MantineSpacing;
  children: (items: Item[]) => ReactNode;
}) {
  const { list } = props;
  const items = listItems(list);
  if (list.isPending) return <ListSkeleton {...props.skeleton} />;
  if (list.isError) return <EmptyState title={props.failure} hint={errorMessage(list.error, 'Please try again.')} />;
  if (items.length === 0) return <EmptyState title={props.empty.title} hint={props.empty.hint} />;
  return (
    <Stack gap={props.gap ?? 'md'}>
      {props.children(items)}
      <LoadMore list={list} />
    </Stack>
  );
}

/**
 * The shop's lists (inquiries, appointments): a table of the loaded pages, each row with a details
 * button and, for technicians, a status menu.
 */
export function ShopList<Item extends { id: string; status: string }, Status extends string>(props: {
  list: PagedList<Item>;
  /** 'inquiries', 'appointments': in the empty and failure messages. */
  noun: string;
  filtering: boolean;
  emptyHint: string;
  minWidth: number;
  columns: ListColumn<Item>[];
  /** What a row is called to a screen reader ("View details of …"). */
  rowName: (item: Item) => string;
  onView: (item: Item) => void;
  statusMenu: { actions: StatusAction<Status>[]; busyId: string | null; onChoose: (item: Item, status: Status) => void } | null;
}) {
  const { list, noun, columns, statusMenu } = props;
  return (
    <PagedListBody
      list={list}
      skeleton={{ columns: columns.length + 1, rows: 5 }}
      failure={`${noun[0]!.toUpperCase()}${noun.slice(1)} could not be loaded`}
      empty={{ title: `No ${noun} found`, hint: props.filtering ? 'Try adjusting your search criteria' : props.emptyHint }}
    >
      {(items) => (
        <ListTable
          minWidth={props.minWidth}
          columns={[...columns.map((column) => column.header), 'Actions']}
        >
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column, index) => (
                <Table.Td key={index} maw={column.maw}>
                  {column.cell(item)}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="View details">
                    <ActionIcon variant="subtle" onClick={() => props.onView(item)} aria-label={`View details of ${props.rowName(item)}`}>
                      <IconEye size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {statusMenu ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`Change status of ${props.rowName(item)}`} loading={statusMenu.busyId === item.id}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {statusMenu.actions.map((action) => (
                          <Menu.Item
                            key={action.status}
                            leftSection={<action.icon size={14} />}
                            color={action.color}
                            disabled={item.status === action.status}
                            onClick={() => statusMenu.onChoose(item, action.status)}
                          >
                            {action.label}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </PagedListBody>
  );
}
