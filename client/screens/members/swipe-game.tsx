import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { ProfileCard } from '../../../core/schemas/profile';
import { ApiError } from '../../api/fetch-client';
import { apiSend } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { imageUrl } from '../../../core/image-url';
import { Link } from '../../navigation';
import { settingsAtom } from '../../state/atoms';
import { MatchModal } from '../../components/likes/match-modal';
import { Icon } from '../../components/icon';
import { useHydrated } from '../../lib/hydrated';
import { intlLocale } from '../../../core/rules/language';
import { FictionalMark } from '../../components/fictional-mark';

const THRESHOLD = 100; // px of drag that counts as a decision

/**
 * /swipe-game: a stack of cards, decided by dragging (touch or mouse), the arrow keys or the buttons. Only the top
 * two cards are in the page and they use the thumbnails, so a cheap phone animates one small layer at a time.
 */
export function SwipeGameScreen() {
  const { t } = useTranslation();
  const { data, stack, likesLeft, notice, match, setMatch, decide } = useSwipeStack();
  // Out of today's likes: Like is off and the limit says when they come back (the stack's resets_at), before a tap.
  const outOfLikes = likesLeft === 0;
  const limitNotice = outOfLikes && data ? <LimitNotice resetsAt={data.resets_at} /> : null;
  const top = stack[0];
  useArrowKeys(top, decide);

  return (
    <div className="container mx-auto max-w-md px-3 py-6" data-testid="swipe-game">
      <h1 className="m-0 text-2xl font-bold">{t('swipe.title')}</h1>
      <p className="mt-1 text-gray-600">{t('swipe.intro')}</p>
      <p className="m-0 mb-3 text-sm font-semibold" aria-live="polite" data-testid="likes-left">
        {likesLeft === null ? t('swipe.unlimited') : likesLeft !== undefined && t('swipe.likes_left', { count: likesLeft })}
      </p>
      <div className="relative mx-auto aspect-[4/5] w-full">
        {!data && (
          <p role="status" className="text-gray-600">
            {t('common.loading')}
          </p>
        )}
        {data && !top && <p className="pt-10 text-center">{t('swipe.empty')}</p>}
        {stack
          .slice(0, 2)
          .reverse()
          .map((p) => (
            <SwipeCard key={p.id} profile={p} isTop={p.id === top?.id} onDecide={(action) => decide(p, action)} />
          ))}
      </div>
      {top && (
        <div className="mt-4 flex justify-center gap-4">
          <button type="button" className="btn btn-light btn-lg" onClick={() => decide(top, 'pass')} data-testid="swipe-pass">
            <Icon name="i-lucide-x" /> {t('swipe.pass')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-lg disabled:cursor-not-allowed disabled:opacity-50"
            onClick={() => decide(top, 'like')}
            disabled={outOfLikes}
            data-testid="swipe-like"
          >
            <Icon name="i-lucide-heart" /> {t('swipe.like')}
          </button>
        </div>
      )}
      <p className="mt-3 text-center text-xs text-gray-600">{t('swipe.keys')}</p>
      {(notice ?? limitNotice) && (
        <div className="alert alert-warning mt-3" role="alert" data-testid="swipe-notice">
          {notice ?? limitNotice} {outOfLikes && <Link href="/premium">{t('swipe.go_premium')}</Link>}
        </div>
      )}
      <MatchModal profile={match} match onClose={() => setMatch(null)} />
    </div>
  );
}

type Decide = (profile: ProfileCard, action: 'like' | 'pass') => Promise<void>;

/** The stack of cards still to decide, today's likes left, and deciding one card (refilled before it runs out). */
function useSwipeStack() {
  const { t } = useTranslation();
  const { data, mutate } = useApi('/api/swipe.php', {}, { revalidateOnMount: true });
  const [gone, setGone] = useState<number[]>([]);
  const [left, setLeft] = useState<number | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const stack = (data?.profiles ?? []).filter((p) => !gone.includes(p.id));
  const likesLeft = left === undefined ? data?.likes_left : left;
  const outOfLikes = likesLeft === 0;

  const decide: Decide = useCallback(
    async (profile, action) => {
      if (action === 'like' && outOfLikes) return;
      setNotice(null);
      try {
        const r = await apiSend('post', '/api/swipe.php', { profile_id: profile.id, action });
        setLeft(r.likes_left);
        setGone((g) => [...g, profile.id]);
        if (r.match) setMatch(profile);
      } catch (e) {
        // Out of likes: the limit's own notice says when they come back, in the member's clock.
        if (e instanceof ApiError && e.code === 'swipe_limit') setLeft(0);
        else setNotice(e instanceof ApiError ? e.message : t('errors.generic'));
      }
    },
    [t, outOfLikes],
  );

  // Fetch more cards before the stack runs out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the stack shrinks; data and mutate change with every fetch
  useEffect(() => {
    // The server leaves out what was liked or passed, so the reloaded stack starts afresh.
    if (data && data.profiles.length > 0 && stack.length < 2) void mutate().then(() => setGone([]));
  }, [stack.length]);

  return { data, stack, likesLeft, notice, match, setMatch, decide };
}

/** The arrow keys decide the top card (right likes, left passes), except while typing or in a dialog. */
function useArrowKeys(top: ProfileCard | undefined, decide: Decide) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!top || (e.target as HTMLElement).closest('input, textarea, select, dialog')) return;
      if (e.key === 'ArrowRight') void decide(top, 'like');
      if (e.key === 'ArrowLeft') void decide(top, 'pass');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [top, decide]);
}

