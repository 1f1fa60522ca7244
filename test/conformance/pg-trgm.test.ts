// Our trigram search against PostgreSQL's pg_trgm on the same titles and queries: similarity equal at
// float4 precision, the same matches for `%`, and the same top-20 order for ORDER BY similarity DESC, id.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { storedTitleSearch, TITLE_INDEX } from "../../src/snapshot/repositories/title-search.ts";
import { similarity, shortestFloat4 } from "../../src/domain/trigram.ts";
import { startPostgres, postgresAvailable, type Postgres } from "../../scripts/lib/postgres.ts";
import { conformanceQueries, prng } from "../../scripts/lib/search-queries.ts";
import { whenInstalled } from "../support/requires.ts";

const QUERY_COUNT = 600;
// Locally a missing PostgreSQL skips this file; in CI (.ci/run installs it) its absence is a failure.
const run = whenInstalled(describe, postgresAvailable(), "postgresql-contrib (PostgreSQL with pg_trgm)");

run("pg_trgm conformance", () => {
  let pg: Postgres;
  let texts: readonly string[];
  let search: ReturnType<typeof storedTitleSearch>;

  beforeAll(async () => {
    if (!postgresAvailable()) throw new Error("PostgreSQL is required in CI for the pg_trgm conformance test");
    const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
    search = storedTitleSearch(db, TITLE_INDEX);
    db.close();
    texts = search.index.allTexts();
    pg = await startPostgres();
    await pg.sql`CREATE TABLE titles (id integer PRIMARY KEY, title text NOT NULL)`;
    const rows = texts.map((title, id) => ({ id, title }));
    for (let i = 0; i < rows.length; i += 5000) await pg.sql`INSERT INTO titles ${pg.sql(rows.slice(i, i + 5000))}`;
    await pg.sql`CREATE INDEX titles_trgm ON titles USING gin (title gin_trgm_ops)`;
    const [{ n }] = await pg.sql`SELECT count(*)::int AS n FROM titles`;
    expect(n).toBe(texts.length);
  }, 120_000);

  afterAll(async () => {
    await pg?.stop();
  });

  test(`${QUERY_COUNT} queries: same matches, same top-20 order, same float4 similarities`, async () => {
    const queries = conformanceQueries(texts, QUERY_COUNT);
    expect(queries.length).toBeGreaterThanOrEqual(500);
    let compared = 0;
    for (const q of queries) {
      const theirs =
        await pg.sql`SELECT id, similarity(title, ${q}) AS s FROM titles WHERE title % ${q} ORDER BY s DESC, id LIMIT 20`;
      const [{ n }] = await pg.sql`SELECT count(*)::int AS n FROM titles WHERE title % ${q}`;
      const ours = search.index.search(q);
      expect({ q, n: ours.length }).toEqual({ q, n });
      expect({ q, top: ours.slice(0, 20).map((h) => [h.id, h.similarity]) }).toEqual({
        q,
        top: theirs.map((r: any) => [r.id, r.s]),
      });
      compared += theirs.length;
    }
    expect(compared).toBeGreaterThan(QUERY_COUNT * 5); // the queries do find things
  }, 300_000);

  test("similarity() on query × random title pairs, matching or not, and its text", async () => {
    const rnd = prng(7);
    const queries = conformanceQueries(texts, 200, 99);
    for (const q of queries) {
      const title = texts[Math.floor(rnd() * texts.length)];
      const [{ s, text }] =
        await pg.sql`SELECT similarity(${q}, ${title}) AS s, similarity(${q}, ${title})::text AS text`;
      const ours = similarity(q, title);
      // The served score is written as PostgreSQL writes the float4.
      expect({ q, title, s: ours, text: String(shortestFloat4(ours)) }).toEqual({ q, title, s, text });
    }
  }, 120_000);
});
