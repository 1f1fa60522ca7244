// Repeated GET requests reuse the answer's data, never its per-request metadata; the cache stays within its bytes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { ResultCache } from "../../src/http/result-cache.ts";
import { ApiError } from "../../src/http/errors.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

describe("answers of repeated requests", () => {
  test("same data, fresh request_id and quota on each call (skills envelope)", async () => {
    const key = s.key("pro", ["skills:read"], 50);
    const path = "/api/v1/occupations/search?q=registerd%20nurse&page_size=3";
    const [a, b] = [await s.call("skills", path, { key }), await s.call("skills", path, { key })];
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect(jb.data).toEqual(ja.data);
    expect(jb.metadata.request_id).not.toBe(ja.metadata.request_id);
    expect(jb.metadata.request_id).toBe(b.headers.get("x-request-id"));
    expect([ja.metadata.rate_limit.remaining, jb.metadata.rate_limit.remaining]).toEqual([49, 48]);
  });

  test("a cached answer is still refused to a key without the scope, and counted against quota", async () => {
    const path = "/api/v1/cpi/categories";
    expect((await s.call("cost", path)).status).toBe(200);
    expect((await s.call("cost", path, { key: s.key("pro", ["skills:read"]) })).status).toBe(403);
    const one = s.key("free", ["costapi:read"], 1);
    expect((await s.call("cost", path, { key: one })).status).toBe(200);
    expect((await s.call("cost", path, { key: one })).status).toBe(429);
  });

  test("a client error answered again (kept like an answer): the same 400 with a fresh request_id, counted", async () => {
    const key = s.key("pro", ["salary:read"], 50);
    const path = "/api/v1/salary?job_title=nurse&location=Xyzzyvile%20Qx";
    const [a, b] = [await s.call("salary", path, { key }), await s.call("salary", path, { key })];
    expect([a.status, b.status]).toEqual([400, 400]);
    const [ea, eb] = [(await a.json()).error, (await b.json()).error];
    expect({ ...eb, request_id: "" }).toEqual({ ...ea, request_id: "" });
    expect(eb.request_id).not.toBe(ea.request_id);
    expect(eb.request_id).toBe(b.headers.get("x-request-id"));
    expect([a.headers.get("ratelimit-remaining"), b.headers.get("ratelimit-remaining")]).toEqual(["49", "48"]);
  });

  test("a parameter given twice → 422 naming it, not a silent pick", async () => {
    const res = await s.call("salary", "/api/v1/salary?job_title=nurse&job_title=cashier");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.errors).toEqual([
      { field: "job_title", code: "repeated_parameter", message: "given more than once; send it once" },
    ]);
  });

  test("`+` in a query value is a space, as in a form-encoded query", async () => {
    const [plus, space] = [
      await s.call("salary", "/api/v1/salary?job_title=registered+nurse"),
      await s.call("salary", "/api/v1/salary?job_title=registered%20nurse"),
    ];
    expect((await plus.json()).query.matched_soc).toBe((await space.json()).query.matched_soc);
  });
});

describe("ResultCache", () => {
  // A salary-host answer: its text, 2 bytes a character.
  const entry = (n: number) => ({ text: "x".repeat(n) });

  test("drops the least recently used entries once over its byte budget", () => {
    const cache = new ResultCache(10_000);
    // Each entry weighs 2 × (1 + 449) = 900 bytes: eleven of them fit, the twelfth pushes one out.
    const keys = "abcdefghijkl".split("");
    for (const k of keys.slice(0, 11)) cache.set(k, entry(449));
    expect(cache.size).toBe(11);
    expect(cache.get("a")).toBeDefined();
    cache.set("l", entry(449));
    expect(cache.size).toBe(11);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.usedBytes).toBe(9_900);
  });

  test("entries used since they were kept outlast older unused ones, however many are added", () => {
    const cache = new ResultCache(10_000);
    const keys = "abcdefghijk".split(""); // eleven entries of 900 bytes fill 9,900 of 10,000
    for (const k of keys) cache.set(k, entry(449));
    for (const k of ["a", "c", "d"]) cache.get(k);
    for (const k of ["l", "m", "n"]) cache.set(k, entry(449));
    // b, e and f were the oldest unused: out, in that order; a, c and d stay.
    expect("abcdefghijklmn".split("").filter((k) => cache.get(k) !== undefined)).toEqual("acdghijklmn".split(""));
    expect(cache.usedBytes).toBe(9_900);
  });

  test("a new period (semester) empties it; the same period keeps what it holds", () => {
    const cache = new ResultCache(10_000);
    cache.holdFor("2026-S2");
    cache.set("a", entry(10));
    cache.holdFor("2026-S2");
    expect(cache.get("a")).toBeDefined();
    cache.holdFor("2027-S1");
    expect([cache.get("a"), cache.size, cache.usedBytes]).toEqual([undefined, 0, 0]);
  });

  test("keeps a client error as an entry of its own, counted in bytes like an answer", () => {
    const cache = new ResultCache(10_000);
    const error = new ApiError("LOCATION_NOT_FOUND", 'Cannot resolve the location "Xyzzyville".', {
      field: "location",
    });
    cache.set("k", { error });
    const kept = cache.get("k");
    expect(kept && "error" in kept ? kept.error : null).toBe(error);
    // 2 × (key "k" 1 + message 41 + extra {"field":"location"} 20), as for an answer's texts
    expect(cache.usedBytes).toBe(124);
  });

  test("never keeps an answer larger than a tenth of the budget, and keeps nothing with a budget of 0", () => {
    const cache = new ResultCache(10_000);
    cache.set("big", entry(500)); // 2 × (3 + 500) > 1,000
    expect(cache.get("big")).toBeUndefined();
    const off = new ResultCache(0);
    off.set("a", entry(1));
    expect(off.size).toBe(0);
  });
});