function SwipeCard({ profile, isTop, onDecide }: { profile: ProfileCard; isTop: boolean; onDecide: (a: 'like' | 'pass') => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const card = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!isTop) return;
    start.current = e.clientX;
    card.current?.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(e.clientX - start.current);
  };
  const up = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(dx) > THRESHOLD) onDecide(dx > 0 ? 'like' : 'pass');
    setDx(0);
  };
  const src = profile.main_image && imageUrl(settings.cdn_prefix, profile.main_image.thumb_filename);
  return (
    <div
      ref={card}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      className={`absolute inset-0 touch-none select-none overflow-hidden rounded-2xl bg-gray-200 shadow-lg ${isTop ? 'cursor-grab' : '[transform:scale(.95)]'}`}
      style={{ transform: dx ? `translateX(${dx}px) rotate(${dx / 20}deg)` : undefined, transition: dx ? 'none' : 'transform .2s' }}
      data-testid={isTop ? 'swipe-card' : undefined}
      aria-hidden={!isTop}
    >
      {src && (
        <img
          src={src}
          alt={t('profile.photo_of', { name: profile.name })}
          width={320}
          height={400}
          draggable={false}
          className="h-full w-full object-cover"
        />
      )}
      {dx !== 0 && (
        <span
          className={`absolute top-6 rounded-lg border-4 border-solid px-3 py-1 text-2xl font-extrabold ${dx > 0 ? 'left-6 border-success text-success' : 'right-6 border-danger text-danger'}`}
        >
          {dx > 0 ? t('swipe.like') : t('swipe.pass')}
        </span>
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
        <p className="m-0 text-2xl font-bold">
          {profile.name}, {profile.age}
        </p>
        <p className="m-0">{profile.city ?? profile.country}</p>
        {profile.fictional && (
          <p className="m-0 mt-1 text-sm" title={settings.fictional_warning}>
            <FictionalMark />
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * When today's likes come back. The day is the server's (UTC), so the server's render names the time in UTC; once
 * hydrated, the page names it in the browser's own time zone (a Dutch member's 00:00 UTC is 01:00 or 02:00).
 */
function LimitNotice({ resetsAt }: { resetsAt: string }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) return <>{t('swipe.limit_reached', { time: resetsAt.slice(11, 16) })}</>;
  const time = new Intl.DateTimeFormat(intlLocale(i18n.language), { hour: '2-digit', minute: '2-digit' }).format(new Date(resetsAt));
  return <>{t('swipe.limit_reached_local', { time })}</>;
}
