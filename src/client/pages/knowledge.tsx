import {
  Button,
  Card,
  Chip,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBook, IconBook2, IconHelpCircle, IconListNumbers, IconPlus, IconSearch, IconTool } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'wouter';
import {
  DEFAULT_PAGE_SIZE,
  KNOWLEDGE_KIND_LABELS,
  KNOWLEDGE_KINDS,
  type Audience,
  type KnowledgeItem,
  type KnowledgeKind,
} from '../../shared/knowledge.ts';
import { AudienceBadge, PriorityBadge } from '../components/knowledge/badges.tsx';
import { KnowledgeItemForm } from '../components/knowledge/KnowledgeItemForm.tsx';
import { KnowledgeItemView } from '../components/knowledge/KnowledgeItemView.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { Pager } from '../components/Pager.tsx';
import { EmptyState, ShopDialog } from '../components/shop/parts.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

const KIND_ICONS: Record<KnowledgeKind, ComponentType<{ size?: number }>> = {
  article: IconBook,
  manual: IconBook2,
  procedure: IconTool,
  faq: IconHelpCircle,
};

type AudienceFilter = Audience | 'all';
const AUDIENCE_FILTERS: { value: AudienceFilter; label: string }[] = [
  { value: 'simple', label: 'Owners' },
  { value: 'tech', label: 'Technicians' },
  { value: 'all', label: 'All' },
];

/** 'articles', 'manuals', 'procedures', but 'FAQ'. */
function kindNoun(kind: KnowledgeKind): string {
  return kind === 'faq' ? KNOWLEDGE_KIND_LABELS.faq : KNOWLEDGE_KIND_LABELS[kind].toLowerCase();
}

function isKind(value: string | null): value is KnowledgeKind {
  return (KNOWLEDGE_KINDS as readonly string[]).includes(value ?? '');
}

function ItemCard({ item, onOpen }: { item: KnowledgeItem; onOpen: () => void }) {
  const steps = item.steps?.length ?? 0;
  return (
    <Card withBorder padding={0} data-knowledge-item>
      <UnstyledButton onClick={onOpen} p="md" style={{ display: 'block', width: '100%' }}>
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={600}>{item.title}</Text>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <PriorityBadge priority={item.priority} size="sm" />
              <AudienceBadge audience={item.audience} size="sm" />
            </Group>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {item.body}
          </Text>
          <Group gap="xs">
            {steps > 0 ? (
              <Group gap={4} c="dimmed">
                <IconListNumbers size={14} aria-hidden />
                <Text size="xs">{steps === 1 ? '1 step' : `${steps} steps`}</Text>
              </Group>
            ) : null}
            {item.tags.slice(0, 4).map((tag) => (
              <Text key={tag} size="xs" c="dimmed">
                #{tag}
              </Text>
            ))}
          </Group>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

export default function KnowledgePage() {
  const { role, user } = useSession();
  const { memberships } = useCurrentShop();
  // Staff of a shop add items and edit their own; admins edit all (docs/knowledge.md#who-may-write).
  const canWrite = user.isAdmin || memberships.length > 0;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const kind: KnowledgeKind = isKind(tabParam) ? tabParam : 'article';
  const openId = params.get('item');

  // A link may name what to look for (`/knowledge?q=P0420` from a trouble code).
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [audience, setAudience] = useState<AudienceFilter>(role ?? 'all');
  const [tags, setTags] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const resetPaging = () => setPage(1);

  const audienceInput = audience === 'all' ? undefined : audience;
  const results = trpc.knowledge.search.useQuery(
    { kind, audience: audienceInput, q: q || undefined, tags: tags.length ? tags : undefined, limit: DEFAULT_PAGE_SIZE, offset: (page - 1) * DEFAULT_PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const chips = trpc.knowledge.tags.useQuery({ kind, audience: audienceInput });
  const opened = trpc.knowledge.get.useQuery({ id: openId ?? '' }, { enabled: openId !== null, retry: false });
  const filtered = q.length > 0 || tags.length > 0;

  const closeItem = () => {
    setEditing(false);
    setParam({ item: null });
  };
  const chipTags = [...new Set([...(chips.data ?? []).map((chip) => chip.tag), ...tags])];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Knowledge Base"
        description="Articles, manuals, step-by-step procedures and answers, for owners and technicians"
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New Item
            </Button>
          ) : null
        }
      />
      <Tabs
        value={kind}
        onChange={(value) => {
          if (!isKind(value)) return;
          setTags([]);
          resetPaging();
          setParam({ tab: value === 'article' ? null : value });
        }}
      >
        <Tabs.List>
          {KNOWLEDGE_KINDS.map((value) => {
            const Icon = KIND_ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
                {KNOWLEDGE_KIND_LABELS[value]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search the knowledge base"
          placeholder={`Search ${kindNoun(kind)}...`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPaging();
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <SegmentedControl
          aria-label="Audience"
          value={audience}
          onChange={(value) => {
            setAudience(value as AudienceFilter);
            resetPaging();
          }}
          data={AUDIENCE_FILTERS}
        />
      </Group>

      {chipTags.length > 0 ? (
        <Chip.Group
          multiple
          value={tags}
          onChange={(value) => {
            setTags(value);
            resetPaging();
          }}
        >
          <Group gap={6} aria-label="Tags" role="group">
            {chipTags.map((tag) => (
              <Chip key={tag} value={tag} size="xs" variant="outline">
                {tag}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}

      {results.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden>Loading knowledge items</VisuallyHidden>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={96} radius="md" />
          ))}
        </Stack>
      ) : results.isError ? (
        <EmptyState
          title="The knowledge base could not be loaded"
          hint={errorMessage(results.error, 'Please try again.')}
          action={
            <Button variant="default" onClick={() => void results.refetch()}>
              Try again
            </Button>
          }
        />
      ) : results.data.items.length === 0 ? (
        <EmptyState
          title={`No ${kindNoun(kind)} found`}
          hint={filtered ? 'Try other words or fewer tags.' : 'Nothing has been written here for this audience yet.'}
          action={
            filtered ? (
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setTags([]);
                  resetPaging();
                }}
              >
                Clear search
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {results.data.total === 1 ? '1 item' : `${results.data.total} items`}
          </Text>
          {results.data.items.map((item) => (
            <ItemCard key={item.id} item={item} onOpen={() => setParam({ item: item.id })} />
          ))}
          <Pager total={results.data.total} pageSize={DEFAULT_PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      )}

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="New Knowledge Item">
        <KnowledgeItemForm
          kind={kind}
          onCancel={() => setCreating(false)}
          onDone={(saved) => {
            setCreating(false);
            setParam({ tab: saved.kind === 'article' ? null : saved.kind, item: saved.id });
          }}
        />
      </ShopDialog>

      <ShopDialog
        opened={openId !== null}
        onClose={closeItem}
        title={opened.data ? (editing ? `Edit ${opened.data.title}` : opened.data.title) : opened.isError ? 'Item not found' : 'Loading...'}
      >
        {opened.data ? (
          editing ? (
            <KnowledgeItemForm item={opened.data} kind={kind} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
          ) : (
            <KnowledgeItemView item={opened.data} onEdit={user.isAdmin || (canWrite && opened.data.createdBy === user.id) ? () => setEditing(true) : undefined} />
          )
        ) : opened.isError ? (
          <Text size="sm">{errorMessage(opened.error, 'This item could not be loaded.')}</Text>
        ) : (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={20} />
            <Skeleton h={80} />
          </Stack>
        )}
      </ShopDialog>
    </Stack>
  );
}
