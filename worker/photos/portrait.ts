// Illustrated stand-in portraits for demo profiles: a flat-style, fully clothed head-and-shoulders avatar, drawn
// deterministically from a seed so the same photo name always renders the same picture and nothing is stored.
// A seed of the form `<person>-<n>` (the demo photo names) draws the same person in every photo n, with a different
// outfit, backdrop and expression each time. Pure string building: runs in the Worker, in Node and in tests alike.

export interface PortraitOptions {
  seed: string;
  gender: 'male' | 'female';
  /** Width in pixels; the height is 1.25 times it (a 4:5 photo). */
  size: number;
  /** Age in years: steers hair towards grey and adds laugh lines. */
  ageHint?: number;
}

type Rng = () => number;

/** FNV-1a: spreads similar seeds ("12-1", "12-2") over very different PRNG states. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for picking looks. */
function mulberry32(state: number): Rng {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

function pickWeighted<T>(rng: Rng, list: readonly T[], weights: readonly number[]): T {
  let roll = rng() * weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < list.length; i++) {
    roll -= weights[i];
    if (roll < 0) return list[i];
  }
  return list[list.length - 1];
}

/** Scales each RGB channel of a #rrggbb colour; factor < 1 darkens, > 1 lightens. */
function shade(hex: string, factor: number): string {
  const channel = (i: number) => {
    const value = Math.min(255, Math.round(parseInt(hex.slice(i, i + 2), 16) * factor));
    return value.toString(16).padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

// Light to dark; the weights lean towards the brands' mostly European audiences without leaving anyone out.
const SKIN = ['#f7d7c4', '#f1c7a8', '#e8b48f', '#d9a077', '#c68a5e', '#ad7048', '#8f5736', '#6e4128', '#553120'];
const SKIN_WEIGHTS = [4, 5, 5, 3, 2, 1.5, 1, 1, 0.7];
const HAIR = {
  black: '#231c19',
  darkBrown: '#3e2a1f',
  brown: '#6b4630',
  lightBrown: '#8f6a48',
  blond: '#d9b46c',
  darkBlond: '#b38a50',
  auburn: '#8e3b22',
  ginger: '#c4672f',
  saltPepper: '#77726d',
  grey: '#a6a39f',
  white: '#dcd9d3',
};
const EYES = ['#5a3825', '#3d2314', '#4f7fa6', '#6a8a4f', '#7b8a94', '#8a6a3a'];
const LIPS = ['#c8646a', '#b5545c', '#d27a7a', '#a34552', '#c7756b'];
const CLOTHES = [
  '#2f5d7c',
  '#1f3b57',
  '#c85a54',
  '#d9a441',
  '#7a2f45',
  '#5c6b3c',
  '#8e7cc3',
  '#f2efe9',
  '#3b3b40',
  '#4a7fb5',
  '#2e8b7a',
  '#e07a5f',
];
const BACKDROPS = [
  ['#fde2e4', '#fad2e1'],
  ['#e2ece9', '#bee1e6'],
  ['#fff1e6', '#f0d9c8'],
  ['#dfe7fd', '#cddafd'],
  ['#eae4e9', '#d7cde0'],
  ['#e9f5db', '#cfe1b9'],
  ['#fdf0d5', '#f6d6a8'],
  ['#e0f2f1', '#b2dfdb'],
];

// Hair is split in a part behind the head (long styles) and a part over it; coordinates assume the face
// spans roughly x 124-276 and y 112-322 in the 400x500 canvas.
const FEMALE_HAIR: Record<string, { back: string; front: string }> = {
  long: {
    back: 'M108 210C96 110 150 74 200 74S304 110 292 210L306 430Q200 458 94 430Z',
    front: 'M114 250C100 140 150 86 205 86S300 130 288 250C282 196 268 160 246 142C214 166 168 170 132 160C124 182 120 214 120 250Z',
  },
  bob: {
    back: 'M106 210C98 110 150 78 200 78S302 110 294 210L300 320Q276 334 252 322L148 322Q124 334 100 320Z',
    front: 'M112 236C104 134 150 88 200 88S296 134 288 236C284 196 276 168 262 150C232 158 176 160 136 152C126 176 118 204 118 236Z',
  },
  bun: {
    back: 'M200 42a36 36 0 1 1 0 72a36 36 0 1 1 0-72Z',
    front: 'M118 214C110 130 156 96 200 96S290 130 282 214C278 184 270 164 256 150C230 140 170 140 144 150C130 164 122 184 118 214Z',
  },
  curly: {
    back: 'M200 70c40 0 70 14 88 40c20 6 30 30 22 52c14 16 14 40 2 56c12 18 10 44-6 58c6 22-4 44-22 52c-4 20-24 34-46 30c-14 14-62 14-76 0c-22 4-42-10-46-30c-18-8-28-30-22-52c-16-14-18-40-6-58c-12-16-12-40 2-56c-8-22 2-46 22-52c18-26 48-40 88-40Z',
    front:
      'M116 222C106 130 156 90 200 90S294 130 284 222c-6-30-14-52-30-64c-8 12-26 16-40 10c-12 12-36 12-48 0c-14 6-32 2-40-10c-8 14-10 40-10 64Z',
  },
  ponytail: {
    back: 'M262 110C318 120 330 190 316 260C306 320 300 370 314 410Q290 400 282 350C276 300 296 220 262 150Z',
    front: 'M118 216C108 128 156 94 202 94S292 128 282 216C278 184 268 160 250 148C214 144 180 150 150 160C134 172 124 190 118 216Z',
  },
  pixie: {
    back: '',
    front:
      'M118 226C106 130 154 92 204 92S300 128 282 226C280 190 272 168 262 156C244 172 200 176 164 164C150 172 138 160 132 170C124 186 120 204 118 226Z',
  },
};

const MALE_HAIR: Record<string, string> = {
  crop: 'M120 206C112 124 156 96 200 96S290 124 280 206C278 182 274 166 266 154C248 146 226 138 204 144C180 138 152 144 136 154C128 166 124 182 120 206Z',
  sidePart:
    'M120 210C108 122 154 90 204 90S294 124 280 210C278 180 274 160 264 146C236 136 204 136 178 148C158 138 140 146 132 158C126 172 122 190 120 210Z',
  quiff: 'M120 206C112 128 146 80 196 70C236 62 290 92 282 206C276 178 272 160 262 148C232 134 168 136 138 150C128 164 124 180 120 206Z',
  buzz: 'M124 196C120 126 160 106 200 106S280 126 276 196C272 172 268 158 260 150C232 142 168 142 140 150C132 158 128 172 124 196Z',
  curly:
    'M120 206c-10-30-6-56 8-70c-2-22 18-38 38-34c10-14 30-18 46-8c16-8 36-2 44 12c22 0 36 20 30 40c12 14 10 40 -6 60c-4-22-10-40-20-52c-30-12-94-12-126 2c-8 14-12 30-14 50Z',
  receding:
    'M120 214C114 170 118 146 132 132L142 134C134 160 130 186 128 214ZM280 214C286 170 282 146 268 132L258 134C266 160 270 186 272 214Z',
};

/** Hair colour by age: grey creeps in from the mid forties; women dye more often, so it shows later on them. */
function hairColour(rng: Rng, age: number, female: boolean): string {
  const greyChance = (age < 40 ? 0.02 : age < 50 ? 0.2 : age < 60 ? 0.5 : 0.85) * (female ? 0.5 : 1);
  if (rng() < greyChance) return pick(rng, age < 55 ? [HAIR.saltPepper, HAIR.grey] : [HAIR.saltPepper, HAIR.grey, HAIR.white, HAIR.white]);
  return pick(rng, [
    HAIR.black,
    HAIR.darkBrown,
    HAIR.darkBrown,
    HAIR.brown,
    HAIR.brown,
    HAIR.lightBrown,
    HAIR.blond,
    HAIR.darkBlond,
    HAIR.auburn,
    HAIR.ginger,
  ]);
}

/** What stays the same in every photo of one person. */
function personLook(rng: Rng, female: boolean, age: number) {
  const hair = hairColour(rng, age, female);
  return {
    skin: pickWeighted(rng, SKIN, SKIN_WEIGHTS),
    hair,
    eye: pick(rng, EYES),
    lip: pick(rng, LIPS),
    hairStyle: female
      ? pick(rng, Object.keys(FEMALE_HAIR))
      : age > 50 && rng() < 0.35
        ? 'receding'
        : pick(
            rng,
            Object.keys(MALE_HAIR).filter((s) => s !== 'receding'),
          ),
    beard: !female && rng() < 0.4 ? pick(rng, ['full', 'stubble', 'moustache', 'goatee']) : '',
    browLift: Math.round(rng() * 4),
    glasses: rng() < (age > 45 ? 0.45 : 0.2) ? pick(rng, ['#2b2b2b', '#6b3e26', '#8a8f98', '#7a2f45']) : '',
    earrings: female && rng() < 0.6 ? pick(rng, ['#e3b94f', '#c9ccd1']) : '',
  };
}

/** What changes from photo to photo. */
function shotLook(rng: Rng, female: boolean) {
  return {
    backdrop: pick(rng, BACKDROPS),
    cloth: pick(rng, CLOTHES),
    neckline: female ? pick(rng, ['Q200 412 248', 'L200 418L248', 'Q200 388 248']) : pick(rng, ['Q200 392 248', 'L200 410L248']),
    collar: !female && rng() < 0.7,
    hoops: rng() < 0.5,
    grin: rng() < 0.5,
  };
}

/** Builds the SVG markup; every choice comes from the seeded PRNGs so the output is byte-stable. */
export function portraitSvg(opts: PortraitOptions): string {
  const female = opts.gender === 'female';
  const person = /^(.+)-\d+$/.exec(opts.seed)?.[1] ?? opts.seed;
  const who = mulberry32(fnv1a(`${opts.gender}:${person}`));
  const age = opts.ageHint ?? 22 + Math.floor(who() * 35);
  const look = personLook(who, female, age);
  const shot = shotLook(mulberry32(fnv1a(`${opts.gender}:${opts.seed}:shot`)), female);
  const id = `p${fnv1a(opts.seed).toString(36)}`; // unique gradient id, in case several SVGs share a document

  const { skin, hair } = look;
  const hairDark = shade(hair, 0.8);
  const colors = {
    skinShadow: shade(skin, 0.86),
    line: shade(skin, 0.62),
    hairDark,
    brow: hair === HAIR.white || hair === HAIR.grey ? shade(hair, 0.7) : hairDark,
  };
  const sitting: Sitting = { female, look, shot, age, colors };
  const [bg1, bg2] = shot.backdrop;
  const parts: string[] = [
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>`,
    `<rect width="400" height="500" fill="url(#${id})"/><circle cx="200" cy="200" r="170" fill="#fff" opacity=".22"/>`,
  ];
  if (female && FEMALE_HAIR[look.hairStyle].back) parts.push(`<path d="${FEMALE_HAIR[look.hairStyle].back}" fill="${hairDark}"/>`);
  parts.push(...bodyParts(sitting), ...faceParts(sitting), ...mouthParts(sitting), ...hairParts(sitting));

  const height = Math.round(opts.size * 1.25);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="${opts.size}" height="${height}">${parts.join('')}</svg>`;
}

/** One portrait's person and shot, and the shades drawn from their skin and hair. */
interface Sitting {
  female: boolean;
  look: ReturnType<typeof personLook>;
  shot: ReturnType<typeof shotLook>;
  age: number;
  colors: { skinShadow: string; line: string; hairDark: string; brow: string };
}

/** Neck, then shoulders and clothing; the top edge between the shoulders is the neckline. */
function bodyParts({ female, look, shot, colors }: Sitting): string[] {
  const { skin } = look;
  const { skinShadow } = colors;
  const parts: string[] = [];
  // Neck, then shoulders and clothing; the top edge between the shoulders is the neckline.
  const torsoX = female ? 40 : 18;
  const neckX = female ? 168 : 160;
  parts.push(
    `<path d="M${neckX} 270V384Q200 402 ${400 - neckX} 384V270Z" fill="${skinShadow}"/>`,
    `<path d="M${neckX} 300Q200 336 ${400 - neckX} 300V322Q200 350 ${neckX} 322Z" fill="${shade(skin, 0.74)}" opacity=".45"/>`,
    `<path d="M${torsoX} 500C${torsoX} 412 ${torsoX + 44} 370 152 358${shot.neckline} 358C${356 - torsoX} 370 ${400 - torsoX} 412 ${400 - torsoX} 500Z" fill="${shot.cloth}"/>`,
    `<path d="M152 358${shot.neckline} 358" fill="none" stroke="${shade(shot.cloth, 0.8)}" stroke-width="7" stroke-linejoin="round"/>`,
  );
  if (shot.collar && shot.neckline.startsWith('L')) {
    parts.push(`<path d="M150 356L200 410L176 424L138 368ZM250 356L200 410L224 424L262 368Z" fill="${shade(shot.cloth, 1.25)}"/>`);
  }
  return parts;
}

/** Ears, earrings, the face, and its eyes, brows, nose, cheeks and laugh lines. */
function faceParts({ female, look, shot, age, colors }: Sitting): string[] {
  const { skin } = look;
  const { skinShadow, line, brow } = colors;
  const parts: string[] = [];
  // Ears, earrings and the face.
  parts.push(
    `<ellipse cx="124" cy="222" rx="13" ry="21" fill="${skinShadow}"/><ellipse cx="276" cy="222" rx="13" ry="21" fill="${skinShadow}"/>`,
  );
  if (look.earrings) {
    parts.push(
      shot.hoops
        ? `<circle cx="122" cy="254" r="9" fill="none" stroke="${look.earrings}" stroke-width="3"/><circle cx="278" cy="254" r="9" fill="none" stroke="${look.earrings}" stroke-width="3"/>`
        : `<circle cx="122" cy="246" r="5" fill="${look.earrings}"/><circle cx="278" cy="246" r="5" fill="${look.earrings}"/>`,
    );
  }
  parts.push(
    female
      ? `<path d="M126 206C126 132 162 112 200 112S274 132 274 206C274 272 240 320 200 320S126 272 126 206Z" fill="${skin}"/>`
      : `<path d="M122 204C122 130 160 110 200 110S278 130 278 204C278 232 276 262 264 286C250 312 228 326 200 326S150 312 136 286C124 262 122 232 122 204Z" fill="${skin}"/>`,
  );

  // Eyes, lids, brows, nose, cheeks and laugh lines.
  const lift = look.browLift;
  parts.push(
    `<ellipse cx="168" cy="214" rx="13" ry="8.5" fill="#fff"/><ellipse cx="232" cy="214" rx="13" ry="8.5" fill="#fff"/>`,
    `<circle cx="168" cy="214" r="6.5" fill="${look.eye}"/><circle cx="232" cy="214" r="6.5" fill="${look.eye}"/>`,
    `<circle cx="168" cy="214" r="3.5" fill="#1b1b1b"/><circle cx="232" cy="214" r="3.5" fill="#1b1b1b"/>`,
    `<circle cx="170" cy="211" r="2" fill="#fff"/><circle cx="234" cy="211" r="2" fill="#fff"/>`,
    `<path d="M154 212Q168 201 182 210M218 210Q232 201 246 212" fill="none" stroke="${female ? '#2b211d' : line}" stroke-width="${female ? 3 : 2.5}" stroke-linecap="round"/>`,
    `<path d="M150 ${192 - lift}Q166 ${180 - lift} 184 ${188 - lift}M216 ${188 - lift}Q234 ${180 - lift} 250 ${192 - lift}" fill="none" stroke="${brow}" stroke-width="${female ? 5 : 8}" stroke-linecap="round"/>`,
    `<path d="M198 226Q190 250 194 256Q200 260 208 255" fill="none" stroke="${line}" stroke-width="3" stroke-linecap="round"/>`,
  );
  if (female) parts.push(`<g fill="#f08080" opacity=".2"><circle cx="156" cy="254" r="15"/><circle cx="244" cy="254" r="15"/></g>`);
  if (age >= 48) {
    parts.push(
      `<path d="M170 262Q162 276 168 290M230 262Q238 276 232 290M150 228Q160 234 172 232M250 228Q240 234 228 232" fill="none" stroke="${line}" stroke-width="2" stroke-linecap="round" opacity=".45"/>`,
    );
  }
  return parts;
}

/** Beard under the mouth, the mouth, moustache over it. */
function mouthParts({ female, look, shot, colors }: Sitting): string[] {
  const { skin, hair } = look;
  const parts: string[] = [];
  // Beard under the mouth, moustache over it.
  if (look.beard === 'full' || look.beard === 'stubble') {
    const full = look.beard === 'full';
    parts.push(
      `<path d="M124 226C124 290 156 342 200 342S276 290 276 226L266 228C262 262 248 276 228 278Q200 268 172 278C152 276 138 262 134 228Z" fill="${full ? hair : shade(hair, 0.5)}" opacity="${full ? 1 : 0.22}"/>`,
    );
  }
  const lip = female ? look.lip : shade(skin, 0.7);
  parts.push(
    shot.grin
      ? `<path d="M176 280Q200 284 224 280Q220 306 200 306Q180 306 176 280Z" fill="${shade(lip, 0.7)}"/><path d="M180 282Q200 286 220 282L218 290Q200 292 182 290Z" fill="#fff"/>`
      : `<path d="M178 282Q200 300 222 282Q200 292 178 282Z" fill="${lip}" stroke="${lip}" stroke-width="4" stroke-linejoin="round"/>`,
  );
  if (look.beard === 'moustache' || look.beard === 'full') {
    parts.push(`<path d="M172 280Q184 266 200 272Q216 266 228 280Q214 276 200 280Q186 276 172 280Z" fill="${colors.hairDark}"/>`);
  }
  if (look.beard === 'goatee') {
    parts.push(
      `<path d="M178 278Q200 270 222 278L218 284Q200 280 182 284ZM184 310Q200 304 216 310Q218 326 200 332Q182 326 184 310Z" fill="${hair}"/>`,
    );
  }
  return parts;
}

/** Hair over the head with a soft sheen, then glasses on top of everything. */
function hairParts({ female, look }: Sitting): string[] {
  const { hair } = look;
  const parts: string[] = [];
  // Hair over the head with a soft sheen, then glasses on top of everything.
  parts.push(`<path d="${female ? FEMALE_HAIR[look.hairStyle].front : MALE_HAIR[look.hairStyle]}" fill="${hair}"/>`);
  if (look.hairStyle !== 'receding') {
    parts.push(
      `<path d="M170 122Q198 110 228 118" fill="none" stroke="${shade(hair, 1.25)}" stroke-width="6" stroke-linecap="round" opacity=".35"/>`,
    );
  }
  if (look.glasses) {
    parts.push(
      `<g fill="#fff" fill-opacity=".15" stroke="${look.glasses}" stroke-width="4"><rect x="142" y="196" width="50" height="36" rx="12"/><rect x="208" y="196" width="50" height="36" rx="12"/><path d="M192 212Q200 206 208 212M142 210L126 206M258 210L274 206" fill="none"/></g>`,
    );
  }
  return parts;
}
