// Limits on what a client can make the server hold or wait for: body size (also chunked), JSON depth, a body
// that trickles in, URL length and header size. Each limit answers in the envelope, except a request line and headers
// beyond Bun's own cap (16 KiB here; 64 KiB as `npm start` and the executable run), which Bun answers with an empty 431.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { startTestServer, BOOTSTRAP_KEY, type TestServer } from "../support/server.ts";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../../src/http/json-body.ts";

const REPORT = "/api/v1/compliance/pay-gap-report";
let s: TestServer;
beforeAll(() => {
  s = startTestServer({ MAX_BODY_BYTES: "2000", REQUEST_TIMEOUT_MS: "300" });
});
afterAll(() => s.stop());

async function expectEnvelope(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error).toMatchObject({ code, status });
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  return body.error;
}

describe("body limits", () => {
  test("a chunked body (no Content-Length) over MAX_BODY_BYTES → 413 envelope", async () => {
    const chunks = Array.from({ length: 10 }, () => new TextEncoder().encode(`{"pad":"${"x".repeat(500)}"}`));
    const stream = new ReadableStream({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    const res = await fetch(s.url + REPORT, {
      method: "POST",
      body: stream,
      headers: { host: "salary.localhost", "x-api-key": BOOTSTRAP_KEY, "content-type": "application/json" },
    });
    await expectEnvelope(res, 413, "PAYLOAD_TOO_LARGE");
  });

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} levels → 422 too_deep`, async () => {
    for (const depth of [MAX_JSON_DEPTH, 900]) {
      // The body object itself is one level: employees' arrays start at level 2.
      const body = `{"country":"DE","employees":${"[".repeat(depth)}${"]".repeat(depth)}}`;
      const res = await s.call("salary", REPORT, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      const error = await expectEnvelope(res, 422, "VALIDATION_ERROR");
      expect(error.errors[0]).toMatchObject({ field: "body", code: "too_deep" });
    }
  });

  test("nestedDeeperThan counts arrays and objects, not brackets inside strings, and stops at the first level too deep", () => {
    expect(nestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestedDeeperThan('{"a":"[[[[[[\\"[[[[","b":[1]}', 2)).toBe(false); // brackets and an escaped quote in a string
    expect(nestedDeeperThan('"' + "[".repeat(100) + '"', 1)).toBe(false);
    // Checked before JSON.parse: over-deep and then malformed text is refused as too deep, never parsed.
    expect(nestedDeeperThan("[".repeat(1e6) + "garbage", MAX_JSON_DEPTH)).toBe(true);
  });

  test("an over-deep body that is also malformed is refused as too deep: the depth is read before parsing", async () => {
    const body = `{"country":"DE","employees":${"[".repeat(1_000)}oops`; // under this server's 2,000-byte limit
    const res = await s.call("salary", REPORT, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    const error = await expectEnvelope(res, 422, "VALIDATION_ERROR");
    expect(error.errors[0]).toMatchObject({ field: "body", code: "too_deep" });
  });

  test("a body that does not arrive within REQUEST_TIMEOUT_MS → 408 envelope, and the server stays responsive", async () => {
    const port = Number(new URL(s.url).port);
    const started = performance.now();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `POST ${REPORT} HTTP/1.1\r\nHost: salary.localhost\r\nX-API-Key: ${BOOTSTRAP_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"country":`,
        );
      });
      let text = "";
      socket.on("data", (d) => {
        text += d.toString();
        if (text.includes("\r\n\r\n") && text.includes("}}")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        resolve(text);
      }, 3000);
    });
    expect(raw).toStartWith("HTTP/1.1 408");
    expect(raw).toContain('"code":"REQUEST_TIMEOUT"');
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await s.call("skills", "/api/v1/skills")).status).toBe(200);
  });
});

describe("URL length", () => {
  test("a URL over 8,192 bytes → 414 envelope on any host; one just under is routed as usual", async () => {
    const long = await s.call("skills", `/api/v1/skills/search?q=${"a".repeat(10_000)}`);
    const error = await expectEnvelope(long, 414, "URI_TOO_LONG");
    expect(error.message).toContain("at most 8192");
    const under = await s.call("skills", `/api/v1/skills/search?q=${"a".repeat(8_000)}`);
    expect(under.status).not.toBe(414);
    // By a path prefix, its docs link keeps the prefix, as other errors' do.
    const prefixed = await s.call("skills", `/skills/api/v1/skills/search?q=${"a".repeat(10_000)}`);
    expect((await expectEnvelope(prefixed, 414, "URI_TOO_LONG")).doc_url).toBe("/skills/docs#error-uri-too-long");
  });
});

describe("header size", () => {
  test("headers beyond Bun's limit (16 KiB) are refused by Bun with 431 before reaching the app; the server carries on", async () => {
    const res = await fetch(s.url + "/api/v1/skills", {
      headers: { host: "skills.localhost", "x-api-key": BOOTSTRAP_KEY, "x-padding": "p".repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect((await s.call("skills", "/api/v1/skills")).status).toBe(200);
  });
});
