import type { Tenant } from '../../core/schemas/tenant';
import { glyphFor, segments } from './glyphs';
import { encodePng } from './png';

export type IconKind = 'icon-192' | 'icon-512' | 'maskable-512';

export const ICONS: Record<IconKind, { size: number; maskable: boolean }> = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
};

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const clamp01 = (v: number) => (v < 0 ? 0 : Math.min(v, 1));

/** Distance from (px, py) to the segment (x1, y1)-(x2, y2). */
function segmentDistance(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : clamp01(((px - x1) * dx + (py - y1) * dy) / len);
  const ex = px - (x1 + t * dx);
  const ey = py - (y1 + t * dy);
  return Math.sqrt(ex * ex + ey * ey);
}

/**
 * The brand's app icon as RGBA pixels: a diagonal gradient from the primary towards the secondary colour, rounded
 * corners (a maskable icon fills the square, the platform cuts its own shape), and the logo's first letter in white,
 * smaller on the maskable icon so it stays inside the safe zone.
 */
export function drawIcon(tenant: Tenant, size: number, maskable: boolean): Uint8Array {
  const [r1, g1, b1] = rgb(tenant.look.colors.primary);
  const [r2, g2, b2] = rgb(tenant.look.colors.secondary);
  const px = new Uint8Array(size * size * 4);
  const radius = maskable ? 0 : size * 0.2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = ((x + y) / (2 * size)) * 0.6;
      const i = (y * size + x) * 4;
      px[i] = r1 + (r2 - r1) * t;
      px[i + 1] = g1 + (g2 - g1) * t;
      px[i + 2] = b1 + (b2 - b1) * t;
      let alpha = 1;
      if (radius) {
        // Distance into the rounded corner, for a smooth edge.
        const cx = Math.min(Math.max(x + 0.5, radius), size - radius);
        const cy = Math.min(Math.max(y + 0.5, radius), size - radius);
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        alpha = clamp01(radius - d + 0.5);
      }
      px[i + 3] = Math.round(alpha * 255);
    }
  }

  const unit = (size * (maskable ? 0.4 : 0.5)) / 14;
  const left = size / 2 - 5 * unit;
  const top = size / 2 - 7 * unit;
  const lines = segments(glyphFor(tenant.look.logo_text)).map(([x1, y1, x2, y2]) => [
    left + x1 * unit,
    top + y1 * unit,
    left + x2 * unit,
    top + y2 * unit,
  ]);
  const half = 1.2 * unit;
  const from = Math.max(0, Math.floor(top - half - 2 * unit));
  const to = Math.min(size, Math.ceil(top + 14 * unit + half + 2 * unit));
  const x0 = Math.max(0, Math.floor(left - half - unit));
  const x1 = Math.min(size, Math.ceil(left + 10 * unit + half + unit));
  for (let y = from; y < to; y++) {
    for (let x = x0; x < x1; x++) {
      let d = Infinity;
      for (const [ax, ay, bx, by] of lines) d = Math.min(d, segmentDistance(x + 0.5, y + 0.5, ax, ay, bx, by));
      const ink = clamp01(half - d + 0.5);
      if (ink === 0) continue;
      const i = (y * size + x) * 4;
      px[i] += (255 - px[i]) * ink;
      px[i + 1] += (255 - px[i + 1]) * ink;
      px[i + 2] += (255 - px[i + 2]) * ink;
    }
  }
  return px;
}

// Icons change only with a brand's file, that is with a deployment: one rendering per isolate is enough.
const cache = new Map<string, Promise<Uint8Array>>();

export function iconPng(tenant: Tenant, kind: IconKind): Promise<Uint8Array> {
  const key = `${tenant.id}:${tenant.look.colors.primary}:${tenant.look.colors.secondary}:${tenant.look.logo_text}:${kind}`;
  let png = cache.get(key);
  if (!png) {
    const { size, maskable } = ICONS[kind];
    png = encodePng(size, size, drawIcon(tenant, size, maskable));
    png.catch(() => cache.delete(key));
    cache.set(key, png);
  }
  return png;
}
