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
    tagline: {
      de: 'Erfahrene Frauen, echte Begegnungen',
      en: 'Experienced women, real encounters',
      nl: 'Ervaren vrouwen, echte ontmoetingen',
      fr: "Des femmes d'expérience, de vraies rencontres",
      it: 'Donne con esperienza, incontri veri',
      es: 'Mujeres con experiencia, encuentros reales',
      da: 'Erfarne kvinder, ægte møder',
      nb: 'Erfarne kvinner, ekte møter',
      sv: 'Erfarna kvinnor, äkta möten',
      fi: 'Kokeneita naisia, aitoja kohtaamisia',
      pl: 'Doświadczone kobiety, prawdziwe spotkania',
    },
    colors: { primary: '#c0392b', secondary: '#5b2c6f' },
    show_us_footer: false,
  },
  settings: {
    name: 'ReifeKontakte',
    domain: 'reifekontakte.de',
    domain_language: 'de-DE',
    cdn_prefix: '/media/',
    niche: 6,
    description: {
      de: 'ReifeKontakte bringt dich mit erfahrenen Frauen aus Deutschland, Österreich und der Schweiz zusammen.',
      en: 'ReifeKontakte brings you together with experienced women from Germany, Austria and Switzerland.',
      nl: 'ReifeKontakte brengt je in contact met ervaren vrouwen uit Duitsland, Oostenrijk en Zwitserland.',
      fr: "ReifeKontakte te met en relation avec des femmes d'expérience d'Allemagne, d'Autriche et de Suisse.",
      it: 'ReifeKontakte ti mette in contatto con donne con esperienza di Germania, Austria e Svizzera.',
      es: 'ReifeKontakte te pone en contacto con mujeres con experiencia de Alemania, Austria y Suiza.',
      da: 'ReifeKontakte bringer dig sammen med erfarne kvinder fra Tyskland, Østrig og Schweiz.',
      nb: 'ReifeKontakte bringer deg sammen med erfarne kvinner fra Tyskland, Østerrike og Sveits.',
      sv: 'ReifeKontakte för dig samman med erfarna kvinnor från Tyskland, Österrike och Schweiz.',
      fi: 'ReifeKontakte tuo sinut yhteen kokeneiden naisten kanssa Saksasta, Itävallasta ja Sveitsistä.',
      pl: 'ReifeKontakte łączy Cię z doświadczonymi kobietami z Niemiec, Austrii i Szwajcarii.',
    },
    index_title: {
      de: 'ReifeKontakte - reife Frauen kennenlernen',
      en: 'ReifeKontakte - meet mature women',
      nl: 'ReifeKontakte - rijpe vrouwen leren kennen',
      fr: 'ReifeKontakte - rencontrer des femmes mûres',
      it: 'ReifeKontakte - conoscere donne mature',
      es: 'ReifeKontakte - conocer mujeres maduras',
      da: 'ReifeKontakte - mød modne kvinder',
      nb: 'ReifeKontakte - bli kjent med modne kvinner',
      sv: 'ReifeKontakte - lär känna mogna kvinnor',
      fi: 'ReifeKontakte - tutustu kypsiin naisiin',
      pl: 'ReifeKontakte - poznaj dojrzałe kobiety',
    },
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
    fictional_warning: {
      de: 'Profile mit diesem Symbol sind fiktiv: Sie werden von unserem Team betreut, ein Treffen ist nicht möglich.',
      en: 'Profiles with this symbol are fictional: they are run by our team, and meeting them is not possible.',
      nl: 'Profielen met dit symbool zijn fictief: ze worden beheerd door ons team, een ontmoeting is niet mogelijk.',
      fr: "Les profils avec ce symbole sont fictifs : ils sont gérés par notre équipe, une rencontre n'est pas possible.",
      it: 'I profili con questo simbolo sono fittizi: sono gestiti dal nostro team e non è possibile incontrarli.',
      es: 'Los perfiles con este símbolo son ficticios: los gestiona nuestro equipo y no es posible quedar con ellos.',
      da: 'Profiler med dette symbol er fiktive: de drives af vores team, og et møde er ikke muligt.',
      nb: 'Profiler med dette symbolet er fiktive: de drives av teamet vårt, og et møte er ikke mulig.',
      sv: 'Profiler med den här symbolen är fiktiva: de sköts av vårt team och det går inte att träffa dem.',
      fi: 'Tällä symbolilla merkityt profiilit ovat kuvitteellisia: niitä ylläpitää tiimimme, eikä heitä voi tavata.',
      pl: 'Profile oznaczone tym symbolem są fikcyjne: prowadzi je nasz zespół i spotkanie z nimi nie jest możliwe.',
    },
    fictional_singular: {
      de: 'fiktives Profil',
      en: 'fictional profile',
      nl: 'fictief profiel',
      fr: 'profil fictif',
      it: 'profilo fittizio',
      es: 'perfil ficticio',
      da: 'fiktiv profil',
      nb: 'fiktiv profil',
      sv: 'fiktiv profil',
      fi: 'kuvitteellinen profiili',
      pl: 'profil fikcyjny',
    },
    fictional_plural: {
      de: 'fiktive Profile',
      en: 'fictional profiles',
      nl: 'fictieve profielen',
      fr: 'profils fictifs',
      it: 'profili fittizi',
      es: 'perfiles ficticios',
      da: 'fiktive profiler',
      nb: 'fiktive profiler',
      sv: 'fiktiva profiler',
      fi: 'kuvitteellisia profiileja',
      pl: 'profile fikcyjne',
    },
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
    // Verotel FlexPay (decision 013): cards on its order page, in EUR and CHF. Locally: Verotel's own sandbox.
    provider: 'verotel',
    verotel: { shop_id: 71002, brand: 'verotel', signature_key_secret: 'VEROTEL_KEY_REIFEKONTAKTE' },
    // Direct debit: the company as its own SEPA creditor (worker/payments/sepa/, decision 013). A fictional creditor:
    // the Deutsche Bundesbank's published test Creditor Identifier and a textbook example IBAN.
    sepa: {
      creditor_name: 'Kontaktwerk GmbH',
      creditor_id: 'DE98ZZZ09999999999',
      creditor_iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      lead_days: 2,
    },
    routes: { DE: { directdebit: ['sepa'] } },
    // How a charge appears on the statement, per provider (core/rules/billing-descriptor.ts).
    billing_descriptors: { verotel: 'VEROTEL*REIFEKONTAKTE' },
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
      // Verotel's FlexPay takes cards in EUR and CHF; Sofort, giropay, EPS, TWINT, PayPal, Apple Pay and bank
      // transfer have no adult acquirer of this brand, so they are not offered.
      DE: { currency: 'EUR', methods: ['creditcard', 'directdebit'] },
      AT: { currency: 'EUR', methods: ['creditcard'] },
      CH: { currency: 'CHF', methods: ['creditcard'] },
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
