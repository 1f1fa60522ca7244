// The spec's envelopes on each host, and every framework-level failure mapped onto the error envelope.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { errorResponse } from "../../src/http/responses.ts";
import { connect } from "node:net";

let s: TestServer;
let proxied: TestServer;
beforeAll(() => {
  s = startTestServer({ MAX_BODY_BYTES: "1000" });
  proxied = startTestServer({ TRUST_PROXY: "1", SKILLS_HOST: "skills.example.org" });
});
afterAll(() => Promise.all([s.stop(), proxied.stop()]));

/** Every error body on every host: the spec's required fields, the request id matching the header. */
async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = await res.json();
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toMatchObject({ code, status });
  expect(typeof body.error.message).toBe("string");
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  return body.error;
}

describe("success envelopes", () => {
  test("cost: {data, metadata} with request_id, sources from the snapshot, data_vintage", async () => {
    const res = await s.call("cost", "/api/v1/cpi/categories");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["data", "metadata"]);
    expect(body.metadata.request_id).toBe(res.headers.get("x-request-id"));
    const datasets = body.metadata.sources.map((x: any) => x.dataset);
    expect(datasets).toEqual(s.app.services.sources.pick(["bls_cpi", "eurostat_hicp"]).map((x) => x.publisherDataset));
    for (const src of body.metadata.sources)
      expect(Object.keys(src).sort()).toEqual(["dataset", "last_updated", "name", "url"]);
    expect(body.metadata.data_vintage).toContain("2026-05");
  });

  test("skills: {data, metadata} with sources {name, url} only", async () => {
    const body = await (await s.call("skills", "/api/v1/skills?page_size=3")).json();
    expect(body.metadata.sources.length).toBe(2);
    for (const src of body.metadata.sources) expect(Object.keys(src).sort()).toEqual(["name", "url"]);
    expect(body.metadata.sources[0].name).toContain("O*NET 29.3");
    expect(body.data).toMatchObject({ page: 1, page_size: 3 });
  });

  test("security headers on success and error responses alike", async () => {
    for (const res of [
      await s.call("skills", "/api/v1/skills"),
      await s.call("nowhere.example", "/x"),
      await s.call("cost", "/docs", { key: null }),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  test("a client's well-formed X-Request-Id is kept; a malformed one is replaced", async () => {
    const kept = await s.call("skills", "/api/v1/skills", { headers: { "x-request-id": "trace-1234-abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-1234-abcd");
    expect((await kept.json()).metadata.request_id).toBe("trace-1234-abcd");
    // The same answer again, from the answer cache: this request's id, every allowed character, in the body.
    const again = await s.call("skills", "/api/v1/skills", { headers: { "x-request-id": "Trace.2_b:C-9" } });
    expect(again.headers.get("x-request-id")).toBe("Trace.2_b:C-9");
    expect((await again.json()).metadata.request_id).toBe("Trace.2_b:C-9");
    const replaced = await s.call("skills", "/api/v1/skills", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });
});

describe("errors on every host", () => {
  for (const host of ["salary", "cost", "skills"]) {
    test(`${host}: unknown route → 404 NOT_FOUND`, async () => {
      await expectError(await s.call(host, "/api/v1/does-not-exist"), 404, "NOT_FOUND");
    });
    test(`${host}: docs and OpenAPI 3.1 document answer without a key`, async () => {
      const doc = await (await s.call(host, "/openapi.json", { key: null })).json();
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.components.securitySchemes.ApiKey).toEqual({ type: "apiKey", in: "header", name: "X-API-Key" });
      const html = await (await s.call(host, "/docs", { key: null })).text();
      expect(html).toContain('<h2 id="errors">');
      expect(html).toContain(doc.info.title);
    });
  }

  test("OpenAPI parameters carry the zod limits that validate requests", async () => {
    const doc = await (await s.call("skills", "/openapi.json", { key: null })).json();
    const op = doc.paths["/api/v1/occupations"].get;
    const param = (name: string) => op.parameters.find((p: any) => p.name === name).schema;
    expect(param("page_size")).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(param("job_zone")).toMatchObject({ minimum: 1, maximum: 5 });
    expect(op["x-scope"]).toBe("skills:read");
    expect(doc.paths["/api/v1/skills/{skill_id}"].get.responses["404"]).toBeTruthy();
  });

  test("unknown Host → 404 envelope naming the hosts that exist", async () => {
    const err = await expectError(await s.call("elsewhere.example", "/api/v1/skills"), 404, "UNKNOWN_HOST");
    expect(err.suggestion).toContain("skills.localhost");
  });

  test("a Host header listing two hosts (found by the fuzz run; was a 500) → 404 UNKNOWN_HOST", async () => {
    await expectError(await s.call("salary.localhost, cost.localhost", "/api/v1/cpi/compare?a=1"), 404, "UNKNOWN_HOST");
  });

  test("Host matching ignores case and port", async () => {
    expect((await s.call("SKILLS.localhost:8080", "/api/v1/skills")).status).toBe(200);
  });

  test("a path of one host on another host → 404", async () => {
    await expectError(await s.call("cost", "/api/v1/skills"), 404, "NOT_FOUND");
  });

  test("wrong method → 405 with Allow", async () => {
    const res = await s.call("skills", "/api/v1/skills", { method: "DELETE" });
    await expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });

  test("body over MAX_BODY_BYTES → 413", async () => {
    await expectError(
      await s.call("skills", "/api/v1/skills", { method: "POST", body: "x".repeat(5000) }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  test("bad query → 422 with per-field errors; unknown parameters are named", async () => {
    const err = await expectError(
      await s.call("skills", "/api/v1/occupations?page=0&job_zone=6&pagesize=3"),
      422,
      "VALIDATION_ERROR",
    );
    expect(err.errors.map((e: any) => e.field).sort()).toEqual(["job_zone", "page", "pagesize"]);
  });

  test("an unexpected error → 500 INTERNAL_ERROR with request_id and no internals", async () => {
    const res = errorResponse(
      new Error("secret path /etc/thing at line 42"),
      { requestId: "req_test00001", target: "/", path: "/", quota: null, keyId: null },
      "/docs",
    );
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error).toMatchObject({ code: "INTERNAL_ERROR", status: 500, request_id: "req_test00001" });
    expect(JSON.stringify(body)).not.toContain("/etc/thing");
  });
});

describe("health and proxies", () => {
  test("/healthz and /readyz need no key and report snapshot_id and vintages", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const body = await (await s.call("whatever.example", path, { key: null })).json();
      expect(body.snapshot_id).toBe(s.app.services.snapshotId);
      expect(body.datasets.find((d: any) => d.dataset === "bls_oews").period_end).toBe("2025-05");
    }
  });

  test("health answers with no Host header (HTTP/1.0), an empty one or an IP literal; API routes still need a configured host", async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let text = "";
        const port = Number(new URL(s.url).port);
        const socket = connect(port, "127.0.0.1", () => socket.write(request));
        socket
          .on("data", (d) => (text += d))
          .on("end", () => resolve(text))
          .on("error", reject);
      });
    const status = (response: string) => response.slice(0, response.indexOf("\r\n"));
    for (const request of [
      "GET /healthz HTTP/1.0\r\n\r\n",
      "GET /readyz HTTP/1.0\r\n\r\n",
      "GET /readyz HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
      "GET /healthz HTTP/1.1\r\nHost: 10.0.0.5:8080\r\nConnection: close\r\n\r\n",
      "GET /healthz HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n",
    ]) {
      const response = await raw(request);
      expect(status(response)).toBe("HTTP/1.1 200 OK");
      expect(JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)).snapshot_id).toBe(s.app.services.snapshotId);
    }
    const api = await raw("GET /api/v1/skills HTTP/1.0\r\n\r\n");
    expect(status(api)).toBe("HTTP/1.1 404 Not Found");
    expect(api).toContain('"code":"UNKNOWN_HOST"');
  });

  test("X-Forwarded-Host is ignored unless TRUST_PROXY=1", async () => {
    const viaProxy = { headers: { "x-forwarded-host": "skills.localhost" } };
    await expectError(await s.call("proxy.internal", "/api/v1/skills", viaProxy), 404, "UNKNOWN_HOST");
    const res = await proxied.call("proxy.internal", "/api/v1/skills", {
      headers: { "x-forwarded-host": "Skills.Example.org" },
    });
    expect(res.status).toBe(200);
  });
});
