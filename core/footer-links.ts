/** The footer links of SPEC.md §2 (path, catalogue key), shared by the app's footer and the landers'. */
export const FOOTER_LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.return_policy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
  // The accessibility statement (European Accessibility Act, issue 45 item 12): on every page, like the others.
  ['/pages/accessibility', 'footer.accessibility'],
] as const;

/** "Verträge hier kündigen" (§ 312k BGB): in the footer where the visitor's market rule asks for it. */
export const CANCEL_CONTRACTS_PATH = '/cancel-contracts';

/** A brand's own information page (settings.brand.info_pages): its token and its title per language. */
export interface BrandPageTitles {
  token: string;
  titles: Partial<Record<string, string>>;
}

/**
 * The brand's own information pages as footer links (an Impressum must be one click from every page), after the
 * standard ones: [path, title], titled in the language, else like the page itself in its first language.
 */
export function brandPageLinks(pages: readonly BrandPageTitles[], language: string): [string, string][] {
  return pages.map(({ token, titles }) => [`/pages/${token}`, titles[language] ?? Object.values(titles)[0] ?? token]);
}
