// `npm run soak`: SOAK_REQUESTS (default 1,000,000) requests with wrk over the three hosts, the service's RSS
// sampled every second. The mix repeats known requests (cache hits) and sends ever-new ones (searches with
// random text, so the answer cache keeps evicting), plus errors. Passes when RSS after warm-up stays within
// ±10% of its level (see below). Writes BENCHMARKS.md (not with SOAK_QUICK=1).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService } from "./lib/service-process.ts";
import { rssMb } from "./lib/proc.ts";
import { writeBenchmarkSection } from "./bench/report.ts";

const total = Number(process.env.SOAK_REQUESTS ?? 1_000_000);
const KEY = "soak-key-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "wf-soak-"));
const service = await spawnService([process.execPath, "src/main.ts"], {
  BOOTSTRAP_API_KEY: KEY,
  STATE_DB: join(dir, "state.sqlite"),
  QUOTA_ENTERPRISE: "1000000000",
  ACCESS_LOG: "0",
});
const rss = () => rssMb(service.proc.pid);

// wrk picks a request per call: known paths on each host, a fresh random search, or an error.
const lua = join(dir, "soak.lua");
writeFileSync(
  lua,
  `
local known = {
  {"salary.localhost", "/api/v1/salary?job_title=Registered%20Nurse&location=Austin,%20TX"},
  {"salary.localhost", "/api/v1/salary?job_title=Software%20Developer&location=DE"},
  {"salary.localhost", "/api/v1/trends?job_title=Cashier"},
  {"cost.localhost", "/api/v1/cpi/countries/US/history?start_date=2020-01-01"},
  {"cost.localhost", "/api/v1/cpi/compare?countries=US,DE,FR,JP"},
  {"cost.localhost", "/api/v1/prices/us/metro-areas/METRO12420"},
  {"skills.localhost", "/api/v1/occupations/15-1252.00/skills"},
  {"skills.localhost", "/api/v1/occupations?page=2"},
  {"skills.localhost", "/api/v1/nowhere"},
  {"salary.localhost", "/api/v1/salary?job_title="},
}
local letters = "abcdefghijklmnopqrstuvwxyz"
local n = 0
request = function()
  n = n + 1
  local headers = { ["X-API-Key"] = "${KEY}" }
  if n % 4 == 0 then
    local q = ""
    for i = 1, math.random(4, 12) do local k = math.random(1, 26); q = q .. letters:sub(k, k) end
    headers["Host"] = "skills.localhost"
    return wrk.format("GET", "/api/v1/occupations/search?q=" .. q, headers)
  end
  local pick = known[math.random(1, #known)]
  headers["Host"] = pick[1]
  return wrk.format("GET", pick[2], headers)
end
`,
);

const samples: { requests: number; rss: number }[] = [];
let done = 0;
const started = performance.now();
const base = `http://127.0.0.1:${service.port}/`;
while (done < total) {
  const seconds = Math.max(2, Math.min(10, Math.ceil((total - done) / 20_000)));
  const wrk = Bun.spawn(["wrk", "-t1", "-c32", `-d${seconds}s`, "-s", lua, base], { stdout: "pipe", stderr: "pipe" });
  const sampler = setInterval(() => samples.push({ requests: done, rss: rss() }), 1000);
  const out = await new Response(wrk.stdout).text();
  await wrk.exited;
  clearInterval(sampler);
  const n = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!n) throw new Error(`wrk failed: ${out} ${await new Response(wrk.stderr).text()}`);
  if (/Socket errors/.test(out)) console.error(out.split("\n").find((l) => l.includes("Socket errors")));
  done += n;
  samples.push({ requests: done, rss: rss() });
}
const seconds = (performance.now() - started) / 1000;
const alive = service.proc.exitCode === null && (await fetch(`${base}healthz`)).status === 200;
service.proc.kill();

// Warm-up: the first 20% of requests (the answer cache fills to its bound, the JIT settles). After it, RSS swings
// with garbage-collection cycles (a sawtooth of ±15–20% here), which is not growth. "Flat" is judged on the
// median of each third of the samples after warm-up: the second and last must stay within ±10% of the first.
// The raw range is reported beside it.
const warm = samples.filter((s) => s.requests >= total * 0.2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const third = Math.max(1, Math.floor(warm.length / 3));
// (A short run may have fewer than three samples after warm-up: fewer parts then.)
const thirds = [warm.slice(0, third), warm.slice(third, 2 * third), warm.slice(2 * third)]
  .filter((part) => part.length)
  .map((part) => median(part.map((s) => s.rss)));
const level = thirds[0];
const min = Math.min(...warm.map((s) => s.rss));
const max = Math.max(...warm.map((s) => s.rss));
const pct = (v: number) => `${v >= level ? "+" : ""}${(((v - level) / level) * 100).toFixed(1)}%`;
const flat = thirds.every((m) => m <= level * 1.1 && m >= level * 0.9);
const lines = [
  `${done.toLocaleString("en")} requests with wrk (32 connections) in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)} requests/s), over the three hosts: repeated known requests (answer cache hits), a quarter fresh occupation searches with random text (cache misses and evictions), and 404/422 errors. RSS sampled every second (${samples.length} samples).`,
  "",
  "| measure | value |",
  "|---|---|",
  `| RSS after warm-up (first 20% of requests), median of each third | ${thirds.map((m) => `${m.toFixed(0)} MB (${pct(m)})`).join(" → ")} |`,
  `| raw samples after warm-up: min / max / last | ${min.toFixed(0)} (${pct(min)}) / ${max.toFixed(0)} (${pct(max)}) / ${warm[warm.length - 1].rss.toFixed(0)} MB |`,
  `| process alive and /healthz 200 afterwards | ${alive ? "yes" : "no"} |`,
  "",
  `RSS (MB) every ${Math.ceil(samples.length / 20)} s: ${samples
    .filter((_, i) => i % Math.ceil(samples.length / 20) === 0)
    .map((x) => x.rss.toFixed(0))
    .join(", ")}.`,
  "",
  `Target (issue 8): RSS flat within ±10% after warm-up (medians of thirds): ${flat ? "met" : "missed"}.`,
];
console.log(lines.join("\n"));
if (process.env.SOAK_QUICK !== "1") await writeBenchmarkSection("Soak: one million requests", lines.join("\n"));
process.exit(flat && alive ? 0 : 1);
