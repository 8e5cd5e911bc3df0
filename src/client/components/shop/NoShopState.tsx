import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { CurrentShop } from '../../lib/current-shop.ts';

/**
 * What a shop screen shows before it has a shop to work in: loading, an error, or the way to
 * register a shop or join one (docs/shops.md#current-shop). Null when a shop is chosen.
 */
export function NoShopState({ current, what }: { current: CurrentShop; what: string }) {
  if (current.shopId) return null;
  if (current.isPending) return <Loader aria-label="Loading your shop" />;
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={3}>{current.isError ? 'Your shops could not be loaded' : 'You are not staff of a shop yet'}</Title>
        <Text c="dimmed">
          {current.isError
            ? 'Reload the page to try again.'
            : `${what} belong to a shop. Register your shop, or ask its owner or a manager for an invitation.`}
        </Text>
        {!current.isError && (
          <Button component={Link} to="/shop">
            Register or join a shop
          </Button>
        )}
      </Stack>
    </Card>
  );
}
