// The CI subset of the hostile-input run (the full 100,000 is `npm run fuzz`): generated requests over every
// route of the three hosts against the service as a child process. No 5xx, an envelope with request_id on every
// non-2xx, no stack traces or echoed keys, bounded latency, and the process still serving afterwards.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnService, type Running } from "../../scripts/lib/service-process.ts";
import { fuzz } from "../../scripts/lib/fuzz.ts";

const KEY = "fuzz-key-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "wf-fuzz-"));
let service: Running;
beforeAll(async () => {
  service = await spawnService([process.execPath, "src/main.ts"], {
    BOOTSTRAP_API_KEY: KEY,
    STATE_DB: join(dir, "state.sqlite"),
    QUOTA_ENTERPRISE: "1000000000",
    ACCESS_LOG: "0",
    TRUST_PROXY: "1",
  });
});
afterAll(() => {
  service?.proc.kill();
  rmSync(dir, { recursive: true, force: true });
});

test("3,000 generated hostile requests: every answer well-formed, the process unharmed", async () => {
  // A new seed each run widens coverage over time; it is printed so a failure can be replayed (FUZZ_SEED).
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const summary = await fuzz(`http://127.0.0.1:${service.port}`, KEY, 3000, seed);
  if (summary.problems.length)
    console.error(`fuzz seed ${seed}:`, JSON.stringify(summary.problems.slice(0, 5), null, 1).slice(0, 4000));
  expect(summary.problems.map((p) => p.outcome.problem)).toEqual([]);
  expect(summary.requests).toBe(3000);
  // Every status class the generator aims at actually occurred, so the run exercised the checks.
  for (const status of [200, 401, 404, 405, 422]) expect(summary.byStatus[status] ?? 0).toBeGreaterThan(0);
  expect(summary.maxMs).toBeLessThan(5000);
  expect(service.proc.exitCode).toBeNull();
  expect((await fetch(`http://127.0.0.1:${service.port}/healthz`)).status).toBe(200);
}, 120_000);
