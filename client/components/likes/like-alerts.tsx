import { useAtom, useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { AUTO_LIKE_RELOAD_MS } from '../../../core/constants';
import { LIKES_URL } from '../../../core/member-urls';
import { apiGet } from '../../api/typed-fetch';
import { navigate } from '../../navigation';
import { likeModalAtom, routeAtom } from '../../state/atoms';
import { MatchModal } from './match-modal';

/** Reads the like popup's delay from the address: `t` in whole or decimal seconds, nothing else. */
export function popupDelaySeconds(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  return t !== null && /^\d{1,4}(\.\d{1,3})?$/.test(t) ? Number(t) : null;
}

/**
 * The like popup and the new-like / match modal for logged-in members (SPEC.md §2 modals 3 and 4): a numeric `t`
 * in the query opens it after t seconds and is removed from the address; a live like event opens it with the
 * profile; opened without one, it shows the newest profile that liked the member (auto-like), and the likes are
 * reloaded 500 ms later.
 */
export default function LikeAlerts() {
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const [modal, setModal] = useAtom(likeModalAtom);
  const { mutate } = useSWRConfig();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on arrival: the ?t= of the link that opened the page starts the popup timer, later navigation must not
  useEffect(() => {
    const delay = popupDelaySeconds(route.search);
    if (delay === null) return;
    const query = new URLSearchParams(route.search);
    query.delete('t');
    navigate(store, `${route.path}${query.size ? `?${query}` : ''}${location.hash}`, true);
    const timer = setTimeout(() => setModal({ profile: null, match: false }), delay * 1000);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!modal || modal.profile) return;
    let cancelled = false;
    void apiGet('/api/auto-like.php')
      .then((r) => {
        if (cancelled) return;
        setModal(r.profile ? { profile: r.profile, match: false } : null);
        setTimeout(() => void mutate(LIKES_URL), AUTO_LIKE_RELOAD_MS);
      })
      .catch(() => setModal(null));
    return () => {
      cancelled = true;
    };
  }, [modal, setModal, mutate]);

  return <MatchModal profile={modal?.profile ?? null} match={modal?.match} onClose={() => setModal(null)} />;
}
