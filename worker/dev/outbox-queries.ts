import type { Tables } from '../db/tables';

// Read side of the outbox for the dev mailbox; always scoped to the request's brand.

export type OutboxSummary = Pick<
  Tables['outbox'],
  'id' | 'channel' | 'recipient' | 'subject' | 'template' | 'status' | 'text_body' | 'created_at'
> & { channel: 'mail' | 'sms' };

export type OutboxMessage = OutboxSummary & Pick<Tables['outbox'], 'html_body' | 'headers' | 'error' | 'sent_at'>;

const LIMIT = 50;

/** Newest first by id: the order of sending, even when a test moved the request clock (X-Debug-Now). */
export async function latestMessages(db: D1Database, tenantId: string, recipient?: string): Promise<OutboxSummary[]> {
  const columns = 'id, channel, recipient, subject, template, status, text_body, created_at';
  const query = recipient
    ? db
        .prepare(`SELECT ${columns} FROM outbox WHERE tenant_id = ? AND recipient = ? ORDER BY id DESC LIMIT ${LIMIT}`)
        .bind(tenantId, recipient)
    : db.prepare(`SELECT ${columns} FROM outbox WHERE tenant_id = ? ORDER BY id DESC LIMIT ${LIMIT}`).bind(tenantId);
  return (await query.all<OutboxSummary>()).results;
}

export function messageById(db: D1Database, tenantId: string, id: number): Promise<OutboxMessage | null> {
  return db.prepare('SELECT * FROM outbox WHERE id = ? AND tenant_id = ?').bind(id, tenantId).first<OutboxMessage>();
}

/** Every link of a message, in order: the text part writes each one out in full (see worker/mail/layout.ts). */
export function linksOf(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)]+$/, '')))];
}
