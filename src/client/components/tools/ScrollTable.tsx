import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways inside its own box on narrow screens. The box is focusable and
 * named so keyboard users can scroll it too. It is positioned, so visually hidden text inside it (an
 * actions column's header) is clipped with the table instead of widening the page.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ position: 'relative', overflowX: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
