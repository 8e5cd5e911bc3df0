import { Anchor, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, AUDIT_PAGE_SIZE, type AuditEntity, type AuditEntryView } from '../../shared/audit.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { AuditDiff } from '../components/customers/AuditDiff.tsx';
import { NoShop, PageLoading } from '../components/customers/NoShop.tsx';
import { EmptyState, formatDateTime } from '../components/shop/parts.tsx';
import { ListFilter, listItems, LoadMore } from '../components/shop/ShopList.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

const ACTION_COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

function entityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}

/** The customer an entry is about, when it is one: its page is a click away. */
function customerOf(entry: AuditEntryView): string | null {
  if (entry.entity === 'customer') return entry.entityId;
  for (const side of [entry.after, entry.before]) {
    if (side && typeof side === 'object' && !Array.isArray(side) && typeof side.customerId === 'string') return side.customerId;
  }
  return null;
}

function Entry({ entry }: { entry: AuditEntryView }) {
  const customerId = customerOf(entry);
  const who = entry.actor ? (entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email) : 'A removed account';
  return (
    <Card withBorder padding="md" component="article" data-testid="audit-entry">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="gray">
              {entityLabel(entry.entity)}
            </Badge>
            <Badge variant="light" color={ACTION_COLORS[entry.action] ?? 'grape'}>
              {entry.action}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.createdAt)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">by {who}</Text>
          {customerId ? (
            <Anchor component={Link} href={`/customers/${customerId}`} size="sm">
              Open customer
            </Anchor>
          ) : null}
        </Group>
        <AuditDiff before={entry.before} after={entry.after} />
      </Stack>
    </Card>
  );
}

function AuditList({ shopId }: { shopId: string }) {
  const [entity, setEntity] = useState<AuditEntity | 'all'>('all');
  const list = trpc.audit.list.useInfiniteQuery(
    { serviceCenterId: shopId, entity: entity === 'all' ? undefined : entity, limit: AUDIT_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const items = listItems(list);
  return (
    <Stack gap="md">
      <ListFilter
        label="Filter by entity"
        value={entity}
        onChange={setEntity}
        data={[{ value: 'all', label: 'Everything' }, ...AUDIT_ENTITIES.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] }))]}
      />
      {list.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <EmptyState title="The audit log could not be loaded" hint={errorMessage(list.error, 'Please try again.')} />
      ) : items.length === 0 ? (
        <EmptyState title="No changes recorded" hint={entity === 'all' ? 'Changes to customers, vehicles, inquiries and appointments appear here' : 'Nothing of this kind has changed yet'} />
      ) : (
        <Stack gap="sm">
          {items.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
          <LoadMore list={list} />
        </Stack>
      )}
    </Stack>
  );
}

export default function AuditPage() {
  const shop = useCurrentShop();
  const header = <PageHeader title="Audit Log" description="Who changed your customers' data, when, and what it was before" />;
  if (shop.isPending) return <PageLoading label="Loading audit log" />;
  if (!shop.shopId) {
    return (
      <Stack gap="lg">
        {header}
        <NoShop />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      {shop.canManage ? (
        <AuditList key={shop.shopId} shopId={shop.shopId} />
      ) : (
        <EmptyState title="Managers and owners only" hint="Ask a manager or the owner of your shop to read the audit log" />
      )}
    </Stack>
  );
}
