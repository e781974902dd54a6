/**
 * db.batch() with its results read by name instead of by position: a statement added to the batch later cannot
 * shift what the code reads (`results[2]` silently meaning another statement). Steps named null are written only.
 */
export async function namedBatch<const Name extends string>(
  db: D1Database,
  steps: readonly (readonly [Name | null, D1PreparedStatement])[],
): Promise<Record<Name, D1Result>> {
  const results = await db.batch(steps.map(([, statement]) => statement));
  const named = {} as Record<Name, D1Result>;
  steps.forEach(([name], i) => {
    if (name !== null) named[name] = results[i];
  });
  return named;
}

/** Steps that are only written (a group of statements another module builds, e.g. a message's rows). */
export const writeOnly = (statements: readonly D1PreparedStatement[]) => statements.map((statement) => [null, statement] as const);

/**
 * A named batch on each database of a list over several brands (worker/db/request-db.ts brandsByDatabase), the
 * results merged by name: the names carry the brand, so no result is read by its position.
 */
export async function namedBatchPerDatabase<const Name extends string>(
  groups: readonly { db: D1Database; brands: readonly string[] }[],
  steps: (db: D1Database, brand: string) => readonly (readonly [Name | null, D1PreparedStatement])[],
): Promise<Record<Name, D1Result>> {
  const parts = await Promise.all(
    groups.map(({ db, brands }) =>
      namedBatch(
        db,
        brands.flatMap((brand) => steps(db, brand)),
      ),
    ),
  );
  return Object.assign({} as Record<Name, D1Result>, ...parts);
}
