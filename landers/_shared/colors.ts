const HEX = /^#[0-9a-fA-F]{6}$/;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of white text on the colour. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(channels(hex)) + 0.05);

/**
 * The brand colour, darkened just enough that white text on it (and it on white) reads at WCAG AA (4.5:1). Landers
 * put white text on the brand colour everywhere; a light pink would fail for everyone who reads it in the sun.
 */
export function readableShade(hex: string, fallback = '#8b1a5a'): string {
  if (!HEX.test(hex)) return fallback;
  let rgb = channels(hex);
  for (let i = 0; i < 40 && contrastWithWhite(`#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`) < 4.6; i++) {
    rgb = rgb.map((v) => Math.round(v * 0.94)) as [number, number, number];
  }
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
