// The pure half of the stored-brands check of `npm run deploy` (stored-brands.mjs reads D1 and loads the schema):
// the query and the verdict, used by the deploy and by tests/integration/deploy-stored-brands.test.ts on a real D1.

/** Each brand's live version and its newest (the preview host's), with the hosts the lookup gives it. */
export const STORED_BRANDS_SQL = `SELECT b.id, b.database, v.version,
  CASE WHEN v.version = b.live_version THEN 'live' ELSE 'preview' END AS serves, v.settings,
  (SELECT json_group_array(h.host) FROM brand_hosts h WHERE h.brand_id = b.id AND h.kind = 'live' AND h.status = 'active') AS hosts
  FROM brands b JOIN brand_versions v ON v.brand_id = b.id AND (v.version = b.live_version OR v.version = b.latest_version)
  ORDER BY b.id, v.version`;

/**
 * The versions `check` (worker/brands/brand-settings.ts checkStoredBrand, from the tree being deployed) refuses, one
 * line per refused field: `brand <id> version <n> (<live|preview>): <field>: <reason>`.
 */
export function storedBrandProblems(rows, check) {
  const problems = [];
  for (const row of rows) {
    const checked = check(row);
    if (checked.ok) continue;
    for (const [field, reason] of Object.entries(checked.fields))
      problems.push(`stored brand ${row.id} version ${row.version} (${row.serves}) fails the new schema: ${field}: ${reason}`);
  }
  return problems;
}

/** The rows of `wrangler d1 execute --json` ([{ results, success }]), or null when it did not answer with them. */
export function rowsOfExecute(stdout) {
  try {
    const parsed = JSON.parse(stdout);
    const first = Array.isArray(parsed) ? parsed[0] : null;
    return first && Array.isArray(first.results) ? first.results : null;
  } catch {
    return null;
  }
}
