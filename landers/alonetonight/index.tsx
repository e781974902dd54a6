import { activity, agoMinutes } from '../_shared/activity';
import { Cta, FictionalBadge, Icon, ProfilePhoto, Slot, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 16,
  eager: 2,
  css: `
.at-bg{color:#fff;background:#0f0b24;background-image:radial-gradient(1.5px 1.5px at 12% 18%,#fff9 50%,transparent 51%),radial-gradient(1px 1px at 32% 8%,#fff8 50%,transparent 51%),radial-gradient(1.5px 1.5px at 58% 22%,#fff7 50%,transparent 51%),radial-gradient(1px 1px at 76% 12%,#fff9 50%,transparent 51%),radial-gradient(1.5px 1.5px at 90% 30%,#fff6 50%,transparent 51%),radial-gradient(1px 1px at 45% 35%,#fff5 50%,transparent 51%),radial-gradient(120% 60% at 50% 0%,#2d1b5e 0%,#0f0b24 70%)}
.at-moon{color:#fde68a;filter:drop-shadow(0 0 18px rgba(253,230,138,.55))}
.at-pill{display:inline-flex;align-items:center;gap:.5rem;padding:.3rem .85rem;border-radius:999px;background:rgba(255,255,255,.12);font-weight:700;font-size:.9rem}
.at-dot{position:relative;width:.6rem;height:.6rem;border-radius:50%;background:#22c55e}
.at-dot::after{content:"";position:absolute;inset:0;border-radius:50%;background:#22c55e;animation:at-ping 2s ease-out infinite}
@keyframes at-ping{0%{transform:scale(1);opacity:.7}80%,100%{transform:scale(3);opacity:0}}
.at-timer{font-variant-numeric:tabular-nums;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:800;letter-spacing:.04em}
.at-card{display:block;border-radius:1rem;overflow:hidden;background:#1c1638;color:#fff;text-decoration:none;box-shadow:0 16px 30px -18px rgba(0,0,0,.9);transition:transform .2s}
.at-card:hover{transform:translateY(-3px)}
.at-card:focus-visible{outline:3px solid #fde68a;outline-offset:3px}
.at-status{position:absolute;left:.5rem;bottom:.5rem;display:inline-flex;align-items:center;gap:.35rem;padding:.15rem .55rem;border-radius:999px;background:rgba(0,0,0,.72);font-size:.75rem;font-weight:700}
.at-sticky{position:sticky;bottom:0;z-index:40;padding:.75rem 1rem calc(.75rem + env(safe-area-inset-bottom));background:linear-gradient(transparent,rgba(15,11,36,.96) 35%)}
@media (max-width:767.98px){html{scroll-padding-bottom:calc(6rem + env(safe-area-inset-bottom))}.at-list{padding-bottom:calc(6rem + env(safe-area-inset-bottom))}}
@media (min-width:768px){.at-sticky{display:none}}
@media (prefers-reduced-motion:reduce){.at-dot::after{animation:none;opacity:0}.at-card{transition:none}}
`,
};

/**
 * "Who is alone tonight near you": a night sky and the brand's most recently active members with their real last
 * activity (worker/ssr/lander.tsx asks for them newest first). The online count is the brand's real one (shown only
 * when someone is); there is no countdown (issue 17, item 2). On a phone the call to action sticks to the bottom of
 * the screen: the list keeps the bar's height of room below its last card, and a card that gets focus or is scrolled
 * to stops above the bar (scroll-padding), so the bar never covers a name (issue 46, item 11).
 */
export default function AloneTonight(props: LanderProps) {
  const { t, profiles, fictional, links, countryName, language, now, eager, counts } = props;
  const shown = profiles.slice(0, meta.profiles);
  const states = shown.map((p) => activity(p.lastActive, now));
  const online = counts.online;
  return (
    <div className="at-bg">
      <section className="mx-auto max-w-5xl px-4 pb-8 pt-8 text-center">
        <Icon name="moon" size={44} className="at-moon" />
        {online > 0 && (
          <p className="mb-0 mt-3" data-testid="online-now">
            <span className="at-pill">
              <span className="at-dot" aria-hidden="true" />
              <Slot t={t} k="lander.alonetonight.online_now">
                <strong>{online}</strong>
              </Slot>
            </span>
          </p>
        )}
        <h1 className="mx-auto mb-0 mt-4 max-w-2xl text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'alonetonight')}</h1>
        <p className="mx-auto mb-0 mt-4 max-w-xl text-lg text-white/85">{t('lander.alonetonight.intro')}</p>
        <div className="mt-6">
          <Cta href={links.signup}>{t('lander.alonetonight.cta')}</Cta>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 pb-10" aria-labelledby="at-list">
        <h2 id="at-list" className="mb-4 mt-0 text-xl font-bold">
          {t('lander.alonetonight.list_title')}
        </h2>
        <ul className="at-list m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4" data-testid="lander-profiles">
          {shown.map((p, i) => (
            <li key={p.id}>
              <a href={p.href} className="at-card">
                <div className="relative aspect-[4/5]">
                  <ProfilePhoto profile={p} t={t} index={i} eager={eager} />
                  <FictionalBadge profile={p} fictional={fictional} className="absolute left-2 top-2" />
                  <span className="at-status">
                    {states[i].online ? (
                      <>
                        <span className="lander-online" aria-hidden="true" />
                        {t('lander.online')}
                      </>
                    ) : (
                      t('lander.active', { when: agoMinutes(language, states[i].minutesAgo) })
                    )}
                  </span>
                </div>
                <div className="px-3 py-2 text-left">
                  <p className="m-0 truncate font-bold">{nameAge(p)}</p>
                  <p className="m-0 flex items-center gap-1 truncate text-sm text-white/80">
                    <Icon name="pin" size={14} />
                    {placeOf(p, countryName)}
                  </p>
                </div>
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-8 rounded-2xl bg-white/10 p-6 text-center">
          <p className="m-0 text-2xl font-extrabold">{t('lander.alonetonight.bottom_title')}</p>
          <p className="mb-5 mt-2 text-white/85">{t('lander.trust')}</p>
          <Cta href={links.signup}>{t('lander.cta')}</Cta>
        </div>
      </section>
      <div className="at-sticky" data-testid="sticky-cta">
        <Cta href={links.signup} className="w-full">
          {t('lander.alonetonight.cta')}
        </Cta>
      </div>
    </div>
  );
}
