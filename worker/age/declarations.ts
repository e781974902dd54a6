import { AGE_DECLARATION_VERSION } from '../../core/rules/age-assurance';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';

// Issue 45 item 3: where a market takes self-declaration, the site-entry warning stays as it is, and the visitor's
// "I am 18 or older" is logged as consents are (worker/auth/consents.ts): the time, the text's version and the text
// as shown in the visitor's language, the country. No address is kept; the visitor is a random id of the browser's.

/** The declaration's text as the visitor read it now (entry_warning.* in the catalogues). */
export function declarationText(c: AppContext): string {
  const t = c.get('t');
  const brand = c.get('tenant').settings.name;
  return [t('entry_warning.text', { brand }), t('entry_warning.consent'), t('entry_warning.enter')].map(String).join(' | ');
}

export async function logDeclaration(c: AppContext, memberId: number | null, body: { version: string; visitor: string }): Promise<void> {
  // Only the text in force can be declared to: an old tab's version is logged as what it is, not as today's.
  if (body.version !== AGE_DECLARATION_VERSION)
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { version: 'validation.invalid' });
  await c.env.DB.prepare(
    `INSERT INTO age_declarations (tenant_id, member_id, visitor, country, version, text, language, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      c.get('tenant').id,
      memberId,
      body.visitor,
      c.get('country'),
      body.version,
      declarationText(c),
      c.get('language'),
      c.get('now').toISOString(),
    )
    .run();
}
