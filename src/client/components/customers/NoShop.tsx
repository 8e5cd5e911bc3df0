import { Button, Center, Loader } from '@mantine/core';
import { Link } from 'wouter';
import { EmptyState } from '../shop/parts.tsx';

/** What a shop screen shows to someone who is staff of no shop (docs/customers.md#screens). */
export function NoShop() {
  return (
    <EmptyState
      title="You are not staff of a shop"
      hint="Register your shop or ask your shop for an invitation"
      action={
        <Button component={Link} href="/shop" variant="light" mt="xs">
          Go to My Shop
        </Button>
      }
    />
  );
}

export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
