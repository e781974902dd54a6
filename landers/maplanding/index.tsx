import { activity } from '../_shared/activity';
import { Cta, FictionalBadge, FictionalMark, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProps } from '../_shared/types';
import { buildMap, type MapModel } from './geo';

export const meta: LanderMeta = {
  slug: true,
  profiles: 12,
  eager: 4,
  css: `
.mp-bg{background:#120d1d;color:#fff}
.mp-map{position:relative;width:100%;border-radius:1.5rem;overflow:hidden;background:#1a1330;box-shadow:0 30px 60px -30px rgba(0,0,0,.9),inset 0 0 0 1px rgba(255,255,255,.08)}
.mp-map svg{position:absolute;inset:0;width:100%;height:100%}
.mp-land{fill:#2e2152}
.mp-dots{fill:var(--c-primary);opacity:.6}
.mp-grid{stroke:rgba(255,255,255,.05);stroke-width:1}
.mp-label{fill:#efe9f7;font:600 12px system-ui,sans-serif;paint-order:stroke;stroke:#1a1330;stroke-width:3px}
.mp-city{fill:#efe9f7}
.mp-pins{position:absolute;inset:0;margin:0;padding:0;list-style:none}
.mp-pin{position:absolute;transform:translate(-50%,-100%)}
.mp-map{display:block;color:#fff;text-decoration:none}
.mp-map:focus-visible{outline:3px solid #fff;outline-offset:3px}
.mp-pin:hover{z-index:5}
.mp-head{position:relative;display:block;width:40px;height:40px;border-radius:50%;overflow:hidden;border:3px solid #fff;background:#444;box-shadow:0 6px 14px rgba(0,0,0,.55)}
.mp-tip{display:block;width:0;height:0;margin:-1px auto 0;border:6px solid transparent;border-top-color:#fff;border-bottom:0}
.mp-on{position:absolute;right:-3px;top:-3px;width:13px;height:13px;border-radius:50%;background:#22c55e;border:2px solid #fff}
.mp-name{position:absolute;left:50%;bottom:calc(100% + 4px);transform:translateX(-50%);white-space:nowrap;padding:.1rem .45rem;border-radius:.4rem;background:#fff;color:#1f1a1d;font-size:.75rem;font-weight:700;opacity:0;pointer-events:none;transition:opacity .15s}
.mp-pin:hover .mp-name{opacity:1}
.mp-me{position:absolute;z-index:4;width:0;height:0;pointer-events:none}
.mp-me i{position:absolute;left:-9px;top:-9px;width:18px;height:18px;border-radius:50%;background:#fff;border:4px solid var(--c-primary);box-sizing:border-box}
.mp-me b{position:absolute;left:-14px;top:-14px;width:28px;height:28px;border-radius:50%;border:2px solid #fff;animation:mp-ring 2.6s ease-out infinite}
.mp-me b+b{animation-delay:1.3s}
.mp-me span{position:absolute;left:12px;top:4px;padding:0 .4rem;border-radius:.35rem;background:var(--c-primary);color:#fff;font-size:.75rem;font-weight:800;white-space:nowrap}
@keyframes mp-ring{0%{transform:scale(.5);opacity:.9}100%{transform:scale(3);opacity:0}}
.mp-row{display:flex;align-items:center;gap:.85rem;padding:.6rem;border-radius:1rem;color:#fff;text-decoration:none;background:rgba(255,255,255,.06)}
.mp-row:hover{background:rgba(255,255,255,.1)}
.mp-row:focus-visible{outline:3px solid #fff;outline-offset:2px}
.mp-km{font-variant-numeric:tabular-nums;font-weight:800;color:#fff;background:var(--c-primary);border-radius:999px;padding:.15rem .6rem;font-size:.85rem;white-space:nowrap}
@media (prefers-reduced-motion:reduce){.mp-me b{animation:none;opacity:.4;transform:scale(1.4)}.mp-name{transition:none}}
`,
};

function distanceText(language: string, country: string, km: number): string {
  const miles = country === 'US' || country === 'GB';
  const value = miles ? Math.max(1, Math.round(km * 0.621)) : km;
  return new Intl.NumberFormat(language, { style: 'unit', unit: miles ? 'mile' : 'kilometer', unitDisplay: 'short' }).format(value);
}

