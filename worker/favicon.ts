import type { Tenant } from '../core/schemas/tenant';

/** A per-brand icon: the logo's first letter on the brand colour. */
export function faviconSvg(tenant: Tenant): string {
  const letter = tenant.look.logo_text
    .trim()
    .charAt(0)
    .toUpperCase()
    .replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${tenant.look.colors.primary}"/><text x="32" y="44" font-family="Arial,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}
