import { ActionIcon, Badge, Button, Card, Group, Indicator, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBulb, IconHelpCircle, IconMinus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { EXPERT_TIPS, GREETINGS, PAGE_MESSAGES, TIPS_LEVEL_INFO, type Avatar } from '../../../shared/avatars.ts';
import type { Role } from '../../../shared/constants.ts';
import { HELP_TEXTS } from '../../../shared/help-texts.ts';
import {
  PAGE_CONTEXT_LABELS,
  pageContextForPath,
  TAGS_SHOWN,
  TIPS_SHOWN,
  type PageContext,
  type Tip,
} from '../../../shared/knowledge.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { PriorityBadge } from '../knowledge/badges.tsx';
import { AvatarPreview } from './AvatarPreview.tsx';
import classes from './avatars.module.css';
import { ScrollBox } from '../ScrollBox.tsx';

/** How long the alert dot shows after a page change (docs/avatars.md#the-assistant). */
export const ALERT_DOT_MS = 5000;
// The conversation keeps its recent end; older messages scroll away for good.
const MAX_MESSAGES = 30;

interface Message {
  id: number;
  kind: 'page' | 'help' | 'tip';
  text: string;
}

function TipCard({ tip }: { tip: Tip }) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid="assistant-tip">
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <PriorityBadge size="xs" priority={tip.priority} style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} lh={1.3}>
            {tip.title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={2} title={tip.body}>
          {tip.body}
        </Text>
        {tip.tags.length > 0 ? (
          <Group gap={4}>
            {tip.tags.slice(0, TAGS_SHOWN).map((tag) => (
              <Badge key={tag} size="xs" variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function useTips(pageContext: PageContext, role: Role) {
  const tips = trpc.knowledge.tips.useQuery(
    { pageContext, role },
    // Fresh tips on every page, role or avatar change (the panel remounts per avatar).
    { staleTime: 0, refetchOnMount: 'always' },
  );
  useEffect(() => {
    if (tips.error) console.error('Failed to search knowledge', tips.error);
  }, [tips.error]);
  return { tips: tips.isError ? [] : (tips.data ?? []).slice(0, TIPS_SHOWN), loading: tips.isFetching && !tips.data };
}

function AssistantPanel({
  avatar,
  role,
  pageContext,
  onClose,
}: {
  avatar: Avatar;
  role: Role;
  pageContext: PageContext;
  onClose(): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const [alerting, setAlerting] = useState(false);
  const nextId = useRef(1);
  const expertIndex = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);
  const tipsHeadingId = useId();
  const { tips, loading } = useTips(pageContext, role);
  const greeting = GREETINGS[avatar.personality][role];
  const subtitle = role === 'simple' ? 'Your Guide' : 'Tech Assistant';
  const pageLabel = PAGE_CONTEXT_LABELS[pageContext];

  const say = (kind: Message['kind'], text: string) =>
    setMessages((list) => {
      // A repeat of the last message (e.g. an effect run twice) adds nothing.
      if (list.at(-1)?.text === text) return list;
      return [...list, { id: nextId.current++, kind, text }].slice(-MAX_MESSAGES);
    });

  useEffect(() => {
    const message = PAGE_MESSAGES[pageContext]?.[role] ?? null;
    if (!message) return;
    say('page', message);
    setAlerting(true);
    const timer = window.setTimeout(() => setAlerting(false), ALERT_DOT_MS);
    return () => window.clearTimeout(timer);
  }, [pageContext, role]);

  useEffect(() => {
    const element = viewport.current;
    if (expanded && element) element.scrollTo({ top: element.scrollHeight });
  }, [messages, expanded]);

  const expertTip = () => {
    const pool = EXPERT_TIPS[avatar.tipsLevel];
    const tip = pool[expertIndex.current % pool.length] ?? '';
    expertIndex.current += 1;
    say('tip', tip);
  };

  if (!expanded) {
    return (
      <div className={classes.assistant}>
        <Tooltip
          multiline
          w={240}
          position="top-end"
          withArrow
          events={{ hover: true, focus: true, touch: false }}
          label={
            <Stack gap={2}>
              <Text size="sm" fw={700} c="inherit">
                {avatar.displayName}
              </Text>
              <Text size="xs" c="inherit">
                {greeting}
              </Text>
              <Text size="xs" fs="italic" c="inherit">
                Click to chat!
              </Text>
            </Stack>
          }
        >
          <Indicator color="red" size={14} offset={6} processing disabled={!alerting} withBorder label={null} data-testid="assistant-alert">
            <UnstyledButton
              className={`${classes.launcher} ${classes.idle}`}
              onClick={() => setExpanded(true)}
              aria-label={`Open assistant ${avatar.displayName}`}
              aria-expanded={false}
              data-alerting={alerting || undefined}
              data-testid="assistant-launcher"
            >
              <AvatarPreview style={avatar.style} personality={avatar.personality} size="md" decorative />
            </UnstyledButton>
          </Indicator>
        </Tooltip>
      </div>
    );
  }

  return (
    <div className={classes.assistant}>
      <Card withBorder shadow="lg" padding="sm" className={classes.panel} component="section" aria-label={`Assistant ${avatar.displayName}`}>
        <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <div className={classes.idle}>
              <AvatarPreview style={avatar.style} personality={avatar.personality} size="md" decorative />
            </div>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} size="h5" lineClamp={1}>
                {avatar.displayName}
              </Title>
              <Text size="xs" c="dimmed">
                {subtitle}
              </Text>
            </Stack>
          </Group>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Minimize">
              <ActionIcon variant="subtle" color="gray" onClick={() => setExpanded(false)} aria-label="Minimize assistant">
                <IconMinus size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Close">
              <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close assistant">
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        {/* Keyboard users can scroll the conversation too. */}
        <ScrollBox mah={150} ref={viewport} focusable aria-label="Conversation">
          <Stack gap={6} aria-live="polite" data-testid="assistant-messages">
            <Text className={classes.message} size="sm">
              {greeting}
            </Text>
            {messages.map((message) => (
              <Text key={message.id} className={classes.message} data-kind={message.kind} size="sm">
                {message.kind === 'tip' ? (
                  <Text span fw={700} size="sm">
                    Expert Tip ({TIPS_LEVEL_INFO[avatar.tipsLevel].label}):{' '}
                  </Text>
                ) : null}
                {message.text}
              </Text>
            ))}
          </Stack>
        </ScrollBox>

        {loading || tips.length > 0 ? (
          <section className={classes.tips} tabIndex={0} aria-labelledby={tipsHeadingId}>
            <Stack gap={6}>
              <Title order={3} size="h6" id={tipsHeadingId}>
                Tips for {pageLabel}
              </Title>
              {loading ? (
                <Text size="xs" c="dimmed" role="status">
                  Loading tips...
                </Text>
              ) : (
                tips.map((tip) => <TipCard key={tip.id} tip={tip} />)
              )}
            </Stack>
          </section>
        ) : null}

        <Group gap="xs" mt="sm" grow>
          <Button size="xs" variant="light" leftSection={<IconHelpCircle size={14} />} onClick={() => say('help', HELP_TEXTS[pageContext][role])}>
            Need Help?
          </Button>
          <Button size="xs" variant="light" color="yellow" leftSection={<IconBulb size={14} />} onClick={expertTip}>
            Expert Tip
          </Button>
        </Group>
      </Card>
    </div>
  );
}

/**
 * The floating assistant, bottom-right on every page (docs/avatars.md#the-assistant). Shown only
 * once the active avatar has loaded and the assistant is switched on in preferences; Close switches
 * it off.
 */
export function AvatarAssistant() {
  const { user, role, updatePreferences } = useSession();
  const [location] = useLocation();
  const enabled = user.preferences.assistantEnabled;
  const active = trpc.avatars.active.useQuery(undefined, { enabled });
  const avatar = active.data;
  if (!enabled || !avatar) return null;
  return (
    <AssistantPanel
      key={avatar.id}
      avatar={avatar}
      role={role}
      pageContext={pageContextForPath(location)}
      onClose={() => void updatePreferences({ assistantEnabled: false })}
    />
  );
}
