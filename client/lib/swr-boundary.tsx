import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { SWRConfig } from 'swr';
import { fallbackAtom } from '../state/atoms';

/**
 * SWR for a lazy screen: the server's pre-loaded answers as fallback, no revalidation of what the server just
 * loaded. It lives here, not around the whole app, so SWR stays out of the home page's first JavaScript (the home
 * screen reads its one answer with a small hook of its own).
 */
export function withSwr(Screen: ComponentType): ComponentType {
  return function SwrScreen() {
    const fallback = useAtomValue(fallbackAtom);
    return (
      <SWRConfig value={{ fallback, revalidateOnMount: false, revalidateIfStale: false }}>
        <Screen />
      </SWRConfig>
    );
  };
}
