// `npm run bench:lookup`: salary lookups. In process: title → occupation and location → area. Over HTTP:
// E2 /v1/salary against a bare Bun.serve returning a fixed JSON body (the floor), one keep-alive client.
// Also the coverage the closing note of issue 4 reports. BENCH_QUICK=1: one short round.
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices } from "../../src/services.ts";
import { resolveLocationUncached } from "../../src/domain/location.ts";
import { conformanceQueries } from "../lib/search-queries.ts";
import { spawnService } from "../lib/service-process.ts";
import { summarise, medianOfRuns, fmtUs, type LatencySummary } from "./stats.ts";
import { writeBenchmarkSection } from "./report.ts";
import { postingSets } from "../eval/title-sets.ts";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 5;
const TITLES = [
  "Registered Nurse",
  "Sr. Software Eng",
  "CPA",
  "RN",
  "Truck Driver",
  "Cashier",
  "Registerd Nurse",
  "Sales Associate",
  "Electrician",
  "Jr. Accountant",
  "Web Dev",
  "HR Manager",
  "Data Scientist",
  "Barista",
  "Carpentr",
  "Chief Executive Officer",
  "Nurse Practitioner",
  "ssembl",
  "Plumber",
  "Waitress",
];
const PLACES = [
  "",
  "Austin, TX",
  "35620",
  "New York",
  "San Francisco",
  "Texas",
  "DE",
  "Deutschland",
  "Lyon",
  "Paris",
  "Chicago",
  "Portland, ME",
  "US-CA",
  "Kraków",
  "0035620",
];

function time<T>(inputs: readonly T[], fn: (x: T) => unknown): LatencySummary {
  for (const x of inputs) fn(x);
  const runs: LatencySummary[] = [];
  for (let r = 0; r < ROUNDS; r++)
    runs.push(
      summarise(
        inputs.map((x) => {
          const t0 = performance.now();
          fn(x);
          return performance.now() - t0;
        }),
      ),
    );
  return medianOfRuns(runs);
}

async function httpLatency(
  port: number,
  host: string,
  paths: readonly string[],
  key?: string,
): Promise<LatencySummary> {
  const headers: Record<string, string> = { host, ...(key ? { "x-api-key": key } : {}) };
  for (const p of paths) await (await fetch(`http://127.0.0.1:${port}${p}`, { headers })).arrayBuffer();
  const runs: LatencySummary[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const samples: number[] = [];
    for (const p of paths) {
      const t0 = performance.now();
      await (await fetch(`http://127.0.0.1:${port}${p}`, { headers })).arrayBuffer();
      samples.push(performance.now() - t0);
    }
    runs.push(summarise(samples));
  }
  return medianOfRuns(runs);
}

