import { activity } from '../_shared/activity';
import { Cta, FictionalBadge, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProfile, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 20,
  eager: 2,
  css: `
.gl-bg{background:#f6f3f5;color:#1f1a1d}
.gl-hero{background:linear-gradient(135deg,var(--c-primary),var(--c-secondary));color:#fff}
.gl-row{display:flex;gap:.85rem;overflow-x:auto;padding:.25rem 1rem 1rem;margin:0;list-style:none;scroll-padding-left:1rem}
.gl-row>li{flex:0 0 auto}
.gl-big{width:72vw;max-width:300px}
.gl-small{width:42vw;max-width:190px}
.gl-card{display:block;border-radius:1rem;overflow:hidden;background:#fff;color:#1f1a1d;text-decoration:none;box-shadow:0 10px 24px -16px rgba(40,10,30,.6)}
.gl-card:focus-visible{outline:3px solid var(--c-primary);outline-offset:3px}
.gl-more{display:flex;height:100%;min-height:12rem;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;padding:1rem;border-radius:1rem;background:var(--c-secondary);color:#fff;text-align:center;font-weight:800;text-decoration:none}
.gl-more:focus-visible{outline:3px solid var(--c-primary);outline-offset:3px}
.gl-nav{position:absolute;top:-3rem;display:flex;gap:.5rem;right:1rem}
.gl-nav button{width:40px;height:40px;border-radius:50%;border:1px solid #d9d0d6;background:#fff;color:#1f1a1d;font-size:1.25rem;line-height:1;cursor:pointer}
.gl-nav button:focus-visible{outline:3px solid var(--c-primary);outline-offset:2px}
@media (min-width:768px){.gl-row{padding-left:max(1rem,calc((100vw - 64rem)/2));scroll-padding-left:max(1rem,calc((100vw - 64rem)/2))}}
`,
};

function Card({ p, i, props, size }: { p: LanderProfile; i: number; props: LanderProps; size: 'big' | 'small' }) {
  const { t, fictional, countryName, now } = props;
  const online = activity(p.lastActive, now).online;
  return (
    <li className={size === 'big' ? 'gl-big' : 'gl-small'}>
      <a href={p.href} className="gl-card">
        <div className="relative aspect-[4/5]">
          <ProfilePhoto profile={p} t={t} index={i} eager={props.eager} />
          <FictionalBadge profile={p} fictional={fictional} className="absolute left-2 top-2" />
        </div>
        <div className="px-3 py-2">
          <p className={`m-0 flex items-center gap-2 truncate font-bold ${size === 'big' ? 'text-lg' : ''}`}>
            {online && <span className="lander-online" title={t('lander.online')} />}
            {online && <span className="sr-only">{t('lander.online')}</span>}
            {nameAge(p)}
          </p>
          <p className="m-0 flex items-center gap-1 truncate text-sm text-gray-600">
            <Icon name="pin" size={14} />
            {placeOf(p, countryName)}
          </p>
        </div>
      </a>
    </li>
  );
}

function Row({
  id,
  title,
  items,
  offset,
  props,
  size,
}: {
  id: string;
  title: string;
  items: LanderProfile[];
  offset: number;
  props: LanderProps;
  size: 'big' | 'small';
}) {
  const { t, links } = props;
  return (
    <section className="relative pt-8" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mx-auto mb-3 mt-0 max-w-5xl px-4 text-xl font-extrabold">
        {title}
      </h2>
      <div className="relative">
        <div className="gl-nav">
          <button type="button" data-scroll={id} data-dir="-1" aria-label={t('lander.gallery.previous')} hidden>
            ‹
          </button>
          <button type="button" data-scroll={id} data-dir="1" aria-label={t('lander.gallery.next')} hidden>
            ›
          </button>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling list must be reachable by keyboard to scroll */}
        <ul id={id} className="gl-row lander-scroll" tabIndex={0} aria-label={title}>
          {items.map((p, i) => (
            <Card key={p.id} p={p} i={offset + i} props={props} size={size} />
          ))}
          <li className={size === 'big' ? 'gl-big' : 'gl-small'}>
            <a href={links.signup} className="gl-more">
              <Icon name="heart" size={32} />
              {t('lander.gallery.see_all')}
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** A scrollable gallery of the brand's newest members, with names, ages and cities. */
export default function Gallery(props: LanderProps) {
  const { t, profiles, links } = props;
  const first = profiles.slice(0, 8);
  const second = profiles.slice(8, meta.profiles);
  return (
    <div className="gl-bg pb-10">
      <section className="gl-hero">
        <div className="mx-auto max-w-5xl px-4 py-8 md:py-12">
          <h1 className="m-0 text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'gallery')}</h1>
          <p className="mb-0 mt-3 max-w-2xl text-lg text-white/90">{t('lander.gallery.intro')}</p>
          <div className="mt-6">
            <Cta href={links.signup} variant="light">
              {t('lander.gallery.cta')}
            </Cta>
          </div>
        </div>
      </section>
      <div data-testid="lander-profiles">
        {first.length > 0 && <Row id="gl-new" title={t('lander.gallery.row_new')} items={first} offset={0} props={props} size="big" />}
        {second.length > 0 && (
          <Row id="gl-near" title={t('lander.gallery.row_near')} items={second} offset={first.length} props={props} size="small" />
        )}
      </div>
      <div className="mx-auto mt-8 max-w-5xl px-4 text-center">
        <p className="mb-4 mt-0 text-lg font-bold">{t('lander.gallery.bottom_title')}</p>
        <Cta href={links.signup}>{t('lander.cta')}</Cta>
        <p className="mb-0 mt-3 text-sm text-gray-600">{t('lander.trust')}</p>
      </div>
    </div>
  );
}
