// Coverage of the occupation data in the snapshot, as markdown: E1's national trend points per SOC major group
// (by basis, across every vintage in the mirror), and O*NET technology and work style coverage.
// Run: bun scripts/report/coverage.ts [build/snapshot.sqlite]; writes the "Occupation data coverage" section of BENCHMARKS.md.
import { openSnapshot } from "../../src/snapshot/open.ts";
import { createServices } from "../../src/services.ts";
import { resolveLocation, type UsArea } from "../../src/domain/location.ts";
import { wageTrend } from "../../src/hosts/salary/trend-series.ts";
import { writeBenchmarkSection } from "../bench/report.ts";

const snapshot = openSnapshot(process.argv[2] ?? process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite");
const s = createServices(snapshot);
const db = snapshot.db;
const national = (resolveLocation(undefined, s.locations) as { area: UsArea }).area;
const vintages = s.wages.years(national.areaCode);
const first = vintages[0]!;

const detailed = db
  .query<{ code: string }, []>("SELECT code FROM soc_2018 WHERE level = 'detailed' ORDER BY code")
  .all()
  .map((r) => r.code);
const majors = new Map(
  db
    .query<{ code: string; title: string }, []>("SELECT code, title FROM soc_2018 WHERE level = 'major'")
    .all()
    .map((r) => [r.code.slice(0, 2), r.title]),
);

interface Family {
  codes: number;
  withSeries: number;
  points: number;
  reachFirst: number;
  combined: number;
  hybrid: number;
}
const families = new Map<string, Family>();
for (const soc of detailed) {
  const f = families.get(soc.slice(0, 2)) ?? {
    codes: 0,
    withSeries: 0,
    points: 0,
    reachFirst: 0,
    combined: 0,
    hybrid: 0,
  };
  families.set(soc.slice(0, 2), f);
  f.codes++;
  const { points } = wageTrend(soc, national, vintages.length, s);
  if (!points.length) continue;
  f.withSeries++;
  f.points += points.length;
  if (points[0]!.year === first) f.reachFirst++;
  if (points.some((p) => p.basis === "combined_soc2010")) f.combined++;
  if (points.some((p) => p.basis === "oews_hybrid")) f.hybrid++;
}

const relations = db
  .query<{ relation: string; n: number }, []>(
    "SELECT relation, count(*) AS n FROM soc_revision GROUP BY relation ORDER BY n DESC",
  )
  .all();
const lines = [
  `National OEWS vintages in the mirror: ${vintages.join(", ")} (${vintages.length}). SOC 2018 detailed codes by relation to SOC 2010: ${relations.map((r) => `${r.relation} ${r.n}`).join(", ")}.`,
  "",
  `| SOC major group | detailed codes | with a national trend | mean points (of ${vintages.length}) | reaching May ${first} | with combined_soc2010 points | with oews_hybrid points |`,
  "|---|---|---|---|---|---|---|",
];
const total: Family = { codes: 0, withSeries: 0, points: 0, reachFirst: 0, combined: 0, hybrid: 0 };
for (const [major, f] of [...families].sort()) {
  lines.push(
    `| ${major} ${majors.get(major) ?? ""} | ${f.codes} | ${f.withSeries} | ${(f.points / Math.max(1, f.withSeries)).toFixed(1)} | ${f.reachFirst} | ${f.combined} | ${f.hybrid} |`,
  );
  for (const k of Object.keys(total) as (keyof Family)[]) total[k] += f[k];
}
lines.push(
  `| all | ${total.codes} | ${total.withSeries} | ${(total.points / total.withSeries).toFixed(1)} | ${total.reachFirst} | ${total.combined} | ${total.hybrid} |`,
);

const one = <T>(sql: string) => db.query<T, []>(sql).get()!;
const tech = one<{ rows: number; occupations: number; names: number; commodities: number; hot: number }>(
  "SELECT count(*) AS rows, count(DISTINCT soc_code) AS occupations, count(DISTINCT example) AS names, count(DISTINCT commodity_code) AS commodities, count(DISTINCT CASE WHEN hot_technology = 1 THEN example END) AS hot FROM onet_technology",
);
const occupations = one<{ n: number }>("SELECT count(*) AS n FROM onet_occupation").n;
const styles = one<{ occupations: number; elements: number }>(
  "SELECT count(DISTINCT soc_code) AS occupations, count(DISTINCT element_id) AS elements FROM onet_rating WHERE category = 'work_style'",
);
const rated = one<{ n: number }>("SELECT count(DISTINCT soc_code) AS n FROM onet_rating").n;
lines.push(
  "",
  `O*NET: ${occupations} occupations (30.0); ${tech.occupations} with technologies (${tech.rows} examples: ${tech.names} distinct technologies, ${tech.hot} of them Hot Technologies, in ${tech.commodities} UNSPSC commodities); ` +
    `${styles.occupations} rated on the ${styles.elements} work styles; ${rated} rated at all in 29.3, ${occupations - rated} not.`,
);
console.log(lines.join("\n"));
await writeBenchmarkSection("Occupation data coverage", lines.join("\n"));