function MapPicture({ map, props }: { map: MapModel; props: LanderProps }) {
  const { t, fictional, now, eager, countryName, links } = props;
  const lines = [];
  for (let x = 20; x < map.width; x += 40) lines.push(`M${x} 0V${map.height}`);
  for (let y = 20; y < map.height; y += 40) lines.push(`M0 ${y}H${map.width}`);
  return (
    <a href={links.signup} className="mp-map" style={{ aspectRatio: `${map.width} / ${map.height}` }} data-testid="lander-map">
      <svg viewBox={`0 0 ${map.width} ${map.height}`} aria-hidden="true" focusable="false">
        <defs>
          {/* Circles around every city, blurred and cut sharp again: one soft landmass. */}
          <filter id="mp-goo" x="-20%" y="-20%" width="140%" height="140%">
            <feGaussianBlur stdDeviation="9" />
            <feComponentTransfer>
              <feFuncA type="table" tableValues="0 0 1 1" />
            </feComponentTransfer>
          </filter>
          <mask id="mp-mask">
            <g filter="url(#mp-goo)" fill="#fff">
              {map.land.map((p, i) => (
                <circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: the dots of a fixed map drawing
                  key={i}
                  cx={p.x}
                  cy={p.y}
                  r={map.radius}
                />
              ))}
            </g>
          </mask>
          <pattern id="mp-dot" width="7" height="7" patternUnits="userSpaceOnUse">
            <circle cx="3.5" cy="3.5" r="1.3" className="mp-dots" />
          </pattern>
        </defs>
        <path d={lines.join('')} className="mp-grid" />
        <g mask="url(#mp-mask)">
          <rect width={map.width} height={map.height} className="mp-land" />
          <rect width={map.width} height={map.height} fill="url(#mp-dot)" />
        </g>
        {map.labels.map((l) => (
          <g key={l.name}>
            <circle cx={l.x} cy={l.y} r="2.5" className="mp-city" />
            <text
              x={l.x > map.width * 0.7 ? l.x - 6 : l.x + 6}
              y={l.y + 4}
              textAnchor={l.x > map.width * 0.7 ? 'end' : 'start'}
              className="mp-label"
            >
              {l.name}
            </text>
          </g>
        ))}
      </svg>
      {/* The pins show who lives where; the list below names them, so here they are one link into signup. */}
      <ul className="mp-pins" aria-hidden="true">
        {map.pins.map(({ profile: p, x, y }, i) => (
          <li key={p.id} className="mp-pin" style={{ left: `${(x / map.width) * 100}%`, top: `${(y / map.height) * 100}%` }}>
            <span className="mp-name">{nameAge(p)}</span>
            <span className="mp-head">
              <ProfilePhoto profile={p} t={t} index={i} eager={eager} alt="" />
            </span>
            {activity(p.lastActive, now).online && <span className="mp-on" />}
            <span className="mp-tip" />
            <FictionalMark profile={p} fictional={fictional} className="absolute -left-2 -top-2" />
          </li>
        ))}
      </ul>
      {map.you && (
        <div
          className="mp-me"
          style={{ left: `${(map.you.x / map.width) * 100}%`, top: `${(map.you.y / map.height) * 100}%` }}
          aria-hidden="true"
          data-testid="map-you"
        >
          <b />
          <b />
          <i />
          <span>{t('lander.maplanding.you')}</span>
        </div>
      )}
      <span className="sr-only">
        {t('lander.maplanding.map_label', { country: countryName })}. {t('lander.maplanding.cta')}
      </span>
    </a>
  );
}

/** A stylised map of the visitor's country with the brand's members pinned where they live. */
export default function MapLanding(props: LanderProps) {
  const { t, profiles, fictional, links, countryName, language, country, now, place } = props;
  const map = buildMap(country, place, profiles.slice(0, meta.profiles));
  // Nearest first where the visitor's city is known; otherwise in the order given (most recently active first).
  const nearest = map ? (map.you ? [...map.pins].sort((a, b) => (a.km ?? 0) - (b.km ?? 0)) : map.pins) : [];
  return (
    <div className="mp-bg">
      <section className="mx-auto max-w-5xl px-4 pb-8 pt-7">
        <div className="grid items-center gap-8 md:grid-cols-2">
          <div className="text-center md:text-left">
            <p className="m-0 inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wider text-white/80">
              <Icon name="pin" size={18} />
              {countryName}
            </p>
            <h1 className="mb-0 mt-2 text-3xl font-extrabold leading-tight md:text-5xl">{headline(props, 'maplanding')}</h1>
            <p className="mb-0 mt-4 text-lg text-white/85">{t('lander.maplanding.intro')}</p>
            <div className="mt-6 hidden md:block">
              <Cta href={links.signup}>{t('lander.maplanding.cta')}</Cta>
            </div>
          </div>
          {map && <MapPicture map={map} props={props} />}
        </div>
        <div className="mt-6 text-center md:hidden">
          <Cta href={links.signup}>{t('lander.maplanding.cta')}</Cta>
        </div>
      </section>

      {nearest.length > 0 && (
        <section className="mx-auto max-w-3xl px-4 pb-10" aria-labelledby="mp-near">
          <h2 id="mp-near" className="mb-4 mt-0 text-xl font-bold">
            {t('lander.maplanding.list_title')}
          </h2>
          <ul className="m-0 grid list-none grid-cols-1 gap-2 p-0 sm:grid-cols-2" data-testid="lander-profiles">
            {nearest.map(({ profile: p, km }) => (
              <li key={p.id}>
                <a href={p.href} className="mp-row">
                  <span className="relative block h-14 w-14 shrink-0 overflow-hidden rounded-full">
                    <ProfilePhoto profile={p} t={t} index={99} eager={0} alt="" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-bold">{nameAge(p)}</span>
                    <span className="block truncate text-sm text-white/80">
                      {activity(p.lastActive, now).online ? `${t('lander.online')} · ` : ''}
                      {placeOf(p, countryName)}
                    </span>
                    <FictionalBadge profile={p} fictional={fictional} className="mt-1" />
                  </span>
                  {km !== null && (
                    <span className="mp-km" data-testid="distance">
                      {distanceText(language, country, km)}
                    </span>
                  )}
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
