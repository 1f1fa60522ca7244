// `bun scripts/bench/pay-equity.ts`: server time of the pay-equity analysis on 10,000 records, side by side with an
// E7 pay-gap report of 10,000 records in the same run, both through the app's own fetch handler (JSON parse,
// validation, the model, JSON out; no network).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createApp } from "../../src/app.ts";
import { summarise, medianOfRuns, fmtUs, type LatencySummary } from "./stats.ts";
import { writeBenchmarkSection } from "./report.ts";
import { prng } from "../lib/search-queries.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 5;
const REPEATS = quick ? 3 : 20;
const N = 10_000;
const key = "bench-key-0123456789abcdef";
const app = createApp(
  loadConfig({
    ...process.env,
    STATE_DB: join(mkdtempSync(join(tmpdir(), "wf-bench-")), "state.sqlite"),
    BOOTSTRAP_API_KEY: key,
    ACCESS_LOG: "0",
    QUOTA_ENTERPRISE: "100000000",
  }),
);
const rnd = prng(7);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

// An employer of 10,000: grade, site and function as categories, tenure, experience and a rating as numbers; 12 categories.
const custom = Array.from({ length: N }, () => {
  const female = rnd() < 0.45,
    grade = Math.floor(rnd() * 8),
    tenure = Math.floor(rnd() * 30),
    experience = tenure + Math.floor(rnd() * 15);
  const pay = 35_000 * 1.12 ** grade * (1 + 0.01 * experience) * (female ? 0.97 : 1) * (0.85 + 0.3 * rnd());
  return {
    gender: female ? "F" : "M",
    salary: Math.round(pay),
    weekly_hours: rnd() < 0.8 ? 40 : 30,
    category: `Job family ${Math.floor(rnd() * 12)}`,
    factors: {
      grade: `G${grade}`,
      site: pick(["Zurich", "Basel", "Bern", "Geneva", "Lugano"]),
      function: pick(["Ops", "Sales", "R&D", "Finance"]),
      tenure,
      experience,
      rating: Math.floor(rnd() * 5) + 1,
    },
  };
});
// The office's data-sheet fields for 10,000 employees.
const swiss = Array.from({ length: N }, () => ({
  gender: rnd() < 0.45 ? "F" : "M",
  age: 20 + Math.floor(rnd() * 45),
  years_of_service: Math.floor(rnd() * 20),
  training: 1 + Math.floor(rnd() * 8),
  level_of_requirements: 1 + Math.floor(rnd() * 4),
  professional_position: 1 + Math.floor(rnd() * 5),
  activity_rate: pick([100, 100, 100, 80, 60]),
  basic_wage: Math.round(4_000 + rnd() * 8_000),
  monthly_wage_13: 400,
  weekly_hours: 42,
}));
const TITLES = [
  "Registered Nurse",
  "Cashier",
  "Software Engineer",
  "Truck Driver",
  "Accountant",
  "Electrician",
  "Janitor",
  "Teacher",
  "Sales Associate",
  "Welder",
];
const e7 = Array.from({ length: N }, () => ({
  job_title: pick(TITLES),
  gender: rnd() < 0.5 ? "M" : "F",
  salary: Math.round(30_000 + rnd() * 70_000),
}));

const cases = [
  {
    name: "E7 pay-gap report (baseline)",
    path: "pay-gap-report",
    body: JSON.stringify({ country: "DE", employees: e7 }),
  },
  {
    name: "pay-equity analysis, custom, 6 factors (3 categorical), 12 categories",
    path: "pay-equity-analysis",
    body: JSON.stringify({ model: "custom", employees: custom }),
  },
  {
    name: "pay-equity analysis, swiss_standard",
    path: "pay-equity-analysis",
    body: JSON.stringify({ model: "swiss_standard", employees: swiss }),
  },
];
const request = (c: (typeof cases)[number]) =>
  new Request(`http://salary.localhost/api/v1/compliance/${c.path}`, {
    method: "POST",
    body: c.body,
    headers: { host: "salary.localhost", "x-api-key": key, "content-type": "application/json" },
  });

const results = new Map<string, LatencySummary[]>();
for (const c of cases)
  for (let i = 0; i < 3; i++) {
    const res = await app.fetch(request(c));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${c.name} answered ${res.status}`);
  }
for (let r = 0; r < ROUNDS; r++) {
  for (const c of cases) {
    // interleaved, so drift hits every case alike
    const samples: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t0 = performance.now();
      await (await app.fetch(request(c))).arrayBuffer();
      samples.push(performance.now() - t0);
    }
    results.set(c.name, [...(results.get(c.name) ?? []), summarise(samples)]);
  }
}
const t = new Map(cases.map((c) => [c.name, medianOfRuns(results.get(c.name)!)]));
const baseline = t.get(cases[0].name)!.medianUs;
const customUs = t.get(cases[1].name)!.medianUs;
const lines = [
  `10,000 records each, through the app's fetch handler in process: ${ROUNDS} rounds × ${REPEATS} requests per case, interleaved, median over rounds.`,
  "",
  "| request | median | p99 | ÷ E7 |",
  "|---|---|---|---|",
  ...cases.map((c) => {
    const x = t.get(c.name)!;
    return `| ${c.name} | ${fmtUs(x.medianUs)} | ${fmtUs(x.p99Us)} | ${(x.medianUs / baseline).toFixed(2)} |`;
  }),
  "",
  `Target (issue 33): custom model, 10,000 records, 6 factors ≤ 100 ms: ${customUs <= 100_000 ? "met" : "missed"}.`,
];
console.log(lines.join("\n"));
if (!quick) await writeBenchmarkSection("Pay-equity analysis: 10,000 records", lines.join("\n"));
await app.close();
