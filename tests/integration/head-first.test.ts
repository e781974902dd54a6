import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { createMember, fetchBrand, pageState, seedProfiles } from './helpers';

/**
 * A D1 that answers nothing until `release()`: what a slow database looks like to the Worker, without timing.
 * `asked` lists the statements that are waiting.
 */
function heldDatabase(db: D1Database) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  let noteAsked!: () => void;
  const someAsked = new Promise<void>((resolve) => (noteAsked = resolve));
  const held = <T>(sql: string, run: () => Promise<T>) => {
    asked.push(sql);
    noteAsked();
    return gate.then(run);
  };
  const statement = (sql: string, real: D1PreparedStatement): D1PreparedStatement =>
    ({
      bind: (...values: unknown[]) => statement(sql, real.bind(...values)),
      first: (column?: string) => held(sql, () => (column === undefined ? real.first() : real.first(column))),
      all: () => held(sql, () => real.all()),
      run: () => held(sql, () => real.run()),
      raw: (options?: { columnNames: true }) => held(sql, () => real.raw(options as never)),
      real,
      sql,
    }) as unknown as D1PreparedStatement;
  const database = {
    prepare: (sql: string) => statement(sql, db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      const wrapped = statements as unknown as { real: D1PreparedStatement; sql: string }[];
      return held(wrapped.map((s) => s.sql).join(';\n'), () => db.batch(wrapped.map((s) => s.real)));
    },
    exec: (sql: string) => held(sql, () => db.exec(sql)),
  } as unknown as D1Database;
  // The request's D1 session (worker/db/request-db.ts) asks through the same gate.
  Object.assign(database, { withSession: () => ({ prepare: database.prepare, batch: database.batch, getBookmark: () => null }) });
  return { database, release, asked, someAsked };
}

const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const decoder = new TextDecoder();

describe("the head goes out before the page's data (issue 20, item 4)", () => {
  it("sends charset, title, styles and the entry's preload while the members search still waits on D1", async () => {
    await seedProfiles('flirtlokaal', 'NL', 4);
    const db = heldDatabase(env.DB);
    const request = new Request('https://flirtlokaal.localhost/members', { cf: { country: 'NL' } } as RequestInit);
    const response = await worker.fetch!(request as never, { ...env, DB: db.database }, context);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    // Without the head going first this read would wait for the database, which waits for this read: a deadlock.
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('<meta charset="utf-8">');
    expect(first).toContain('<title>Flirtlokaal</title>');
    expect(first).toContain('lang="nl"');
    expect(first).toContain('--c-primary:');
    // The page's own styles go out with its body: which rules it needs depends on what it renders.
    expect(first).toMatch(/<\/head><body>$/);
    // The search asks D1 and waits: no profile, no state yet.
    await db.someAsked;
    expect(db.asked.some((sql) => /FROM profiles/i.test(sql))).toBe(true);
    expect(first).not.toContain('Anna');
    expect(first).not.toContain('__STATE__');
    db.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    // Then the body, complete and in place (what crawlers and browsers without JavaScript get), and the state.
    expect(rest).toMatch(/^<div id="root">/);
    expect(rest).not.toContain('<!--$?-->');
    expect(rest).not.toMatch(/<div hidden id="S:/);
    expect(rest).toMatch(/>Anna\d+</);
    const state = pageState(first + rest);
    expect(state.route.name).toBe('members');
    expect(Object.keys(state.fallback).some((url) => url.startsWith('/api/search.php'))).toBe(true);
  });

  it("still answers a missing profile with 404, and a member's page with the member's language", async () => {
    const member = await createMember('flirtlokaal', { language: 'de' });
    const missing = await fetchBrand('flirtlokaal', '/members/987654321', { country: 'NL', headers: { Cookie: member.cookie } });
    expect(missing.status).toBe(404);
    const html = await (await fetchBrand('flirtlokaal', '/members', { country: 'NL', headers: { Cookie: member.cookie } })).text();
    expect(html).toContain('lang="de"');
    expect(pageState(html).user?.id).toBeDefined();
  });

  it('preloads the entry module from the head', async () => {
    const html = await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="modulepreload" href="\/client\/entry\.tsx">/);
  });
});
