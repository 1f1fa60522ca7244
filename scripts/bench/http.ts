// `npm run bench:http`: requests per second and latency with wrk (Debian's package) against a bare Bun.serve
// returning a fixed JSON body (the floor) and the service's endpoints, in one run, at the floor's saturation
// concurrency. Each figure is the median of ROUNDS runs. BENCH_QUICK=1: one short round per target.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "../lib/service-process.ts";
import { writeBenchmarkSection } from "./report.ts";
import { prng } from "../lib/search-queries.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 3;
const SECONDS = quick ? 2 : 6;
const KEY = "bench-key-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "wf-bench-http-"));

if (Bun.spawnSync(["which", "wrk"]).exitCode !== 0) {
  console.error("wrk is not installed: apt-get install wrk");
  process.exit(2);
}

interface Result { rps: number; p50: number; p99: number }

/** wrk's "Requests/sec" and --latency percentiles (in ms). */
function parseWrk(out: string): Result {
  const unit = (v: string, u: string) => Number(v) * (u === "us" ? 0.001 : u === "s" ? 1000 : 1);
  const pct = (p: string) => { const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out); return m ? unit(m[1], m[2]) : NaN; };
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN), p50: pct("50"), p99: pct("99") };
}

function wrk(url: string, host: string, connections: number, script?: string): Result {
  const args = ["wrk", "-t1", `-c${connections}`, `-d${SECONDS}s`, "--latency", "-H", `Host: ${host}`, "-H", `X-API-Key: ${KEY}`, ...(script ? ["-s", script] : []), url];
  const r = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
  const out = r.stdout.toString();
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`non-2xx answers from ${url}:\n${out}`);
  return parseWrk(out);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function rounds(fn: () => Result): Result {
  const rs = Array.from({ length: ROUNDS }, fn);
  return { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) };
}

// A 10,000-record report for the POST target, sent by a wrk Lua script.
const rnd = prng(7);
const titles = ["Registered Nurse", "Cashier", "Software Engineer", "Truck Driver", "Accountant", "Electrician", "Janitor", "Teacher"];
const body = JSON.stringify({ country: "DE", employees: Array.from({ length: 10_000 }, (_, i) => ({ job_title: titles[i % titles.length], gender: rnd() < 0.5 ? "M" : "F", salary: Math.round(30_000 + rnd() * 60_000) })) });
writeFileSync(join(dir, "report.json"), body);
const script = join(dir, "post.lua");
writeFileSync(script, `local f = io.open("${join(dir, "report.json")}", "rb")\nwrk.method = "POST"\nwrk.body = f:read("*a")\nf:close()\nwrk.headers["Content-Type"] = "application/json"\n`);

const floor = await spawnService([process.execPath, "scripts/bench/floor-server.ts"], {});
const service = await spawnService([process.execPath, "src/main.ts"], { BOOTSTRAP_API_KEY: KEY, STATE_DB: join(dir, "state.sqlite"), QUOTA_ENTERPRISE: "1000000000", ACCESS_LOG: "0" });
const floorUrl = `http://127.0.0.1:${floor.port}/`;
const base = `http://127.0.0.1:${service.port}`;
try {
  // The floor's saturation concurrency: the connection count where it serves the most requests.
  const probes = (quick ? [32] : [16, 32, 64]).map((c) => ({ c, r: wrk(floorUrl, "floor.localhost", c) }));
  const conc = probes.sort((a, b) => b.r.rps - a.r.rps)[0].c;
  const targets: [string, string, string, string?][] = [
    ["bare Bun.serve (floor)", floorUrl, "floor.localhost"],
    ["E2 /v1/salary (title + metro)", `${base}/api/v1/salary?job_title=Sr.%20Software%20Eng&location=Austin,%20TX`, "salary.localhost"],
    ["E15 /v1/occupations/search", `${base}/api/v1/occupations/search?q=registerd%20nurse`, "skills.localhost"],
    ["E9 /v1/cpi/countries/US/history (2 years)", `${base}/api/v1/cpi/countries/US/history?start_date=2024-01-01&end_date=2025-12-31`, "cost.localhost"],
    ["E7 pay-gap report, 10,000 records", `${base}/api/v1/compliance/pay-gap-report`, "salary.localhost", script],
  ];
  const results = targets.map(([name, url, host, lua]) => ({ name, r: rounds(() => wrk(url, host, lua ? 2 : conc, lua)), lua }));
  const floorRps = results[0].r.rps;
  const lines = [
    `wrk 4.1 (one thread) on loopback, ${SECONDS} s per run, ${ROUNDS} runs, medians; ${conc} connections (the floor's saturation concurrency among ${quick ? "32" : "16, 32, 64"}); the report with 2 connections. Service with ACCESS_LOG=0; server and wrk share the machine's cores.`,
    "",
    "| target | requests/s | p50 | p99 | requests/s vs floor |",
    "|---|---|---|---|---|",
    ...results.map(({ name, r }) => `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${((100 * r.rps) / floorRps).toFixed(1)}% |`),
    "",
    `Targets (issue 7): /v1/salary ≥ 60% of the floor's requests/s: ${results[1].r.rps >= 0.6 * floorRps ? "met" : "missed"}; its p99 ≤ 5 ms at the floor's saturation concurrency: ${results[1].r.p99 <= 5 ? "met" : "missed"}.`,
  ];
  console.log(lines.join("\n"));
  if (!quick) await writeBenchmarkSection("HTTP throughput: endpoints vs a bare Bun.serve", lines.join("\n"));
} finally {
  floor.proc.kill();
  service.proc.kill();
}
