import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone. The scrolling region is reachable by keyboard (axe's
 * scrollable-region-focusable): without it a keyboard user could not read the columns beyond the screen.
 */
export function TableWrap({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className="table-wrap" tabIndex={0}>
      {children}
    </div>
  );
}
