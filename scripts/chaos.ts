// `npm run chaos`: two replicas sharing one Redis on loopback, under a bounded load of one key's requests, while
// one replica is killed with SIGKILL (and started again), Redis is restarted (from its append-only file), and the
// other replica gets SIGTERM (and is started again). It prints what was admitted against the day's quota, the 5xx
// by kind and the connection errors, and exits 1 when the quota is exceeded, when fewer were admitted than the
// quota less the lease a killed replica may lose (docs/operations.md: "Running replicas"), or when any 500 appears.
// CHAOS_QUICK=1: a shorter run that writes nothing (the test harness runs it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis, type RunningRedis } from "./lib/redis-server.ts";
import { runToEnd, spawnService, type Running } from "./lib/service-process.ts";
import { writeBenchmarkSection } from "./bench/report.ts";
import { leaseSize } from "../src/state/quota.ts";

const quick = process.env.CHAOS_QUICK === "1";
const LIMIT = quick ? 1_200 : 4_000;
const CLIENTS = 12;
const PAUSE_MS = 25; // between one client's requests: a bounded load of a few hundred requests a second, so the faults fall while quota is left
const PHASE_MS = quick ? 1_200 : 3_000;
const REDIS_TIMEOUT_MS = "200";

const dir = mkdtempSync(join(tmpdir(), "wf-chaos-"));
let redis: RunningRedis = await startRedis({ dir: join(dir) });
const env = (name: string) => ({
  REDIS_URL: redis.url,
  REDIS_TIMEOUT_MS,
  STATE_DB: join(dir, `${name}.sqlite`),
  ACCESS_LOG: "0",
  KEY_CACHE_TTL_MS: "1000",
  SHUTDOWN_TIMEOUT_MS: "5000",
});
const replica = (name: string) => spawnService([process.execPath, "src/main.ts"], env(name), 30_000);
const replicas: Running[] = await Promise.all([replica("a"), replica("b")]);

const created = await runToEnd(
  [
    process.execPath,
    "scripts/keys.ts",
    "create",
    "--tier",
    "pro",
    "--scopes",
    "skills:read",
    "--daily-limit",
    String(LIMIT),
  ],
  env("cli"),
);
const key = /key \(shown once[^:]*\): (\S+)/.exec(created.stdout)?.[1];
const keyId = /created (key_\w+)/.exec(created.stdout)?.[1];
if (!key || !keyId) throw new Error(`could not create a key: ${created.stderr}`);

const counts = {
  admitted: 0,
  refused: 0,
  unavailable: 0,
  other5xx: new Map<number, number>(),
  connectionErrors: 0,
  other: new Map<number, number>(),
};
const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
let running = true;
async function client(i: number) {
  for (let n = 0; running; n++) {
    const target = replicas[(i + n) % replicas.length];
    try {
      const res = await fetch(`http://127.0.0.1:${target.port}/api/v1/skills`, {
        headers: { host: "skills.localhost", "x-api-key": key! },
      });
      await res.arrayBuffer();
      if (res.status === 200) counts.admitted++;
      else if (res.status === 429) counts.refused++;
      else if (res.status === 503) counts.unavailable++;
      else if (res.status >= 500) bump(counts.other5xx, res.status);
      else bump(counts.other, res.status);
    } catch {
      counts.connectionErrors++;
    }
    await Bun.sleep(PAUSE_MS);
  }
}

const events: string[] = [];
const note = (what: string) =>
  events.push(`${(performance.now() / 1000 - t0).toFixed(1)} s: ${what} (admitted so far ${counts.admitted})`);
const t0 = performance.now() / 1000;
const load = Array.from({ length: CLIENTS }, (_, i) => client(i));

await Bun.sleep(PHASE_MS);
// 1. A replica is killed outright: its unused lease is lost for the day (at most one lease, 1/64 of what was left).
const day = new Date().toISOString().slice(0, 10);
replicas[0].proc.kill("SIGKILL");
await replicas[0].proc.exited;
note("replica a killed (SIGKILL)");
replicas[0] = await replica("a");
note("replica a started again");
await Bun.sleep(PHASE_MS);
// 2. Redis restarts: it comes back from its append-only file on the same port.
await redis.stop();
note("Redis stopped");
await Bun.sleep(500);
redis = await startRedis({ dir, port: redis.port });
note("Redis started again from its append-only file");
await Bun.sleep(PHASE_MS);
// 3. The other replica is stopped gracefully: it answers what it received and gives its lease back.
replicas[1].proc.kill("SIGTERM");
const code = await replicas[1].proc.exited;
note(`replica b stopped (SIGTERM, exit ${code})`);
replicas[1] = await replica("b");
note("replica b started again");
await Bun.sleep(PHASE_MS);
running = false;
await Promise.all(load);
for (const r of replicas) r.proc.kill("SIGTERM");
await Promise.all(replicas.map((r) => r.proc.exited)); // they give their leases back
const counted = Number(redis.cli("get", `wf:quota:${keyId}:${day}`) || 0);
await redis.stop();
rmSync(dir, { recursive: true, force: true });

const floor = LIMIT - leaseSize(LIMIT, 0);
const problems = [
  counts.admitted > LIMIT && `admitted ${counts.admitted} > quota ${LIMIT}`,
  counts.admitted < floor && `admitted ${counts.admitted} < quota − the killed replica's lease (${floor})`,
  counts.other5xx.size > 0 && `5xx other than 503: ${JSON.stringify(Object.fromEntries(counts.other5xx))}`,
  counts.refused === 0 && "the load never outran the quota (no 429): the run proves nothing",
].filter(Boolean) as string[];

const fmt = (m: Map<number, number>) => (m.size ? [...m].map(([k, v]) => `${k}: ${v}`).join(", ") : "none");
const lines = [
  `Two replicas and one redis-server (append-only file) on loopback, REDIS_TIMEOUT_MS ${REDIS_TIMEOUT_MS}; ${CLIENTS} clients alternating between the replicas with ${PAUSE_MS} ms between requests; one key with a daily quota of ${LIMIT}.`,
  "",
  ...events.map((e) => `- ${e}`),
  "",
  "| measure | value |",
  "|---|---|",
  `| quota | ${LIMIT} |`,
  `| admitted (200) | ${counts.admitted} |`,
  `| counted in Redis at the end (after both replicas returned their leases) | ${counted} |`,
  `| lower bound: quota − the killed replica's largest possible lease | ${floor} |`,
  `| refused (429) | ${counts.refused} |`,
  `| unavailable (503) | ${counts.unavailable} |`,
  `| other 5xx | ${fmt(counts.other5xx)} |`,
  `| other statuses | ${fmt(counts.other)} |`,
  `| connection errors (refused while a replica was down) | ${counts.connectionErrors} |`,
  "",
  problems.length
    ? `FAILED: ${problems.join("; ")}`
    : "Passed: the quota was never exceeded, under-admission stayed within the killed replica's lease, no 500.",
];
console.log(lines.join("\n"));
if (!quick) await writeBenchmarkSection("Chaos run: replicas and Redis under faults", lines.join("\n"));
process.exit(problems.length ? 1 : 0);
