// A small stroke font for the app icon's letter: each glyph is a few polylines in a 10 x 14 box (y down), drawn
// with a thick round pen. Curves are arcs sampled into short segments; the rasterizer smooths the edges.

type Point = readonly [number, number];
export type Glyph = Point[][];

/** Points on an ellipse arc, angles in degrees (0 = right, 90 = down), from `from` to `to`. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = Math.max(6, Math.ceil(Math.abs(to - from) / 8));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}

const P: Glyph = [[[0, 14], [0, 0], [5.5, 0], ...arc(5.5, 3.75, 4, 3.75, -90, 90), [0, 7.5]]];
const O: Glyph = [arc(5, 7, 5, 7, 0, 360)];

export const GLYPHS: Record<string, Glyph> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [1.8, 9.5],
      [8.2, 9.5],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 14],
    ],
    [[0, 0], [5.5, 0], ...arc(5.5, 3.5, 3.5, 3.5, -90, 90), [0, 7]],
    [[0, 7], [6, 7], ...arc(6, 10.5, 4, 3.5, -90, 90), [0, 14]],
  ],
  C: [arc(5.5, 7, 5, 7, 45, 315)],
  D: [[[0, 0], [0, 14], [3.5, 14], ...arc(3.5, 7, 6.5, 7, 90, -90), [0, 0]]],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7.5, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7.5, 7],
    ],
  ],
  G: [
    [...arc(5.5, 7, 5, 7, 315, 0), [10.5, 8]],
    [
      [10.5, 8],
      [6.5, 8],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  I: [
    [
      [5, 0],
      [5, 14],
    ],
    [
      [2.5, 0],
      [7.5, 0],
    ],
    [
      [2.5, 14],
      [7.5, 14],
    ],
  ],
  J: [[[8, 0], [8, 10], ...arc(4.5, 10, 3.5, 4, 0, 180)]],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 9.5],
    ],
    [
      [3.6, 6.3],
      [10, 14],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 14],
      [9.5, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 9],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  O,
  P,
  Q: [
    ...O,
    [
      [6, 10],
      [10.5, 14.5],
    ],
  ],
  R: [
    ...P,
    [
      [5, 7.5],
      [10, 14],
    ],
  ],
  S: [[...arc(5, 3.5, 4.5, 3.5, 330, 90), ...arc(5, 10.5, 5, 3.5, 270, 510)]],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [[[0, 0], [0, 9], ...arc(5, 9, 5, 5, 180, 0), [10, 0]]],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2.5, 14],
      [5, 4],
      [7.5, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  Z: [
    [
      [0, 0],
      [10, 0],
      [0, 14],
      [10, 14],
    ],
  ],
  // A heart, for names that do not start with a latin letter.
  '♥': [[[5, 14], [0.6, 6.5], ...arc(2.75, 3.5, 2.75, 3.2, 150, 360), ...arc(7.25, 3.5, 2.75, 3.2, 180, 390), [5, 14]]],
};

/** The glyph for a brand's logo text: its first letter without accents, or a heart. */
export function glyphFor(text: string): Glyph {
  const letter = text
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return GLYPHS[letter] ?? GLYPHS['♥'];
}

/** The glyph's segments, as [x1, y1, x2, y2] in glyph units. */
export function segments(glyph: Glyph): [number, number, number, number][] {
  return glyph.flatMap((line) => line.slice(1).map((p, i) => [line[i][0], line[i][1], p[0], p[1]] as [number, number, number, number]));
}
