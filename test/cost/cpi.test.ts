// E9 CPI history and E11 CPI compare, against the BLS, Eurostat and World Bank files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
let cpiai: Record<string, string>[];
let hicp: Record<string, string>[];
beforeAll(async () => {
  s = startTestServer();
  cpiai = await textRows("bls-cpi/cpiai.csv");
  hicp = await textRows("eurostat/prc_hicp_midx_CP00_linear.csv");
});
afterAll(() => s.stop());
const get = (path: string) => s.call("cost", path);

describe("E9", () => {
  test("United States: BLS CPI-U all items, every month of cpiai.csv in a date range, inclusive", async () => {
    const body = await (await get("/api/v1/cpi/countries/us/history?start_date=2024-01-01&end_date=2026-05-01")).json();
    const expected = cpiai
      .filter((r) => r.Date >= "2024-01-01" && r.Date <= "2026-05-01")
      .map((r) => ({ period: r.Date, value: Number(r.Index), flags: null }));
    expect(body.data).toEqual({
      country_code: "US",
      country_name: body.data.country_name,
      series_id: "CUUR0000SA0",
      observations: expected,
      truncated: false,
      latest_period: cpiai.at(-1)!.Date,
      months_behind: 0,
      stale: false,
    }); // the freshest series (cpi-staleness.test.ts)
    expect(body.data.observations.some((o: any) => o.period === "2025-10-01")).toBe(false); // never published
  });

  test("the full U.S. series is cut to the most recent 1,200 months, and says so", async () => {
    const body = await (await get("/api/v1/cpi/countries/USA/history")).json();
    expect(body.data.truncated).toBe(true);
    expect(body.data.observations).toHaveLength(1200);
    expect(body.data.observations.at(-1).period).toBe(cpiai.at(-1)!.Date);
  });

  test("a U.S. major group from FRED's copy of the BLS series: food (SAF), to 2023-11", async () => {
    const fred = await textRows("bls-cpi/fred/CPIFABNS.csv");
    const body = await (await get("/api/v1/cpi/countries/US/history?category=saf&start_date=2023-01-01")).json();
    expect(body.data.series_id).toBe("CUUR0000SAF");
    expect(body.data.observations.map((o: any) => o.value)).toEqual(
      fred.filter((r) => r.Date >= "2023-01-01").map((r) => Number(r.CPIFABNS)),
    );
  });

  test("Greece (EL or GRC): Eurostat HICP with its flags", async () => {
    const rows = hicp.filter((r) => r.geo === "Greece" && r.TIME_PERIOD >= "2024-01");
    for (const code of ["EL", "grc"]) {
      const body = await (await get(`/api/v1/cpi/countries/${code}/history?start_date=2024-01-01`)).json();
      expect(body.data.series_id).toBe("prc_hicp_midx/M.I05.CP00.EL");
      expect(body.data.observations).toEqual(
        rows.map((r) => ({ period: `${r.TIME_PERIOD}-01`, value: Number(r.OBS_VALUE), flags: r.OBS_FLAG || null })),
      );
    }
  });

  test("a country outside HICP: World Bank headline, the source with the latest data", async () => {
    const text = await Bun.file(mirror("worldbank/global-inflation/Headline_consumer_price_index_monthly.csv")).text();
    const rows: Record<string, string>[] = parse(text, { columns: true, relax_column_count: true });
    const sgp = rows.filter((r) => r["Country Code"] === "SGP");
    expect(sgp.length).toBe(1);
    const body = await (await get("/api/v1/cpi/countries/SG/history?start_date=2023-01-01")).json();
    expect(body.data.observations.map((o: any) => o.value)).toEqual(
      Object.keys(sgp[0])
        .filter((k) => /^2023\d\d$/.test(k) && sgp[0][k] !== "")
        .map((k) => Number(sgp[0][k])),
    );
  });

  test("errors: unknown country → 404; a category the source lacks → 404 naming what exists; bad or inverted dates → 422; empty range → 404", async () => {
    expect((await get("/api/v1/cpi/countries/XX/history")).status).toBe(404);
    const lacking = await get("/api/v1/cpi/countries/DE/history?category=SAH");
    expect(lacking.status).toBe(404);
    expect((await lacking.json()).error.message).toContain("its source has SA0");
    for (const q of [
      "start_date=2024-13-01",
      "start_date=2024-02-30",
      "end_date=2024/01/01",
      "start_date=2025-01-01&end_date=2024-01-01",
      "category=XYZ",
    ]) {
      expect((await get(`/api/v1/cpi/countries/US/history?${q}`)).status).toBe(422);
    }
    // The message says what is wrong with the date sent, not with another one.
    const month13 = (await (await get("/api/v1/cpi/countries/US/history?start_date=2025-13-01")).json()).error;
    expect(month13.errors[0]).toMatchObject({
      field: "start_date",
      message: "is not a real calendar date: no such month, or no such day in that month",
    });
    expect((await get("/api/v1/cpi/countries/US/history?start_date=1800-01-01&end_date=1800-12-31")).status).toBe(404);
    expect((await get("/api/v1/cpi/countries/DEUT/history")).status).toBe(422);
  });
});

describe("E11", () => {
  test("latest all-items value and year-on-year change from the files; base country first; codes trimmed and upper-cased", async () => {
    const body = await (await get("/api/v1/cpi/compare?countries=%20us%20,de")).json();
    expect(body.data.base_country).toBe("US");
    const [us, de] = body.data.comparisons;
    const last = cpiai.at(-1)!;
    const yearBefore = cpiai.find((r) => r.Date === `${Number(last.Date.slice(0, 4)) - 1}${last.Date.slice(4)}`)!;
    expect(us).toMatchObject({
      latest_cpi: Number(last.Index),
      period: last.Date,
      yoy_change: Math.round((Number(last.Index) / Number(yearBefore.Index) - 1) * 10000) / 100,
    });
    const deRows = hicp.filter((r) => r.geo === "Germany");
    expect(de.latest_cpi).toBe(Number(deRows.at(-1)!.OBS_VALUE));
  });

  test("2 to 20 codes; unknown codes → 422 naming them", async () => {
    expect((await get("/api/v1/cpi/compare?countries=US")).status).toBe(422);
    // One country twice, by the same or another code, is refused: it would be compared with itself.
    for (const q of ["US,US", "us,USA,DE"]) {
      const res = await get(`/api/v1/cpi/compare?countries=${q}`);
      const { error } = await res.json();
      expect([res.status, error.errors[0].code, error.errors[0].message]).toEqual([
        422,
        "duplicate_country",
        "countries names US more than once; list each country once",
      ]);
    }
    expect((await get(`/api/v1/cpi/compare?countries=${Array(21).fill("US").join(",")}`)).status).toBe(422);
    const res = await get("/api/v1/cpi/compare?countries=US,XX,QQ");
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toContain("XX, QQ");
  });
});
