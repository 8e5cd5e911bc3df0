import { Button, Card, Group, Modal, type ModalProps, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

export interface Stat {
  label: string;
  caption: string;
  value: number | undefined;
  icon: ComponentType<{ size?: number }>;
  color: string;
}

/**
 * The four summary cards above a shop list (e.g.
 * docs/inquiries.md#the-page-customer-inquiries-tech-mode); skeletons while their numbers load.
 */
export function StatCards({ stats, loading }: { stats: Stat[]; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
      {stats.map((stat) =>
        loading ? (
          <Skeleton key={stat.label} h={104} radius="md" />
        ) : (
          <Card key={stat.label} withBorder padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {stat.label}
                </Text>
                <Text fz={28} fw={700} lh={1.2} data-testid={`stat-${stat.label}`}>
                  {(stat.value ?? 0).toLocaleString()}
                </Text>
                <Text size="xs" c="dimmed">
                  {stat.caption}
                </Text>
              </Stack>
              <ThemeIcon variant="light" color={stat.color} size="lg" radius="md" aria-hidden>
                <stat.icon size={20} />
              </ThemeIcon>
            </Group>
          </Card>
        ),
      )}
    </SimpleGrid>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="xs" py="md">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

export function TableSkeleton({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <Table aria-busy="true" aria-label="Loading">
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {Array.from({ length: columns }, (_, column) => (
              <Table.Td key={column}>
                <Skeleton h={16} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Shop dialogs: at most 2xl (42rem) wide and 90% of the viewport high, scrolling inside. */
export function ShopDialog({ size = '42rem', ...props }: ModalProps) {
  return <Modal size={size} yOffset="5vh" {...props} />;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function formatDate(date: Date | null | undefined): string {
  return date ? date.toLocaleDateString(undefined, { dateStyle: 'medium' }) : '-';
}

export function formatDateTime(date: Date | null | undefined): string {
  return date ? date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '-';
}

/** A destructive action's question with Cancel and the red confirming button. */
export function ConfirmBody({
  message,
  confirmLabel,
  loading,
  onCancel,
  onConfirm,
}: {
  message: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Stack gap="md">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A destructive action on one chosen thing, asked in a dialog: open while `target` is set; Cancel,
 * Escape or the overlay call `onClose`, the red button hands the target to `onConfirm`.
 */
export function ConfirmDialog<T>({
  target,
  title,
  message,
  confirmLabel,
  loading,
  onClose,
  onConfirm,
  error,
  size,
}: {
  target: T | null;
  title: string;
  message: (target: T) => ReactNode;
  confirmLabel: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: (target: T) => void;
  /** Why the last try failed, shown under the question. */
  error?: string | null;
  size?: ModalProps['size'];
}) {
  return (
    <ShopDialog opened={target !== null} onClose={onClose} title={title} size={size}>
      {target !== null ? (
        <>
          <ConfirmBody message={message(target)} confirmLabel={confirmLabel} loading={loading} onCancel={onClose} onConfirm={() => onConfirm(target)} />
          {error ? (
            <Text c="red" size="sm" mt="sm" role="alert">
              {error}
            </Text>
          ) : null}
        </>
      ) : null}
    </ShopDialog>
  );
}
