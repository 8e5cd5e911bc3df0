import { Button, Stack } from '@mantine/core';
import { IconPercentage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../components/PageHeader.tsx';
import { PageLoading } from '../components/customers/NoShop.tsx';
import { NewOrderDialog } from '../components/repair-orders/NewOrderDialog.tsx';
import { OrderList } from '../components/repair-orders/OrderList.tsx';
import { RatesDialog } from '../components/repair-orders/RatesDialog.tsx';
import { EmptyState } from '../components/shop/parts.tsx';
import { NoShop } from '../components/shops/NoShop.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';

/** Repair orders (Tech Mode): the current shop's estimates, work and invoices. */
export default function RepairOrdersPage() {
  const shop = useCurrentShop();
  const [creating, setCreating] = useState(false);
  const [rating, setRating] = useState(false);

  let body;
  if (shop.isPending) body = <PageLoading label="Loading your shop" />;
  else if (shop.isError) body = <EmptyState title="Your shop could not be loaded" hint="Check your connection and reload the page." />;
  else if (!shop.shopId) body = <NoShop what="Repair orders" />;
  else body = <OrderList key={shop.shopId} shopId={shop.shopId} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Repair Orders"
        description={shop.shop ? `${shop.shop.name}: estimates, work and invoices` : 'Estimates, work and invoices of your shop'}
        actions={
          shop.shopId ? (
            <>
              {shop.canManage ? (
                <Button variant="default" leftSection={<IconPercentage size={16} />} onClick={() => setRating(true)}>
                  Rates
                </Button>
              ) : null}
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New repair order
              </Button>
            </>
          ) : null
        }
      />
      {body}
      {shop.shopId ? (
        <>
          <NewOrderDialog shopId={shop.shopId} opened={creating} onClose={() => setCreating(false)} />
          {shop.canManage ? <RatesDialog shopId={shop.shopId} opened={rating} onClose={() => setRating(false)} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
