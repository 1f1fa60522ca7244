// `npm run bench:search`: our trigram search (in process and over HTTP) against PostgreSQL pg_trgm with a
// GIN index, on the same titles and the same queries, in one run on this machine. Writes BENCHMARKS.md.
// BENCH_QUICK=1: one short round (what CI runs to check the harness works).
import { Database } from "bun:sqlite";
import { storedTitleSearch, TITLE_INDEX } from "../../src/snapshot/repositories/title-search.ts";
import { startPostgres } from "../lib/postgres.ts";
import { conformanceQueries } from "../lib/search-queries.ts";
import { summarise, medianOfRuns, fmtUs, type LatencySummary } from "./stats.ts";
import { writeBenchmarkSection } from "./report.ts";
import { spawnService } from "../lib/service-process.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 3;
const QUERIES = quick ? 100 : 1000;

async function main() {
  const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
  const search = storedTitleSearch(db, TITLE_INDEX);
  db.close();
  const texts = search.index.allTexts();
  const queries = conformanceQueries(texts, QUERIES);

  // In process: the same work as PostgreSQL's query below (matches ≥ 0.3, best 20 by similarity then id).
  for (const q of queries) search.index.search(q); // warm-up (JIT)
  const ours: LatencySummary[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const samples = queries.map((q) => {
      const t0 = performance.now();
      search.index.search(q).slice(0, 20);
      return performance.now() - t0;
    });
    ours.push(summarise(samples));
  }

  // Over HTTP: the real service in its own process, one keep-alive client sending the queries in turn.
  const key = "bench-key-0123456789abcdef";
  const service = await spawnService([process.execPath, "src/main.ts"], {
    BOOTSTRAP_API_KEY: key,
    STATE_DB: `/tmp/wf-bench-${process.pid}.sqlite`,
    QUOTA_ENTERPRISE: "100000000",
    ACCESS_LOG: "0",
    RESULT_CACHE_MB: "0",
  });
  const http: LatencySummary[] = [];
  try {
    const url = (q: string) =>
      `http://127.0.0.1:${service.port}/api/v1/occupations/search?page_size=20&q=${encodeURIComponent(q)}`;
    const headers = { host: "skills.localhost", "x-api-key": key };
    for (const q of queries) await (await fetch(url(q), { headers })).arrayBuffer(); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      const samples: number[] = [];
      for (const q of queries) {
        const t0 = performance.now();
        const res = await fetch(url(q), { headers });
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`search answered ${res.status} for ${JSON.stringify(q)}`);
      }
      http.push(summarise(samples));
    }
  } finally {
    service.proc.kill();
  }

  const pg = await startPostgres();
  try {
    await pg.sql`CREATE TABLE titles (id integer PRIMARY KEY, title text NOT NULL)`;
    const rows = texts.map((title, id) => ({ id, title }));
    for (let i = 0; i < rows.length; i += 5000) await pg.sql`INSERT INTO titles ${pg.sql(rows.slice(i, i + 5000))}`;
    await pg.sql`CREATE INDEX titles_trgm ON titles USING gin (title gin_trgm_ops)`;
    await pg.sql`ANALYZE titles`;
    const runPg = async () => {
      const samples: number[] = [];
      for (const q of queries) {
        const t0 = performance.now();
        await pg.sql`SELECT id, similarity(title, ${q}) AS s FROM titles WHERE title % ${q} ORDER BY s DESC, id LIMIT 20`;
        samples.push(performance.now() - t0);
      }
      return summarise(samples);
    };
    await runPg(); // warm-up: caches, plans
    const theirs: LatencySummary[] = [];
    for (let r = 0; r < ROUNDS; r++) theirs.push(await runPg());

    const a = medianOfRuns(ours);
    const b = medianOfRuns(theirs);
    const h = medianOfRuns(http);
    const lines = [
      `Corpus: ${texts.length.toLocaleString("en-US")} distinct O*NET titles (title, alternate, short, reported). ${queries.length} queries (typos, partial words, plurals, punctuation, digits, accents, 1–200 characters), ${ROUNDS} rounds; figures are the median over rounds.`,
      `PostgreSQL: GIN (gin_trgm_ops) index, \`WHERE title % q ORDER BY similarity DESC, id LIMIT 20\`, measured from a client on loopback (Bun.SQL). Ours: the same result in process.`,
      "",
      "| measure | median | p99 | mean |",
      "|---|---|---|---|",
      `| in-process trigram search | ${fmtUs(a.medianUs)} | ${fmtUs(a.p99Us)} | ${fmtUs(a.meanUs)} |`,
      `| E15 over HTTP (loopback, whole request: auth, quota, ranking by occupation, JSON; answer cache off) | ${fmtUs(h.medianUs)} | ${fmtUs(h.p99Us)} | ${fmtUs(h.meanUs)} |`,
      `| PostgreSQL pg_trgm (GIN) | ${fmtUs(b.medianUs)} | ${fmtUs(b.p99Us)} | ${fmtUs(b.meanUs)} |`,
      `| **ratio PostgreSQL / ours, in process** | **${(b.medianUs / a.medianUs).toFixed(1)}×** | ${(b.p99Us / a.p99Us).toFixed(1)}× | ${(b.meanUs / a.meanUs).toFixed(1)}× |`,
      `| ratio PostgreSQL / ours, over HTTP | ${(b.medianUs / h.medianUs).toFixed(1)}× | ${(b.p99Us / h.p99Us).toFixed(1)}× | ${(b.meanUs / h.meanUs).toFixed(1)}× |`,
      "",
      `Targets (issue 3): in-process p99 ≤ 1 ms: ${a.p99Us <= 1000 ? "met" : "missed"}; ≥ 25× PostgreSQL (median): ${b.medianUs / a.medianUs >= 25 ? "met" : "missed"}.`,
    ];
    console.log(lines.join("\n"));
    if (!quick) await writeBenchmarkSection("Title search: in process vs PostgreSQL pg_trgm", lines.join("\n"));
  } finally {
    await pg.stop();
  }
}

await main();
