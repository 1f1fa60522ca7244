// Replicas: two service processes share keys and daily quotas through one real redis-server (Debian's
// package). Locally a missing redis-server skips this file; in CI (.ci/run installs it) its absence fails it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { redisAvailable, startRedis, type RunningRedis } from "../../scripts/lib/redis-server.ts";
import { runToEnd, spawnService, type Running } from "../../scripts/lib/service-process.ts";
import { whenInstalled } from "../support/requires.ts";

const run = whenInstalled(describe, redisAvailable(), "redis-server");

run("replicas sharing Redis", () => {
  const dir = mkdtempSync(join(tmpdir(), "wf-redis-"));
  let redis: RunningRedis;
  let a: Running, b: Running, open: Running;
  const env = (name: string, extra: Record<string, string> = {}) => ({
    REDIS_URL: redis.url,
    STATE_DB: join(dir, `${name}.sqlite`),
    KEY_CACHE_TTL_MS: "200",
    REDIS_TIMEOUT_MS: "200",
    ACCESS_LOG: "0",
    ...extra,
  });
  const keys = async (...args: string[]) => {
    const r = await runToEnd([process.execPath, "scripts/keys.ts", ...args], env("cli"));
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    return r.stdout;
  };
  const newKey = async (limit: number) => {
    const out = await keys("create", "--tier", "pro", "--scopes", "skills:read", "--daily-limit", String(limit));
    return { key: /key \(shown once[^:]*\): (\S+)/.exec(out)![1], id: /created (key_\w+)/.exec(out)![1] };
  };
  const call = (s: Running, key: string, path = "/api/v1/skills") =>
    fetch(`http://127.0.0.1:${s.port}${path}`, { headers: { host: "skills.localhost", "x-api-key": key } });

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error("redis-server is required in CI for the shared-quota test");
    redis = await startRedis();
    [a, b, open] = await Promise.all([
      spawnService([process.execPath, "src/main.ts"], env("a")),
      spawnService([process.execPath, "src/main.ts"], env("b")),
      spawnService([process.execPath, "src/main.ts"], env("open", { QUOTA_FAIL_OPEN: "1" })),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const s of [a, b, open]) s?.proc.kill();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("N ≫ L concurrent requests spread over two replicas admit exactly L", async () => {
    const limit = 40;
    const { key, id } = await newKey(limit);
    const responses = await Promise.all(Array.from({ length: 400 }, (_, i) => call(i % 2 ? a : b, key)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(limit);
    expect(statuses.filter((s) => s === 429).length).toBe(400 - limit);
    // Each replica now refuses, whichever admitted the L: the count is shared.
    expect([(await call(a, key)).status, (await call(b, key)).status]).toEqual([429, 429]);
    const day = new Date().toISOString().slice(0, 10);
    const counter = Bun.spawnSync(["redis-cli", "-p", String(redis.port), "get", `wf:quota:${id}:${day}`])
      .stdout.toString()
      .trim();
    expect(counter).toBe(String(limit));
    const ttl = Number(
      Bun.spawnSync(["redis-cli", "-p", String(redis.port), "ttl", `wf:quota:${id}:${day}`])
        .stdout.toString()
        .trim(),
    );
    expect(ttl).toBeGreaterThan(86_400); // counters expire by themselves, after the day is over
  }, 30_000);

  test("Redis holds keys only as hashes", async () => {
    const { key } = await newKey(10);
    const dump = Bun.spawnSync([
      "sh",
      "-c",
      `redis-cli -p ${redis.port} --scan --pattern 'wf:*' | while read k; do redis-cli -p ${redis.port} --no-raw dump "$k"; done`,
    ]).stdout.toString();
    expect(dump.length).toBeGreaterThan(0);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.slice(3, 20));
  });

  test("a key revoked with the CLI is refused by both replicas within KEY_CACHE_TTL_MS", async () => {
    const { key, id } = await newKey(1000);
    expect([(await call(a, key)).status, (await call(b, key)).status]).toEqual([200, 200]);
    await keys("revoke", id);
    const revokedAt = performance.now();
    const refusedBy = async (s: Running) => {
      while (performance.now() - revokedAt < 3000) {
        const res = await call(s, key);
        if (res.status === 401) return (await res.json()).error.message as string;
        await Bun.sleep(20);
      }
      return "still admitted";
    };
    expect(await Promise.all([refusedBy(a), refusedBy(b)])).toEqual([
      "The API key has been revoked.",
      "The API key has been revoked.",
    ]);
    expect(performance.now() - revokedAt).toBeLessThan(200 + 400);
  });

  // Last: it stops Redis.
  test("Redis unreachable: 503 envelope (fail closed); with QUOTA_FAIL_OPEN=1 a key verified before is admitted", async () => {
    const small = await newKey(5); // leases of one unit: every request needs Redis
    const known = await newKey(5);
    const unknownYet = await newKey(5);
    expect((await call(a, small.key)).status).toBe(200);
    expect((await call(open, known.key)).status).toBe(200);
    await redis.stop();
    await Bun.sleep(250); // past KEY_CACHE_TTL_MS: keys must be verified again

    for (const [s, key] of [
      [a, small.key],
      [a, unknownYet.key],
      [open, unknownYet.key],
    ] as const) {
      const started = performance.now();
      const res = await call(s, key);
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(2000); // bounded by REDIS_TIMEOUT_MS, never a hang
      const body = await res.json();
      expect(body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
      expect(JSON.stringify(body)).not.toContain("127.0.0.1");
    }
    // Fail open: the key verified before the outage still works, and requests are admitted uncounted.
    const admitted = await Promise.all(Array.from({ length: 8 }, () => call(open, known.key)));
    expect(admitted.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await fetch(`http://127.0.0.1:${a.port}/readyz`)).status).toBe(503);
  }, 30_000);
});
