import { CountSlot, Cta, FictionalBadge, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';

const SHOW_MATCHES_AFTER = 5;

export const meta: LanderMeta = {
  slug: false,
  profiles: 12,
  eager: 1,
  css: `
.ts-bg{background:radial-gradient(130% 90% at 50% 0%,var(--c-secondary) 0%,#140b16 72%);color:#fff}
.ts-deck{outline:none;border-radius:1.5rem}
.ts-deck:focus-visible{box-shadow:0 0 0 3px #fff,0 0 0 6px var(--c-primary)}
.ts-stack{position:relative;width:100%;max-width:360px;aspect-ratio:4/5;margin:0 auto}
.ts-card{position:absolute;inset:0;margin:0;border-radius:1.25rem;overflow:hidden;background:#2b2230;box-shadow:0 24px 40px -20px rgba(0,0,0,.9);transition:transform .35s ease,opacity .35s ease;touch-action:pan-y;user-select:none;-webkit-user-select:none}
.ts-card img{-webkit-user-drag:none;pointer-events:none}
.ts-card:first-child{cursor:grab}
.ts-card[data-drag]{transition:none;cursor:grabbing}
.ts-card:nth-child(2){transform:translateY(14px) scale(.95)}
.ts-card:nth-child(3){transform:translateY(28px) scale(.9)}
.ts-card:nth-child(n+4){display:none}
.ts-card[data-out=like]{transform:translateX(135%) rotate(20deg);opacity:0}
.ts-card[data-out=nope]{transform:translateX(-135%) rotate(-20deg);opacity:0}
.ts-shade{position:absolute;inset:auto 0 0;padding:4rem 1.1rem 1.1rem;background:linear-gradient(transparent,rgba(0,0,0,.85))}
.ts-stamp{position:absolute;top:1.5rem;padding:.2rem .8rem;border:4px solid;border-radius:.6rem;font-size:2rem;font-weight:900;letter-spacing:.08em;opacity:0}
.ts-stamp-like{left:1rem;color:#4ade80;transform:rotate(-14deg);opacity:var(--like,0)}
.ts-stamp-nope{right:1rem;color:#f87171;transform:rotate(14deg);opacity:var(--nope,0)}
.ts-card[data-out=like] .ts-stamp-like,.ts-card[data-out=nope] .ts-stamp-nope{opacity:1}
.ts-btn{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;background:#fff;box-shadow:0 12px 24px -10px rgba(0,0,0,.7);transition:transform .15s}
.ts-btn:hover{transform:scale(1.06)}
.ts-btn:focus-visible{outline:3px solid #fff;outline-offset:3px}
.ts-nope{width:64px;height:64px;color:#dc2626}
.ts-like{width:76px;height:76px;background:var(--c-primary);color:#fff}
[data-deck][data-done] .ts-play{display:none}
.ts-panel{border-radius:1.5rem;background:#fff;color:#1f1f1f;padding:1.75rem 1.25rem;text-align:center;box-shadow:0 30px 60px -25px rgba(0,0,0,.9)}
.ts-panel[data-result=match] [data-when=empty],.ts-panel[data-result=empty] [data-when=match]{display:none}
.ts-slot{position:relative;margin-left:-14px}
.ts-slot:first-child{margin-left:0}
.ts-slot .lander-fict-mini{position:absolute;right:-4px;top:-4px}
.ts-avatar{display:block;width:64px;height:64px;border-radius:50%;object-fit:cover;border:3px solid #fff;box-shadow:0 4px 10px rgba(0,0,0,.25)}
@media (prefers-reduced-motion:reduce){.ts-card,.ts-btn{transition:none}}
`,
};

/** A swipeable card deck: like or pass by dragging, the buttons or the arrow keys; after a few, the matches. */
export default function TinderSwipe(props: LanderProps) {
  const { t, language, profiles, fictional, links, countryName, eager } = props;
  const deck = profiles.slice(0, meta.profiles);
  return (
    <div className="ts-bg">
      <section className="mx-auto max-w-md px-4 pb-10 pt-6 text-center">
        <h1 className="m-0 text-3xl font-extrabold leading-tight">{headline(props, 'tinderswipe')}</h1>
        <p className="mx-auto mb-6 mt-3 max-w-sm text-white/85">{t('lander.tinderswipe.intro')}</p>

        <div
          className="ts-deck"
          data-deck
          data-show-after={SHOW_MATCHES_AFTER}
          data-msg-like={t('lander.tinderswipe.liked', { name: '%s' })}
          data-msg-nope={t('lander.tinderswipe.passed', { name: '%s' })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the deck takes arrow keys to like and pass (landers/runtime.ts)
          tabIndex={0}
          role="group"
          aria-label={t('lander.tinderswipe.deck_label')}
          aria-describedby="ts-help"
          data-testid="swipe-deck"
        >
          <div className="ts-play">
            <ul className="ts-stack m-0 list-none p-0" data-deck-stack>
              {deck.map((p, i) => (
                <li
                  key={p.id}
                  className="ts-card text-left"
                  data-card
                  data-name={p.name}
                  style={{ zIndex: deck.length - i }}
                  data-testid="swipe-card"
                >
                  <ProfilePhoto profile={p} t={t} index={i} eager={eager} />
                  <span className="ts-stamp ts-stamp-like" aria-hidden="true">
                    LIKE
                  </span>
                  <span className="ts-stamp ts-stamp-nope" aria-hidden="true">
                    NOPE
                  </span>
                  <FictionalBadge profile={p} fictional={fictional} className="absolute left-3 top-3" />
                  <div className="ts-shade">
                    <p className="m-0 text-2xl font-extrabold">{nameAge(p)}</p>
                    <p className="m-0 mt-1 flex items-center gap-1 text-white/90">
                      <Icon name="pin" size={16} />
                      {placeOf(p, countryName)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>

            <div className="mt-10 flex items-center justify-center gap-8">
              <a
                href={links.signup}
                className="ts-btn ts-nope"
                data-swipe="nope"
                aria-label={t('lander.tinderswipe.nope')}
                title={t('lander.tinderswipe.nope')}
                data-testid="swipe-nope"
              >
                <Icon name="x" size={30} />
              </a>
              <a
                href={links.signup}
                className="ts-btn ts-like"
                data-swipe="like"
                aria-label={t('lander.tinderswipe.like')}
                title={t('lander.tinderswipe.like')}
                data-testid="swipe-like"
              >
                <Icon name="heart" size={36} />
              </a>
            </div>
            <p id="ts-help" className="mb-0 mt-4 text-sm text-white/80">
              {t('lander.tinderswipe.help')}
            </p>
          </div>

          <p className="sr-only" aria-live="polite" data-deck-status />

          <div className="ts-panel" data-deck-panel hidden data-testid="swipe-matches">
            <div className="mb-3 flex justify-center" aria-hidden="true">
              {/* One face per possible like: the panel opens by the SHOW_MATCHES_AFTER-th swipe at the latest after a
                  like, so there are never more likes than faces, and the count it shows is the faces it shows
                  (issue 46, item 11: 4 faces for 5 likes). */}
              {Array.from({ length: SHOW_MATCHES_AFTER }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of empty slots, filled in order by landers/runtime.ts
                <span key={i} className="ts-slot" data-match-avatar={i} hidden>
                  <img className="ts-avatar" alt="" width={64} height={64} />
                </span>
              ))}
            </div>
            <h2 className="m-0 text-2xl font-extrabold" data-when="match">
              {t('lander.tinderswipe.matches_title')}
            </h2>
            <h2 className="m-0 text-2xl font-extrabold" data-when="empty">
              {t('lander.tinderswipe.empty_title')}
            </h2>
            <p className="mb-0 mt-2 text-lg font-bold text-primary" data-when="match">
              <CountSlot t={t} k="lander.tinderswipe.matches_count" language={language} />
            </p>
            <p className="mb-5 mt-2 text-gray-700" data-when="match">
              {t('lander.tinderswipe.matches_text')}
            </p>
            <p className="mb-5 mt-2 text-gray-700" data-when="empty">
              {t('lander.tinderswipe.empty_text')}
            </p>
            <Cta href={links.matches}>{t('lander.tinderswipe.matches_cta')}</Cta>
          </div>
        </div>

        <div className="mt-8">
          <Cta href={links.signup} variant="light">
            {t('lander.cta')}
          </Cta>
          <p className="mb-0 mt-3 text-sm text-white/80">{t('lander.trust')}</p>
        </div>
      </section>
    </div>
  );
}
