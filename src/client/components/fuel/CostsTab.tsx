import { BarChart, LineChart } from '@mantine/charts';
import { Button, Card, Group, Menu, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCalendar, IconCoin, IconDots, IconPencil, IconPlus, IconPrinter, IconRoad, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { COST_CATEGORIES, COST_CATEGORY_LABELS, type CostCategory } from '../../../shared/costs.ts';
import { EXPENSE_CATEGORY_LABELS, FUEL_PAGE_SIZE, type Expense } from '../../../shared/fuel.ts';
import { toasts } from '../../lib/notify.ts';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { ChartCard } from '../analytics/ChartCard.tsx';
import { Pager } from '../Pager.tsx';
import { useUnits } from '../../lib/units.ts';
import { ConfirmDialog, EmptyState, ShopDialog } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { StatCard } from '../tools/StatCard.tsx';
import { ExpenseForm } from './ExpenseForm.tsx';

type Overview = RouterOutputs['fuel']['overview'];

export const CATEGORY_COLOURS: Readonly<Record<CostCategory, string>> = {
  service: 'blue.6',
  fuel: 'orange.6',
  repair: 'red.6',
  registration: 'grape.6',
  insurance: 'teal.6',
  tax: 'yellow.6',
  parking: 'cyan.6',
  other: 'gray.6',
};

/** Totals by category with the year to date: the table the page and the print share. */
export function CategoryTable({ overview }: { overview: Overview }) {
  const f = useUnits();
  const used = COST_CATEGORIES.filter((c) => overview.costs.totals[c] > 0);
  return (
    <Table aria-label="Costs by category" withTableBorder>
      <TableHead columns={['Category', { label: 'Year to date', align: 'right' }, { label: 'All time', align: 'right' }]} />
      <Table.Tbody>
        {used.map((c) => (
          <Table.Tr key={c}>
            <Table.Td>{COST_CATEGORY_LABELS[c]}</Table.Td>
            <Table.Td ta="right">{f.cents(overview.costs.yearToDate[c])}</Table.Td>
            <Table.Td ta="right">{f.cents(overview.costs.totals[c])}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={700}>
          <Table.Td>Total</Table.Td>
          <Table.Td ta="right">{f.cents(overview.costs.yearToDateCents)}</Table.Td>
          <Table.Td ta="right">{f.cents(overview.costs.totalCents)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export function CostStats({ overview }: { overview: Overview }) {
  const { costs } = overview;
  const f = useUnits();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <StatCard label="Year to date" value={f.cents(costs.yearToDateCents)} icon={IconCalendar} />
      <StatCard label="All time" value={f.cents(costs.totalCents)} icon={IconCoin} color="teal" />
      <StatCard
        label={f.units.distanceUnit === 'km' ? 'Cost per km' : 'Cost per mile'}
        value={f.costPerDistance(costs.centsPerMile)}
        hint={costs.miles > 0 ? `over ${f.distance(costs.miles)}` : 'Needs two odometer readings'}
        icon={IconRoad}
        color="grape"
      />
    </SimpleGrid>
  );
}

function MonthChart({ overview }: { overview: Overview }) {
  const f = useUnits();
  const used = COST_CATEGORIES.filter((c) => overview.costs.totals[c] > 0);
  const months = overview.costs.months.slice(-24).map((m) => ({
    month: f.month(m.month),
    ...Object.fromEntries(used.map((c) => [COST_CATEGORY_LABELS[c], m.cents[c] / 100])),
  }));
  const running = overview.costs.months.slice(-24).reduce<{ month: string; Total: number }[]>((acc, m) => [...acc, { month: f.month(m.month), Total: (acc.at(-1)?.Total ?? 0) + m.totalCents / 100 }], []);
  return (
    <>
      <ChartCard title="Costs per month" description="By category, the last 24 months with costs" summary={`Costs of ${months.length} months by category`} empty={months.length === 0}>
        <BarChart h={240} data={months} dataKey="month" type="stacked" withLegend valueFormatter={(v) => f.money(v)} series={used.map((c) => ({ name: COST_CATEGORY_LABELS[c], color: CATEGORY_COLOURS[c] }))} />
      </ChartCard>
      <ChartCard title="Cost over time" description="Running total" summary={`Running total over ${running.length} months`} empty={running.length === 0}>
        <LineChart h={200} data={running} dataKey="month" series={[{ name: 'Total', color: 'teal.6' }]} valueFormatter={(v) => f.money(Math.round(v))} />
      </ChartCard>
    </>
  );
}

/** `readOnly`: a vehicle shared with the user to view only (docs/garage.md#sharing). */
export function CostsTab({ vehicleId, overview, readOnly = false }: { vehicleId: string; overview: Overview | undefined; readOnly?: boolean }) {
  const utils = trpc.useUtils();
  const f = useUnits();
  const [page, setPage] = useState(1);
  const expenses = trpc.fuel.expenses.list.useQuery({ vehicleId, limit: FUEL_PAGE_SIZE, offset: (page - 1) * FUEL_PAGE_SIZE });
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [removing, setRemoving] = useState<Expense | null>(null);
  const remove = trpc.fuel.expenses.remove.useMutation(
    toasts({
      done: 'Expense deleted',
      failed: 'Failed to delete the expense',
      then: () => {
        void utils.fuel.invalidate();
        setRemoving(null);
      },
    }),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {readOnly ? (
          <span />
        ) : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Expense
          </Button>
        )}
        <Button component={Link} href={`/garage/costs/print?vehicle=${vehicleId}`} variant="default" leftSection={<IconPrinter size={16} />}>
          Printable summary
        </Button>
      </Group>
      {overview ? (
        <>
          <CostStats overview={overview} />
          {overview.costs.totalCents > 0 ? <CategoryTable overview={overview} /> : null}
          <MonthChart overview={overview} />
        </>
      ) : (
        <Skeleton h={300} />
      )}
      <Text fw={600}>Expenses</Text>
      {expenses.isPending ? (
        <Skeleton h={120} />
      ) : expenses.isError ? (
        <EmptyState title="The expenses could not be loaded" hint={errorMessage(expenses.error, 'Please try again.')} />
      ) : expenses.data.total === 0 ? (
        <EmptyState title="No expenses yet" hint="Registration, insurance, tax, parking or a repair: add them to see what the vehicle costs." />
      ) : (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Expenses">
            {expenses.data.items.map((expense) => (
              <Card key={expense.id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600}>
                      {EXPENSE_CATEGORY_LABELS[expense.category]} · {f.money(expense.amount)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {f.day(expense.date)}
                      {expense.note ? ` · ${expense.note}` : ''}
                    </Text>
                  </Stack>
                  {readOnly ? null : (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="default" size="compact-sm" aria-label={`More for the expense of ${expense.date}`}>
                          <IconDots size={14} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(expense)}>
                          Edit
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setRemoving(expense)}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
          <Pager total={expenses.data.total} pageSize={FUEL_PAGE_SIZE} page={page} onChange={setPage} />
        </>
      )}
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add Expense' : 'Edit Expense'}>
        {editing !== null ? <ExpenseForm vehicleId={vehicleId} expense={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </ShopDialog>
      <ConfirmDialog
        target={removing}
        title="Delete Expense"
        message={(expense) => `Delete the ${EXPENSE_CATEGORY_LABELS[expense.category].toLowerCase()} expense of ${f.day(expense.date)}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(expense) => remove.mutate({ id: expense.id })}
      />
    </Stack>
  );
}
