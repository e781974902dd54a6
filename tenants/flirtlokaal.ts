import type { TenantInput } from '../core/schemas/tenant';

// Dutch general brand: nl, the Netherlands and Belgium.
export default {
  id: 'flirtlokaal',
  hosts: ['flirtlokaal.nl'],
  languages: ['nl', 'fr', 'de', 'en'],
  look: {
    logo_text: 'Flirtlokaal',
    short_name: 'Flirtlokaal',
    // Brand texts per language (issue 17, item 5); a language without its own text reads the domain language's.
    tagline: {
      nl: 'Spannende contacten bij jou in de buurt',
      fr: 'Des rencontres excitantes près de chez toi',
      de: 'Aufregende Kontakte in deiner Nähe',
      en: 'Exciting contacts near you',
      da: 'Spændende kontakter i nærheden af dig',
      es: 'Contactos emocionantes cerca de ti',
      fi: 'Jännittäviä tuttavuuksia läheltäsi',
      it: 'Contatti emozionanti vicino a te',
      nb: 'Spennende kontakter i nærheten av deg',
      pl: 'Ekscytujące znajomości w Twojej okolicy',
      sv: 'Spännande kontakter nära dig',
    },
    colors: { primary: '#c2185b', secondary: '#8b1a5a' },
    show_us_footer: false,
  },
  settings: {
    name: 'Flirtlokaal',
    domain: 'flirtlokaal.nl',
    domain_language: 'nl-NL',
    cdn_prefix: '/media/',
    niche: 1,
    description: {
      nl: 'Flirtlokaal is de plek voor spannende contacten met singles en stellen bij jou in de buurt.',
      fr: "Flirtlokaal est l'endroit pour des rencontres excitantes avec des célibataires et des couples près de chez toi.",
      de: 'Flirtlokaal ist der Ort für aufregende Kontakte mit Singles und Paaren in deiner Nähe.',
      en: 'Flirtlokaal is the place for exciting contacts with singles and couples near you.',
      da: 'Flirtlokaal er stedet for spændende kontakter med singler og par i nærheden af dig.',
      es: 'Flirtlokaal es el lugar para contactos emocionantes con solteros y parejas cerca de ti.',
      fi: 'Flirtlokaal on paikka jännittäville tuttavuuksille sinkkujen ja pariskuntien kanssa läheltäsi.',
      it: 'Flirtlokaal è il posto per contatti emozionanti con single e coppie vicino a te.',
      nb: 'Flirtlokaal er stedet for spennende kontakter med singler og par i nærheten av deg.',
      pl: 'Flirtlokaal to miejsce na ekscytujące znajomości z singlami i parami w Twojej okolicy.',
      sv: 'Flirtlokaal är platsen för spännande kontakter med singlar och par nära dig.',
    },
    index_title: {
      nl: 'Flirtlokaal - flirten en daten in Nederland en België',
      fr: 'Flirtlokaal - flirter et faire des rencontres aux Pays-Bas et en Belgique',
      de: 'Flirtlokaal - flirten und daten in den Niederlanden und Belgien',
      en: 'Flirtlokaal - flirting and dating in the Netherlands and Belgium',
      da: 'Flirtlokaal - flirt og dating i Holland og Belgien',
      es: 'Flirtlokaal - ligar y citas en los Países Bajos y Bélgica',
      fi: 'Flirtlokaal - flirttailua ja treffejä Alankomaissa ja Belgiassa',
      it: 'Flirtlokaal - flirt e incontri nei Paesi Bassi e in Belgio',
      nb: 'Flirtlokaal - flørting og dating i Nederland og Belgia',
      pl: 'Flirtlokaal - flirt i randki w Holandii i Belgii',
      sv: 'Flirtlokaal - flirt och dejting i Nederländerna och Belgien',
    },
    countries: ['NL', 'BE'],
    visible_profile_fields: ['age', 'city', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'sexuality'],
    visible_profile_notes: ['about'],
    search_fields: ['gender', 'country', 'countryregion', 'age'],
    message_credits: 5,
    photo_credits: 10,
    gift_credits: 15,
    signup_credits: 0,
    message_length: 1000,
    // At least what the packages allow (core/schemas/tenant.ts checks it); pages show the price computed from the packages.
    minimum_message_costs: { NL: { costs: 1.0, currency: 'EUR' }, BE: { costs: 1.0, currency: 'EUR' } },
    support_email: 'support@flirtlokaal.nl',
    support_phone: '+31 20 123 4567',
    push_public_key: '',
    enable_site_entry_popup: 'yes',
    fictional_icon: '🎭',
    fictional_warning: {
      nl: 'Profielen met dit icoon zijn fictief: ze worden beheerd door onze medewerkers en je kunt ze niet in het echt ontmoeten.',
      fr: 'Les profils avec cette icône sont fictifs : ils sont gérés par notre équipe et tu ne peux pas les rencontrer en vrai.',
      de: 'Profile mit diesem Symbol sind fiktiv: Sie werden von unserem Team betreut und du kannst sie nicht persönlich treffen.',
      en: 'Profiles with this icon are fictional: they are run by our staff and you cannot meet them in person.',
      da: 'Profiler med dette ikon er fiktive: de drives af vores medarbejdere, og du kan ikke møde dem i virkeligheden.',
      es: 'Los perfiles con este icono son ficticios: los gestiona nuestro equipo y no puedes conocerlos en persona.',
      fi: 'Tällä kuvakkeella merkityt profiilit ovat kuvitteellisia: niitä ylläpitää henkilökuntamme, etkä voi tavata niitä oikeasti.',
      it: 'I profili con questa icona sono fittizi: sono gestiti dal nostro staff e non puoi incontrarli di persona.',
      nb: 'Profiler med dette ikonet er fiktive: de drives av våre ansatte, og du kan ikke møte dem i virkeligheten.',
      pl: 'Profile oznaczone tą ikoną są fikcyjne: prowadzi je nasz zespół i nie możesz spotkać się z nimi osobiście.',
      sv: 'Profiler med den här ikonen är fiktiva: de sköts av vår personal och du kan inte träffa dem på riktigt.',
    },
    fictional_singular: {
      nl: 'fictief profiel',
      fr: 'profil fictif',
      de: 'fiktives Profil',
      en: 'fictional profile',
      da: 'fiktiv profil',
      es: 'perfil ficticio',
      fi: 'kuvitteellinen profiili',
      it: 'profilo fittizio',
      nb: 'fiktiv profil',
      pl: 'profil fikcyjny',
      sv: 'fiktiv profil',
    },
    fictional_plural: {
      nl: 'fictieve profielen',
      fr: 'profils fictifs',
      de: 'fiktive Profile',
      en: 'fictional profiles',
      da: 'fiktive profiler',
      es: 'perfiles ficticios',
      fi: 'kuvitteellisia profiileja',
      it: 'profili fittizi',
      nb: 'fiktive profiler',
      pl: 'profile fikcyjne',
      sv: 'fiktiva profiler',
    },
    refund_days: 14,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'no',
    member_resell: 'no',
    company_id: 1,
    mail_name: 'Flirtlokaal',
  },
  company: {
    name: 'Lokaal Media B.V.',
    address: 'Keizersgracht 100',
    kvk: '81234567',
    city: 'Amsterdam',
    country: 'Nederland',
    tradenames: ['Flirtlokaal'],
    vat_numbers: ['NL862345678B01'],
    support_phone: '+31 20 123 4567',
    delete_discount: 50,
    added: '2024-03-01T09:00:00Z',
  },
  payments: {
    // Verotel FlexPay (an adult acquirer in Amsterdam; decision 013): cards and iDEAL on its order page. Mollie,
    // Stripe and PayPal direct exclude adult dating and the schema refuses them. Locally: Verotel's own sandbox.
    provider: 'verotel',
    verotel: { shop_id: 71001, brand: 'verotel', signature_key_secret: 'VEROTEL_KEY_FLIRTLOKAAL' },
    // How a charge appears on the statement, per provider (core/rules/billing-descriptor.ts).
    billing_descriptors: { verotel: 'VEROTEL*FLIRTLOKAAL.NL' },
    // Direct debit: the company as its own SEPA creditor (worker/payments/sepa/, decision 013). A fictional creditor:
    // the Creditor Identifier only has valid check digits, the account is a textbook example IBAN.
    sepa: {
      creditor_name: 'Lokaal Media B.V.',
      creditor_id: 'NL57ZZZ999999999999',
      creditor_iban: 'NL20INGB0001234567',
      bic: 'INGBNL2A',
      lead_days: 2,
    },
    routes: { NL: { directdebit: ['sepa'] } },
    packages: {
      EUR: [
        { id: 1, credits: 50, price: 1495, style: 'p0', popular: false },
        { id: 2, credits: 120, price: 2995, style: 'p1', popular: true },
        { id: 3, credits: 275, price: 5995, style: 'p2', popular: false },
        { id: 4, credits: 600, price: 11995, style: 'p3', popular: false },
      ],
    },
    countries: {
      // What Verotel's FlexPay offers here (its purchase docs: CC, DDEU, IDEAL); Bancontact, KBC, Belfius, PayPal,
      // Apple Pay and bank transfer have no adult acquirer of this brand, so they are not offered.
      NL: { currency: 'EUR', methods: ['ideal', 'creditcard', 'directdebit'] },
      BE: { currency: 'EUR', methods: ['creditcard'] },
    },
  },
  // The cam partner of the cam listing at /cams ('cam' variant: member_resell is 'no'). A demo partner: .example hosts.
  cams: {
    partner: 'LiveLounge',
    affiliate: 'flirtlokaal-nl',
    room_url: 'https://livelounge.example/room/{performer}?aff={affiliate}&click={click}',
    signup_url: 'https://livelounge.example/join?aff={affiliate}&click={click}&meet={performer}',
  },
  info_pages: {
    'veilig-daten': {
      nl: {
        title: 'Veilig daten',
        body: `## Zo date je veilig via {{brand}}
- Deel je adres, werkgever of bankgegevens nooit in een chat.
- Spreek de eerste keer af op een openbare plek en vertel iemand die je vertrouwt waar je bent.
- Stuur nooit geld of cadeaukaarten naar iemand die je online hebt leren kennen.
- {{fictional_icon}} {{fictional_warning}}

## Iets niet in orde?
Blokkeer het profiel via de knop op het profiel en laat het ons weten via het [klachtenformulier](/complaints) of {{support_email}}.`,
      },
      en: {
        title: 'Dating safely',
        body: `## How to date safely on {{brand}}
- Never share your address, employer or bank details in a chat.
- Meet in a public place the first time and tell someone you trust where you are.
- Never send money or gift cards to someone you met online.
- Profiles marked {{fictional_icon}} are fictional: they are run by our staff and you cannot meet them in person.

## Something wrong?
Block the profile with the button on the profile and tell us through the [complaint form](/complaints) or {{support_email}}.`,
      },
    },
  },
} satisfies TenantInput;
