// E4, E5, E6: the EU endpoints the spec removed on 2026-09-01. Served with EU_LEGACY_ENDPOINTS=on: their headers, and
// their figures against the Eurostat files. By default: 410 from the removal date, naming their successors.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { jsonStat, sesHourly } from "../support/publisher.ts";

let s: TestServer;
let ses: Awaited<ReturnType<typeof sesHourly>>;
let geos: string[];
beforeAll(async () => {
  s = startTestServer({ EU_LEGACY_ENDPOINTS: "on" });
  ses = await sesHourly();
  geos = Object.keys((await jsonStat("eurostat/earn_ses22_47.json")).ds.dimension.geo.category.index).filter(
    (g) => !g.startsWith("EU"),
  );
});
afterAll(() => s.stop());
const get = (path: string) => s.call("salary", path);

function expectDeprecated(res: Response, successor: string) {
  expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
  expect(res.headers.get("sunset")).toBe("Tue, 01 Sep 2026 00:00:00 GMT");
  expect(res.headers.get("link")).toContain(`<${successor}>; rel="successor-version"`);
}

describe("E4", () => {
  test("nurse in Frankreich: the spec's shape, the hourly gender gap from SES 2022, the deprecation headers", async () => {
    const res = await get("/api/v1/salary/eu?job_title=nurse&country=Frankreich");
    expect(res.status).toBe(200);
    expectDeprecated(res, "/api/v1/salary");
    const body = await res.json();
    expect(body.query).toMatchObject({
      matched_isco: "2",
      country: "France",
      country_code: "FR",
      matched_title: "Registered Nurses",
    });
    expect(body.salary.gender_gap_pct).toBe(ses.gapPct("FR", "OC2"));
    expect(body.salary.currency).toBe("EUR");
    expect(body.isco_note).toContain("1-digit ISCO-08 major groups");
  });

  test("a non-EU country → 400; a nonsense country → 400; no title match → 404", async () => {
    expect((await get("/api/v1/salary/eu?job_title=nurse&country=Japan")).status).toBe(400);
    expect((await get("/api/v1/salary/eu?job_title=nurse&country=Xyzzyville")).status).toBe(400);
    expect((await get("/api/v1/salary/eu?job_title=xyzzy%20qwrtp&country=DE")).status).toBe(404);
    expect((await get("/api/v1/salary/eu?job_title=nurse")).status).toBe(422);
  });
});

describe("E5", () => {
  test("duplicates removed, order kept, EUR, headers", async () => {
    const res = await get("/api/v1/salary/eu/compare?job_title=accountant&countries=DE;de;Polska;EL");
    expectDeprecated(res, "/api/v1/salary/compare");
    const body = await res.json();
    expect(body.comparisons.map((c: any) => c.country_code)).toEqual(["DE", "PL", "GR"]);
    expect(body.comparisons[2].gender_gap_pct).toBe(ses.gapPct("EL", "OC2"));
    expect(body).toMatchObject({ matched_isco: "2", currency: "EUR" });
  });

  test("any unresolved country fails the request with 400 naming it; more than ten → 422", async () => {
    const res = await get("/api/v1/salary/eu/compare?job_title=nurse&countries=DE;Narnia");
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe("countries[1]");
    expect(
      (await get(`/api/v1/salary/eu/compare?job_title=nurse&countries=${Array(11).fill("DE").join(";")}`)).status,
    ).toBe(422);
  });
});