const s = createServices(openSnapshot(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite"));
const generated = conformanceQueries(s.occupationSearch.index.allTexts(), quick ? 200 : 1000);
const titleMix = [...TITLES, ...generated];
const titleTime = time(titleMix, (t) => s.titleMatcher.matchUncached(t, { target: "soc", country: "US" }));
// Titles as job postings write them, in seven languages, each on its path (English → SOC; others → ISCO in the country).
const postings = postingSets().flatMap((set) =>
  set.items.map((i) => ({
    title: i.title,
    country: i.country,
    target: set.lang === "en" ? ("soc" as const) : ("isco" as const),
  })),
);
const postingTime = time(postings, (p) =>
  s.titleMatcher.matchUncached(p.title, { target: p.target, country: p.country }),
);
const placeTime = time(PLACES, (p) => resolveLocationUncached(p, s.locations));
// Places as people write them (the issue 13 evaluation list), and its misspellings alone (the spelling path).
const placeRows: { input: string; kind: string }[] = parse(readFileSync("test/eval/places/places.csv"), {
  columns: true,
  skip_empty_lines: true,
});
const placeListTime = time(
  placeRows.map((r) => r.input),
  (p) => resolveLocationUncached(p, s.locations),
);
const misspelt = placeRows.filter((r) => r.kind === "misspelling").map((r) => r.input);
const misspeltTime = time(misspelt, (p) => resolveLocationUncached(p, s.locations));

// Coverage.
const resolved = generated.filter((t) => s.titleMatcher.match(t, { target: "soc", country: "US" })).length;
const occupations = s.occupations.all.length;
const withWages = s.occupations.all.filter(
  (o) => s.wages.oewsCodeFor(s.wages.latestYear, o.socCode.slice(0, 7)) !== null,
).length;
const euCountries = s.euEarnings.coverage().size - 1; // less the EU27 aggregate

// Over HTTP: the service vs a bare Bun.serve floor, each in its own process.
const key = "bench-key-0123456789abcdef";
const floorProc = await spawnService([process.execPath, "scripts/bench/floor-server.ts"], {});
const service = await spawnService([process.execPath, "src/main.ts"], {
  BOOTSTRAP_API_KEY: key,
  STATE_DB: `/tmp/wf-bench-lookup-${process.pid}.sqlite`,
  QUOTA_ENTERPRISE: "100000000",
  ACCESS_LOG: "0",
  RESULT_CACHE_MB: "0",
});
const salaryPaths = TITLES.flatMap((t, i) => [
  `/api/v1/salary?job_title=${encodeURIComponent(t)}&location=${encodeURIComponent(PLACES[i % PLACES.length])}`,
]);
let floorTime: LatencySummary, salaryTime: LatencySummary;
try {
  floorTime = await httpLatency(floorProc.port, "floor.localhost", salaryPaths);
  salaryTime = await httpLatency(service.port, "salary.localhost", salaryPaths, key);
} finally {
  floorProc.proc.kill();
  service.proc.kill();
}

const lines = [
  `In process: ${titleMix.length} titles (${TITLES.length} typical, ${generated.length} generated from O*NET titles with typos, fragments, plurals, punctuation, 1–200 characters) and ${PLACES.length} locations; ${ROUNDS} rounds, median over rounds.`,
  `Over HTTP: ${salaryPaths.length} E2 requests (title + location), sequential on one keep-alive connection, with the answer cache off so each is matched, located and serialised again; the floor is a bare Bun.serve returning a fixed JSON body, measured in the same run.`,
  "",
  "| measure | median | p99 |",
  "|---|---|---|",
  `| title → occupation (all tiers) | ${fmtUs(titleTime.medianUs)} | ${fmtUs(titleTime.p99Us)} |`,
  `| posting title → occupation, ${postings.length} hand-written titles in 7 languages (test/eval/postings) | ${fmtUs(postingTime.medianUs)} | ${fmtUs(postingTime.p99Us)} |`,
  `| location → area or country | ${fmtUs(placeTime.medianUs)} | ${fmtUs(placeTime.p99Us)} |`,
  `| location, ${placeRows.length} places as people write them (test/eval/places) | ${fmtUs(placeListTime.medianUs)} | ${fmtUs(placeListTime.p99Us)} |`,
  `| location, its ${misspelt.length} misspellings (spelling correction) | ${fmtUs(misspeltTime.medianUs)} | ${fmtUs(misspeltTime.p99Us)} |`,
  `| bare Bun.serve (floor) over HTTP | ${fmtUs(floorTime!.medianUs)} | ${fmtUs(floorTime!.p99Us)} |`,
  `| E2 /v1/salary over HTTP | ${fmtUs(salaryTime!.medianUs)} | ${fmtUs(salaryTime!.p99Us)} |`,
  `| **E2 latency / floor latency** | **${(salaryTime!.medianUs / floorTime!.medianUs).toFixed(2)}×** | ${(salaryTime!.p99Us / floorTime!.p99Us).toFixed(2)}× |`,
  "",
  `Coverage: ${resolved} of ${generated.length} generated titles resolve to an occupation (${((100 * resolved) / generated.length).toFixed(1)}%); ${withWages} of ${occupations} O*NET occupations have May ${s.wages.latestYear} OEWS wages (their own SOC code, the OEWS aggregate of its broad group, or the broad group); ${s.locations.allTitles().length} U.S. states and MSAs resolve by name; ${euCountries} EU countries have SES 2022 earnings.`,
];
console.log(lines.join("\n"));
if (!quick) await writeBenchmarkSection("Salary lookup: title and location resolution, E2 over HTTP", lines.join("\n"));
process.exit(0);
