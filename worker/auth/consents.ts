import { CONSENT_TEXT_VERSION, type ConsentKind } from '../../core/rules/consent';
import { termsVersionDate } from '../../core/rules/terms-date';
import type { Tenant } from '../../core/schemas/tenant';
import type { AppContext } from '../context';
import type { Tables } from '../db/tables';

// The consent log (issue 17, item 9): append-only rows of what a member agreed to or withdrew, when, and the text
// and its version as shown. Statements are returned, not run, so they join the batch of the change they record.

export interface Consent {
  kind: ConsentKind;
  granted: boolean;
  version: string;
  text: string;
  language: string;
  created_at: string;
}

/** Where a consent was given or withdrawn (migration 0046): the signup form, the settings, a mail's unsubscribe link, the browser's push permission. */
export type ConsentSource = 'signup' | 'settings' | 'unsubscribe' | 'push';

/** The text and version of a consent as the member reads it now, in the request's language. */
export function consentWording(c: AppContext, kind: ConsentKind): { version: string; text: string } {
  const tenant: Tenant = c.get('tenant');
  const t = c.get('t');
  const brand = tenant.settings.name;
  if (kind === 'terms') {
    const version = termsVersionDate(tenant.company.added);
    return { version, text: String(t('consent.terms', { brand, version: version.slice(0, 10) })) };
  }
  if (kind === 'marketing') return { version: CONSENT_TEXT_VERSION.marketing, text: String(t('signup.account.marketing', { brand })) };
  return { version: CONSENT_TEXT_VERSION.push, text: String(t('consent.push', { brand })) };
}

/** One row of the log, to run in the same batch as the change it records. */
export function consentStatement(
  c: AppContext,
  memberId: number,
  kind: ConsentKind,
  granted: boolean,
  source: ConsentSource,
): D1PreparedStatement {
  const { version, text } = consentWording(c, kind);
  return c.env.DB.prepare(
    'INSERT INTO consents (tenant_id, member_id, kind, granted, version, text, language, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).bind(c.get('tenant').id, memberId, kind, granted ? 1 : 0, version, text, c.get('language'), c.get('now').toISOString(), source);
}

/** The same row, written only when `changed` (an SQL condition and its binds) holds in the batch's own snapshot. */
export function consentStatementWhen(
  c: AppContext,
  memberId: number,
  kind: ConsentKind,
  granted: boolean,
  changed: { sql: string; binds: unknown[] },
  source: ConsentSource,
  db: D1Database = c.env.DB,
): D1PreparedStatement {
  const { version, text } = consentWording(c, kind);
  return db
    .prepare(
      `INSERT INTO consents (tenant_id, member_id, kind, granted, version, text, language, created_at, source)
      SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${changed.sql}`,
    )
    .bind(
      c.get('tenant').id,
      memberId,
      kind,
      granted ? 1 : 0,
      version,
      text,
      c.get('language'),
      c.get('now').toISOString(),
      source,
      ...changed.binds,
    );
}

/** A member's consent log, oldest first (the export shows it whole). */
export async function consentsOf(db: D1Database, tenantId: string, memberId: number): Promise<Consent[]> {
  const { results } = await db
    .prepare('SELECT kind, granted, version, text, language, created_at FROM consents WHERE tenant_id = ? AND member_id = ? ORDER BY id')
    .bind(tenantId, memberId)
    .all<Pick<Tables['consents'], 'kind' | 'granted' | 'version' | 'text' | 'language' | 'created_at'> & Pick<Consent, 'kind'>>();
  return results.map((row) => ({ ...row, granted: row.granted === 1 }));
}
