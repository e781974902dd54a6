import type { DailyShow } from '../../core/rules/cam-show';
import type { Tables } from '../db/tables';

/** A performer as a cam partner's feed describes it. */
export interface FeedPerformer {
  id: number;
  handle: string;
  name: string;
  age: number;
  country: string;
  /** A path under the brand's cdn_prefix. */
  image: string;
  show: DailyShow;
}

/**
 * Where a brand's cam performers come from. In production a partner publishes them as a feed that an import keeps
 * in D1; locally `npm run seed` writes the demo partner's performers into the same table, so both read the same way.
 */
export interface CamFeed {
  /** The brand's performers in the partner's ranking (at most `max`). */
  performers(tenantId: string, max: number): Promise<FeedPerformer[]>;
  /** One of the brand's performers; null for an unknown id or another brand's performer. */
  performer(tenantId: string, id: number): Promise<FeedPerformer | null>;
}

/** A feed performer as D1 stores it: the show in two columns. */
type Row = Pick<Tables['cam_performers'], 'id' | 'handle' | 'name' | 'age' | 'country' | 'image' | 'shift_start' | 'shift_minutes'> &
  Omit<FeedPerformer, 'show'>;

const COLUMNS = 'id, handle, name, age, country, image, shift_start, shift_minutes';
const fromRow = ({ shift_start, shift_minutes, ...rest }: Row): FeedPerformer => ({
  ...rest,
  show: { start: shift_start, minutes: shift_minutes },
});

export function d1CamFeed(db: D1Database): CamFeed {
  return {
    async performers(tenantId, max) {
      const { results } = await db
        .prepare(`SELECT ${COLUMNS} FROM cam_performers WHERE tenant_id = ? ORDER BY position LIMIT ?`)
        .bind(tenantId, max)
        .all<Row>();
      return results.map(fromRow);
    },
    async performer(tenantId, id) {
      const row = await db.prepare(`SELECT ${COLUMNS} FROM cam_performers WHERE tenant_id = ? AND id = ?`).bind(tenantId, id).first<Row>();
      return row ? fromRow(row) : null;
    },
  };
}
