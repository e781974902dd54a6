import type { TenantInput } from '../core/schemas/tenant';

// German niche brand (mature women): de, Germany, Austria and Switzerland.
export default {
  id: 'reifekontakte',
  hosts: ['reifekontakte.de', 'reifekontakte.at'],
  languages: ['de', 'fr', 'it', 'en'],
  // Mature women: members' age bands and the visitors' feed stay at 40 and over (core/rules/relevance.ts).
  age_band: { min: 40, max: 99 },
  look: {
    logo_text: 'ReifeKontakte',
    short_name: 'Reife',
    tagline: 'Erfahrene Frauen, echte Begegnungen',
    colors: { primary: '#c0392b', secondary: '#5b2c6f' },
    show_us_footer: false,
  },
  settings: {
    name: 'ReifeKontakte',
    domain: 'reifekontakte.de',
    domain_language: 'de-DE',
    cdn_prefix: '/media/',
    niche: 6,
    description: 'ReifeKontakte bringt dich mit erfahrenen Frauen aus Deutschland, Österreich und der Schweiz zusammen.',
    index_title: 'ReifeKontakte - reife Frauen kennenlernen',
    countries: ['DE', 'AT', 'CH'],
    visible_profile_fields: ['age', 'city', 'relationship_status', 'body_type', 'hair_colour'],
    visible_profile_notes: ['about'],
    // No region filter on this brand: search_fields decides which filters the search shows.
    search_fields: ['gender', 'country', 'age'],
    message_credits: 6,
    photo_credits: 12,
    gift_credits: 20,
    signup_credits: 0,
    message_length: 800,
    // At least what the packages allow (core/schemas/tenant.ts checks it); pages show the price computed from the packages.
    minimum_message_costs: {
      DE: { costs: 1.2, currency: 'EUR' },
      AT: { costs: 1.2, currency: 'EUR' },
      CH: { costs: 1.19, currency: 'CHF' },
    },
    support_email: 'hilfe@reifekontakte.de',
    support_phone: '+49 30 1234 5678',
    push_public_key: '',
    enable_site_entry_popup: 'yes',
    fictional_icon: '✨',
    fictional_warning: 'Profile mit diesem Symbol sind fiktiv: Sie werden von unserem Team betreut, ein Treffen ist nicht möglich.',
    fictional_singular: 'fiktives Profil',
    fictional_plural: 'fiktive Profile',
    refund_days: 14,
    signups: 'all',
    logged_out_search: 'none',
    logged_out_search_trafficsource: 'no',
    member_resell: 'yes',
    company_id: 2,
    mail_name: 'ReifeKontakte Team',
  },
  company: {
    name: 'Kontaktwerk GmbH',
    address: 'Friedrichstraße 120',
    kvk: 'HRB 204512',
    city: 'Berlin',
    country: 'Deutschland',
    tradenames: ['ReifeKontakte'],
    vat_numbers: ['DE312345678'],
    support_phone: '+49 30 1234 5678',
    delete_discount: 40,
    added: '2023-06-15T08:00:00Z',
  },
  payments: {
    provider: 'mollie',
    api_key_secret: 'MOLLIE_KEY_REIFEKONTAKTE',
    // How a charge appears on the statement, per provider (core/rules/billing-descriptor.ts).
    billing_descriptors: { mollie: 'REIFEKONTAKTE.DE', verotel: 'VEROTEL*REIFEKONTAKTE' },
    packages: {
      EUR: [
        { id: 1, credits: 50, price: 1495, style: 'p0', popular: false },
        { id: 2, credits: 120, price: 2995, style: 'p1', popular: true },
        { id: 3, credits: 275, price: 5995, style: 'p2', popular: false },
        { id: 4, credits: 600, price: 11995, style: 'p3', popular: false },
      ],
      CHF: [
        { id: 11, credits: 50, price: 1500, style: 'p0', popular: false },
        { id: 12, credits: 120, price: 2900, style: 'p1', popular: true },
        { id: 13, credits: 275, price: 5900, style: 'p2', popular: false },
        { id: 14, credits: 600, price: 11900, style: 'p3', popular: false },
      ],
    },
    countries: {
      DE: { currency: 'EUR', methods: ['sofort', 'giropay', 'creditcard', 'paypal', 'applepay', 'banktransfer', 'directdebit'] },
      AT: { currency: 'EUR', methods: ['eps', 'creditcard', 'paypal', 'applepay', 'banktransfer'] },
      CH: { currency: 'CHF', methods: ['twint', 'creditcard', 'paypal', 'applepay'] },
    },
  },
  // The cam partner of the cam listing at /cams ('resell' variant: member_resell is 'yes'). A demo partner: .example hosts.
  cams: {
    partner: 'CamTreff',
    affiliate: 'reifekontakte',
    room_url: 'https://camtreff.example/show/{performer}?partner={affiliate}&sub={click}',
    signup_url: 'https://camtreff.example/anmelden?partner={affiliate}&sub={click}&model={performer}',
  },
  info_pages: {
    impressum: {
      de: {
        title: 'Impressum',
        body: `## Angaben gemäß § 5 DDG
**{{company}}**
{{address}}
{{city}}, {{country}}

## Kontakt
- Telefon: {{support_phone}}
- E-Mail: {{support_email}}

## Register und Steuern
- Handelsregisternummer: {{kvk}}
- Umsatzsteuer-Identifikationsnummer: {{vat}}
- Handelsnamen: {{tradenames}}

## Streitbeilegung
Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Beschwerden nehmen wir gern über unser [Beschwerdeformular](/complaints) entgegen.`,
      },
      en: {
        title: 'Legal notice (Impressum)',
        body: `## Information under § 5 DDG
**{{company}}**
{{address}}
{{city}}, {{country}}

## Contact
- Phone: {{support_phone}}
- E-mail: {{support_email}}

## Registration and tax
- Commercial register number: {{kvk}}
- VAT identification number: {{vat}}
- Trade names: {{tradenames}}

## Dispute resolution
We are neither willing nor obliged to take part in dispute resolution before a consumer arbitration board. Please send complaints through our [complaint form](/complaints).`,
      },
    },
  },
} satisfies TenantInput;