describe("E6", () => {
  test("the countries with SES 2022 data: each counts the ISCO groups with a published mean", async () => {
    const res = await get("/api/v1/salary/eu/countries");
    expectDeprecated(res, "/api/v1/salary/countries");
    const body = await res.json();
    expect(body.countries.length).toBe(geos.length);
    const de = body.countries.find((c: any) => c.country_code === "DE");
    const groups = ["OC1", "OC2", "OC3", "OC4", "OC5", "OC6", "OC7", "OC8", "OC9"].filter(
      (g) => typeof ses.hourly("DE", g, "T") === "number",
    ).length;
    expect(de).toEqual({
      country_code: "DE",
      country_name: "Germany",
      latest_year: 2022,
      occupation_groups: groups,
      has_data: true,
    });
    expect(body.countries.find((c: any) => c.country_code === "GR")).toBeTruthy(); // Eurostat's EL, served as ISO GR
  });

  test("the OpenAPI document marks E4–E6 deprecated, with their 410", async () => {
    const doc = await (await s.call("salary", "/openapi.json", { key: null })).json();
    expect(doc.paths["/api/v1/salary/eu"].get.deprecated).toBe(true);
    expect(doc.paths["/api/v1/salary/eu"].get.responses["410"]).toBeTruthy();
    expect(doc.paths["/api/v1/salary"].get.deprecated).toBeUndefined();
    expect(doc.paths["/api/v1/salary"].get.responses["410"]).toBeUndefined();
  });
});

describe("E4–E6 errors carry the deprecation headers too", () => {
  const cases: [string, string, { key?: string | null }, number, string][] = [
    ["/api/v1/salary/eu?job_title=nurse&country=Atlantis", "/api/v1/salary", {}, 400, "LOCATION_NOT_FOUND"],
    ["/api/v1/salary/eu?job_title=nurse", "/api/v1/salary", {}, 422, "VALIDATION_ERROR"],
    [
      "/api/v1/salary/eu/compare?job_title=nurse&countries=DE;Atlantis",
      "/api/v1/salary/compare",
      {},
      400,
      "LOCATION_NOT_FOUND",
    ],
    ["/api/v1/salary/eu/countries", "/api/v1/salary/countries", { key: null }, 401, "INVALID_API_KEY"],
    ["/api/v1/salary/eu/countries?page=2", "/api/v1/salary/countries", {}, 422, "VALIDATION_ERROR"],
  ];
  for (const [path, successor, init, status, code] of cases) {
    test(`${status} ${code}: ${path}`, async () => {
      const res = await s.call("salary", path, init);
      expect(res.status).toBe(status);
      expectDeprecated(res, successor);
      const body = await res.json();
      expect(body.error).toMatchObject({ code, status });
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    });
  }

  test("a 403 for a key without the salary scope, and non-deprecated routes have no such headers", async () => {
    const res = await s.call("salary", "/api/v1/salary/eu?job_title=nurse&country=DE", {
      key: s.key("pro", ["skills:read"]),
    });
    expect(res.status).toBe(403);
    expectDeprecated(res, "/api/v1/salary");
    const current = await s.call("salary", "/api/v1/salary?job_title=nurse&location=Atlantis");
    expect(current.status).toBe(400);
    expect(current.headers.get("deprecation")).toBeNull();
    expect(current.headers.get("sunset")).toBeNull();
  });
});

const LEGACY = [
  ["/api/v1/salary/eu?job_title=nurse&country=DE", "/api/v1/salary", "GET /api/v1/salary?"],
  [
    "/api/v1/salary/eu/compare?job_title=nurse&countries=DE;FR",
    "/api/v1/salary/compare",
    "GET /api/v1/salary/compare?",
  ],
  ["/api/v1/salary/eu/countries", "/api/v1/salary/countries", "GET /api/v1/salary/countries "],
] as const;

/** A retired answer: 410 ENDPOINT_RETIRED in the envelope, the successor in the Link header and the suggestion. */
async function expectRetired(res: Response, successor: string, points: string) {
  expect(res.status).toBe(410);
  expectDeprecated(res, successor);
  const body = await res.json();
  expect(body.error).toMatchObject({ code: "ENDPOINT_RETIRED", status: 410 });
  expect(body.error.message).toContain("2026-09-01");
  expect(body.error.suggestion).toStartWith(points);
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  return body.error;
}

