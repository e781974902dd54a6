#!/usr/bin/env node
// Demo data for the local D1: reference data (interests, regions) and, per brand in tenants/, operator-style
// profiles with photos and interests.
//
//   npm run seed -- [--profiles N] [--tenant <id>] [--if-needed] [--today YYYY-MM-DD] [--sql-only]
//
// --profiles is per brand (default 3000). Output is deterministic: every profile draws from its own PRNG seeded with
// its brand and number, so the same arguments give byte-identical SQL and a larger --profiles keeps the first
// profiles unchanged. Dates are relative to --today (default: the current UTC date) so "last active" stays recent.
// The SQL goes to .seed/ in files of CHUNK profiles; wrangler runs each file as one transaction.
// --if-needed skips everything when seed_meta already holds this data set's version (npm start uses it).
//
// Ids: brand n (1-based, tenants/ sorted by file name) owns profile ids n*10_000_000 + 1.. and photo ids
// SEED_PHOTO_IDS + profileId*4 + 0..3, far above the ranges the product allocates from (uploads, staff photos: with
// five brands the old profileId*4 reached into them). Re-seeding upserts profiles in place, so likes or messages
// that point at demo profiles stay valid, and deletes the demo profiles beyond the new count. Rows of members
// (member_id set) are never touched.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { demoMembersSql, demoPasswordHash } from './lib/demo-members.mjs';
import { demoStaffSql, localAppSecret, secretFingerprint } from './lib/demo-staff.mjs';
import { d1Bindings } from './lib/setup.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// One folder per database (and so per run that may overlap: npm start, the browser tests and the bench seed at once).
const OUT_DIR = join(ROOT, '.seed', (process.env.PERSIST_TO ?? 'default').replace(/[^\w-]+/g, '_'));
const ID_BLOCK = 10_000_000;
const PHOTOS_PER_PROFILE = 4;
const SEED_PHOTO_IDS = 10_000_000_000;
const CHUNK = 25_000; // profiles per SQL file (one wrangler call, one transaction; ~20 MB)
const STATEMENT_BYTES = 90_000; // D1 rejects statements over 100 kB
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mulberry32(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** Picks from [value, weight] pairs. */
function weighted(rng, pairs) {
  let roll = rng() * pairs.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of pairs) {
    roll -= w;
    if (roll < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

// ---------------------------------------------------------------------------------------------------------------
// Who lives where and what they are called

/** The language people's names and texts come in, per country (not the UI languages of §9)... */
const NAME_LANGUAGES = {
  NL: [['nl', 1]],
  BE: [['nl', 1]],
  FR: [['fr', 1]],
  IT: [['it', 1]],
  ES: [['es', 1]],
  DE: [['de', 1]],
  AT: [['de', 1]],
  IE: [['en', 1]],
  GB: [['en', 1]],
  CA: [
    ['en', 95],
    ['fr', 5],
  ],
  PL: [['pl', 1]],
  AU: [['en', 1]],
  NZ: [['en', 1]],
  CH: [['de', 1]],
  DK: [['da', 1]],
  FI: [
    ['fi', 97],
    ['sv', 3],
  ],
  NO: [['nb', 1]],
  SE: [['sv', 1]],
  US: [
    ['en', 92],
    ['es', 8],
  ],
};
/** ...and per region where that differs, as "country-region" keys (shares of the population, approximate). */
const REGION_LANGUAGES = {
  'BE-BRU': [
    ['fr', 85],
    ['nl', 15],
  ],
  'BE-WBR': [['fr', 1]],
  'BE-WHT': [['fr', 1]],
  'BE-WLG': [
    ['fr', 90],
    ['de', 10],
  ],
  'BE-WLX': [['fr', 1]],
  'BE-WNA': [['fr', 1]],
  'CH-BE': [
    ['de', 90],
    ['fr', 10],
  ],
  'CH-FR': [
    ['fr', 70],
    ['de', 30],
  ],
  'CH-GE': [['fr', 1]],
  'CH-JU': [['fr', 1]],
  'CH-NE': [['fr', 1]],
  'CH-VD': [['fr', 1]],
  'CH-VS': [
    ['fr', 65],
    ['de', 35],
  ],
  'CH-TI': [['it', 1]],
  'CH-GR': [
    ['de', 80],
    ['it', 20],
  ],
  'CA-QC': [
    ['fr', 80],
    ['en', 20],
  ],
  'CA-NB': [
    ['en', 65],
    ['fr', 35],
  ],
  'FI-01': [['sv', 1]],
  'FI-12': [
    ['fi', 50],
    ['sv', 50],
  ],
  'FI-18': [
    ['fi', 90],
    ['sv', 10],
  ],
  'US-CA': [
    ['en', 70],
    ['es', 30],
  ],
  'US-TX': [
    ['en', 70],
    ['es', 30],
  ],
  'US-NM': [
    ['en', 60],
    ['es', 40],
  ],
  'US-AZ': [
    ['en', 75],
    ['es', 25],
  ],
  'US-FL': [
    ['en', 80],
    ['es', 20],
  ],
  'US-NV': [
    ['en', 80],
    ['es', 20],
  ],
};
const NORDIC = new Set(['DK', 'FI', 'NO', 'SE']);

// First names per language: the first 30 of each list are common for people born since about 1990, the last 30
// for people born before; older profiles mostly get the older names.
const NAMES = {
  nl: {
    female:
      'Emma Julia Sophie Lotte Lisa Sanne Fleur Anna Eva Isa Lieke Femke Noa Sara Tess Roos Amber Iris Esmee Britt Floor Jasmijn Nina Lauren Demi Kim Maud Naomi Evi Zoë Monique Sandra Ingrid Marjolein Anja Petra Wilma Yvonne Ellen Marian Carla Karin Esther Linda Miranda Mirjam Annemiek Jolanda Ria Gerda Astrid Brigitte Els Ilse Hanneke Marieke Saskia Wendy Corinne Annelies',
    male: 'Daan Sem Lucas Milan Thomas Jesse Bram Tim Luuk Lars Ruben Stijn Thijs Niels Jasper Tom Sven Joris Koen Rick Bas Jelle Max Finn Gijs Wouter Mats Kevin Dennis Youri Jan Peter Kees Hans Marco Erik Gert Johan Henk Frank Rob Paul Martin Ronald Edwin Sjoerd Arjen Dirk Wim Bert Ruud Harm Gerard Maarten Jeroen Michiel Pieter Richard Marcel Ton',
  },
  de: {
    female:
      'Lena Laura Julia Anna Lea Sarah Lisa Hannah Leonie Katharina Jana Vanessa Nina Johanna Sophie Marie Lara Michelle Jessica Jennifer Carina Selina Alina Melanie Franziska Jasmin Theresa Miriam Kim Luisa Sabine Petra Andrea Claudia Susanne Monika Birgit Gabriele Karin Heike Ute Angelika Renate Martina Kerstin Silke Anja Manuela Elke Ingrid Christine Stefanie Doris Bettina Nicole Cornelia Brigitte Marion Gisela Tanja',
    male: 'Lukas Jonas Leon Felix Tim Maximilian Niklas Jan Paul Philipp David Florian Tobias Fabian Moritz Julian Simon Kevin Dominik Marcel Sebastian Patrick Benjamin Dennis Nico Luca Elias Finn Kai Marvin Thomas Michael Andreas Stefan Frank Jürgen Klaus Peter Wolfgang Uwe Bernd Ralf Dieter Matthias Markus Jörg Rainer Holger Dirk Martin Günter Karl-Heinz Helmut Harald Torsten Manfred Werner Olaf Axel Volker',
  },
  fr: {
    female:
      'Camille Léa Manon Chloé Emma Inès Sarah Clara Jade Louise Lucie Océane Pauline Mathilde Marine Anaïs Juliette Margaux Laura Julie Charlotte Elise Justine Mélanie Alice Morgane Amandine Noémie Zoé Lola Nathalie Isabelle Sylvie Catherine Valérie Christine Sandrine Véronique Florence Martine Stéphanie Patricia Corinne Brigitte Françoise Nicole Chantal Dominique Laurence Karine Pascale Monique Agnès Hélène Muriel Béatrice Céline Sophie Virginie Annie',
    male: 'Lucas Hugo Thomas Théo Nathan Louis Maxime Alexandre Antoine Romain Kevin Julien Nicolas Quentin Clément Adrien Benjamin Florian Mathieu Baptiste Guillaume Léo Paul Arthur Jules Victor Enzo Raphaël Dylan Valentin Philippe Patrick Michel Alain Pierre Christophe Frédéric Laurent Stéphane Éric Thierry Pascal Olivier Jean-Pierre Jean-Luc Didier Bruno Gérard Daniel Bernard Serge Jacques François Dominique Sébastien Vincent Hervé Yves Marc Gilles',
  },
  it: {
    female:
      'Giulia Chiara Francesca Sara Martina Alessia Giorgia Federica Valentina Elisa Silvia Alice Sofia Aurora Beatrice Ilaria Serena Marta Arianna Camilla Noemi Veronica Greta Jessica Erika Eleonora Matilde Irene Claudia Ginevra Maria Anna Giuseppina Rosa Patrizia Antonella Paola Daniela Laura Cristina Roberta Monica Barbara Manuela Lucia Rita Marina Franca Gabriella Simona Teresa Loredana Stefania Tiziana Elena Luisa Donatella Raffaella Carla Silvana',
    male: 'Francesco Alessandro Lorenzo Matteo Andrea Davide Federico Simone Luca Marco Gabriele Riccardo Stefano Nicola Tommaso Leonardo Mattia Filippo Daniele Michele Emanuele Jacopo Giacomo Edoardo Pietro Samuele Manuel Christian Diego Alessio Giuseppe Giovanni Antonio Mario Luigi Roberto Paolo Salvatore Vincenzo Franco Massimo Sergio Claudio Fabio Maurizio Enrico Bruno Carlo Alberto Giorgio Angelo Domenico Pasquale Fabrizio Gianni Piero Renato Sandro Walter Raffaele',
  },
  es: {
    female:
      'Lucía María Paula Laura Marta Andrea Sara Alba Carla Claudia Irene Elena Nerea Cristina Noelia Sofía Julia Ainhoa Natalia Alicia Patricia Raquel Beatriz Rocío Silvia Lorena Miriam Daniela Valeria Aitana Carmen Josefa Isabel Dolores Pilar Teresa Ana Rosa Francisca Antonia Mercedes Concepción Manuela Montserrat Rosario Encarnación Inmaculada Mónica Susana Yolanda Begoña Esther Nuria Amparo Consuelo Lourdes Marisol Eva Gloria Victoria',
    male: 'Hugo Daniel Pablo Alejandro Álvaro Adrián David Javier Sergio Diego Mario Iván Rubén Marcos Raúl Jorge Alberto Carlos Rafael Víctor Iker Lucas Martín Gonzalo Óscar Samuel Héctor Izan Aitor Mateo Antonio José Manuel Francisco Juan Jesús Miguel Pedro Ángel Fernando Luis Ramón Enrique Vicente Andrés Joaquín Santiago Emilio Julián Tomás Agustín Jaime Ignacio Alfonso Salvador Eduardo Gregorio Felipe Ricardo Arturo',
  },
  en: {
    female:
      'Emily Jessica Sophie Chloe Olivia Emma Hannah Lauren Amy Megan Charlotte Grace Lucy Ellie Holly Katie Rebecca Ashley Madison Brittany Samantha Taylor Abigail Amelia Isla Mia Ella Zoe Kayla Natalie Susan Karen Linda Julie Deborah Sharon Patricia Elizabeth Margaret Helen Sarah Amanda Michelle Nicola Joanne Tracey Diane Carol Angela Lisa Kim Jacqueline Catherine Donna Denise Jennifer Maureen Pamela Wendy Alison',
    male: 'James Jack Oliver Harry Thomas Joshua Daniel Ryan Matthew Tyler Jacob Ethan Connor Liam Callum Nathan Luke Dylan Kyle Brandon Jordan Sam Ben Adam Alex Jake Noah Logan Aaron Lewis David John Michael Robert Paul Mark Richard Stephen Peter Andrew Gary Kevin Ian Steven William Christopher Brian Anthony Neil Simon Martin Graham Keith Colin Darren Jeffrey Dennis Gregory Scott Philip',
  },
  pl: {
    female:
      'Julia Zuzanna Maja Lena Aleksandra Natalia Wiktoria Zofia Oliwia Karolina Paulina Weronika Martyna Kinga Patrycja Dominika Klaudia Magdalena Marta Kamila Agata Sylwia Justyna Anna Monika Emilia Gabriela Nikola Amelia Alicja Barbara Krystyna Maria Elżbieta Teresa Danuta Grażyna Halina Irena Jadwiga Małgorzata Ewa Bożena Beata Dorota Iwona Jolanta Renata Wanda Mirosława Urszula Agnieszka Joanna Katarzyna Alina Lidia Genowefa Stanisława Hanna Marzena',
    male: 'Jakub Kacper Szymon Filip Mateusz Bartosz Michał Dawid Kamil Łukasz Patryk Hubert Adrian Dominik Wiktor Oskar Igor Maciej Sebastian Damian Antoni Franciszek Aleksander Nikodem Miłosz Karol Norbert Konrad Przemysław Marcel Stanisław Jan Andrzej Józef Tadeusz Jerzy Zbigniew Krzysztof Henryk Ryszard Kazimierz Marek Marian Piotr Grzegorz Tomasz Wojciech Janusz Mirosław Paweł Zdzisław Roman Leszek Wiesław Dariusz Jacek Waldemar Artur Sławomir Robert',
  },
  da: {
    female:
      'Emma Ida Clara Freja Sofie Anna Laura Mathilde Cecilie Julie Caroline Maja Emilie Sara Josefine Amalie Katrine Louise Camilla Signe Line Nanna Stine Frida Alberte Karla Ella Olivia Nora Liva Mette Hanne Susanne Lene Anne Kirsten Inge Pia Bente Karen Lone Helle Birgitte Charlotte Tina Marianne Lis Jette Gitte Dorthe Ulla Annette Lisbeth Vibeke Tove Gurli Rikke Trine Connie Winnie',
    male: 'William Noah Oscar Lucas Victor Malthe Emil Frederik Mikkel Mads Rasmus Mathias Jonas Magnus Alexander Christian Nikolaj Andreas Simon Tobias Kasper Sebastian Oliver Carl Elias Aksel Anton Villads Marcus Jakob Jens Peter Lars Søren Niels Henrik Michael Jørgen Hans Thomas Poul Ole Bent Erik Kim Martin Jesper Per Steen Torben Flemming Claus Bo Brian René Kurt Finn Knud Leif Carsten',
  },
  fi: {
    female:
      'Aino Emma Sofia Aada Ella Venla Helmi Iida Emilia Sara Anni Laura Jenni Henna Noora Riikka Essi Milla Veera Oona Pinja Elli Siiri Julia Krista Roosa Janina Tiia Salla Emmi Anne Tuula Päivi Riitta Leena Pirjo Sari Minna Marja Tiina Satu Eija Kaisa Hanna Sirpa Merja Outi Seija Kirsi Ritva Helena Arja Raija Anneli Marjatta Tarja Marita Heli Katja Jaana',
    male: 'Eetu Aleksi Juho Joonas Lauri Ville Niko Antti Tuomas Janne Eero Onni Elias Leo Oliver Veeti Joel Aapo Santeri Otto Lassi Miro Rasmus Arttu Valtteri Jesse Teemu Tommi Samuli Oskari Juha Timo Matti Kari Mikko Jari Jukka Markku Pekka Heikki Hannu Seppo Mika Ari Esa Petri Risto Pertti Jorma Raimo Olli Jouni Harri Marko Jyrki Vesa Erkki Kalevi Ilkka Veli',
  },
  sv: {
    female:
      'Alice Maja Elsa Ella Wilma Ebba Olivia Alva Saga Astrid Agnes Frida Emma Ida Linnea Hanna Sara Julia Moa Elin Johanna Matilda Felicia Amanda Lovisa Tove Klara Nora Stella Vera Anna Eva Karin Kristina Margareta Birgitta Elisabeth Ingrid Marie Lena Kerstin Maria Ulla Inger Susanne Annika Gunilla Monica Helena Anneli Åsa Camilla Carina Pia Lisbeth Yvonne Malin Ann-Christin Marianne Britt',
    male: 'William Liam Noah Hugo Lucas Oscar Elias Alexander Isak Viktor Emil Filip Axel Anton Ludvig Gustav Oliver Adam Leo Albin Simon Jonathan Rasmus Sebastian Linus Oskar Melvin Vincent Theo Arvid Lars Anders Johan Per Karl Erik Mikael Peter Jan Hans Thomas Bengt Göran Stefan Bo Leif Magnus Mats Ulf Björn Kjell Lennart Håkan Sven Tommy Roger Mattias Fredrik Jonas Åke',
  },
  nb: {
    female:
      'Nora Emma Ingrid Sara Maja Ella Thea Sofie Emilie Ida Julie Hedda Tuva Mathilde Marte Frida Silje Hanna Vilde Oda Amalie Live Kaja Aurora Andrea Martine Camilla Synne Helene Astrid Anne Inger Kari Marit Liv Berit Randi Solveig Bjørg Gerd Grete Turid Hilde Tone Kristin Heidi Hege Anita Ellen Wenche Unni Eva Reidun Gunn Ragnhild Siri Elisabeth Trine Mona Torill',
    male: 'Jakob Emil Noah Oliver Filip William Lucas Henrik Aksel Magnus Sander Mathias Jonas Markus Kristian Sindre Eirik Håkon Vegard Even Tobias Elias Isak Sebastian Martin Andreas Fredrik Kasper Mats Ola Jan Per Bjørn Ole Lars Kjell Knut Arne Svein Hans Geir Odd Terje Tor Rune Trond Morten Erik Nils Helge Øyvind Rolf Leif Harald Einar Frode Tore Gunnar Stein Dag',
  },
};

const NAME_LISTS = Object.fromEntries(
  Object.entries(NAMES).map(([language, { female, male }]) => [language, { female: female.split(' '), male: male.split(' ') }]),
);

// "About" texts are composed from one fragment per slot (some slots optional), so 3000 profiles rarely repeat.
// Fragments avoid grammatical gender so they fit every profile.
const ABOUT = {
  nl: {
    intro: ['Hoi!', 'Hallo daar!', 'Leuk dat je even kijkt.', 'Welkom op mijn profiel.', 'Hey jij!', 'Goedendag!'],
    me: [
      'Ik ben een vrolijk en spontaan persoon.',
      'Ik sta positief in het leven en lach graag.',
      'Ik ben nieuwsgierig en hou van een goed gesprek.',
      'Rustig van buiten, maar met een ondeugende kant.',
      'Ik werk hard, maar weet ook hoe ik moet genieten.',
      'Eerlijk en direct, dat vind ik belangrijk.',
    ],
    mature: ['Met de jaren ben ik rustiger geworden, maar zeker niet saaier.', 'Levenservaring heb ik genoeg, zin in avontuur nog meer.'],
    likes: [
      'In mijn vrije tijd ben ik vaak buiten te vinden.',
      'Een goed glas wijn en lekker eten maken mij blij.',
      'Ik hou van reizen en nieuwe plekken ontdekken.',
      'Op zondag lekker uitslapen en daarna de stad in.',
      'Muziek staat bij mij altijd aan.',
      'Ik sport graag, maar een avondje op de bank is ook prima.',
    ],
    seeking: [
      'Ik zoek iemand met wie ik kan lachen en flirten.',
      'Op zoek naar spanning en een klik, zonder verplichtingen.',
      'Zin in een leuk contact en zien waar het heen gaat.',
      'Ik zoek een discreet avontuur.',
      'Wie durft het aan om mij beter te leren kennen?',
      'Ik hoop hier iemand te vinden die weet wat hij of zij wil.',
    ],
    outro: ['Stuur me gerust een berichtje!', 'Tot snel?', 'Ben je benieuwd? Zeg hallo.', 'Kusjes!', 'Ik hoor graag van je.'],
  },
  de: {
    intro: ['Hallo!', 'Hi, schön, dass du vorbeischaust.', 'Hey du!', 'Willkommen auf meinem Profil.', 'Grüß dich!', 'Hallo zusammen!'],
    me: [
      'Ich bin offen, herzlich und lache gern.',
      'Ich stehe mitten im Leben und weiß, was ich will.',
      'Ich bin neugierig und für vieles zu haben.',
      'Außen eher ruhig, innen ziemlich leidenschaftlich.',
      'Ehrlichkeit ist mir wichtig, Spielchen nicht.',
      'Ich arbeite viel, aber genieße meine Freizeit umso mehr.',
    ],
    mature: [
      'Mit den Jahren bin ich gelassener geworden – aber nicht langweiliger.',
      'Lebenserfahrung habe ich genug, Lust auf Neues noch mehr.',
    ],
    likes: [
      'Ich koche gern und liebe gute Gespräche bei einem Glas Wein.',
      'Am Wochenende bin ich oft in der Natur unterwegs.',
      'Reisen, Musik und gutes Essen machen mich glücklich.',
      'Ein gemütlicher Abend auf dem Sofa ist auch mal schön.',
      'Sport hält mich fit, die Sauna entspannt mich.',
      'Ich tanze gern und bin für jeden Spaß zu haben.',
    ],
    seeking: [
      'Ich suche jemanden zum Flirten und für prickelnde Treffen.',
      'Lust auf ein diskretes Abenteuer ohne Verpflichtungen?',
      'Ich wünsche mir ein ehrliches Gegenüber mit Humor.',
      'Mal sehen, was sich ergibt – ich bin offen für vieles.',
      'Ich suche Nähe, Zärtlichkeit und ein bisschen Aufregung.',
      'Wer traut sich, mich näher kennenzulernen?',
    ],
    outro: ['Schreib mir einfach!', 'Ich freue mich auf deine Nachricht.', 'Bis bald?', 'Trau dich!', 'Liebe Grüße'],
  },
  fr: {
    intro: ['Salut !', 'Bonjour à toi !', 'Coucou !', 'Bienvenue sur mon profil.', 'Hello !', 'Merci de passer par ici.'],
    me: [
      "Je suis d'une nature joyeuse et spontanée.",
      "J'aime la vie et les petits plaisirs.",
      "J'ai beaucoup d'humour et un brin de folie.",
      "Franchise et bonne humeur, c'est ma devise.",
      'Je travaille beaucoup mais je sais profiter de mon temps libre.',
      "Le calme en apparence, la passion à l'intérieur.",
    ],
    mature: ["Les années m'ont apporté de la sérénité, pas de l'ennui.", "De l'expérience, j'en ai ; de l'envie, encore plus."],
    likes: [
      "J'adore les voyages et les découvertes.",
      'Un bon restaurant et un verre de vin, rien de mieux.',
      'Le week-end, je profite de la nature.',
      "La musique m'accompagne partout.",
      "Je fais du sport, mais j'aime aussi les soirées cocooning.",
      'Le cinéma et les longues discussions me font craquer.',
    ],
    seeking: [
      "Je cherche quelqu'un pour flirter et partager de bons moments.",
      "Envie d'une aventure discrète, sans prise de tête.",
      'Je cherche une vraie complicité, on verra où ça nous mène.',
      'Qui osera me découvrir ?',
      "J'ai envie de tendresse et d'un peu de piquant.",
      'Une rencontre coquine ? Pourquoi pas.',
    ],
    outro: ['Écris-moi !', 'À bientôt peut-être ?', "N'hésite pas à m'envoyer un message.", 'Bisous !', 'Au plaisir de te lire.'],
  },
  it: {
    intro: ['Ciao!', 'Ciao a tutti!', 'Benvenuti sul mio profilo.', 'Ehi tu!', 'Salve!', 'Piacere di conoscerti.'],
    me: [
      'Sono una persona solare e spontanea.',
      'Amo la vita e i piccoli piaceri.',
      'Ho un grande senso dell’umorismo.',
      'Sincerità e allegria sono il mio motto.',
      'Lavoro tanto, ma so godermi il tempo libero.',
      'Calma fuori, passione dentro.',
    ],
    mature: ['Gli anni mi hanno dato serenità, non noia.', 'Di esperienza ne ho tanta, di voglia ancora di più.'],
    likes: [
      'Adoro viaggiare e scoprire posti nuovi.',
      'Una buona cena e un bicchiere di vino: niente di meglio.',
      'Nel fine settimana mi piace stare nella natura.',
      'La musica mi accompagna ovunque.',
      'Faccio sport, ma amo anche le serate sul divano.',
      'Cinema e lunghe chiacchierate mi conquistano.',
    ],
    seeking: [
      'Cerco qualcuno con cui flirtare e passare bei momenti.',
      'Voglia di un’avventura discreta, senza impegno.',
      'Cerco complicità e poi vediamo dove ci porta.',
      'Chi ha il coraggio di conoscermi meglio?',
      'Ho voglia di tenerezza e di un pizzico di pepe.',
      'Un incontro intrigante? Perché no.',
    ],
    outro: ['Scrivimi!', 'A presto?', 'Mandami un messaggio.', 'Un bacio!', 'Aspetto il tuo messaggio.'],
  },
  es: {
    intro: ['¡Hola!', '¡Hola a todos!', 'Bienvenidos a mi perfil.', '¡Hey!', '¡Buenas!', 'Gracias por pasarte.'],
    me: [
      'Soy una persona alegre y espontánea.',
      'Me encanta la vida y los pequeños placeres.',
      'Tengo mucho sentido del humor.',
      'Sinceridad y buen rollo, ese es mi lema.',
      'Trabajo mucho, pero sé disfrutar de mi tiempo libre.',
      'Calma por fuera, pasión por dentro.',
    ],
    mature: ['Los años me han dado serenidad, no aburrimiento.', 'Experiencia tengo de sobra, y ganas todavía más.'],
    likes: [
      'Me encanta viajar y descubrir sitios nuevos.',
      'Una buena cena y una copa de vino, no hay nada mejor.',
      'Los fines de semana me gusta salir a la naturaleza.',
      'La música me acompaña a todas partes.',
      'Hago deporte, pero también me encantan las noches de sofá.',
      'El cine y las charlas largas me conquistan.',
    ],
    seeking: [
      'Busco a alguien para ligar y pasar buenos momentos.',
      'Con ganas de una aventura discreta, sin compromiso.',
      'Busco complicidad y luego ya veremos.',
      '¿Quién se atreve a conocerme mejor?',
      'Tengo ganas de ternura y un poco de picante.',
      '¿Un encuentro excitante? ¿Por qué no?',
    ],
    outro: ['¡Escríbeme!', '¿Hasta pronto?', 'Mándame un mensaje.', '¡Besos!', 'Espero tu mensaje.'],
  },
  en: {
    intro: ['Hi there!', 'Hey you!', 'Welcome to my profile.', 'Hello!', 'Thanks for stopping by.', 'Hi, nice to see you here.'],
    me: [
      "I'm cheerful, spontaneous and love a good laugh.",
      'I enjoy life and all its little pleasures.',
      'Quiet at first, but with a cheeky side.',
      'Honest and straightforward, no games.',
      'I work hard but know how to enjoy my free time.',
      'Curious about people and always up for a good conversation.',
    ],
    mature: ['The years have made me calmer, not duller.', 'Plenty of life experience, and even more appetite for fun.'],
    likes: [
      'I love travelling and discovering new places.',
      'Good food and a glass of wine make me happy.',
      "At weekends you'll find me outdoors.",
      'Music is always on in my house.',
      'I like to keep fit, but a cosy night in is great too.',
      'Movies and long chats are my weakness.',
    ],
    seeking: [
      'Looking for someone to flirt with and share some fun.',
      'Up for a discreet adventure with no strings attached.',
      "Looking for a real connection, let's see where it goes.",
      'Who dares to get to know me better?',
      'I want some tenderness and a little spice.',
      'A steamy date? Why not.',
    ],
    outro: ['Drop me a message!', 'Talk soon?', "Don't be shy, say hi.", 'Kisses!', 'Looking forward to hearing from you.'],
  },
  pl: {
    intro: ['Cześć!', 'Hej!', 'Witaj na moim profilu.', 'Dzień dobry!', 'Hej, miło, że zaglądasz.', 'Siema!'],
    me: [
      'Jestem osobą pogodną i spontaniczną.',
      'Kocham życie i małe przyjemności.',
      'Mam duże poczucie humoru.',
      'Szczerość i dobry humor to moje motto.',
      'Dużo pracuję, ale umiem cieszyć się wolnym czasem.',
      'Spokój na zewnątrz, pasja w środku.',
    ],
    mature: ['Lata dały mi spokój, ale nie nudę.', 'Doświadczenia mam dużo, a ochoty jeszcze więcej.'],
    likes: [
      'Uwielbiam podróże i odkrywanie nowych miejsc.',
      'Dobra kolacja i kieliszek wina – nic lepszego.',
      'W weekendy lubię spędzać czas na łonie natury.',
      'Muzyka towarzyszy mi wszędzie.',
      'Uprawiam sport, ale lubię też wieczory na kanapie.',
      'Kino i długie rozmowy to moja słabość.',
    ],
    seeking: [
      'Szukam kogoś do flirtu i wspólnych chwil.',
      'Mam ochotę na dyskretną przygodę bez zobowiązań.',
      'Szukam prawdziwej chemii, a potem zobaczymy.',
      'Kto odważy się poznać mnie bliżej?',
      'Marzę o czułości i odrobinie pikanterii.',
      'Gorąca randka? Czemu nie.',
    ],
    outro: ['Napisz do mnie!', 'Do usłyszenia?', 'Czekam na wiadomość.', 'Buziaki!', 'Odezwij się!'],
  },
  da: {
    intro: ['Hej!', 'Hej med dig!', 'Velkommen til min profil.', 'Hejsa!', 'Tak fordi du kigger forbi.', 'Goddag!'],
    me: [
      'Jeg er glad, spontan og griner gerne.',
      'Jeg elsker livet og de små fornøjelser.',
      'Stille i starten, men med en fræk side.',
      'Ærlig og ligetil – ingen spil.',
      'Jeg arbejder meget, men ved også, hvordan man nyder fritiden.',
      'Nysgerrig på mennesker og altid klar på en god snak.',
    ],
    mature: ['Årene har gjort mig roligere, ikke kedeligere.', 'Livserfaring har jeg nok af, og lysten er der stadig.'],
    likes: [
      'Jeg elsker at rejse og opdage nye steder.',
      'God mad og et glas vin gør mig glad.',
      'I weekenden er jeg ofte ude i naturen.',
      'Der er altid musik tændt hjemme hos mig.',
      'Jeg holder mig i form, men en hyggelig aften i sofaen er også dejlig.',
      'Film og lange samtaler er min svaghed.',
    ],
    seeking: [
      'Jeg søger en at flirte med og have det sjovt med.',
      'Klar på et diskret eventyr uden forpligtelser.',
      'Jeg søger en ægte forbindelse – lad os se, hvor det fører hen.',
      'Hvem tør lære mig bedre at kende?',
      'Jeg trænger til ømhed og lidt krydderi.',
      'En hed date? Hvorfor ikke.',
    ],
    outro: ['Skriv endelig!', 'Vi ses?', 'Send mig en besked.', 'Knus!', 'Jeg glæder mig til at høre fra dig.'],
  },
  fi: {
    intro: ['Moi!', 'Hei sinä!', 'Tervetuloa profiiliini.', 'Moikka!', 'Kiva, että kurkkaat.', 'Terve!'],
    me: [
      'Olen iloinen ja spontaani ihminen.',
      'Rakastan elämää ja sen pieniä iloja.',
      'Aluksi hiljainen, mutta minussa on tuhma puoli.',
      'Rehellinen ja suora – ei pelejä.',
      'Teen paljon töitä, mutta osaan myös nauttia vapaa-ajasta.',
      'Olen utelias ja tykkään hyvistä keskusteluista.',
    ],
    mature: ['Vuodet ovat tehneet minusta rauhallisemman, eivät tylsempää.', 'Elämänkokemusta on paljon, intoa vielä enemmän.'],
    likes: [
      'Rakastan matkustamista ja uusien paikkojen löytämistä.',
      'Hyvä ruoka ja lasi viiniä tekevät minut iloiseksi.',
      'Viikonloppuisin liikun paljon luonnossa.',
      'Musiikki soi kotonani aina.',
      'Pidän itseni kunnossa, mutta rento ilta sohvalla on myös ihana.',
      'Sauna ja elokuvat ovat heikkouteni.',
    ],
    seeking: [
      'Etsin jotakuta, jonka kanssa flirttailla ja pitää hauskaa.',
      'Valmis diskreettiin seikkailuun ilman sitoumuksia.',
      'Etsin aitoa yhteyttä – katsotaan, mihin se johtaa.',
      'Kuka uskaltaa tutustua minuun paremmin?',
      'Kaipaan hellyyttä ja ripauksen jännitystä.',
      'Kuumat treffit? Miksei.',
    ],
    outro: ['Laita viestiä!', 'Nähdään?', 'Lähetä minulle viesti.', 'Halauksin!', 'Odotan viestiäsi.'],
  },
  sv: {
    intro: ['Hej!', 'Hej du!', 'Välkommen till min profil.', 'Hallå!', 'Tack för att du tittar in.', 'Tjena!'],
    me: [
      'Jag är glad, spontan och skrattar gärna.',
      'Jag älskar livet och de små nöjena.',
      'Lite blyg i början, men med en busig sida.',
      'Ärlig och rak – inga spel.',
      'Jag jobbar mycket men vet hur man njuter av fritiden.',
      'Nyfiken på människor och alltid sugen på ett bra samtal.',
    ],
    mature: ['Åren har gjort mig lugnare, inte tråkigare.', 'Livserfarenhet har jag gott om, och lusten finns kvar.'],
    likes: [
      'Jag älskar att resa och upptäcka nya platser.',
      'God mat och ett glas vin gör mig glad.',
      'På helgerna är jag ofta ute i naturen.',
      'Musiken är alltid på hemma hos mig.',
      'Jag tränar gärna, men en mysig kväll i soffan är också härligt.',
      'Film och långa samtal är min svaghet.',
    ],
    seeking: [
      'Jag söker någon att flörta och ha kul med.',
      'Sugen på ett diskret äventyr utan förpliktelser.',
      'Jag söker en äkta kontakt – vi får se vart det leder.',
      'Vem vågar lära känna mig bättre?',
      'Jag längtar efter ömhet och lite krydda.',
      'En het dejt? Varför inte.',
    ],
    outro: ['Skriv gärna!', 'Hörs snart?', 'Skicka ett meddelande.', 'Kramar!', 'Ser fram emot att höra från dig.'],
  },
  nb: {
    intro: ['Hei!', 'Hei du!', 'Velkommen til profilen min.', 'Heisann!', 'Takk for at du titter innom.', 'Hallo!'],
    me: [
      'Jeg er glad, spontan og ler gjerne.',
      'Jeg elsker livet og de små gledene.',
      'Litt sjenert i starten, men med en frekk side.',
      'Ærlig og rett fram – ingen spill.',
      'Jeg jobber mye, men vet hvordan man nyter fritiden.',
      'Nysgjerrig på folk og alltid klar for en god prat.',
    ],
    mature: ['Årene har gjort meg roligere, ikke kjedeligere.', 'Livserfaring har jeg nok av, og lysten er der fortsatt.'],
    likes: [
      'Jeg elsker å reise og oppdage nye steder.',
      'God mat og et glass vin gjør meg glad.',
      'I helgene er jeg ofte ute i naturen.',
      'Det er alltid musikk på hjemme hos meg.',
      'Jeg trener gjerne, men en koselig kveld i sofaen er også deilig.',
      'Film og lange samtaler er min svakhet.',
    ],
    seeking: [
      'Jeg søker noen å flørte og ha det gøy med.',
      'Klar for et diskret eventyr uten forpliktelser.',
      'Jeg søker en ekte forbindelse – vi får se hvor det fører.',
      'Hvem tør å bli bedre kjent med meg?',
      'Jeg lengter etter ømhet og litt krydder.',
      'En het date? Hvorfor ikke.',
    ],
    outro: ['Send meg gjerne en melding!', 'Snakkes?', 'Skriv til meg.', 'Klem!', 'Gleder meg til å høre fra deg.'],
  },
};

// ---------------------------------------------------------------------------------------------------------------
// What the members of a brand look like

/** Age bands as [from, to, weight]. */
const AGES = {
  general: [
    [18, 24, 14],
    [25, 34, 28],
    [35, 44, 24],
    [45, 54, 18],
    [55, 64, 11],
    [65, 75, 5],
  ],
  mature: [
    [40, 49, 38],
    [50, 59, 40],
    [60, 65, 17],
    [66, 75, 5],
  ],
  senior: [
    [55, 64, 30],
    [65, 75, 70],
  ],
};

/** Niche 1..7 (SPEC.md §9: none, she, bdsm, bbw, gilf, milf, gay) -> who the brand's demo members are. */
const NICHES = {
  1: { female: 0.6 },
  2: { female: 0.95, sameSex: 0.75 },
  3: { female: 0.55, boost: ['bondage', 'sadomasochism', 'sex_toys'] },
  4: { female: 0.85, fat: 0.8 },
  5: { female: 0.85, womenAges: AGES.senior },
  6: { female: 0.85, womenAges: AGES.mature },
  7: { female: 0.05, sameSex: 0.8 },
};

/** How often each interest is picked relative to the rest (1.5 unless listed). */
const INTEREST_WEIGHTS = {
  music: 4,
  movies: 4,
  travelling: 4,
  cooking: 3,
  beach: 3,
  wine: 3,
  dancing: 3,
  hiking: 2.5,
  sports: 2.5,
  reading: 2.5,
  party: 2.5,
  foodie: 2.5,
  coffee: 2.5,
  kissing: 3,
  hugging: 2.5,
  massages: 3,
  sex: 3,
  relationship: 2,
  outdoors: 2,
  animals: 2,
  oral_sex: 2,
  lingerie: 2,
  one_night_stand: 1.5,
  safe_sex: 1.5,
  anal_sex: 1,
  threesome: 1,
  bondage: 0.8,
  public_sex: 0.8,
  sadomasochism: 0.6,
  politics: 0.6,
  astrology: 1,
};

function pickAge(rng, bands) {
  const [from, to] = weighted(
    rng,
    bands.map((band) => [band, band[2]]),
  );
  return from + Math.floor(rng() * (to - from + 1));
}

function relationshipStatus(rng, age) {
  if (age < 30)
    return weighted(rng, [
      ['single', 60],
      ['unmarried', 15],
      ['living_together', 15],
      ['married', 5],
      ['divorced', 5],
    ]);
  if (age < 45)
    return weighted(rng, [
      ['single', 30],
      ['divorced', 18],
      ['married', 22],
      ['living_together', 15],
      ['unmarried', 12],
      ['widowed', 1],
    ]);
  return weighted(rng, [
    ['single', 20],
    ['divorced', 35],
    ['married', 22],
    ['widowed', 12],
    ['living_together', 6],
    ['unmarried', 5],
  ]);
}

function hairColour(rng, age) {
  const grey = age < 40 ? 1 : age < 50 ? 10 : age < 60 ? 35 : 70;
  return weighted(rng, [
    ['blond', 22],
    ['brown', 40],
    ['black', 18],
    ['red', 5],
    ['grey', grey],
  ]);
}

function composeAbout(rng, language, age) {
  const text = ABOUT[language];
  const parts = [];
  if (rng() < 0.7) parts.push(pick(rng, text.intro));
  parts.push(pick(rng, age >= 45 && rng() < 0.5 ? text.mature : text.me));
  if (rng() < 0.7) parts.push(pick(rng, text.likes));
  parts.push(pick(rng, text.seeking));
  if (rng() < 0.5) parts.push(pick(rng, text.outro));
  return parts.join(' ');
}

/** 2 to 8 distinct interest ids, drawn by weight without replacement (a drawn weight drops to 0). */
function pickInterests(rng, interestWeights) {
  const weights = interestWeights.map(([, w]) => w);
  let total = weights.reduce((sum, w) => sum + w, 0);
  const chosen = [];
  for (let count = 2 + Math.floor(rng() * 7); count > 0; count--) {
    let roll = rng() * total;
    let i = weights.findIndex((w) => w > 0 && (roll -= w) < 0);
    if (i < 0) i = weights.findLastIndex((w) => w > 0); // rounding left the roll just past the end
    chosen.push(interestWeights[i][0]);
    total -= weights[i];
    weights[i] = 0;
  }
  return chosen.sort((a, b) => a - b);
}

const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms) => new Date(ms).toISOString();

/** One demo profile with its photos and interests, drawn from the profile's own PRNG. */
function makeProfile(brand, n, today) {
  const rng = mulberry32(fnv1a(`${brand.tenant.id}:${n}`));
  const niche = NICHES[brand.tenant.settings.niche] ?? NICHES[1];
  const id = brand.slot * ID_BLOCK + n;
  const female = rng() < niche.female;
  const sameSex = rng() < (niche.sameSex ?? 0.07);
  const sexuality = sameSex ? (female ? 'lesbian' : 'gay') : rng() < 0.1 ? 'bi' : 'hetero';
  const age = pickAge(rng, (female && niche.womenAges) || AGES.general);

  const country = weighted(rng, brand.countries);
  const region = weighted(rng, REGION_WEIGHTS[country]);
  const city = weighted(rng, CITY_WEIGHTS.get(region));
  const language = weighted(rng, REGION_LANGUAGES[`${country}-${region.code}`] ?? NAME_LANGUAGES[country]);

  const names = NAME_LISTS[language][female ? 'female' : 'male'];
  const older = rng() < (age >= 45 ? 0.8 : age < 35 ? 0.2 : 0.5);
  let name = names[(older ? 30 : 0) + Math.floor(rng() * 30)];
  const birthMs = today - (age + rng() * 0.99) * 365.2425 * DAY;
  if (rng() < 0.15) name += String(new Date(birthMs).getUTCFullYear()).slice(2); // a username like "Petra64"

  const lastActive = today - Math.floor(rng() ** 2 * 30 * DAY); // skewed towards recent
  const createdAt = lastActive - Math.floor((1 + rng() * 700) * DAY);
  const photoCount = weighted(rng, [
    [1, 30],
    [2, 30],
    [3, 25],
    [4, 15],
  ]);
  const photos = [];
  for (let k = 1; k <= photoCount; k++) {
    // The age in the name lets /media/ draw the portrait as old as the profile.
    const file = `seed/${female ? 'f' : 'm'}/${id}-${k}-${age}`;
    photos.push({
      id: SEED_PHOTO_IDS + id * PHOTOS_PER_PROFILE + k - 1,
      filename: `${file}.svg`,
      thumb: `${file}-thumb.svg`,
      private: k > 1 && rng() < 0.35 ? 1 : 0,
      position: k,
      createdAt: isoTime(Math.min(lastActive, createdAt + Math.floor(rng() * 20 * DAY))),
    });
  }

  return {
    id,
    name,
    gender: female ? 'female' : 'male',
    sexuality,
    birthdate: isoDate(birthMs),
    country,
    region: region.code,
    city,
    hair: hairColour(rng, age),
    eye: weighted(rng, [
      ['brown', NORDIC.has(country) ? 20 : 40],
      ['blue', NORDIC.has(country) ? 55 : 33],
      ['green', 15],
      ['grey', 10],
    ]),
    body: weighted(
      rng,
      niche.fat
        ? [
            ['fat', niche.fat],
            ['normal', 1 - niche.fat],
          ]
        : [
            ['slim', 30],
            ['normal', 55],
            ['fat', 15],
          ],
    ),
    relationship: relationshipStatus(rng, age),
    about: composeAbout(rng, language, age),
    fictional: rng() < 0.25 ? 1 : 0,
    lastActive: isoTime(lastActive),
    createdAt: isoTime(createdAt),
    photos,
    interests: pickInterests(rng, brand.interestWeights),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// SQL

const sqlValue = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/** Multi-row INSERTs, split so no statement exceeds STATEMENT_BYTES. */
function inserts(head, rows, tail = '') {
  const statements = [];
  let values = [];
  let size = 0;
  for (const row of rows) {
    const tuple = `(${row.map(sqlValue).join(',')})`;
    const bytes = Buffer.byteLength(tuple) + 2;
    if (values.length && size + bytes > STATEMENT_BYTES) {
      statements.push(`${head} VALUES\n${values.join(',\n')}${tail};`);
      values = [];
      size = 0;
    }
    values.push(tuple);
    size += bytes;
  }
  if (values.length) statements.push(`${head} VALUES\n${values.join(',\n')}${tail};`);
  return statements;
}

const PROFILE_COLUMNS = [
  'id',
  'tenant_id',
  'member_id',
  'name',
  'gender',
  'sexuality',
  'birthdate',
  'country',
  'region',
  'city',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'about',
  'fictional',
  'status',
  'searchable',
  'main_photo_id',
  'last_active',
  'created_at',
];
// Upsert rather than replace: the row keeps existing, so references to it stay valid; members' rows are left alone.
const PROFILE_UPSERT = ` ON CONFLICT (id) DO UPDATE SET ${PROFILE_COLUMNS.slice(1)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ')} WHERE profiles.member_id IS NULL`;

function referenceSql() {
  return [
    'PRAGMA defer_foreign_keys = true;',
    "DELETE FROM seed_meta WHERE key = 'version';", // an interrupted seed must not look complete
    // An upsert, not INSERT OR REPLACE: replacing deletes the row, and each delete would scan profile_interests.
    ...inserts(
      'INSERT INTO interests (id, slug, icon)',
      INTERESTS.map((i) => [i.id, i.slug, i.icon]),
      ' ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, icon = excluded.icon',
    ),
    ...inserts(
      'INSERT OR REPLACE INTO regions (country, code, name)',
      Object.entries(REGIONS).flatMap(([country, regions]) => regions.map((r) => [country, r.code, r.name])),
    ),
  ].join('\n');
}

// A brand's id block belongs to its slot, not to a tenant_id: when a new brand file shifts the slots, the blocks'
// old rows are taken over (upserted) or trimmed, instead of clashing with the new owner's ids.

/** Deletes the photos and interests of the demo profiles with ids from..to, so they can be written afresh. */
function clearDetailsSql(from, to) {
  return [
    `DELETE FROM profile_interests WHERE profile_id IN (SELECT id FROM profiles WHERE id BETWEEN ${from} AND ${to} AND member_id IS NULL);`,
    // By profile (photos_by_profile), so photos an older seed wrote under other ids go as well.
    `DELETE FROM photos WHERE profile_id BETWEEN ${from} AND ${to} AND filename LIKE 'seed/%';`,
  ];
}

/** Removes the demo profiles numbered above `count` from a brand's block (left over from a larger earlier seed). */
function trimSql(brand, count) {
  const from = brand.slot * ID_BLOCK + count + 1;
  const to = (brand.slot + 1) * ID_BLOCK - 1;
  return [...clearDetailsSql(from, to), `DELETE FROM profiles WHERE id BETWEEN ${from} AND ${to} AND member_id IS NULL;`].join('\n');
}

function chunkSql(brand, profiles) {
  const tenant = brand.tenant.id;
  return [
    'PRAGMA defer_foreign_keys = true;',
    ...clearDetailsSql(profiles[0].id, profiles[profiles.length - 1].id),
    ...inserts(
      `INSERT INTO profiles (${PROFILE_COLUMNS.join(', ')})`,
      profiles.map((p) => [
        p.id,
        tenant,
        null,
        p.name,
        p.gender,
        p.sexuality,
        p.birthdate,
        p.country,
        p.region,
        p.city,
        p.hair,
        p.eye,
        p.body,
        p.relationship,
        p.about,
        p.fictional,
        'active',
        1,
        p.photos[0].id,
        p.lastActive,
        p.createdAt,
      ]),
      PROFILE_UPSERT,
    ),
    ...inserts(
      'INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, position, width, height, created_at)',
      profiles.flatMap((p) =>
        p.photos.map((ph) => [ph.id, tenant, p.id, ph.filename, ph.thumb, 'active', ph.private, ph.position, 400, 500, ph.createdAt]),
      ),
    ),
    ...inserts(
      'INSERT INTO profile_interests (tenant_id, profile_id, interest_id)',
      profiles.flatMap((p) => p.interests.map((interest) => [tenant, p.id, interest])),
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Running wrangler

const wranglerEnv = {
  ...process.env,
  PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true', // no prompts
};

// A brand's data goes to its own D1 binding (tenant file `database`, default DB); staff accounts to DB.
const databaseOf = (brand) => brand.tenant.database ?? 'DB';

function wrangler(args, binding = 'DB') {
  // PERSIST_TO: the browser tests and the benchmark seed databases of their own.
  const persist = process.env.PERSIST_TO ? ['--persist-to', process.env.PERSIST_TO] : [];
  return spawnSync('wrangler', ['d1', 'execute', binding, '--local', ...persist, ...args], {
    cwd: ROOT,
    env: wranglerEnv,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The version stored by the last complete seed, or undefined; exits when the schema is missing. */
function storedVersion(binding) {
  const result = wrangler(['--json', '--command', "SELECT value FROM seed_meta WHERE key = 'version'"], binding);
  const output = `${result.stdout}${result.stderr}`;
  if (/no such table/i.test(output)) {
    console.error(
      `The local database ${binding} has no schema yet. Run the migrations first:\n  npx wrangler d1 migrations apply ${binding} --local`,
    );
    process.exit(1);
  }
  if (result.status !== 0) fail('Could not read seed_meta', output);
  return JSON.parse(result.stdout)[0]?.results?.[0]?.value;
}

function fail(what, output) {
  console.error(`${what}:\n${output.trim()}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Main

function parseArgs(argv) {
  const options = { profiles: 3000, tenant: undefined, ifNeeded: false, sqlOnly: false, today: new Date().toISOString().slice(0, 10) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--profiles') options.profiles = Number(argv[++i]);
    else if (arg === '--tenant') options.tenant = argv[++i];
    else if (arg === '--today') options.today = argv[++i];
    else if (arg === '--if-needed') options.ifNeeded = true;
    else if (arg === '--sql-only') options.sqlOnly = true;
    else fail('Usage', 'npm run seed -- [--profiles N] [--tenant <id>] [--if-needed] [--today YYYY-MM-DD] [--sql-only]');
  }
  if (!Number.isInteger(options.profiles) || options.profiles < 1 || options.profiles >= ID_BLOCK) {
    fail('Invalid --profiles', `expected a whole number from 1 to ${ID_BLOCK - 1}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.today)) fail('Invalid --today', 'expected YYYY-MM-DD');
  return options;
}

const { REGIONS } = await import(pathToFileURL(join(ROOT, 'core/data/regions.ts')).href);
const { INTERESTS } = await import(pathToFileURL(join(ROOT, 'core/data/interests.ts')).href);
// Regions by population; cities come largest first, so the first gets the most people.
const REGION_WEIGHTS = Object.fromEntries(Object.entries(REGIONS).map(([c, regions]) => [c, regions.map((r) => [r, r.population])]));
const CITY_WEIGHTS = new Map(
  Object.values(REGIONS)
    .flat()
    .map((r) => [r, r.cities.map((c, i) => [c.name, [5, 3, 2, 1.5, 1][i]])]),
);

async function loadBrands(only) {
  const files = readdirSync(join(ROOT, 'tenants'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const brands = [];
  for (const [index, file] of files.entries()) {
    const tenant = (await import(pathToFileURL(join(ROOT, 'tenants', file)).href)).default;
    if (only && tenant.id !== only) continue;
    // A brand in proxy mode keeps its data in its backend (proxydemo's is the brand proxydemo-origin): nothing to seed.
    if (tenant.upstream_api) continue;
    const missing = tenant.settings.countries.filter((c) => !REGIONS[c] || !NAME_LANGUAGES[c]);
    if (missing.length) fail(`tenants/${file}`, `no region or name data for ${missing.join(', ')}`);
    const boost = new Set(NICHES[tenant.settings.niche]?.boost ?? []);
    brands.push({
      tenant,
      file,
      slot: index + 1,
      // Square root of the population: small countries of a brand still get enough people to search.
      countries: tenant.settings.countries.map((c) => [c, Math.sqrt(REGIONS[c].reduce((sum, r) => sum + r.population, 0))]),
      interestWeights: INTERESTS.map((i) => [i.id, (INTEREST_WEIGHTS[i.slug] ?? 1.5) * (boost.has(i.slug) ? 6 : 1)]),
    });
  }
  if (only && brands.length === 0) fail('Unknown --tenant', `no tenants/*.ts has id '${only}'`);
  return brands;
}

/** Changes whenever the arguments, this script, the reference data or a seeded brand's file change (not the date). */
function dataVersion(options, brands) {
  // The demo staff's TOTP secret is sealed with APP_SECRET: a new secret in .dev.vars needs a new seed.
  const hash = createHash('sha256').update(
    JSON.stringify({ profiles: options.profiles, brands: brands.map((b) => b.tenant.id), secret: secretFingerprint(localAppSecret(ROOT)) }),
  );
  for (const file of [
    'scripts/seed.mjs',
    'scripts/lib/demo-members.mjs',
    'scripts/lib/demo-staff.mjs',
    'worker/staff/secret-box.ts',
    'core/data/regions.ts',
    'core/data/interests.ts',
    ...brands.map((b) => `tenants/${b.file}`),
  ]) {
    hash.update(readFileSync(join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Discount codes to try the shop with locally: DEMO10 (10%, once per member, anywhere) and <country>ONLY20 (20%,
 * only in the brand's first country, from the second package's price up, with its first payment method, once).
 */
function demoDiscountSql(brand, today) {
  const { id, settings, payments } = brand.tenant;
  const country = settings.countries[0];
  const { currency, methods } = payments.countries[country];
  const minimum = payments.packages[currency][1]?.price ?? 0;
  const created = sqlValue(`${today}T00:00:00.000Z`);
  return [
    `INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES (${sqlValue(id)}, 'DEMO10', 10, 'once_per_user', ${created}) ON CONFLICT (tenant_id, code) DO NOTHING;`,
    `INSERT INTO discount_codes (tenant_id, code, country, value_percentage, currency, minimum_order_value, validity, paymentmethods, created_at)
     VALUES (${sqlValue(id)}, ${sqlValue(`${country}ONLY20`)}, ${sqlValue(country)}, 20, ${sqlValue(currency)}, ${minimum}, 'once', ${sqlValue(JSON.stringify([methods[0]]))}, ${created})
     ON CONFLICT (tenant_id, code) DO NOTHING;`,
  ].join('\n');
}

/**
 * The demo brands' stand-in affiliate network (issue 47 item 5): landers opened with `?network=demonet&clickid=…`
 * record clicks, and its postbacks go to this server's /dev/network/pb, shown on /dev/postbacks. Its host
 * `demo-network.localhost` passes the template guard in local mode only (worker/tracking/postback-hosts.ts).
 */
function demoNetworkSql(brand, today) {
  const at = sqlValue(`${today}T00:00:00.000Z`);
  const pb = (event) =>
    sqlValue(
      `https://demo-network.localhost/pb?clickid={click_id}&event=${event}&order={order_id}&amount={amount}&currency={currency}&payout={payout}&campaign={campaign}&sub1={sub1}`,
    );
  return `INSERT INTO traffic_networks (tenant_id, name, label, click_id_param, campaign_param, postback_host, lead_url, sale_url, rebill_url, reversal_url, payout_model, payout_amount, payout_currency, hold_days, attribution_days, created_at, updated_at)
     VALUES (${sqlValue(brand.tenant.id)}, 'demonet', 'Demo Network', 'clickid', 'campaign', 'demo-network.localhost', ${pb('lead')}, ${pb('sale')}, ${pb('rebill')}, ${pb('reversal')}, 'cpa', 2500, 'EUR', 30, 30, ${at}, ${at})
     ON CONFLICT (tenant_id, name) DO NOTHING;`;
}

const CAM_PERFORMERS = 24;

/**
 * The demo cam partner's performers for a brand with a cam partner (tenant `cams`), as a partner feed would deliver
 * them: ids slot*1000+n, daily shows spread over the day (3-6 hours each), so some are live at any hour.
 */
function camPerformersSql(brand) {
  const { id: tenant, settings } = brand.tenant;
  const niche = NICHES[settings.niche] ?? NICHES[1];
  const rows = [];
  for (let n = 1; n <= CAM_PERFORMERS; n++) {
    const rng = mulberry32(fnv1a(`${tenant}:cam:${n}`));
    const id = brand.slot * 1000 + n;
    const female = rng() < niche.female;
    const age = pickAge(rng, (female && niche.womenAges) || AGES.general);
    const country = weighted(rng, brand.countries);
    const name = NAME_LISTS[weighted(rng, NAME_LANGUAGES[country])][female ? 'female' : 'male'][Math.floor(rng() * 30)];
    const handle = `${name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}_${id}`;
    const start = ((n - 1) * 60 + Math.floor(rng() * 4) * 15) % 1440;
    const minutes = 180 + Math.floor(rng() * 13) * 15;
    rows.push([id, tenant, handle, name, age, country, `seed/${female ? 'f' : 'm'}/${900_000 + id}-1-${age}-thumb.svg`, start, minutes, n]);
  }
  const columns = ['id', 'tenant_id', 'handle', 'name', 'age', 'country', 'image', 'shift_start', 'shift_minutes', 'position'];
  return inserts(
    `INSERT INTO cam_performers (${columns.join(', ')})`,
    rows,
    ` ON CONFLICT (id) DO UPDATE SET ${columns
      .slice(1)
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`,
  ).join('\n');
}

function writeSql(options, brands, version) {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const today = Date.parse(`${options.today}T00:00:00Z`);
  const files = [];
  const write = (name, label, sql, binding = 'DB') => {
    const path = join(OUT_DIR, name);
    writeFileSync(path, `${sql}\n`);
    files.push({ path, label, binding });
  };
  // Every database gets the reference data, its own brands' data and the version; staff accounts live in DB.
  const bindings = [...new Set(['DB', ...brands.map(databaseOf)])];
  for (const binding of bindings) {
    const own = brands.filter((b) => databaseOf(b) === binding);
    write(
      `00-${binding}-reference.sql`,
      `${binding}: interests, regions, trimming`,
      [referenceSql(), ...own.map((b) => trimSql(b, options.profiles))].join('\n'),
      binding,
    );
  }
  for (const [b, brand] of brands.entries()) {
    for (let start = 1, part = 1; start <= options.profiles; start += CHUNK, part++) {
      const end = Math.min(options.profiles, start + CHUNK - 1);
      const profiles = [];
      for (let n = start; n <= end; n++) profiles.push(makeProfile(brand, n, today));
      write(
        `${String(b + 1).padStart(2, '0')}-${brand.tenant.id}-${String(part).padStart(4, '0')}.sql`,
        `${brand.tenant.id} profiles ${start}-${end}`,
        chunkSql(brand, profiles),
        databaseOf(brand),
      );
    }
  }
  const passwordHash = options.demoPasswordHash;
  for (const binding of bindings) {
    const own = brands.filter((b) => databaseOf(b) === binding);
    write(
      `97-${binding}-cam-performers.sql`,
      `${binding}: the demo cam partners' performers`,
      own
        .filter((b) => b.tenant.cams)
        .map(camPerformersSql)
        .join('\n') || 'SELECT 1;',
      binding,
    );
    write(
      `98-${binding}-demo-discounts.sql`,
      `${binding}: demo discount codes (DEMO10, <country>ONLY20) and the Demo Network (demonet)`,
      own.map((brand) => `${demoDiscountSql(brand, options.today)}\n${demoNetworkSql(brand, options.today)}`).join('\n') || 'SELECT 1;',
      binding,
    );
    write(
      `99-${binding}-demo-members.sql`,
      `${binding}: demo members (free@demo.test, premium@demo.test)${binding === 'DB' ? ' and staff (operator@demo.test, admin@demo.test)' : ''}`,
      [
        ...own.map((brand) => demoMembersSql(brand, brand.slot, REGIONS, passwordHash, options.today)),
        ...(binding === 'DB' ? [options.demoStaffSql] : []),
        'SELECT 1;',
      ].join('\n'),
      binding,
    );
    // The version goes last, in the same transaction as the demo members.
    writeFileSync(
      files[files.length - 1].path,
      `INSERT OR REPLACE INTO seed_meta (key, value) VALUES ('version', ${sqlValue(version)});\n`,
      { flag: 'a' },
    );
  }
  return files;
}

const options = parseArgs(process.argv.slice(2));
const brands = await loadBrands(options.tenant);
const version = dataVersion(options, brands);
if (options.ifNeeded && !options.sqlOnly && d1Bindings().every((binding) => storedVersion(binding) === version)) {
  console.log(`Demo data is up to date (seed version ${version}).`);
  process.exit(0);
}

const started = Date.now();
console.log('Generating SQL ...');
options.demoPasswordHash = await demoPasswordHash();
options.demoStaffSql = await demoStaffSql(ROOT, brands, options.demoPasswordHash, options.today);
const files = writeSql(options, brands, version);
const brandList = brands.map((b) => b.tenant.id).join(', ');
console.log(
  `Wrote ${files.length} SQL files to .seed/ for ${options.profiles} profiles per brand (${brandList}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
if (options.sqlOnly) process.exit(0);

for (const [i, file] of files.entries()) {
  const t0 = Date.now();
  process.stdout.write(`[${i + 1}/${files.length}] ${file.label} ... `);
  const result = wrangler(['--file', file.path], file.binding);
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`;
    const hint = /FOREIGN KEY/.test(output)
      ? '\n\nDemo profiles that would be removed are still referenced (likes, messages, ...). Seed at least as many profiles,' +
        ' or start from an empty local database: rm -rf .wrangler/state && npx wrangler d1 migrations apply DB --local'
      : '';
    fail(`\nwrangler failed on ${file.path}`, output + hint);
  }
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (seed version ${version}).`);
