import type { CSSProperties } from 'react';
import { activity } from '../_shared/activity';
import { Cta, FictionalBadge, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';

const SLIDES = 6;
const SHOW = 4; // seconds each photo is shown
const FADE = 1.2; // seconds of crossfade

export const meta: LanderMeta = {
  slug: true,
  profiles: 10,
  eager: 1,
  css: `
.tv-bg{background:radial-gradient(100% 70% at 50% 0%,var(--c-secondary),#0d0a10 75%);color:#fff}
.tv-frame{position:relative;width:100%;max-width:400px;aspect-ratio:4/5;margin:0 auto;border-radius:1.5rem;overflow:hidden;background:#222;box-shadow:0 40px 80px -30px rgba(0,0,0,.95),0 0 0 1px rgba(255,255,255,.08)}
.tv-slides{margin:0;padding:0;list-style:none}
.tv-slide{position:absolute;inset:0;opacity:0;animation:tv-o var(--tv-total) linear var(--tv-delay) infinite backwards}
.tv-slide:first-child{opacity:1}
.tv-slide img{transform-origin:50% 35%;animation:tv-z var(--tv-total) linear var(--tv-delay) infinite backwards}
.tv-cap{position:absolute;inset:auto 0 0;padding:5rem 1rem 1.1rem;background:linear-gradient(transparent,rgba(0,0,0,.85))}
.tv-bars{position:absolute;z-index:2;top:.75rem;left:.75rem;right:.75rem;display:flex;gap:4px}
.tv-bars i{flex:1;height:3px;border-radius:2px;background:rgba(255,255,255,.35);overflow:hidden}
.tv-bars i::after{content:"";display:block;height:100%;background:#fff;transform:scaleX(0);transform-origin:left;animation:var(--tv-bar) var(--tv-total) linear var(--tv-wait) infinite backwards}
.tv-toggle-label{position:absolute;z-index:3;top:1.5rem;right:.75rem;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:rgba(0,0,0,.55);color:#fff;cursor:pointer}
.tv-toggle:focus-visible+.tv-frame .tv-toggle-label{outline:3px solid #fff;outline-offset:2px}
.tv-toggle:checked+.tv-frame .tv-slide,.tv-toggle:checked+.tv-frame .tv-slide img,.tv-toggle:checked+.tv-frame .tv-bars i::after{animation-play-state:paused}
.tv-toggle:checked+.tv-frame .tv-pause,.tv-toggle:not(:checked)+.tv-frame .tv-play{display:none}
.tv-thumb{display:block;border-radius:1rem;overflow:hidden;color:#fff;text-decoration:none;background:#222}
.tv-thumb:focus-visible{outline:3px solid #fff;outline-offset:3px}
@media (prefers-reduced-motion:reduce){.tv-slide,.tv-slide img,.tv-bars i::after{animation:none}.tv-slide:not(:first-child),.tv-bars,.tv-toggle-label{display:none}}
`,
};

/**
 * Keyframes for n photos, SHOW seconds each: a photo fades in over the one before, holds while it slowly zooms out,
 * then fades; the story bars above fill one after the other and empty together when the round starts again.
 */
function keyframes(n: number): string {
  const total = n * SHOW;
  const pct = (s: number) => `${((s / total) * 100).toFixed(2)}%`;
  const fade = `@keyframes tv-o{0%{opacity:0}${pct(FADE)},${pct(FADE + SHOW)}{opacity:1}${pct(2 * FADE + SHOW)},100%{opacity:0}}`;
  const zoom = `@keyframes tv-z{0%{transform:scale(1.12)}${pct(2 * FADE + SHOW)},100%{transform:scale(1)}}`;
  const bars = Array.from(
    { length: n },
    (_, i) =>
      `@keyframes tv-b${i}{0%{transform:scaleX(0)}${pct(SHOW)},${pct(total - i * SHOW - 0.05)}{transform:scaleX(1)}${pct(total - i * SHOW)},100%{transform:scaleX(0)}}`,
  ).join('');
  return fade + zoom + bars;
}

/** Profile photos crossfading like a video story, with a pause control; still for who prefers less motion. */
export default function TransitionsVideoLanding(props: LanderProps) {
  const { t, profiles, fictional, links, countryName, now, eager } = props;
  const slides = profiles.slice(0, SLIDES);
  const more = profiles.slice(SLIDES, meta.profiles);
  const total = `${slides.length * SHOW}s`;
  // The first photo is already in at once (it is the page's largest image); each next one fades in over it.
  const delay = (i: number) => `${i * SHOW - FADE}s`;
  return (
    <div className="tv-bg">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet text, built at build time, no member input */}
      <style dangerouslySetInnerHTML={{ __html: keyframes(Math.max(slides.length, 1)) }} />
      <section className="mx-auto grid max-w-5xl items-center gap-7 px-4 pb-10 pt-6 md:grid-cols-2 md:pt-10">
        <div className="text-center md:order-2 md:text-left">
          <h1 className="m-0 text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'transitionsvideolanding')}</h1>
          <p className="mb-0 mt-3 text-lg text-white/85">{t('lander.transitionsvideolanding.intro')}</p>
          <div className="mt-6 hidden md:block">
            <Cta href={links.signup}>{t('lander.transitionsvideolanding.cta')}</Cta>
          </div>
        </div>
        {slides.length > 0 && (
          <div className="relative md:order-1">
            <input type="checkbox" id="tv-pause" className="tv-toggle sr-only" />
            <div className="tv-frame">
              <div className="tv-bars" aria-hidden="true">
                {slides.map((p, i) => (
                  <i key={p.id} style={{ '--tv-bar': `tv-b${i}`, '--tv-total': total, '--tv-wait': `${i * SHOW}s` } as CSSProperties} />
                ))}
              </div>
              <label htmlFor="tv-pause" className="tv-toggle-label" title={t('lander.transitionsvideolanding.pause')}>
                <span className="tv-pause">
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
                  </svg>
                </span>
                <span className="tv-play">
                  <Icon name="play" size={18} />
                </span>
                <span className="sr-only">{t('lander.transitionsvideolanding.pause')}</span>
              </label>
              <ul className="tv-slides" data-testid="lander-profiles">
                {slides.map((p, i) => (
                  <li key={p.id} className="tv-slide" style={{ '--tv-total': total, '--tv-delay': delay(i) } as CSSProperties}>
                    <a href={p.href} className="block h-full text-white no-underline">
                      <ProfilePhoto profile={p} t={t} index={i} eager={eager} />
                      <FictionalBadge profile={p} fictional={fictional} className="absolute left-3 top-8" />
                      <div className="tv-cap">
                        <p className="m-0 flex items-center gap-2 text-2xl font-extrabold">
                          {activity(p.lastActive, now).online && <span className="lander-online" aria-hidden="true" />}
                          {nameAge(p)}
                        </p>
                        <p className="m-0 mt-1 flex items-center gap-1 text-white/90">
                          <Icon name="pin" size={16} />
                          {placeOf(p, countryName)}
                        </p>
                      </div>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <div className="text-center md:hidden">
          <Cta href={links.signup}>{t('lander.transitionsvideolanding.cta')}</Cta>
        </div>
      </section>
      {more.length > 0 && (
        <section className="mx-auto max-w-5xl px-4 pb-10" aria-labelledby="tv-more">
          <h2 id="tv-more" className="mb-4 mt-0 text-xl font-bold">
            {t('lander.transitionsvideolanding.more_title')}
          </h2>
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4">
            {more.map((p, i) => (
              <li key={p.id}>
                <a href={p.href} className="tv-thumb">
                  <div className="relative aspect-[4/5]">
                    <ProfilePhoto profile={p} t={t} index={slides.length + i} eager={eager} />
                    <FictionalBadge profile={p} fictional={fictional} className="absolute left-2 top-2" />
                  </div>
                  <p className="m-0 truncate px-3 py-2 font-bold">{nameAge(p)}</p>
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <Cta href={links.signup}>{t('lander.cta')}</Cta>
            <p className="mb-0 mt-3 text-sm text-white/80">{t('lander.trust')}</p>
          </div>
        </section>
      )}
    </div>
  );
}