describe("retired by default from the removal date (EU_LEGACY_ENDPOINTS unset: auto)", () => {
  let retired: TestServer;
  beforeAll(() => {
    retired = startTestServer({ EU_LEGACY_ENDPOINTS: "" }, { clock: () => new Date("2026-11-25T12:00:00Z") });
  });
  afterAll(() => retired.stop());

  test("the default is auto", () => expect(retired.config.EU_LEGACY_ENDPOINTS).toBe("auto"));

  test("E4–E6 answer 410 Gone in the envelope, naming their successor in Link and suggestion, with or without a key", async () => {
    for (const [path, successor, points] of LEGACY) {
      for (const key of [undefined, null]) {
        const error = await expectRetired(await retired.call("salary", path, { key }), successor, points);
        expect(error.message).toContain("was removed on 2026-09-01");
      }
    }
  });

  test("the successors still answer, and a retired call spends no quota", async () => {
    const key = retired.key("free", ["salary:read"], 5);
    for (let i = 0; i < 8; i++)
      expect((await retired.call("salary", "/api/v1/salary/eu/countries", { key })).status).toBe(410);
    const res = await retired.call("salary", "/api/v1/salary?job_title=nurse&location=DE", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-remaining")).toBe("4");
    expect((await retired.call("salary", "/api/v1/salary/countries", { key })).status).toBe(200);
  });

  test("a wrong method on a retired path is 410 too; while served, its 405 carries the deprecation headers", async () => {
    const gone = await retired.call("salary", "/api/v1/salary/eu", { method: "POST" });
    expect(gone.status).toBe(410);
    expectDeprecated(gone, "/api/v1/salary");
    const wrong = await s.call("salary", "/api/v1/salary/eu", { method: "POST" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    expectDeprecated(wrong, "/api/v1/salary");
  });

  test("without a fixed clock (today's date), the default retires them too", async () => {
    const today = startTestServer({ EU_LEGACY_ENDPOINTS: "" });
    try {
      // The wall clock is past the removal date from now on, so this holds whenever it runs.
      expect(Date.now()).toBeGreaterThanOrEqual(Date.UTC(2026, 8, 1));
      expect((await today.call("salary", "/api/v1/salary/eu/countries")).status).toBe(410);
    } finally {
      await today.stop();
    }
  });
});

describe("auto follows the date: served until 2026-08-31 (UTC), retired from 2026-09-01", () => {
  let now = new Date("2026-08-31T23:59:59Z");
  let auto: TestServer;
  beforeAll(() => {
    auto = startTestServer({ EU_LEGACY_ENDPOINTS: "auto" }, { clock: () => now });
  });
  afterAll(() => auto.stop());

  test("the last second before the removal date: 200 with the deprecation headers; the first second of it: 410", async () => {
    const served = await auto.call("salary", "/api/v1/salary/eu/countries");
    expect(served.status).toBe(200);
    expectDeprecated(served, "/api/v1/salary/countries");
    now = new Date("2026-09-01T00:00:00Z");
    await expectRetired(
      await auto.call("salary", "/api/v1/salary/eu/countries"),
      "/api/v1/salary/countries",
      "GET /api/v1/salary/countries ",
    );
  });
});

describe("EU_LEGACY_ENDPOINTS=on keeps them; =off retires them before the date", () => {
  test("on: E4–E6 answer 200 long after the removal date, still with the deprecation headers", async () => {
    const late = startTestServer({ EU_LEGACY_ENDPOINTS: "on" }, { clock: () => new Date("2030-01-01T00:00:00Z") });
    try {
      for (const [path, successor] of LEGACY) {
        const res = await late.call("salary", path);
        expect(res.status).toBe(200);
        expectDeprecated(res, successor);
      }
    } finally {
      await late.stop();
    }
  });

  test("off: 410 before the removal date, and the message says this deployment retired it", async () => {
    const early = startTestServer({ EU_LEGACY_ENDPOINTS: "off" }, { clock: () => new Date("2026-03-01T00:00:00Z") });
    try {
      for (const [path, successor, points] of LEGACY) {
        expect((await expectRetired(await early.call("salary", path), successor, points)).message).toContain(
          "EU_LEGACY_ENDPOINTS=off",
        );
      }
    } finally {
      await early.stop();
    }
  });

  test("any other value is refused at start-up", () => {
    expect(() => startTestServer({ EU_LEGACY_ENDPOINTS: "sometimes" })).toThrow(/EU_LEGACY_ENDPOINTS/);
  });
});
