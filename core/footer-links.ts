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
] as const;
