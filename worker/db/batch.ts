/**
 * db.batch() with its results read by name instead of by position: a statement added to the batch later cannot
 * shift what the code reads (`results[2]` silently meaning another statement). Steps named null are written only.
 * A read step wrapped in `rows<Row>(statement)` gives its result typed (`D1Result<Row>`), so a batch that mixes
 * statements of several row types needs no `results as Row[]` cast where it is read.
 */

declare const ROW: unique symbol;
/** A statement with the type of the rows it reads (D1PreparedStatement itself carries none). */
export type Rows<Row> = D1PreparedStatement & { readonly [ROW]?: Row };
/** Marks the row type of a batch step: `['cards', rows<CardRow>(db.prepare(...))]`. */
export const rows = <Row>(statement: D1PreparedStatement): Rows<Row> => statement;

type RowOf<S> = S extends Rows<infer Row> ? Row : unknown;
type Step = readonly [string | null, D1PreparedStatement];
/** Each named step's result, typed by its `rows<Row>` mark (unmarked: rows unknown). */
export type NamedResults<S extends Step> = { [K in S as K[0] & string]: D1Result<RowOf<K[1]>> };

export async function namedBatch<const S extends Step>(db: D1Database, steps: readonly S[]): Promise<NamedResults<S>> {
  const results = await db.batch(steps.map(([, statement]) => statement));
  const named: Record<string, D1Result> = {};
  steps.forEach(([name], i) => {
    if (name !== null) named[name] = results[i];
  });
  return named as NamedResults<S>;
}

/** Steps that are only written (a group of statements another module builds, e.g. a message's rows). */
export const writeOnly = (statements: readonly D1PreparedStatement[]) => statements.map((statement) => [null, statement] as const);

/**
 * A named batch on each database of a list over several brands (worker/db/request-db.ts brandsByDatabase), the
 * results merged by name: the names carry the brand, so no result is read by its position.
 */
export async function namedBatchPerDatabase<const S extends Step>(
  groups: readonly { db: D1Database; brands: readonly string[] }[],
  steps: (db: D1Database, brand: string) => readonly S[],
): Promise<NamedResults<S>> {
  const parts = await Promise.all(
    groups.map(({ db, brands }) =>
      namedBatch(
        db,
        brands.flatMap((brand) => steps(db, brand)),
      ),
    ),
  );
  return Object.assign({}, ...parts) as NamedResults<S>;
}

/** The rows of one statement, bound with `binds`, for modules that read many small queries one after another. */
export const allRows = async <Row = Record<string, unknown>>(db: D1Database, sql: string, ...binds: unknown[]): Promise<Row[]> =>
  (
    await db
      .prepare(sql)
      .bind(...binds)
      .all<Row>()
  ).results;
