import { serializeTrafficSource, type TrafficSource } from '../../core/rules/traffic-source';

/** One page event of the brand's tracking (page_hidden.php): the visitor's sanitised source, never the raw cookie. */
export async function recordPageEvent(
  db: D1Database,
  tenantId: string,
  event: { kind: string; path: string; source: TrafficSource | null; durationMs: number | null },
  now: Date,
): Promise<void> {
  await db
    .prepare('INSERT INTO page_events (tenant_id, kind, path, traffic_source, duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(tenantId, event.kind, event.path, event.source ? serializeTrafficSource(event.source) : null, event.durationMs, now.toISOString())
    .run();
}
