import { Cta, FictionalBadge, Icon, ProfilePhoto, headline, nameAge } from '../_shared/ui';
import type { LanderMeta, LanderProfile, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 15,
  eager: 3,
  css: `
.cl-bg{background:#111;color:#fff}
.cl-grid{display:grid;grid-template-columns:repeat(3,1fr);grid-auto-rows:32vw;grid-auto-flow:dense;gap:3px;margin:0;padding:0;list-style:none}
.cl-top{max-height:min(118vw,640px);overflow:hidden;position:relative}
.cl-top::after{content:"";position:absolute;inset:auto 0 0;height:55%;background:linear-gradient(rgba(17,17,17,0),rgba(17,17,17,.75) 45%,#111 90%);pointer-events:none}
.cl-tile{position:relative;overflow:hidden;background:#2a2a2a}
.cl-tile a{display:block;height:100%;color:#fff;text-decoration:none}
.cl-tile a:focus-visible{outline:3px solid #fff;outline-offset:-3px}
.cl-tile img{transition:transform .6s ease}
.cl-tile a:hover img{transform:scale(1.05)}
.cl-big{grid-column:span 2;grid-row:span 2}
.cl-wide{grid-column:span 2}
.cl-tall{grid-row:span 2}
.cl-name{position:absolute;left:.4rem;bottom:.4rem;padding:.1rem .5rem;border-radius:.4rem;background:rgba(0,0,0,.7);font-size:.8rem;font-weight:700}
.cl-hero{position:relative;z-index:1;margin-top:-6rem}
.cl-title{font-size:clamp(2.4rem,9vw,4.5rem);line-height:1.02;font-weight:900;letter-spacing:-.02em;margin:0;text-shadow:0 2px 18px rgba(0,0,0,.85)}
@media (min-width:768px){.cl-grid{grid-template-columns:repeat(6,1fr);grid-auto-rows:16vw}.cl-top{max-height:560px}}
@media (min-width:1200px){.cl-grid{grid-auto-rows:200px}}
@media (prefers-reduced-motion:reduce){.cl-tile img{transition:none}}
`,
};

const SHAPES = ['cl-big', '', '', 'cl-tall', '', 'cl-wide', '', 'cl-big', ''];

function Tile({ p, i, props, shape }: { p: LanderProfile; i: number; props: LanderProps; shape: string }) {
  return (
    <li className={`cl-tile ${shape}`}>
      <a href={p.href}>
        <ProfilePhoto profile={p} t={props.t} index={i} eager={props.eager} />
        <FictionalBadge profile={p} fictional={props.fictional} className="absolute left-1 top-1" />
        <span className="cl-name">{nameAge(p)}</span>
      </a>
    </li>
  );
}

/** A photo collage of the brand's members with a bold headline over its fading edge. */
export default function CollageLanding(props: LanderProps) {
  const { t, profiles, links } = props;
  const top = profiles.slice(0, 9);
  const more = profiles.slice(9, meta.profiles);
  return (
    <div className="cl-bg">
      <div className="cl-top">
        <ul className="cl-grid" data-testid="lander-profiles">
          {top.map((p, i) => (
            <Tile key={p.id} p={p} i={i} props={props} shape={SHAPES[i] ?? ''} />
          ))}
        </ul>
      </div>
      <section className="cl-hero mx-auto max-w-3xl px-4 pb-10 text-center">
        <h1 className="cl-title">{headline(props, 'collagelanding')}</h1>
        <p className="mx-auto mb-0 mt-4 max-w-xl text-lg text-white/85">{t('lander.collagelanding.intro')}</p>
        <div className="mt-7">
          <Cta href={links.signup}>{t('lander.collagelanding.cta')}</Cta>
        </div>
        <ul className="m-0 mt-6 flex list-none flex-wrap justify-center gap-x-5 gap-y-2 p-0 text-sm text-white/85">
          <li className="flex items-center gap-1">
            <Icon name="check" size={18} />
            {t('lander.point_free')}
          </li>
          <li className="flex items-center gap-1">
            <Icon name="lock" size={18} />
            {t('lander.point_discreet')}
          </li>
          <li className="flex items-center gap-1">
            <Icon name="pin" size={18} />
            {t('lander.point_near')}
          </li>
        </ul>
      </section>
      {more.length > 0 && (
        <section className="pb-10" aria-labelledby="cl-more">
          <h2 id="cl-more" className="mx-auto mb-4 mt-0 max-w-5xl px-4 text-xl font-bold">
            {t('lander.collagelanding.more_title')}
          </h2>
          <ul className="cl-grid">
            {more.map((p, i) => (
              <Tile key={p.id} p={p} i={i + top.length} props={props} shape={i === 0 ? 'cl-wide' : i === 3 ? 'cl-wide' : ''} />
            ))}
          </ul>
          <div className="mt-8 px-4 text-center">
            <Cta href={links.signup}>{t('lander.cta')}</Cta>
          </div>
        </section>
      )}
    </div>
  );
}
