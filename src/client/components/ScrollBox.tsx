import { Box, type StyleProp } from '@mantine/core';
import type { AriaAttributes, CSSProperties, ReactNode, Ref } from 'react';

export interface ScrollBoxProps extends Pick<AriaAttributes, 'aria-label'> {
  children: ReactNode;
  /** Height it grows to before it scrolls; `h` fixes the height instead. */
  mah?: StyleProp<CSSProperties['maxHeight']>;
  h?: StyleProp<CSSProperties['height']>;
  /** Keyboard users can scroll it: it takes focus with Tab (for content with nothing focusable in it). */
  focusable?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A region that scrolls with the browser's own scrollbar (decision 171): Mantine's custom one runs an
 * animation-frame loop after each scroll that outlives a list or dialog closed right after it.
 */
export function ScrollBox({ children, focusable, ref, ...box }: ScrollBoxProps) {
  return (
    <Box ref={ref} tabIndex={focusable ? 0 : undefined} style={{ overflow: 'auto', overscrollBehavior: 'contain' }} {...box}>
      {children}
    </Box>
  );
}
