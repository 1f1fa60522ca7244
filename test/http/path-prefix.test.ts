// Every host's API by path prefix on any Host (what a browser, or a site with one hostname, can use), with the same
// guard, quota and envelope; and CORS for the origins CORS_ORIGINS names, none by default.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, BOOTSTRAP_KEY, type TestServer } from "../support/server.ts";
import { ROUTES, requestOf } from "../support/routes.ts";
import { loadConfig } from "../../src/config.ts";

const ORIGIN = "https://hr.example.com";
let s: TestServer;
beforeAll(() => {
  s = startTestServer({ CORS_ORIGINS: `${ORIGIN}, http://localhost:5173` });
});
afterAll(() => s.stop());

/** A call through the prefix on a Host no host is configured for. */
const prefixed = (
  path: string,
  init: { key?: string | null; method?: string; body?: string; headers?: Record<string, string> } = {},
) => s.call("api.example.org", path, init);
const withoutIds = (body: any) => {
  const { request_id: _, rate_limit: __, ...metadata } = body.metadata ?? {};
  return body.metadata
    ? { ...body, metadata }
    : body.error
      ? // doc_url keeps the prefix the request came by (tested below)
        {
          error: {
            ...body.error,
            request_id: undefined,
            doc_url: body.error.doc_url?.replace(/^\/(?:salary|cost|skills)\//, "/"),
          },
        }
      : body.query
        ? { ...body, request_id: undefined }
        : body;
};

describe("path prefix: /salary, /cost, /skills on any Host", () => {
  for (const { host, route } of ROUTES) {
    test(`${route.id} ${route.method} /${host}${route.path}: the example answers as it does by Host`, async () => {
      const r = requestOf(route, route.examples[0]);
      const init = { method: route.method, body: r.body, headers: r.headers };
      const [byHost, byPrefix] = [await s.call(host, r.url, init), await prefixed(`/${host}${r.url}`, init)];
      expect(byPrefix.status).toBe(byHost.status);
      expect(withoutIds(await byPrefix.json())).toEqual(withoutIds(await byHost.json()));
    });
  }

  test("the same guard: no key 401, a key without the scope 403, in the envelope with request_id", async () => {
    const none = await prefixed("/skills/api/v1/skills", { key: null });
    expect(none.status).toBe(401);
    expect((await none.json()).error.request_id).toBe(none.headers.get("x-request-id"));
    const costOnly = s.key("free", ["costapi:read"]);
    const wrong = await prefixed("/skills/api/v1/skills", { key: costOnly });
    expect([wrong.status, (await wrong.json()).error.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });

  test("an error's doc_url keeps the prefix, so the link opens the host's docs page (by Host it is /docs)", async () => {
    const { error } = await (await prefixed("/skills/api/v1/skills", { key: null })).json();
    expect(error.doc_url).toStartWith("/skills/docs#error-");
    const page = await prefixed(error.doc_url.split("#")[0], { key: null });
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    const byHost = (await (await s.call("skills", "/api/v1/skills", { key: null })).json()).error;
    expect(byHost.doc_url).toStartWith("/docs#error-");
  });

  test("the same quota: a prefixed call spends from the key's day like any other", async () => {
    const key = s.key("free", ["skills:read"], 3);
    const remaining = async (res: Response) => Number(res.headers.get("ratelimit-remaining"));
    expect(await remaining(await s.call("skills", "/api/v1/skills", { key }))).toBe(2);
    expect(await remaining(await prefixed("/skills/api/v1/skills", { key }))).toBe(1);
  });

  test("the docs and OpenAPI document of a host are under its prefix too", async () => {
    expect((await prefixed("/cost/openapi.json", { key: null })).status).toBe(200);
    expect((await prefixed("/skills/docs", { key: null })).headers.get("content-type")).toContain("text/html");
  });

  test("a prefix alone, or with a query only, is the host's root: 404 NOT_FOUND naming it with its prefix", async () => {
    for (const path of ["/salary", "/salary?x=1", "/salary/"]) {
      const { error } = await (await prefixed(path)).json();
      expect([error.code, error.message]).toEqual(["NOT_FOUND", "No endpoint at /salary/ on the salary host."]);
    }
    const { error } = await (await prefixed("/salary/api/v1/nope")).json();
    expect(error.message).toBe("No endpoint at /salary/api/v1/nope on the salary host.");
  });

  test("a look-alike prefix is not a host: /salaryx/… on an unknown Host is 404 UNKNOWN_HOST naming the prefixes", async () => {
    const res = await prefixed("/salaryx/api/v1/salary?job_title=nurse");
    const { error } = await res.json();
    expect([res.status, error.code]).toEqual([404, "UNKNOWN_HOST"]);
    expect(error.suggestion).toContain("/salary/api/v1/");
  });
});

describe("CORS", () => {
  test("an origin named in CORS_ORIGINS gets Access-Control-Allow-Origin on answers and errors", async () => {
    for (const key of [BOOTSTRAP_KEY, null]) {
      const res = await prefixed("/skills/api/v1/skills", { key, headers: { origin: ORIGIN } });
      expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    }
  });

  test("any other origin gets no CORS header (the browser then refuses to show the answer)", async () => {
    const res = await prefixed("/skills/api/v1/skills", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("preflight: 204 with the methods and headers allowed for a named origin, and no grant for others", async () => {
    const ask = (origin: string) =>
      prefixed("/salary/api/v1/compliance/pay-gap-report", {
        key: null,
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "x-api-key, content-type",
        },
      });
    const ok = await ask(ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(ok.headers.get("access-control-allow-headers")).toBe("X-API-Key, Content-Type, X-Request-Id");
    expect(ok.headers.get("access-control-allow-methods")).toBe("GET, POST");
    const other = await ask("https://evil.example");
    expect(other.status).toBe(204);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("access-control-allow-methods")).toBeNull();
  });

  test("by default (no CORS_ORIGINS) no origin is allowed", async () => {
    const plain = startTestServer();
    try {
      const res = await plain.call("skills", "/api/v1/skills", { headers: { origin: ORIGIN } });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await plain.stop();
    }
  });

  test("CORS_ORIGINS takes scheme://host[:port] only: a wildcard or a path is a configuration error", () => {
    expect(loadConfig({ CORS_ORIGINS: "https://a.example, http://localhost:8080" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "http://localhost:8080",
    ]);
    for (const bad of ["*", "https://a.example/app", "a.example"])
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
  });
});
