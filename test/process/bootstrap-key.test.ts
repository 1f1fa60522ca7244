// Workers and replicas start together, each with the same BOOTSTRAP_API_KEY: the key is stored once, and every one
// of them starts. Processes racing on one state database (WORKERS=N), and stores racing on one real Redis
// (replicas; skipped locally without redis-server, required in CI).
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { redisAvailable, startRedis } from "../../scripts/lib/redis-server.ts";
import { connectRedis } from "../../src/state/redis.ts";
import { RedisKeyStore } from "../../src/state/redis-keys.ts";
import { whenInstalled } from "../support/requires.ts";

const SECRET = "bootstrap-race-key-0123456789";
const dir = mkdtempSync(join(tmpdir(), "wf-bootstrap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("eight processes bootstrapping one key on one new state database at once: all succeed, one key stored", async () => {
  const stateDb = join(dir, "state.sqlite");
  const script = `
    import { openStateDb } from "./src/state/state-db.ts";
    import { ApiKeyStore } from "./src/state/api-keys.ts";
    await Bun.sleep(Number(process.env.START_AT) - Date.now());
    console.log(new ApiKeyStore(openStateDb(process.env.STATE_DB)).ensureBootstrap(process.env.SECRET).id);`;
  const startAt = String(Date.now() + 1500); // every process ready before any of them reads the table
  const runs = await Promise.all(
    Array.from({ length: 8 }, () =>
      runToEnd([process.execPath, "-e", script], { STATE_DB: stateDb, SECRET, START_AT: startAt }),
    ),
  );
  expect(runs.map((r) => ({ code: r.code, stderr: r.stderr }))).toEqual(runs.map(() => ({ code: 0, stderr: "" })));
  expect(new Set(runs.map((r) => r.stdout.trim())).size).toBe(1);
  const db = new Database(stateDb, { readonly: true });
  expect(db.query("SELECT count(*) AS n FROM api_key").get()).toEqual({ n: 1 });
  db.close();
}, 30_000);

const withRedis = whenInstalled(describe, redisAvailable(), "redis-server");

withRedis("replicas on one Redis", () => {
  test("eight replicas' stores bootstrapping one key at once: one record, one id, an enterprise key for each", async () => {
    if (!redisAvailable()) throw new Error("redis-server is required in CI for the replicas' bootstrap test");
    const redis = await startRedis();
    try {
      const stores = Array.from({ length: 8 }, () => new RedisKeyStore(connectRedis(redis.url, 2000), 0));
      const keys = await Promise.all(stores.map((s) => s.ensureBootstrap(SECRET)));
      expect(new Set(keys.map((k) => k.id)).size).toBe(1);
      expect(keys.map((k) => k.tier)).toEqual(keys.map(() => "enterprise"));
      expect((await stores[0].list()).map((k) => k.id)).toEqual([keys[0].id]);
    } finally {
      await redis.stop();
    }
  }, 30_000);
});
