// `npm run bench:http`: requests per second, latency and server CPU per request with wrk (Debian's package)
// against a bare Bun.serve returning a fixed JSON body (the floor) and the service's endpoints.
//
// This machine is a VM whose cores are shared (steal time reaches 30% under load), so absolute figures drift
// between runs. Each round therefore measures the floor and every target back to back, a target's ratio is
// taken against the floor of its own round, and the table reports medians over rounds. Server CPU per request
// (from /proc, counting only time the server ran) is the steadier figure. BENCH_QUICK=1: one short round.
// BASELINE_SRC=dir (a checkout of an earlier commit, its node_modules installed or linked): that commit's service
// on the same snapshot, measured on /healthz, E2 repeated and E15 within the same rounds, for a before → after.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { spawnService, type Running } from "../lib/service-process.ts";
import { freePort, treeCpuUs } from "../lib/proc.ts";
import { writeBenchmarkSection } from "./report.ts";
import { prng } from "../lib/search-queries.ts";

const quick = process.env.BENCH_QUICK === "1";
const ROUNDS = quick ? 1 : 5;
const SECONDS = quick ? 2 : 5;
const MIX_SIZE = quick ? 100 : 1000;
const KEY = "bench-key-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "wf-bench-http-"));

if (Bun.spawnSync(["which", "wrk"]).exitCode !== 0) {
  console.error("wrk is not installed: apt-get install wrk");
  process.exit(2);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
}
interface Target {
  name: string;
  service: Running;
  host: string;
  url: string;
  lua?: string;
  connections?: number;
}

/** The machine's CPU time counters since boot (/proc/stat "cpu" line: user, nice, system, idle, iowait, irq, softirq, steal, …). */
const cpuTotals = () => readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);

