import { NativeSelect, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { toasts } from '../../lib/notify.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The shop the Tech shell works in (docs/shops.md#current-shop): a picker for staff of two or more
 * shops, the shop's name for one, nothing for none. A new choice reloads every shop view.
 */
export function ShopPicker() {
  const { shop, memberships } = useCurrentShop();
  const utils = trpc.useUtils();
  const setCurrent = trpc.shops.setCurrent.useMutation(toasts({ failed: 'Could not switch the shop', then: () => void utils.invalidate() }));
  if (!shop) return null;
  if (memberships.length < 2) {
    return (
      <Text size="sm" fw={500} truncate maw="12rem" data-testid="current-shop" title={shop.name}>
        <IconBuildingStore size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {shop.name}
      </Text>
    );
  }
  return (
    <NativeSelect
      size="xs"
      aria-label="Current shop"
      data-testid="shop-picker"
      leftSection={<IconBuildingStore size={14} aria-hidden />}
      value={shop.serviceCenterId}
      disabled={setCurrent.isPending}
      onChange={(event) => setCurrent.mutate({ serviceCenterId: event.currentTarget.value })}
      data={memberships.map((m) => ({ value: m.serviceCenterId, label: m.name }))}
      maw="14rem"
    />
  );
}
