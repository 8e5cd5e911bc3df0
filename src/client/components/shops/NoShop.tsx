import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { EmptyState } from '../shop/parts.tsx';

/** What a shop screen shows to a user who is staff of no shop (docs/shops.md#current-shop). */
export function NoShop({ what }: { what: string }) {
  return (
    <EmptyState
      title="You are not staff of a shop yet"
      hint={`${what} belong to a service center. Register your shop, or ask a shop's owner or manager for an invitation link.`}
      action={
        <Button component={Link} href="/shop">
          Register your shop
        </Button>
      }
    />
  );
}