function wrk(t: Target, connections: number): Run {
  const before = treeCpuUs(t.service.proc.pid);
  const args = [
    "wrk",
    "-t1",
    `-c${t.connections ?? connections}`,
    `-d${SECONDS}s`,
    "--latency",
    "-H",
    `Host: ${t.host}`,
    "-H",
    `X-API-Key: ${KEY}`,
    ...(t.lua ? ["-s", t.lua] : []),
    t.url,
  ];
  const r = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
  const cpu = treeCpuUs(t.service.proc.pid) - before;
  const out = r.stdout.toString();
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`non-2xx answers from ${t.name}:\n${out}`);
  const unit = (v: string, u: string) => Number(v) * (u === "us" ? 0.001 : u === "s" ? 1000 : 1);
  const pct = (p: string) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return m ? unit(m[1], m[2]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct("50"),
    p99: pct("99"),
    cpuUsPerRequest: cpu / requests,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A wrk Lua script that cycles through the given paths (GET) or sends one body (POST). */
function luaScript(name: string, opts: { paths?: string[]; bodyFile?: string }): string {
  const path = join(dir, `${name}.lua`);
  const lua = opts.paths
    ? `local paths = {${opts.paths.map((p) => JSON.stringify(p)).join(",\n")}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`
    : `local f = io.open("${opts.bodyFile}", "rb")\nwrk.method = "POST"\nwrk.body = f:read("*a")\nf:close()\nwrk.headers["Content-Type"] = "application/json"\n`;
  writeFileSync(path, lua);
  return path;
}

// A 10,000-record report for the POST target.
const rnd = prng(7);
const titles = [
  "Registered Nurse",
  "Cashier",
  "Software Engineer",
  "Truck Driver",
  "Accountant",
  "Electrician",
  "Janitor",
  "Teacher",
];
writeFileSync(
  join(dir, "report.json"),
  JSON.stringify({
    country: "DE",
    employees: Array.from({ length: 10_000 }, (_, i) => ({
      job_title: titles[i % titles.length],
      gender: rnd() < 0.5 ? "M" : "F",
      salary: Math.round(30_000 + rnd() * 60_000),
    })),
  }),
);

/** Distinct E2 requests: O*NET alternate titles × "City, ST" of OEWS metros, keeping those that answer 200. */
async function salaryMix(base: string): Promise<string[]> {
  const db = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
  const allTitles = db
    .query<{ title: string }, []>("SELECT DISTINCT title FROM onet_title WHERE kind = 'alternate' ORDER BY title")
    .all()
    .map((r) => r.title);
  const metros = db
    .query<{ area_title: string }, []>(
      "SELECT area_title FROM oews_area WHERE year = (SELECT max(year) FROM oews_area) AND area_type = 4 ORDER BY area_code",
    )
    .all()
    .map((r) => `${r.area_title.split(/[-,]/)[0]}, ${r.area_title.split(", ")[1]?.slice(0, 2)}`);
  db.close();
  const pick = prng(11);
  const paths: string[] = [];
  while (paths.length < MIX_SIZE) {
    const q = new URLSearchParams({
      job_title: allTitles[Math.floor(pick() * allTitles.length)],
      location: metros[Math.floor(pick() * metros.length)],
    });
    const path = `/api/v1/salary?${q.toString().replace(/\+/g, "%20")}`;
    const res = await fetch(base + path, { headers: { host: "salary.localhost", "x-api-key": KEY } });
    if (res.status === 200) paths.push(path);
    await res.arrayBuffer();
  }
  return paths;
}

const serviceEnv = { BOOTSTRAP_API_KEY: KEY, QUOTA_ENTERPRISE: "1000000000", ACCESS_LOG: "0" };
const floor = await spawnService([process.execPath, "scripts/bench/floor-server.ts"], {});
const contractFloor = await spawnService([process.execPath, "scripts/bench/floor-server.ts"], {
  FLOOR_MODE: "contract",
});
const service = await spawnService([process.execPath, "src/main.ts"], {
  ...serviceEnv,
  STATE_DB: join(dir, "state.sqlite"),
});
const uncached = await spawnService([process.execPath, "src/main.ts"], {
  ...serviceEnv,
  STATE_DB: join(dir, "state-uncached.sqlite"),
  RESULT_CACHE_MB: "0",
});
// Two worker processes on one port (WORKERS=2 needs a fixed one): what the second core adds, wrk sharing the cores.
const twoWorkers = await spawnService([process.execPath, "src/main.ts"], {
  ...serviceEnv,
  STATE_DB: join(dir, "state-workers.sqlite"),
  WORKERS: "2",
  PORT: String(freePort()),
});
const baselineSrc = process.env.BASELINE_SRC;
const baseline = baselineSrc
  ? await spawnService([process.execPath, join(baselineSrc, "src/main.ts")], {
      ...serviceEnv,
      STATE_DB: join(dir, "state-baseline.sqlite"),
      SNAPSHOT_PATH: resolve(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite"),
    })
  : null;
const base = (s: Running) => `http://127.0.0.1:${s.port}`;
/** E2 repeated and E15 on another process (two workers, an earlier commit), named with `which`. */
const sideBySide = (other: Running, which: string): Target[] => [
  {
    name: `E2 /v1/salary, one title + metro repeated, ${which}`,
    service: other,
    host: "salary.localhost",
    url: `${base(other)}/api/v1/salary?job_title=Sr.%20Software%20Eng&location=Austin,%20TX`,
  },
  {
    name: `E15 /v1/occupations/search, ${which}`,
    service: other,
    host: "skills.localhost",
    url: `${base(other)}/api/v1/occupations/search?q=registerd%20nurse`,
  },
];
try {
  const mix = luaScript("salary-mix", { paths: await salaryMix(base(service)) });
  const targets: Target[] = [
    { name: "bare Bun.serve (floor)", service: floor, host: "floor.localhost", url: `${base(floor)}/` },
    {
      name: "Bun.serve answering the API's headers and an E2-sized body, no work (contract floor)",
      service: contractFloor,
      host: "salary.localhost",
      url: `${base(contractFloor)}/`,
    },
    {
      name: "E2 /v1/salary, one title + metro repeated",
      service,
      host: "salary.localhost",
      url: `${base(service)}/api/v1/salary?job_title=Sr.%20Software%20Eng&location=Austin,%20TX`,
    },
    {
      name: `E2 /v1/salary, ${MIX_SIZE} distinct titles × metros`,
      service,
      host: "salary.localhost",
      url: base(service),
      lua: mix,
    },
    {
      name: `E2 /v1/salary, ${MIX_SIZE} distinct, answer cache off`,
      service: uncached,
      host: "salary.localhost",
      url: base(uncached),
      lua: mix,
    },
    {
      name: "E15 /v1/occupations/search",
      service,
      host: "skills.localhost",
      url: `${base(service)}/api/v1/occupations/search?q=registerd%20nurse`,
    },
    {
      name: "E9 /v1/cpi/countries/US/history (2 years)",
      service,
      host: "cost.localhost",
      url: `${base(service)}/api/v1/cpi/countries/US/history?start_date=2024-01-01&end_date=2025-12-31`,
    },
    {
      name: "E7 pay-gap report, 10,000 records",
      service,
      host: "salary.localhost",
      url: `${base(service)}/api/v1/compliance/pay-gap-report`,
      lua: luaScript("report", { bodyFile: join(dir, "report.json") }),
      connections: 2,
    },
    { name: "/healthz (no key, no work)", service, host: "salary.localhost", url: `${base(service)}/healthz` },
    ...sideBySide(twoWorkers, "WORKERS=2"),
    ...(baseline
      ? [
          {
            name: "/healthz, earlier commit (BASELINE_SRC)",
            service: baseline,
            host: "salary.localhost",
            url: `${base(baseline)}/healthz`,
          },
          ...sideBySide(baseline, "earlier commit (BASELINE_SRC)"),
        ]
      : []),
  ];
  // The floor's saturation concurrency: the connection count where it serves the most requests.
  const candidates = quick ? [32] : [16, 32, 64];
  const conc = candidates
    .map((c) => ({ c, rps: median([0, 1, 2].slice(0, quick ? 1 : 3).map(() => wrk(targets[0], c).rps)) }))
    .sort((a, b) => b.rps - a.rps)[0].c;

  const stealBefore = cpuTotals();
  const runs = targets.map(() => [] as (Run & { ratio: number })[]);
  for (let round = 0; round < ROUNDS; round++) {
    let floorRun: Run | undefined;
    targets.forEach((t, i) => {
      const r = wrk(t, conc);
      floorRun ??= r;
      runs[i].push({ ...r, ratio: r.rps / floorRun.rps });
    });
  }
  const totals = cpuTotals().map((v, i) => v - stealBefore[i]);
  const stealPct = (100 * (totals[7] ?? 0)) / totals.reduce((a, b) => a + b, 0);

  const rows = targets.map((t, i) => {
    const m = (f: (r: Run & { ratio: number }) => number) => median(runs[i].map(f));
    return {
      name: t.name,
      rps: m((r) => r.rps),
      p50: m((r) => r.p50),
      p99: m((r) => r.p99),
      cpu: m((r) => r.cpuUsPerRequest),
      ratio: m((r) => r.ratio),
      connections: t.connections,
    };
  });
  const e2 = rows[2];
  const lines = [
    `wrk 4.1 (one thread) on loopback, ${SECONDS} s per run; ${ROUNDS} rounds, each measuring the floor and then every target back to back; medians over rounds, and each ratio against the floor of its own round. ${conc} connections (the floor's saturation concurrency among ${candidates.join(", ")}); the report with 2. Service with ACCESS_LOG=0 and a key whose quota does not run out; server and wrk share the machine's two cores. CPU time stolen by the hypervisor during the rounds: ${stealPct.toFixed(1)}%.`,
    "",
    "The contract floor is a bare Bun.serve that reads the request headers every call needs (Host, X-API-Key, X-Request-Id) and answers a fixed 880-byte body with the headers every answer carries (content type, five security headers, X-Request-Id, three RateLimit fields): what the API's HTTP contract costs before any work.",
    "",
    "The E2 mix cycles through distinct title + metro requests (O*NET alternate titles × OEWS metros, those answering 200), so after its first pass the answer cache serves it; the same mix against a second instance with RESULT_CACHE_MB=0 shows the cost of answering each request without it (validation, title match, location resolution and JSON each time; the OEWS figures of an occupation and area keep their own memo).",
    "",
    "| target | requests/s | p50 | p99 | server CPU per request | requests/s vs floor |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.cpu.toFixed(1)} µs | ${(100 * r.ratio).toFixed(1)}% |`,
    ),
    "",
    `Targets (issue 7): /v1/salary ≥ 60% of the floor's requests/s: ${e2.ratio >= 0.6 ? "met" : "missed"} (${(100 * e2.ratio).toFixed(1)}%; the contract floor itself reaches ${(100 * rows[1].ratio).toFixed(1)}%, and E2 reaches ${((100 * e2.rps) / rows[1].rps).toFixed(1)}% of it); its p99 ≤ 5 ms at the floor's saturation concurrency: ${e2.p99 <= 5 ? "met" : "missed"} (${e2.p99.toFixed(2)} ms).`,
  ];
  console.log(lines.join("\n"));
  if (!quick) await writeBenchmarkSection("HTTP throughput: endpoints vs a bare Bun.serve", lines.join("\n"));
} finally {
  for (const s of [floor, contractFloor, service, uncached, twoWorkers, baseline]) s?.proc.kill();
}
