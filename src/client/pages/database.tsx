import { Stack, Tabs } from '@mantine/core';
import { IconBox, IconBuildingWarehouse, IconClipboardList, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../components/PageHeader.tsx';
import { PageLoading } from '../components/customers/NoShop.tsx';
import { InventoryTab } from '../components/parts/InventoryTab.tsx';
import { PartsTab } from '../components/parts/PartsTab.tsx';
import { SuppliersTab } from '../components/parts/SuppliersTab.tsx';
import { PurchaseOrdersTab } from '../components/purchase-orders/PurchaseOrdersTab.tsx';
import { EmptyState } from '../components/shop/parts.tsx';
import { NoShop } from '../components/shops/NoShop.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';

type Tab = 'parts' | 'inventory' | 'suppliers' | 'purchase-orders';

/** The Parts Database (docs/parts.md#the-page): the current shop's parts, stock, suppliers and purchase orders. */
export default function DatabasePage() {
  const shop = useCurrentShop();
  const [tab, setTab] = useState<Tab>('parts');

  let body;
  if (shop.isPending) body = <PageLoading label="Loading your shop" />;
  else if (shop.isError) body = <EmptyState title="Your shop could not be loaded" hint="Check your connection and reload the page." />;
  else if (!shop.shopId) body = <NoShop what="Parts, stock and suppliers" />;
  else {
    body = (
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'parts')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="parts" leftSection={<IconBox size={16} />}>
            Parts
          </Tabs.Tab>
          <Tabs.Tab value="inventory" leftSection={<IconBuildingWarehouse size={16} />}>
            Inventory
          </Tabs.Tab>
          <Tabs.Tab value="suppliers" leftSection={<IconTruckDelivery size={16} />}>
            Suppliers
          </Tabs.Tab>
          <Tabs.Tab value="purchase-orders" leftSection={<IconClipboardList size={16} />}>
            Purchase orders
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="parts" pt="md">
          <PartsTab key={shop.shopId} shopId={shop.shopId} />
        </Tabs.Panel>
        <Tabs.Panel value="inventory" pt="md">
          <InventoryTab key={shop.shopId} shopId={shop.shopId} canManage={shop.canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="suppliers" pt="md">
          <SuppliersTab key={shop.shopId} shopId={shop.shopId} canManage={shop.canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="purchase-orders" pt="md">
          <PurchaseOrdersTab key={shop.shopId} shopId={shop.shopId} />
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Parts Database" description={shop.shop ? `${shop.shop.name}: parts, stock and suppliers` : 'Parts, stock and suppliers of your shop'} />
      {body}
    </Stack>
  );
}
