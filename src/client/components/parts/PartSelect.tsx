import { Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { Part } from '../../../shared/parts.ts';
import { trpc } from '../../lib/trpc.ts';

export const partLabel = (part: Pick<Part, 'partNumber' | 'name'>) => `${part.partNumber} · ${part.name}`;

/**
 * A part of the shop's catalogue, searched on the server by number, name or brand; each option
 * says how many are on hand. The chosen part stays listed whatever is searched next, and `details`
 * shows what the form wants to say about it under the field. `known` is a part chosen before any
 * search found it (a line being edited); parts in `exclude` (already on an order) are not offered.
 */
export function PartSelect(props: {
  shopId: string;
  value: string | null;
  /** The id chosen (a `known` one has no part yet) and its part when the search found it. */
  onChange: (id: string | null, part: Part | null) => void;
  label?: string;
  error?: ReactNode;
  known?: { id: string; label: string } | null;
  exclude?: readonly string[];
  details?: (part: Part) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Part | null>(null);
  const [searched] = useDebouncedValue(picked && search === partLabel(picked) ? '' : search.trim(), 250);
  const found = trpc.parts.list.useQuery({ serviceCenterId: props.shopId, search: searched || undefined, limit: 20 });
  const options = [...(picked ? [picked] : []), ...(found.data?.items ?? []).filter((p) => p.id !== picked?.id && !props.exclude?.includes(p.id))];
  const data = options.map((p) => ({ value: p.id, label: `${partLabel(p)} (${p.onHand} on hand)` }));
  if (props.known && !options.some((p) => p.id === props.known?.id)) data.unshift({ value: props.known.id, label: props.known.label });
  const chosen = options.find((p) => p.id === props.value);
  return (
    <Stack gap={6}>
      <Select
        label={props.label ?? 'Part'}
        withAsterisk
        searchable
        placeholder="Search your parts by number, name or brand"
        nothingFoundMessage={found.isPending ? 'Loading…' : 'No part of your catalogue matches'}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={data}
        comboboxProps={{ withinPortal: true }}
        value={props.value}
        error={props.error}
        onChange={(value) => {
          const part = options.find((p) => p.id === value) ?? null;
          setPicked(part);
          props.onChange(value, part);
        }}
      />
      {chosen && props.details ? props.details(chosen) : null}
    </Stack>
  );
}
