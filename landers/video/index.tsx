import { Cta, FictionalBadge, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 9,
  eager: 1,
  css: `
.vd-bg{background:#0b0b0f;color:#fff}
.vd-player{position:relative;width:100%;aspect-ratio:4/5;border-radius:1.25rem;overflow:hidden;background:#000;box-shadow:0 40px 80px -40px var(--c-primary),0 0 0 1px rgba(255,255,255,.08)}
.vd-scene{position:absolute;inset:-6%;will-change:transform;animation:vd-pan 18s ease-in-out infinite alternate}
.vd-tint{position:absolute;inset:0;background:radial-gradient(80% 60% at 70% 20%,rgba(255,255,255,.14),transparent 60%),linear-gradient(180deg,rgba(0,0,0,.55),transparent 28%,transparent 55%,rgba(0,0,0,.85))}
.vd-leak{position:absolute;inset:0;background:linear-gradient(115deg,transparent 30%,rgba(255,190,150,.16) 45%,transparent 60%);will-change:transform,opacity;animation:vd-leak 7s ease-in-out infinite}
.vd-scan{position:absolute;inset:0;background:repeating-linear-gradient(0deg,rgba(255,255,255,.035) 0 1px,transparent 1px 3px);pointer-events:none}
@keyframes vd-pan{0%{transform:scale(1) translate(0,0)}100%{transform:scale(1.12) translate(-3%,2%)}}
@keyframes vd-leak{0%,100%{opacity:0;transform:translateX(-30%)}50%{opacity:1;transform:translateX(30%)}}
.vd-top{position:absolute;top:0;left:0;right:0;display:flex;align-items:center;gap:.6rem;padding:.8rem}
.vd-avatar{width:2.5rem;height:2.5rem;border-radius:50%;overflow:hidden;border:2px solid #fff;flex-shrink:0}
.vd-badge{padding:.1rem .45rem;border-radius:.35rem;background:rgba(0,0,0,.65);font-size:.75rem;font-weight:800;letter-spacing:.04em}
.vd-play{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);display:flex;flex-direction:column;align-items:center;gap:.75rem;color:#fff;text-decoration:none;text-align:center;width:80%}
.vd-play-btn{position:relative;display:inline-flex;align-items:center;justify-content:center;width:88px;height:88px;border-radius:50%;background:var(--c-primary);box-shadow:0 12px 30px rgba(0,0,0,.6)}
.vd-play-btn::before{content:"";position:absolute;inset:-10px;border-radius:50%;border:3px solid #fff;opacity:.6;animation:vd-pulse 2s ease-out infinite}
@keyframes vd-pulse{0%{transform:scale(.85);opacity:.8}100%{transform:scale(1.35);opacity:0}}
.vd-play:focus-visible .vd-play-btn{outline:3px solid #fff;outline-offset:6px}
.vd-play-text{padding:.35rem .8rem;border-radius:999px;background:rgba(0,0,0,.72);font-weight:800}
.vd-controls{position:absolute;left:0;right:0;bottom:0;padding:.6rem .8rem .8rem}
.vd-track{height:4px;border-radius:2px;background:rgba(255,255,255,.3);overflow:hidden}
.vd-fill{height:100%;background:var(--c-primary);transform:scaleX(.02);transform-origin:left;transition:transform 1s linear}
.vd-time{font-variant-numeric:tabular-nums;font-size:.85rem;font-weight:700}
.vd-thumb{position:relative;display:block;border-radius:1rem;overflow:hidden;color:#fff;text-decoration:none;background:#222}
.vd-thumb:focus-visible{outline:3px solid #fff;outline-offset:3px}
.vd-thumb .vd-mini{position:absolute;left:50%;top:45%;transform:translate(-50%,-50%);display:inline-flex;width:48px;height:48px;align-items:center;justify-content:center;border-radius:50%;background:rgba(0,0,0,.6)}
.vd-dur{position:absolute;right:.5rem;bottom:3rem;padding:0 .35rem;border-radius:.3rem;background:rgba(0,0,0,.75);font-size:.75rem;font-weight:700;font-variant-numeric:tabular-nums}
@media (min-width:768px){.vd-player{aspect-ratio:16/10}}
@media (prefers-reduced-motion:reduce){.vd-scene,.vd-leak,.vd-play-btn::before{animation:none}.vd-fill{transition:none}}
`,
};

/**
 * A hero with a member's photo, softly animated, and a button that leads to signup. It is a photo and says so: no
 * player, timecode or play buttons around it (issue 17, item 2).
 */
export default function Video(props: LanderProps) {
  const { t, profiles, fictional, links, countryName, eager } = props;
  const star = profiles[0];
  const more = profiles.slice(1, meta.profiles);
  return (
    <div className="vd-bg">
      <section className="mx-auto max-w-4xl px-4 pb-8 pt-6">
        <h1 className="m-0 text-center text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'video')}</h1>
        <p className="mx-auto mb-6 mt-3 max-w-2xl text-center text-lg text-white/85">{t('lander.video.intro')}</p>
        {star && (
          <div className="vd-player" data-testid="lander-profiles">
            <div className="vd-scene" aria-hidden="true">
              <ProfilePhoto profile={star} t={t} index={0} eager={eager} alt="" />
            </div>
            <div className="vd-leak" aria-hidden="true" />
            <div className="vd-tint" aria-hidden="true" />
            <div className="vd-scan" aria-hidden="true" />
            <div className="vd-top">
              <span className="vd-avatar" aria-hidden="true">
                <ProfilePhoto profile={star} t={t} index={0} eager={eager} alt="" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="m-0 truncate font-bold">{nameAge(star)}</p>
                <p className="m-0 truncate text-sm text-white/85">{placeOf(star, countryName)}</p>
              </div>
              <FictionalBadge profile={star} fictional={fictional} />
            </div>
            <a href={links.signup} className="vd-play" data-testid="video-play">
              <span className="vd-play-btn">
                <Icon name="heart" size={40} />
              </span>
              <span className="vd-play-text">{t('lander.video.play', { name: star.name })}</span>
            </a>
          </div>
        )}
        <div className="mt-7 text-center">
          <Cta href={links.signup}>{t('lander.video.cta')}</Cta>
          <p className="mb-0 mt-3 text-sm text-white/80">{t('lander.trust')}</p>
        </div>
      </section>
      {more.length > 0 && (
        <section className="mx-auto max-w-4xl px-4 pb-10" aria-labelledby="vd-more">
          <h2 id="vd-more" className="mb-4 mt-0 text-xl font-bold">
            {t('lander.video.more_title')}
          </h2>
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4">
            {more.map((p, i) => (
              <li key={p.id}>
                <a href={p.href} className="vd-thumb">
                  <div className="relative aspect-[4/5]">
                    <ProfilePhoto profile={p} t={t} index={1 + i} eager={eager} />
                    <FictionalBadge profile={p} fictional={fictional} className="absolute left-2 top-2" />
                  </div>
                  <span className="block px-3 py-2">
                    <span className="block truncate font-bold">{nameAge(p)}</span>
                    <span className="block truncate text-sm text-white/80">{placeOf(p, countryName)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
