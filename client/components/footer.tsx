import { CANCEL_CONTRACTS_PATH, FOOTER_LINKS, brandPageLinks } from '../../core/footer-links';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../i18n';
import { Link } from '../navigation';
import { settingsAtom } from '../state/atoms';
import type { Settings } from '../../core/schemas/settings';

/** Who runs the brand: name, address, chamber of commerce and VAT numbers (footer and checkout, issue 19 item 9). */
export function CompanyLine({ company }: { company: Settings['brand']['company'] }) {
  const { t } = useTranslation();
  const vat = company.vat_numbers.length > 0 ? ` · ${t('pages.company.vat')} ${company.vat_numbers.join(', ')}` : '';
  return (
    <>{`${company.name} · ${company.address}, ${company.city}, ${company.country} · ${t('pages.company.kvk')} ${company.kvk}${vat}`}</>
  );
}

/**
 * Footer links of SPEC.md §2 and the brand's own pages, the legal disclaimer in the page's language, and the 2257
 * statement for US visitors (the server decides it from the visitor's country: settings.brand.show_us_footer).
 */
export function Footer({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const showUs = settings.brand.show_us_footer;
  const links = [
    ...FOOTER_LINKS.map(([href, key]) => [href, t(key)]),
    ...brandPageLinks(settings.brand.info_pages, i18n.language),
    // § 312k BGB: where the visitor's market asks for it, always one click away (issue 45 item 4).
    ...(settings.brand.cancellation_path ? [[CANCEL_CONTRACTS_PATH, t('cancel.footer_link')]] : []),
  ];
  return (
    <footer className="mt-auto bg-secondary text-sm text-white/85">
      <div className="container mx-auto px-3 py-6">
        {!compact && (
          <nav aria-label={t('footer.links')}>
            <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-2 p-0">
              {links.map(([href, label]) => (
                <li key={href}>
                  <Link href={href} className="text-white/90 underline-offset-2 hover:underline">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p className="mt-4 text-xs leading-relaxed" data-testid="disclaimer">
          {t('footer.disclaimer', { brand: settings.name })}
        </p>
        {showUs && (
          <p className="mt-2 text-xs leading-relaxed" data-testid="us-footer">
            {t('footer.us_2257', { brand: settings.name })}
          </p>
        )}
        <p className="mt-2 text-xs">
          © {settings.name} · {settings.support_email}
        </p>
        <p className="mt-1 text-xs" data-testid="footer-company">
          <CompanyLine company={settings.brand.company} />
        </p>
      </div>
    </footer>
  );
}
