import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { withCatalogue } from '../../i18n';
import { userAtom } from '../../state/atoms';

// The banner, the modal and the time rule load only for unpaid members; the home page's entry carries this alone.
const TimeBonus = lazy(() => withCatalogue(import('./time-bonus')));

/**
 * Where the layouts put the time bonus. It mounts after hydration: whether the bonus runs depends on the
 * browser's clock, which the server's render could not know, so both first trees stay the same.
 */
export function TimeBonusSlot({ banner = true }: { banner?: boolean }) {
  const unpaid = useAtomValue(userAtom)?.paid_user === false;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !unpaid) return null;
  return (
    <Suspense fallback={null}>
      <TimeBonus banner={banner} />
    </Suspense>
  );
}
