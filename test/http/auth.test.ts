// Who may call what: the spec's scope table, tiers, and keys that are missing, unknown or revoked.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { BOOTSTRAP_KEY, startTestServer, type TestServer } from "../support/server.ts";
import { authorize } from "../../src/http/guard.ts";
import { SCOPES, type ApiKey } from "../../src/state/api-keys.ts";
import type { ApiError } from "../../src/http/errors.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

// One endpoint per host that exists today, with the scope the spec requires for it.
const ENDPOINTS = [
  { host: "skills", path: "/api/v1/occupations", scope: "skills:read" },
  { host: "skills", path: "/api/v1/skills/2.A.1.a", scope: "skills:read" },
  { host: "cost", path: "/api/v1/cpi/categories", scope: "costapi:read" },
  { host: "salary", path: "/api/v1/salary?job_title=nurse", scope: "salary:read" },
  { host: "salary", path: "/api/v1/salary/countries", scope: "salary:read" },
] as const;

describe("authentication", () => {
  for (const e of ENDPOINTS) {
    test(`${e.host} ${e.path}: missing key → 401 INVALID_API_KEY`, async () => {
      const res = await s.call(e.host, e.path, { key: null });
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.error.code).toBe("INVALID_API_KEY");
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    });
  }

  test("a key in Authorization (Bearer) instead of X-API-Key → 401 saying which header is read", async () => {
    const res = await s.call("salary", "/api/v1/salary?job_title=nurse", {
      key: null,
      headers: { authorization: `Bearer ${BOOTSTRAP_KEY}` },
    });
    const { error } = await res.json();
    expect([res.status, error.code, error.message, error.suggestion]).toEqual([
      401,
      "INVALID_API_KEY",
      "Missing API key: this API reads the key from the X-API-Key header; the Authorization header is not read.",
      "Send the key as X-API-Key: <key>.",
    ]);
    expect(JSON.stringify(error)).not.toContain(BOOTSTRAP_KEY);
  });

  test("unknown key → 401, and the key is not echoed", async () => {
    const res = await s.call("skills", "/api/v1/occupations", { key: "wf_not-a-real-key-000000000000" });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("wf_not-a-real-key");
  });

  test("absurdly long key → 401, not 500", async () => {
    const res = await s.call("skills", "/api/v1/occupations", { key: "x".repeat(4000) });
    expect(res.status).toBe(401);
  });

  test("revoked key → 401 and says so", async () => {
    const key = s.key("pro", ["skills:read"]);
    expect((await s.call("skills", "/api/v1/occupations", { key })).status).toBe(200);
    const record = s.keys.verify(key)!;
    expect(s.keys.revoke(record.id)).toBe(true);
    const res = await s.call("skills", "/api/v1/occupations", { key });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toContain("revoked");
  });

  test("a revocation by `npm run keys` in another process takes effect within KEY_CACHE_TTL_MS", async () => {
    const cached = startTestServer({ KEY_CACHE_TTL_MS: "300" });
    try {
      const key = cached.key("pro", ["skills:read"]);
      expect((await cached.call("skills", "/api/v1/occupations", { key })).status).toBe(200);
      const id = cached.keys.verify(key)!.id;
      const cli = Bun.spawnSync([process.execPath, "scripts/keys.ts", "revoke", id], {
        env: { ...process.env, STATE_DB: cached.config.STATE_DB },
      });
      expect(cli.stdout.toString()).toContain(`revoked ${id}`);
      const revokedAt = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - revokedAt < 3000) {
        status = (await cached.call("skills", "/api/v1/occupations", { key })).status;
        if (status === 200) await Bun.sleep(20);
      }
      expect(status).toBe(401);
      expect(performance.now() - revokedAt).toBeLessThan(300 + 250);
    } finally {
      await cached.stop();
    }
  });
});

describe("scopes", () => {
  for (const e of ENDPOINTS) {
    test(`${e.path} needs ${e.scope}: every other scope → 403 naming it; its own → 200`, async () => {
      const others = SCOPES.filter((x) => x !== e.scope);
      const denied = await s.call(e.host, e.path, { key: s.key("enterprise", others) });
      expect(denied.status).toBe(403);
      const body = await denied.json();
      expect(body.error.code).toBe("INSUFFICIENT_SCOPE");
      expect(body.error.message).toContain(e.scope);
      expect((await s.call(e.host, e.path, { key: s.key("free", [e.scope]) })).status).toBe(200);
    });
  }
});

describe("tiers (the rule E7 and E8 use)", () => {
  const key = (tier: ApiKey["tier"], scopes: ApiKey["scopes"]): ApiKey => ({
    id: "k",
    name: null,
    tier,
    scopes,
    dailyLimit: null,
    createdAt: "",
    revokedAt: null,
  });
  const denial = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (e) {
      return (e as ApiError).code;
    }
  };

  test("E7: enterprise + compliance:report only", () => {
    const need = { scope: "compliance:report", minTier: "enterprise" } as const;
    expect(denial(() => authorize(key("enterprise", ["compliance:report"]), need))).toBeNull();
    expect(denial(() => authorize(key("pro", ["compliance:report"]), need))).toBe("TIER_REQUIRED");
    expect(denial(() => authorize(key("enterprise", ["compliance:read"]), need))).toBe("INSUFFICIENT_SCOPE");
  });

  test("E8: pro or enterprise + compliance:read", () => {
    const need = { scope: "compliance:read", minTier: "pro" } as const;
    expect(denial(() => authorize(key("pro", ["compliance:read"]), need))).toBeNull();
    expect(denial(() => authorize(key("enterprise", ["compliance:read"]), need))).toBeNull();
    expect(denial(() => authorize(key("free", ["compliance:read"]), need))).toBe("TIER_REQUIRED");
  });
});

describe("key storage", () => {
  test("the state database holds hashes, never the key", () => {
    const key = s.key("pro", ["skills:read"]);
    const db = new Database(s.config.STATE_DB, { readonly: true });
    const dump = JSON.stringify(db.query("SELECT * FROM api_key").all());
    db.close();
    expect(dump).not.toContain(key);
    expect(dump).not.toContain("test-bootstrap-key");
    expect(dump).toContain(new Bun.CryptoHasher("sha256").update(key).digest("hex"));
  });

  test("BOOTSTRAP_API_KEY is idempotent: a restart does not add a second key", () => {
    const before = s.keys.list().filter((k) => k.name === "bootstrap").length;
    s.keys.ensureBootstrap("test-bootstrap-key-0123456789");
    expect(s.keys.list().filter((k) => k.name === "bootstrap").length).toBe(before);
    expect(before).toBe(1);
  });
});
