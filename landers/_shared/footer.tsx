import { FOOTER_LINKS } from '../../core/footer-links';
import type { LanderProps } from './types';
import { Icon } from './ui';

/** Footer links, the legal disclaimer, what the fictional-profile mark means, and the US statement for English. */
export function LanderFooter({
  props,
  usFooter,
  supportEmail,
  brandPages,
}: {
  props: LanderProps;
  usFooter: boolean;
  supportEmail: string;
  /** The brand's own information pages: [path, title] (core/footer-links.ts brandPageLinks). */
  brandPages: [string, string][];
}) {
  const { t, brand, fictional } = props;
  return (
    <footer className="lander-foot text-sm">
      <div className="mx-auto max-w-5xl px-4 py-6">
        <nav aria-label={t('footer.links')}>
          <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-2 p-0">
            {[...FOOTER_LINKS.map(([href, key]) => [href, t(key)]), ...brandPages].map(([href, label]) => (
              <li key={href}>
                <a href={href} className="underline-offset-2 hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mb-0 mt-4 text-xs leading-relaxed" data-testid="disclaimer">
          {t('footer.disclaimer', { brand: brand.name })}
        </p>
        <p className="mb-0 mt-2 text-xs leading-relaxed" data-testid="fictional-legend">
          <Icon name="mask" size={14} className="align-middle" /> {fictional.singular}: {fictional.warning}
        </p>
        {usFooter && (
          <p className="mb-0 mt-2 text-xs leading-relaxed" data-testid="us-footer">
            {t('footer.us_2257', { brand: brand.name })}
          </p>
        )}
        <p className="mb-0 mt-2 text-xs">
          © {brand.name} · {supportEmail}
        </p>
      </div>
    </footer>
  );
}
