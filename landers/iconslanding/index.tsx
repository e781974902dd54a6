import { PREMIUM_PERCENT } from '../../core/schemas/payments';
import { Cta, FictionalBadge, FictionalMark, Icon, ProfilePhoto, headline, nameAge, placeOf, type IconName } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 13,
  eager: 3,
  css: `
.il-hero{background:radial-gradient(90% 120% at 0% 0%,var(--c-primary),var(--c-secondary));color:#fff}
.il-faces{display:flex;justify-content:center}
.il-faces>li{margin-left:-12px}.il-faces>li:first-child{margin-left:0}
.il-face{width:56px;height:56px;border-radius:50%;overflow:hidden;border:3px solid #fff;background:#ddd;box-shadow:0 6px 14px -6px rgba(0,0,0,.6)}
.il-icon{display:inline-flex;align-items:center;justify-content:center;width:3.25rem;height:3.25rem;border-radius:1rem;background:var(--c-primary);color:#fff;box-shadow:0 10px 20px -12px var(--c-primary)}
.il-benefit{border-radius:1.25rem;background:#fff;padding:1.25rem;box-shadow:0 10px 30px -22px rgba(40,10,30,.55)}
.il-step{display:inline-flex;align-items:center;justify-content:center;width:2.25rem;height:2.25rem;border-radius:50%;background:var(--c-secondary);color:#fff;font-weight:800}
.il-card{display:block;border-radius:1rem;overflow:hidden;background:#fff;color:#1f1a1d;text-decoration:none;box-shadow:0 10px 24px -18px rgba(40,10,30,.7)}
.il-card:focus-visible{outline:3px solid var(--c-primary);outline-offset:3px}
`,
};

const BENEFITS: [IconName, string][] = [
  ['gift', 'free'],
  ['lock', 'discreet'],
  ['pin', 'near'],
  ['chat', 'chat'],
  ['star', 'premium'],
  ['phone', 'mobile'],
];

/** Why join, in six icons and three steps, with real members of the brand in between. */
export default function IconsLanding(props: LanderProps) {
  const { t, profiles, fictional, links, countryName, eager } = props;
  // The small faces up top are members who are not fictional where possible; the cards below show the rest.
  const faces = [...profiles.filter((p) => !p.fictional), ...profiles.filter((p) => p.fictional)].slice(0, 5);
  const cards = profiles.filter((p) => !faces.includes(p)).slice(0, meta.profiles - faces.length);
  return (
    <div className="bg-gray-50 text-gray-900">
      <section className="il-hero">
        <div className="mx-auto max-w-3xl px-4 py-10 text-center md:py-14">
          {faces.length > 0 && (
            <ul className="il-faces m-0 list-none p-0">
              {faces.map((p, i) => (
                <li key={p.id} className="relative">
                  <span className="il-face block">
                    <ProfilePhoto profile={p} t={t} index={i} eager={eager} />
                  </span>
                  <FictionalMark profile={p} fictional={fictional} className="absolute -right-1 -top-1" />
                </li>
              ))}
            </ul>
          )}
          <p className="mb-0 mt-3 text-sm font-semibold text-white/90">{t('lander.iconslanding.faces')}</p>
          <h1 className="mb-0 mt-4 text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'iconslanding')}</h1>
          <p className="mx-auto mb-0 mt-4 max-w-xl text-lg text-white/90">{t('lander.iconslanding.intro')}</p>
          <div className="mt-7">
            <Cta href={links.signup} variant="light">
              {t('lander.iconslanding.cta')}
            </Cta>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="il-benefits">
        <h2 id="il-benefits" className="mb-6 mt-0 text-center text-2xl font-extrabold">
          {t('lander.iconslanding.benefits_title', { brand: props.brand.name })}
        </h2>
        <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(([icon, key]) => (
            <li key={key} className="il-benefit flex items-start gap-4">
              <span className="il-icon shrink-0">
                <Icon name={icon} size={26} />
              </span>
              <div>
                <h3 className="m-0 text-lg font-bold">{t(`lander.iconslanding.${key}_title`)}</h3>
                <p className="mb-0 mt-1 text-gray-700">{t(`lander.iconslanding.${key}_text`, { percent: PREMIUM_PERCENT })}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {cards.length > 0 && (
        <section className="mx-auto max-w-5xl px-4 pb-4" aria-labelledby="il-members">
          <h2 id="il-members" className="mb-4 mt-0 text-2xl font-extrabold">
            {t('lander.iconslanding.members_title')}
          </h2>
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4" data-testid="lander-profiles">
            {cards.map((p, i) => (
              <li key={p.id}>
                <a href={p.href} className="il-card">
                  <div className="relative aspect-[4/5]">
                    <ProfilePhoto profile={p} t={t} index={faces.length + i} eager={eager} />
                    <FictionalBadge profile={p} fictional={fictional} className="absolute left-2 top-2" />
                  </div>
                  <div className="px-3 py-2">
                    <p className="m-0 truncate font-bold">{nameAge(p)}</p>
                    <p className="m-0 truncate text-sm text-gray-600">{placeOf(p, countryName)}</p>
                  </div>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="il-steps">
        <h2 id="il-steps" className="mb-6 mt-0 text-center text-2xl font-extrabold">
          {t('lander.iconslanding.steps_title')}
        </h2>
        <ol className="m-0 grid list-none gap-5 p-0 md:grid-cols-3">
          {[1, 2, 3].map((n) => (
            <li key={n} className="flex items-start gap-3">
              <span className="il-step shrink-0" aria-hidden="true">
                {n}
              </span>
              <div>
                <h3 className="m-0 text-lg font-bold">{t(`lander.iconslanding.step${n}_title`)}</h3>
                <p className="mb-0 mt-1 text-gray-700">{t(`lander.iconslanding.step${n}_text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Cta href={links.signup}>{t('lander.cta')}</Cta>
          <p className="mb-0 mt-3 text-sm text-gray-600">{t('lander.trust')}</p>
        </div>
      </section>
    </div>
  );
}
