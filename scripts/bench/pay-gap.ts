// `npm run bench:pay-gap`: server time of a 10,000-record pay-gap report (E7), measured in process through the
// app's own fetch handler (JSON parse, validation, title matching, maths, JSON out; no network).
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

// A realistic employer: 60 distinct titles (a few unmatched), mixed periods and genders, seeded.
const rnd = prng(42);
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
  "Customer Service Rep",
  "Data Scientist",
  "HR Manager",
  "Warehouse Worker",
  "Forklift Operator",
  "Receptionist",
  "Barista",
  "Chef",
  "Welder",
  "Plumber",
  "Paralegal",
];
const titles = Array.from({ length: 60 }, (_, i) =>
  i < TITLES.length ? TITLES[i] : `${TITLES[i % TITLES.length]} ${["II", "Senior", "Lead"][i % 3]}`,
).concat(["Chief Happiness Officer", "Xyz Ninja"]);
const employees = Array.from({ length: 10_000 }, () => {
  const period = rnd() < 0.7 ? "annual" : rnd() < 0.5 ? "monthly" : "hourly";
  const base = 30_000 + rnd() * 70_000;
  return {
    job_title: titles[Math.floor(rnd() * titles.length)],
    gender: rnd() < 0.5 ? "M" : "F",
    salary: period === "annual" ? base : period === "monthly" ? base / 12 : base / 2080,
    salary_period: period,
  };
});
const body = JSON.stringify({ country: "DE", employees });
const request = () =>
  new Request("http://salary.localhost/api/v1/compliance/pay-gap-report", {
    method: "POST",
    body,
    headers: { host: "salary.localhost", "x-api-key": key, "content-type": "application/json" },
  });

for (let i = 0; i < 3; i++) await (await app.fetch(request())).arrayBuffer(); // warm-up
const runs: LatencySummary[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    const res = await app.fetch(request());
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`report answered ${res.status}`);
  }
  runs.push(summarise(samples));
}
const t = medianOfRuns(runs);
const lines = [
  `One report of 10,000 records (${(body.length / 1024).toFixed(0)} KiB of JSON; ${titles.length} distinct titles, 70% annual, 15% monthly, 15% hourly pay), through the app's fetch handler in process: ${ROUNDS} rounds × ${REPEATS} reports, median over rounds.`,
  "",
  "| measure | median | p99 |",
  "|---|---|---|",
  `| E7 pay-gap report, 10,000 records (server time) | ${fmtUs(t.medianUs)} | ${fmtUs(t.p99Us)} |`,
  "",
  `Target (issue 5): ≤ 25 ms: ${t.medianUs <= 25_000 ? "met" : "missed"}.`,
];
console.log(lines.join("\n"));
if (!quick) await writeBenchmarkSection("Pay-gap report: 10,000 records", lines.join("\n"));
await app.close();
