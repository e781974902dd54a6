import type { TenantInput } from '../core/schemas/tenant';

// English brand: the UK, Ireland and the United States, with the US footer.
export default {
  id: 'velvetnights',
  hosts: ['velvetnights.com', 'velvetnights.co.uk'],
  // Its own D1 database (wrangler.toml), so the tests run two brands on two databases (issue 20 item 9).
  database: 'DB_VELVET',
  languages: ['en', 'en-US', 'es'],
  look: {
    logo_text: 'Velvet Nights',
    short_name: 'Velvet',
    tagline: 'Meet bold singles tonight',
    colors: { primary: '#6f42c1', secondary: '#20124d' },
    show_us_footer: true,
  },
  settings: {
    name: 'Velvet Nights',
    domain: 'velvetnights.com',
    domain_language: 'en-GB',
    cdn_prefix: '/media/',
    niche: 1,
    description: 'Velvet Nights is where adventurous singles in the UK, Ireland and the US meet for flirting and more.',
    index_title: 'Velvet Nights - flirt and date tonight',
    countries: ['GB', 'IE', 'US'],
    visible_profile_fields: ['age', 'city', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'sexuality'],
    visible_profile_notes: ['about'],
    search_fields: ['gender', 'country', 'countryregion', 'age'],
    message_credits: 5,
    photo_credits: 10,
    gift_credits: 15,
    signup_credits: 5,
    message_length: 1000,
    // At least what the packages allow (core/schemas/tenant.ts checks it); pages show the price computed from the packages.
    minimum_message_costs: {
      GB: { costs: 0.83, currency: 'GBP' },
      IE: { costs: 1.0, currency: 'EUR' },
      US: { costs: 1.0, currency: 'USD' },
    },
    support_email: 'support@velvetnights.com',
    support_phone: '+44 20 7946 0000',
    push_public_key: '',
    enable_site_entry_popup: 'yes',
    fictional_icon: '🎭',
    fictional_warning: 'Profiles with this icon are fictional: they are run by our staff and cannot be met in person.',
    fictional_singular: 'fictional profile',
    fictional_plural: 'fictional profiles',
    refund_days: 14,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'no',
    member_resell: 'no',
    company_id: 3,
    mail_name: 'Velvet Nights',
  },
  company: {
    name: 'Velvet Media Ltd',
    address: '20 Wenlock Road',
    kvk: '14523687',
    city: 'London',
    country: 'United Kingdom',
    tradenames: ['Velvet Nights'],
    vat_numbers: ['GB123456789'],
    support_phone: '+44 20 7946 0000',
    delete_discount: 50,
    added: '2025-01-10T10:00:00Z',
  },
  payments: {
    // CCBill (an adult acquirer; decision 013): cards through its FlexForm. Locally: CCBill's own sandbox.
    provider: 'ccbill',
    ccbill: {
      client_accnum: 951493,
      client_subacc: 0,
      flex_id: '3f1c2a9e-5b7d-4e8a-9c61-0d2b4f6a8e10',
      salt_secret: 'CCBILL_SALT_VELVETNIGHTS',
      datalink_secret: 'CCBILL_DATALINK_VELVETNIGHTS',
      api_secret: 'CCBILL_API_VELVETNIGHTS',
    },
    // The second acquirer of the cascade: a GB card softly declined at CCBill goes on to Verotel's order page.
    verotel: { shop_id: 71003, brand: 'verotel', signature_key_secret: 'VEROTEL_KEY_VELVETNIGHTS' },
    routes: { GB: { creditcard: ['ccbill', 'verotel'] } },
    // How a charge appears on the statement, per provider (core/rules/billing-descriptor.ts).
    billing_descriptors: { ccbill: 'CCBILL.COM*VELVETNIGHT', verotel: 'VEROTEL*VELVETNIGHTS' },
    packages: {
      GBP: [
        { id: 21, credits: 50, price: 1299, style: 'p0', popular: false },
        { id: 22, credits: 120, price: 2599, style: 'p1', popular: true },
        { id: 23, credits: 275, price: 4999, style: 'p2', popular: false },
        { id: 24, credits: 600, price: 9999, style: 'p3', popular: false },
      ],
      USD: [
        { id: 31, credits: 50, price: 1499, style: 'p0', popular: false },
        { id: 32, credits: 120, price: 2999, style: 'p1', popular: true },
        { id: 33, credits: 275, price: 5999, style: 'p2', popular: false },
        { id: 34, credits: 600, price: 11999, style: 'p3', popular: false },
      ],
      EUR: [
        { id: 41, credits: 50, price: 1495, style: 'p0', popular: false },
        { id: 42, credits: 120, price: 2995, style: 'p1', popular: true },
        { id: 43, credits: 275, price: 5995, style: 'p2', popular: false },
        { id: 44, credits: 600, price: 11995, style: 'p3', popular: false },
      ],
    },
    countries: {
      // Cards through CCBill's FlexForm (Apple Pay among its methods where enabled for the subaccount); PayPal direct
      // excludes adult dating and bank transfer has no adult acquirer of this brand, so neither is offered.
      GB: { currency: 'GBP', methods: ['creditcard', 'applepay'] },
      IE: { currency: 'EUR', methods: ['creditcard', 'applepay'] },
      US: { currency: 'USD', methods: ['creditcard', 'applepay'] },
    },
  },
} satisfies TenantInput;
