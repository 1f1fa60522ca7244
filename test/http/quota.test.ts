// Daily quotas: exact under concurrency, reported in headers and metadata, reset at UTC midnight.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { startTestServer, type TestServer } from "../support/server.ts";
import { openStateDb } from "../../src/state/state-db.ts";
import { QuotaMeter, leaseSize } from "../../src/state/quota.ts";
import { SqliteQuotaLedger } from "../../src/state/sqlite-ledger.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer({ QUOTA_FREE: "7" });
});
afterAll(() => s.stop());

describe("quota over HTTP", () => {
  test("N ≫ L parallel requests admit exactly L; the rest get 429 with Retry-After", async () => {
    const limit = 25;
    const key = s.key("pro", ["skills:read"], limit);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => s.call("skills", "/api/v1/occupations?page_size=1", { key })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((x) => x === 200).length).toBe(limit);
    expect(statuses.filter((x) => x === 429).length).toBe(300 - limit);
    const rejected = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(rejected.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    const body = await rejected.json();
    expect(body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(body.error.status).toBe(429);
    expect(rejected.headers.get("ratelimit-remaining")).toBe("0");
  });

  test("a key without its own limit gets its tier's configured default", async () => {
    const key = s.key("free", ["costapi:read"]);
    const res = await s.call("cost", "/api/v1/cpi/categories", { key });
    expect(res.headers.get("ratelimit-limit")).toBe("7");
    expect(res.headers.get("ratelimit-remaining")).toBe("6");
  });

  test("cost metadata.rate_limit {remaining, daily_limit, reset_at}; skills {limit, remaining, reset}", async () => {
    const key = s.key("pro", ["costapi:read", "skills:read"], 10);
    const cost = await (await s.call("cost", "/api/v1/cpi/categories", { key })).json();
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(cost.metadata.rate_limit).toEqual({ remaining: 9, daily_limit: 10, reset_at: tomorrow.toISOString() });
    const skills = await (await s.call("skills", "/api/v1/skills", { key })).json();
    expect(skills.metadata.rate_limit).toEqual({ limit: 10, remaining: 8, reset: tomorrow.toISOString() });
  });

  test("each answer carries its own request's id, snapshot and quota, however answers of other shapes come between", async () => {
    // Answers share header objects kept for the process (responses.ts): keyed, unkeyed, another key, a 429.
    const a = s.key("pro", ["skills:read"], 50);
    const b = s.key("pro", ["skills:read"], 1);
    const snapshot = (await s.call("x", "/healthz", { key: null })).headers.get("x-snapshot-id");
    const steps = [
      await s.call("skills", "/api/v1/skills", { key: a, headers: { "x-request-id": "step-one-aaaa" } }),
      await s.call("x", "/healthz", { key: null, headers: { "x-request-id": "step-two-bbbb" } }),
      await s.call("skills", "/api/v1/skills", { key: b, headers: { "x-request-id": "step-three-cc" } }),
      await s.call("skills", "/api/v1/skills", { key: b, headers: { "x-request-id": "step-four-dddd" } }),
      await s.call("skills", "/api/v1/skills", { key: a, headers: { "x-request-id": "step-five-eeee" } }),
    ];
    const seen = steps.map((r) => [
      r.status,
      r.headers.get("x-request-id"),
      r.headers.get("x-snapshot-id") === snapshot,
      r.headers.get("ratelimit-limit"),
      r.headers.get("ratelimit-remaining"),
      r.headers.get("retry-after") !== null,
    ]);
    expect(seen).toEqual([
      [200, "step-one-aaaa", true, "50", "49", false],
      [200, "step-two-bbbb", true, null, null, false],
      [200, "step-three-cc", true, "1", "0", false],
      [429, "step-four-dddd", true, "1", "0", true],
      [200, "step-five-eeee", true, "50", "48", false],
    ]);
  });

  test("RateLimit headers on every host, counting down", async () => {
    const key = s.key("pro", ["costapi:read", "skills:read"], 100);
    const a = await s.call("cost", "/api/v1/cpi/categories", { key });
    const b = await s.call("skills", "/api/v1/skills", { key });
    expect([a.headers.get("ratelimit-remaining"), b.headers.get("ratelimit-remaining")]).toEqual(["99", "98"]);
    const reset = Number(b.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(86_400);
  });
});

const meterOn = (path: string) => new QuotaMeter(new SqliteQuotaLedger(openStateDb(path)));
const storedCount = (path: string, keyId: string) => {
  const db = new Database(path, { readonly: true });
  const row = db.query<{ count: number }, [string]>("SELECT count FROM key_usage WHERE key_id = ?").get(keyId);
  db.close();
  return row?.count ?? 0;
};

describe("quota meter and SQLite ledger", () => {
  test("counts per UTC day: the next day starts from zero", async () => {
    const quota = meterOn(":memory:");
    const late = new Date("2026-03-01T23:59:59Z");
    expect((await quota.consume("k", 2, late)).remaining).toBe(1);
    expect((await quota.consume("k", 2, late)).remaining).toBe(0);
    const denied = await quota.consume("k", 2, late);
    expect(denied.allowed).toBe(false);
    expect(denied.resetAt.toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect((await quota.consume("k", 2, new Date("2026-03-02T00:00:00Z"))).allowed).toBe(true);
  });

  test("two processes' worth of meters on one file still admit exactly L", async () => {
    const path = `${require("node:os").tmpdir()}/wf-quota-${crypto.randomUUID()}.sqlite`;
    const a = meterOn(path);
    const b = meterOn(path);
    let admitted = 0;
    for (let i = 0; i < 50; i++) admitted += Number((await (i % 2 ? a : b).consume("shared", 13)).allowed);
    expect(admitted).toBe(13);
    expect(storedCount(path, "shared")).toBe(13);
  });

  test("a large limit is served from leases: exact remaining in one process, never above L across two", async () => {
    const path = `${require("node:os").tmpdir()}/wf-quota-${crypto.randomUUID()}.sqlite`;
    const a = meterOn(path);
    const b = meterOn(path);
    const limit = 5_000;
    const first = await a.consume("big", limit);
    expect(first.remaining).toBe(limit - 1);
    // The lease reserved more than one unit, and the ledger counts the whole lease.
    expect(leaseSize(limit, 0)).toBe(78);
    expect(storedCount(path, "big")).toBe(78);
    for (let i = 2; i <= 100; i++) expect((await a.consume("big", limit)).remaining).toBe(limit - i);
    let admitted = 100;
    for (let i = 0; i < 2 * limit; i++) admitted += Number((await (i % 2 ? a : b).consume("big", limit)).allowed);
    // Both meters keep receiving requests to the end, so every granted unit is used: exactly L.
    expect(admitted).toBe(limit);
    expect(storedCount(path, "big")).toBe(limit);
  });

  test("unused lease units go back to the ledger on release", async () => {
    const path = `${require("node:os").tmpdir()}/wf-quota-${crypto.randomUUID()}.sqlite`;
    const meter = meterOn(path);
    for (let i = 0; i < 10; i++) await meter.consume("k", 100_000);
    expect(storedCount(path, "k")).toBe(leaseSize(100_000, 0));
    await meter.releaseAll();
    expect(storedCount(path, "k")).toBe(10);
    // A fresh meter (a restarted process) continues from the stored count.
    expect((await meterOn(path).consume("k", 100_000)).remaining).toBe(100_000 - 11);
  });
});
