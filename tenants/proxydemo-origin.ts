import type { TenantInput } from '../core/schemas/tenant';
import flirtlokaal from './flirtlokaal.ts';

// The backend behind the demo brand proxydemo (tenants/proxydemo.ts): a built-in brand of its own, seeded like the
// others, that the Worker reaches over real HTTP on this machine. Local mode only (`local_only`): outside it the host
// is an unknown site, so it can never be reached as a public site by accident.
/** A brand text of flirtlokaal's with the demo's name in it. */
function renamed<T extends Record<string, string>>(texts: T): T {
  return Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text.replaceAll('Flirtlokaal', 'Proxy Demo')])) as T;
}

export default {
  ...flirtlokaal,
  id: 'proxydemo-origin',
  hosts: ['origin.proxydemo.localhost'],
  local_only: true,
  look: { ...flirtlokaal.look, logo_text: 'Proxy Demo', short_name: 'Proxy Demo' },
  // Its own name wherever the pages say it (title, description, support address), not the brand it copies.
  settings: {
    ...flirtlokaal.settings,
    name: 'Proxy Demo',
    domain: 'proxydemo.localhost',
    mail_name: 'Proxy Demo',
    support_email: 'support@proxydemo.localhost',
    description: renamed(flirtlokaal.settings.description),
    index_title: renamed(flirtlokaal.settings.index_title),
  },
  company: { ...flirtlokaal.company, tradenames: ['Proxy Demo'] },
  // Its own pages are the demo brand's: the tenant file of proxydemo owns them (issue 16, settings merge).
  info_pages: {},
} satisfies TenantInput;
