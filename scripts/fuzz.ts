// `npm run fuzz`: the full hostile-input run (FUZZ_REQUESTS, default 100,000) against the service as a child
// process. Prints a summary and writes it to BENCHMARKS.md (not with FUZZ_QUICK=1). Exit 1 on any problem.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "./lib/service-process.ts";
import { fuzz } from "./lib/fuzz.ts";
import { rssMb } from "./lib/proc.ts";
import { writeBenchmarkSection } from "./bench/report.ts";

const count = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const KEY = "fuzz-key-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "wf-fuzz-"));
const service = await spawnService([process.execPath, "src/main.ts"], {
  BOOTSTRAP_API_KEY: KEY,
  STATE_DB: join(dir, "state.sqlite"),
  QUOTA_ENTERPRISE: "1000000000",
  ACCESS_LOG: "0",
  TRUST_PROXY: "1",
});
const started = performance.now();
const summary = await fuzz(`http://127.0.0.1:${service.port}`, KEY, count, seed);
const seconds = (performance.now() - started) / 1000;
const alive =
  service.proc.exitCode === null && (await fetch(`http://127.0.0.1:${service.port}/healthz`)).status === 200;
const rss = rssMb(service.proc.pid);
service.proc.kill();

const statuses = Object.entries(summary.byStatus)
  .sort(([a], [b]) => Number(a) - Number(b))
  .map(([s, n]) => `${s}: ${n}`)
  .join(", ");
const lines = [
  `${summary.requests.toLocaleString("en")} generated requests (fast-check, seed ${seed}) over every route of the three hosts, 16 at a time, in ${seconds.toFixed(0)} s: random and boundary query values, unknown and repeated parameters, traversal and encoded path parameters, huge and Unicode strings, wrong and missing keys and hosts, odd X-Request-Id and X-Forwarded-Host values, wrong methods and content types, malformed, deep and random JSON bodies.`,
  "",
  "| measure | value |",
  "|---|---|",
  `| answers by status | ${statuses} |`,
  `| problems (5xx, missing envelope or request_id, stack trace, echoed key, no answer) | ${summary.problems.length} |`,
  `| latency p50 / p99 / max | ${summary.p50Ms.toFixed(2)} ms / ${summary.p99Ms.toFixed(2)} ms / ${summary.maxMs.toFixed(0)} ms |`,
  `| process alive and /healthz 200 afterwards | ${alive ? "yes" : "no"} |`,
  `| RSS afterwards | ${rss.toFixed(0)} MB |`,
];
console.log(lines.join("\n"));
for (const p of summary.problems.slice(0, 10)) console.error(JSON.stringify(p).slice(0, 1000));
if (process.env.FUZZ_QUICK !== "1") await writeBenchmarkSection("Hostile input: generated requests", lines.join("\n"));
process.exit(summary.problems.length || !alive ? 1 : 0);
