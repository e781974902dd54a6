import type { TFunction } from 'i18next';
import { REJECT_REASONS } from '../../core/schemas/photos';
import { imageUrl } from '../../client/lib/images';
import { escapeHtml as e } from '../mail/html';
import type { PendingPhoto } from './moderation';

// The operator's moderation page: plain server-made HTML with two forms per photo, no client bundle.

export interface OperatorPageData {
  t: TFunction;
  language: string;
  brand: string;
  cdnPrefix: string;
  csrf: string;
  photos: PendingPhoto[];
  total: number;
  /** A line about the last decision (from the redirect after a POST). */
  notice: { tone: 'ok' | 'error'; text: string } | null;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f8;color:#222}
main{max-width:1100px;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:1rem;list-style:none;padding:0}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002;padding:.75rem}
.card img{width:100%;height:260px;object-fit:contain;background:#eee;border-radius:.5rem}
.meta{font-size:.85rem;color:#555;margin:.5rem 0}
form{display:flex;gap:.5rem;align-items:center;margin:.35rem 0}
button{font:inherit;border:0;border-radius:.5rem;padding:.4rem .9rem;cursor:pointer;color:#fff}
.approve{background:#198754}.reject{background:#dc3545}
select{font:inherit;flex:1;min-width:0}
.notice{padding:.6rem .9rem;border-radius:.5rem;margin:0 0 1rem}.ok{background:#d1e7dd}.error{background:#f8d7da}
`;

export function operatorPage(d: OperatorPageData): string {
  const { t } = d;
  const reasons = REJECT_REASONS.map((r) => `<option value="${r}">${e(t(`photos.reject_reasons.${r}`))}</option>`).join('');
  const cards = d.photos
    .map((p) => {
      const when = new Date(p.created_at).toLocaleString(d.language, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
      return `<li class="card" data-testid="pending-photo" data-photo-id="${p.id}">
  <img src="${e(imageUrl(d.cdnPrefix, p.filename))}" alt="${e(t('operator.photo_alt', { name: p.name }))}" loading="lazy">
  <p class="meta">${e(p.name)} (#${p.profile_id}) · ${p.width ?? '?'}×${p.height ?? '?'} · ${e(when)} UTC</p>
  <form method="post" action="/operator/photos">
    <input type="hidden" name="csrf" value="${e(d.csrf)}"><input type="hidden" name="photo_id" value="${p.id}">
    <button class="approve" name="decision" value="approve">${e(t('operator.approve'))}</button>
  </form>
  <form method="post" action="/operator/photos">
    <input type="hidden" name="csrf" value="${e(d.csrf)}"><input type="hidden" name="photo_id" value="${p.id}">
    <select name="reason" aria-label="${e(t('operator.reason'))}">${reasons}</select>
    <button class="reject" name="decision" value="reject">${e(t('operator.reject'))}</button>
  </form>
</li>`;
    })
    .join('\n');
  const body = d.photos.length
    ? `<p>${e(t('operator.waiting', { count: d.total }))}</p><ul class="grid">${cards}</ul>`
    : `<p data-testid="no-pending">${e(t('operator.empty'))}</p>`;
  const notice = d.notice ? `<p class="notice ${d.notice.tone}" role="status">${e(d.notice.text)}</p>` : '';
  return document(d, t('operator.title'), `${notice}${body}`);
}

/** The page a member without the operator role (or a refused form) gets. */
export function operatorMessagePage(d: Pick<OperatorPageData, 't' | 'language' | 'brand'>, text: string): string {
  return document(d, d.t('operator.title'), `<p class="notice error" role="alert">${e(text)}</p>`);
}

function document(d: Pick<OperatorPageData, 'language' | 'brand'>, title: string, content: string): string {
  return `<!doctype html>
<html lang="${e(d.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)} · ${e(d.brand)}</title><style>${STYLE}</style></head>
<body><main><h1>${e(title)}</h1>${content}</main></body></html>`;
}
