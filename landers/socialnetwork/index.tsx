import { activity, agoMinutes } from '../_shared/activity';
import { Cta, FictionalBadge, FictionalMark, Icon, ProfilePhoto, headline, nameAge, placeOf } from '../_shared/ui';
import type { LanderMeta, LanderProfile, LanderProps } from '../_shared/types';

export const meta: LanderMeta = {
  slug: true,
  profiles: 10,
  eager: 2,
  css: `
.sn-bg{background:#eef0f4;color:#1c1e21}
.sn-card{border-radius:1rem;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08),0 8px 24px -20px rgba(0,0,0,.4)}
.sn-stories{display:flex;gap:.85rem;overflow-x:auto;margin:0;padding:.25rem .25rem .5rem;list-style:none}
.sn-stories>li{flex:0 0 auto;width:4.6rem;text-align:center}
.sn-story{display:block;color:#1c1e21;text-decoration:none;font-size:.78rem;font-weight:600}
.sn-story:focus-visible{outline:3px solid var(--c-primary);outline-offset:2px;border-radius:.75rem}
.sn-ring{position:relative;display:block;width:4.2rem;height:4.2rem;margin:0 auto .3rem;padding:3px;border-radius:50%;background:conic-gradient(var(--c-primary),#f59e0b,var(--c-secondary),var(--c-primary))}
.sn-ring>span:first-child{display:block;width:100%;height:100%;border-radius:50%;overflow:hidden;border:3px solid #fff;background:#ddd}
.sn-avatar{width:2.75rem;height:2.75rem;border-radius:50%;overflow:hidden;flex-shrink:0;background:#ddd}
.sn-act{display:flex;flex:1;align-items:center;justify-content:center;gap:.4rem;min-height:44px;border-radius:.6rem;color:#4b4f56;font-weight:700;font-size:.9rem;text-decoration:none}
.sn-act:hover{background:#f0f2f5}
.sn-act:focus-visible,.sn-compose:focus-visible,.sn-name:focus-visible{outline:3px solid var(--c-primary);outline-offset:2px}
.sn-compose{display:block;flex:1;padding:.7rem 1rem;border-radius:999px;background:#f0f2f5;color:#4b4f56;text-decoration:none}
.sn-name{color:#1c1e21;font-weight:800;text-decoration:none}
.sn-sticky{position:sticky;bottom:0;z-index:40;padding:.75rem 1rem calc(.75rem + env(safe-area-inset-bottom));background:linear-gradient(transparent,rgba(238,240,244,.97) 35%)}
@media (min-width:768px){.sn-sticky{display:none}}
`,
};

function Post({ p, i, props }: { p: LanderProfile; i: number; props: LanderProps }) {
  const { t, fictional, countryName, language, links } = props;
  const { minutesAgo } = activity(p.lastActive, props.now);
  return (
    <article className="sn-card overflow-hidden" aria-labelledby={`sn-post-${p.id}`}>
      <header className="flex items-center gap-3 p-3">
        <span className="sn-avatar">
          <ProfilePhoto profile={p} t={t} index={99} eager={0} alt="" />
        </span>
        <div className="min-w-0 flex-1">
          <a href={p.href} className="sn-name" id={`sn-post-${p.id}`}>
            {nameAge(p)}
          </a>
          <p className="m-0 truncate text-sm text-gray-600">
            {placeOf(p, countryName)} · {t('lander.active', { when: agoMinutes(language, minutesAgo) })}
          </p>
        </div>
        <FictionalBadge profile={p} fictional={fictional} />
      </header>
      <a href={p.href} className="block aspect-[4/5] bg-gray-200 sm:aspect-square">
        <ProfilePhoto profile={p} t={t} index={i} eager={props.eager} />
      </a>
      <div className="mx-2 mt-2 flex border-t border-gray-200 py-1">
        <a href={p.href} className="sn-act">
          <Icon name="heart" size={20} />
          {t('lander.socialnetwork.like')}
        </a>
        <a href={p.href} className="sn-act">
          <Icon name="comment" size={20} />
          {t('lander.socialnetwork.comment')}
        </a>
        <a href={links.signup} className="sn-act">
          <Icon name="send" size={20} />
          {t('lander.socialnetwork.message')}
        </a>
      </div>
    </article>
  );
}

/**
 * A social feed of the brand's members: stories and cards with their photos and real last activity, all a click from
 * signup. No invented posts: a card shows only what the profile has (issue 17, item 2).
 */
export default function SocialNetwork(props: LanderProps) {
  const { t, profiles, fictional, links, brand } = props;
  // Everyone in the stories row has a post below, where the full fictional label is shown.
  const posts = profiles.slice(0, meta.profiles);
  const stories = posts;
  return (
    <div className="sn-bg">
      <div className="mx-auto max-w-xl px-3 pb-2 pt-5">
        <section className="sn-card p-4">
          <h1 className="m-0 text-2xl font-extrabold leading-tight md:text-3xl">{headline(props, 'socialnetwork')}</h1>
          <p className="mb-4 mt-2 text-gray-700">{t('lander.socialnetwork.intro')}</p>
          {stories.length > 0 && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling list must be reachable by keyboard to scroll
            <ul className="sn-stories lander-scroll" aria-label={t('lander.socialnetwork.stories')} tabIndex={0}>
              {stories.map((p, i) => (
                <li key={p.id}>
                  <a href={p.href} className="sn-story">
                    <span className="sn-ring">
                      <span>
                        <ProfilePhoto profile={p} t={t} index={i} eager={0} />
                      </span>
                      <FictionalMark profile={p} fictional={fictional} className="absolute -right-1 -top-1" />
                    </span>
                    <span className="block truncate">{p.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="mt-4 flex flex-col gap-4" data-testid="lander-profiles">
          {posts.map((p, i) => (
            <div key={p.id} className="flex flex-col gap-4">
              <Post p={p} i={i} props={props} />
              {i === 2 && (
                <aside className="sn-card p-5 text-center" aria-label={t('lander.socialnetwork.join_title', { brand: brand.name })}>
                  <p className="m-0 text-xl font-extrabold">{t('lander.socialnetwork.join_title', { brand: brand.name })}</p>
                  <p className="mb-4 mt-2 text-gray-700">{t('lander.socialnetwork.join_text')}</p>
                  <Cta href={links.signup}>{t('lander.socialnetwork.cta')}</Cta>
                </aside>
              )}
            </div>
          ))}
        </div>
        <div className="py-8 text-center">
          <Cta href={links.signup}>{t('lander.cta')}</Cta>
          <p className="mb-0 mt-3 text-sm text-gray-600">{t('lander.trust')}</p>
        </div>
      </div>
      <div className="sn-sticky">
        <Cta href={links.signup} className="w-full">
          {t('lander.socialnetwork.cta')}
        </Cta>
      </div>
    </div>
  );
}
