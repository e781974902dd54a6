import type { ReactNode } from 'react';
import { EntryWarning, type EntryWarningProps } from './entry-warning';
import { LanderFooter } from './footer';
import { SHARED_CSS } from './styles';
import type { LanderProps } from './types';

export interface DocumentProps {
  props: LanderProps;
  variant: string;
  title: string;
  description: string;
  /** Brand colours: the primary as it reads on white (see colors.ts), the original for the browser's theme colour. */
  colors: { primary: string; secondary: string; theme: string };
  stylesheets: string[];
  css: string;
  script: string;
  nonce: string;
  /** Shown to new NL and DE visitors (core/rules/entry-warning): the page sits inert behind it until they enter. */
  entryWarning: EntryWarningProps | null;
  usFooter: boolean;
  supportEmail: string;
  brandPages: [string, string][];
  children: ReactNode;
}

/** The lander layout (SPEC.md §2): logo bar, the variant, footer and disclaimer; the whole HTML document. */
export function LanderDocument(d: DocumentProps) {
  const { t, brand, links } = d.props;
  const style = `:root{--c-primary:${d.colors.primary};--c-secondary:${d.colors.secondary}}${SHARED_CSS}${d.css}`;
  return (
    <html lang={d.props.language} className={d.entryWarning ? 'ew-open' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{d.title}</title>
        <meta name="description" content={d.description} />
        <meta name="theme-color" content={d.colors.theme} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {d.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet text, built at build time, no member input */}
        <style dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        <div
          className="flex min-h-screen flex-col"
          id="lander"
          data-layout="lander"
          data-lander={d.variant}
          inert={d.entryWarning ? true : undefined}
        >
          <header className="lander-bar">
            {/* Below 380 px (a 320-375 px phone) the bar tightens so a long brand name is not cut off beside the button. */}
            <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 max-[379px]:px-3">
              <a
                href="/"
                className="lander-focus truncate text-lg font-extrabold tracking-tight no-underline max-[379px]:text-base sm:text-xl"
                data-testid="lander-logo"
              >
                {brand.logoText}
              </a>
              <div className="flex shrink-0 items-center gap-3 text-sm">
                <a href="/login" className="lander-login lander-focus py-2 underline-offset-2 hover:underline">
                  {t('nav.login')}
                </a>
                <a href={links.signup} className="lander-small-cta lander-focus">
                  {t('nav.signup')}
                </a>
              </div>
            </div>
          </header>
          <main id="main" className="flex-1">
            {/* No profiles to show (a new brand, a country without members): the page says so instead of pretending. */}
            {d.props.profiles.length === 0 && (
              <p
                className="mx-auto my-4 max-w-3xl rounded-xl bg-white px-4 py-3 text-center text-gray-800 shadow-sm"
                role="status"
                data-testid="lander-empty"
              >
                {t('lander.empty', { country: d.props.countryName })}
              </p>
            )}
            {d.children}
          </main>
          <LanderFooter props={d.props} usFooter={d.usFooter} supportEmail={d.supportEmail} brandPages={d.brandPages} />
        </div>
        {d.entryWarning && <EntryWarning {...d.entryWarning} />}
        <script type="module" nonce={d.nonce} src={d.script} />
      </body>
    </html>
  );
}
