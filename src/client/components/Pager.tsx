import { Center, Pagination } from '@mantine/core';

/** Page buttons with names a screen reader can say; nothing when everything fits on one page. */
export function Pager({ total, pageSize, page, onChange }: { total: number; pageSize: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
        getControlProps={(control) => ({ 'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page` })}
      />
    </Center>
  );
}
