import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useTranslation } from '../../i18n';
import type { Language } from '../../../core/constants';
import { pageTextQuery, type PageName } from '../../../core/content-pages';
import { useApi } from '../../api/call';
import { settingsAtom } from '../../state/atoms';
import { LINK, Markdown } from './markdown';
import { ONCE, useCompanyInfo } from '../../api/reference';

const CARD = 'mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8';

/** Loads a page text in the page's language (the server put it into SWR's fallback for the first render). */
export function usePageText(page: PageName) {
  const { i18n } = useTranslation();
  return useApi('/api/pages.php', pageTextQuery(page, i18n.language as Language), ONCE);
}

/**
 * A long text page: title, the terms' version date, the text, then what the page adds (`children`). `named`: the page
 * names the document; false inside a screen that names it itself (the shop's /premium and /pricing), else the two
 * would race and whichever loaded last would win.
 */
export function ContentPage({
  page,
  children,
  company = false,
  named = true,
}: {
  page: PageName;
  children?: ReactNode;
  company?: boolean;
  named?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { data, error } = usePageText(page);
  usePageTitle(data && named ? `${data.title} · ${settings.name}` : null);

  return (
    <div className="container mx-auto px-3 py-8" data-testid={`page-${page}`}>
      <article className={CARD} aria-busy={!data && !error ? true : undefined}>
        {error && (
          <p className="alert alert-danger" role="alert">
            {error.message}
          </p>
        )}
        {!data && !error && (
          <p className="text-gray-500" role="status">
            {t('common.loading')}
          </p>
        )}
        {data && (
          <>
            <h1 className="m-0 mb-2 text-2xl font-extrabold text-gray-900 sm:text-3xl">{data.title}</h1>
            {data.version_date && (
              <p className="m-0 text-sm text-gray-600" data-testid="terms-version" data-date={data.version_date}>
                {t('pages.version', { date: data.values.terms_date })}
              </p>
            )}
            <Markdown source={data.body} values={data.values} />
            {children}
          </>
        )}
      </article>
      {company && <CompanyDetails />}
    </div>
  );
}

/** The company behind the brand (GET /api/companyinfo.php), under every information page. */
export function CompanyDetails() {
  const { t } = useTranslation();
  const { data } = useCompanyInfo();
  if (!data) return null;
  const rows: [string, ReactNode][] = [
    [t('pages.company.name'), data.name],
    [t('pages.company.tradenames'), data.tradenames.join(', ')],
    [t('pages.company.address'), `${data.address}, ${data.city}, ${data.country}`],
    [t('pages.company.kvk'), data.kvk],
    [t('pages.company.vat'), data.vat_numbers.join(', ')],
    [
      t('pages.company.phone'),
      <a key="phone" className={LINK} href={`tel:${data.support_phone.replace(/[^\d+]/g, '')}`}>
        {data.support_phone}
      </a>,
    ],
    [
      t('pages.company.email'),
      <a key="email" className={LINK} href={`mailto:${data.support_email}`}>
        {data.support_email}
      </a>,
    ],
  ];
  return (
    <section className={`${CARD} mt-6`} aria-labelledby="company-title" data-testid="company-info">
      <h2 id="company-title" className="m-0 mb-3 text-lg font-bold text-gray-900">
        {t('pages.company.title')}
      </h2>
      <dl className="m-0 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-gray-700">{label}</dt>
            <dd className="m-0 text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
