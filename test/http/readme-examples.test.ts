// Examples that run (issue 31, part 7): every request README.md and docs/*.md show — their curl commands, the URLs
// they say to open, the explorer, docs and health paths — is sent to a real server over the real snapshot, with the
// document's host as the Host header and a key that may call everything. An example that answers 4xx or 5xx (a 404,
// a retired 410, a place or title that no longer resolves) fails, naming its file and line, so no document shows a
// broken request.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { startTestServer, type TestServer } from "../support/server.ts";
import { readmeRequests } from "../support/readme-requests.ts";
import { buildExplorer } from "../../scripts/build-explorer.ts";
import { SCOPES } from "../../src/state/api-keys.ts";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
const DOCUMENTS = [
  "README.md",
  ...readdirSync(new URL("../../docs", import.meta.url))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
/** The documents' $KEY: a stand-in, replaced by a key of the test server's below. */
const KEY_PLACEHOLDER = "readme-key";
const requests = DOCUMENTS.flatMap((file) =>
  readmeRequests(read(file), { KEY: KEY_PLACEHOLDER }).map((r) => ({ ...r, file })),
);
const tour = requests.filter((r) => r.file === "README.md");

let s: TestServer;
let key: string;
beforeAll(async () => {
  await buildExplorer(); // the explorer pages the README names are served from build/explorer
  s = startTestServer();
  key = s.key("enterprise", [...SCOPES]); // E7 needs enterprise, the reload snapshot:admin: the README's key may call everything
}, 120_000);
afterAll(() => s.stop());

describe("the requests README.md and docs/ show", () => {
  test("the README's tour shows requests on every host, and the explorer, docs and health paths", () => {
    const hosts = new Set(tour.map((r) => r.url.host));
    for (const host of ["salary.localhost:8080", "cost.localhost:8080", "skills.localhost:8080", "localhost:8080"])
      expect(hosts).toContain(host);
    const paths = new Set(tour.map((r) => r.url.pathname));
    for (const path of ["/", "/healthz", "/docs", "/openapi.json"]) expect(paths).toContain(path);
    // The printf | curl form, in the compliance guide.
    expect(requests.some((r) => r.body !== undefined && r.headers["content-type"] === "text/csv")).toBe(true);
  });

  for (const r of requests) {
    test(`${r.file}:${r.line} ${r.method} ${r.url.host}${r.url.pathname}${r.url.search}`, async () => {
      const headers: Record<string, string> = { host: r.url.host };
      for (const [name, value] of Object.entries(r.headers)) headers[name] = name === "x-api-key" ? key : value; // $KEY or a placeholder (wf_…)
      const res = await fetch(s.url + r.url.pathname + r.url.search, { method: r.method, headers, body: r.body });
      if (res.status >= 400) {
        const text = await res.text();
        throw new Error(`${r.file}:${r.line} answers ${res.status}: ${text.slice(0, 300)}\n  ${r.source}`);
      }
      expect(res.status).toBeLessThan(400);
    });
  }
});

// The titles docs/matching.md gives as examples of its word rules answer too, with the occupation a reader expects
// (ISCO-08 by hand: 2341 primary school teachers, 8331 bus and tram drivers). Kita-Erzieherin and Médico/a de Familia
// stood there before and answered 404: their words come out as described, but "Kita" stems to the English label word
// "kit", and no label says médico … familia (ESCO: médico generalista; CO-SISPE: medicina familiar).
describe("docs/matching.md's title examples", () => {
  for (const [title, country, isco] of [
    ["Profesor/a de Primaria", "ES", "2341"],
    ["Bus-Fahrerin", "DE", "8331"],
  ]) {
    test(`${title} (${country}) → ISCO ${isco}`, async () => {
      expect(read("docs/matching.md")).toContain(title);
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
