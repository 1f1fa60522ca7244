// Examples that run (issue 31, part 7): every request README.md shows — its curl commands, the URLs it says to open,
// the explorer, docs and health paths — is sent to a real server over the real snapshot, with the README's host as
// the Host header and a key that may call everything. An example that answers 4xx or 5xx (a 404, a retired 410, a
// place or title that no longer resolves) fails, naming its README line, so the README cannot show a broken request.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startTestServer, type TestServer } from "../support/server.ts";
import { readmeRequests } from "../support/readme-requests.ts";
import { buildExplorer } from "../../scripts/build-explorer.ts";
import { SCOPES } from "../../src/state/api-keys.ts";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** The README's $KEY: a stand-in, replaced by a key of the test server's below. */
const KEY_PLACEHOLDER = "readme-key";
const requests = readmeRequests(README, { KEY: KEY_PLACEHOLDER });

let s: TestServer;
let key: string;
beforeAll(async () => {
  await buildExplorer(); // the explorer pages the README names are served from build/explorer
  s = startTestServer();
  key = s.key("enterprise", [...SCOPES]); // E7 needs enterprise, the reload snapshot:admin: the README's key may call everything
}, 120_000);
afterAll(() => s.stop());

describe("README.md's requests", () => {
  test("the README shows requests on every host, and the explorer and health paths", () => {
    const hosts = new Set(requests.map((r) => r.url.host));
    for (const host of ["salary.localhost:8080", "cost.localhost:8080", "skills.localhost:8080", "localhost:8080"])
      expect(hosts).toContain(host);
    const paths = new Set(requests.map((r) => r.url.pathname));
    for (const path of ["/", "/healthz", "/docs", "/openapi.json"]) expect(paths).toContain(path);
    expect(requests.some((r) => r.body !== undefined && r.headers["content-type"] === "text/csv")).toBe(true); // the printf | curl form
  });

  for (const r of requests) {
    test(`README.md:${r.line} ${r.method} ${r.url.host}${r.url.pathname}${r.url.search}`, async () => {
      const headers: Record<string, string> = { host: r.url.host };
      for (const [name, value] of Object.entries(r.headers)) headers[name] = name === "x-api-key" ? key : value; // $KEY or a placeholder (wf_…)
      const res = await fetch(s.url + r.url.pathname + r.url.search, { method: r.method, headers, body: r.body });
      if (res.status >= 400) {
        const text = await res.text();
        throw new Error(`README.md:${r.line} answers ${res.status}: ${text.slice(0, 300)}\n  ${r.source}`);
      }
      expect(res.status).toBeLessThan(400);
    });
  }
});

// The titles "Title matching" gives as examples of its word rules answer too, with the occupation a reader expects
// (ISCO-08 by hand: 2341 primary school teachers, 8331 bus and tram drivers). Kita-Erzieherin and Médico/a de Familia
// stood there before and answered 404: their words come out as described, but "Kita" stems to the English label word
// "kit", and no label says médico … familia (ESCO: médico generalista; CO-SISPE: medicina familiar).
describe("README.md's title examples", () => {
  for (const [title, country, isco] of [
    ["Profesor/a de Primaria", "ES", "2341"],
    ["Bus-Fahrerin", "DE", "8331"],
  ]) {
    test(`${title} (${country}) → ISCO ${isco}`, async () => {
      expect(README).toContain(title);
      const res = await s.call(
        "salary",
        `/api/v1/salary?${new URLSearchParams({ job_title: title, location: country })}`,
        { key },
      );
      expect(res.status).toBe(200);
      expect((await res.json()).query.matched_isco_full).toBe(isco);
    });
  }
});
