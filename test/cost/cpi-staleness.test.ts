// Stale CPI series are labelled: E11 against the freshest series in its answer, E9 against the freshest all-items
// series the service holds. Every last month is read here from the publisher files (BLS, Eurostat HICP, the World
// Bank's Global Database of Inflation, FRED's copy of the BLS food index), and the months counted by hand.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { startTestServer, mirror, type TestServer } from "../support/server.ts";
import { textRows } from "../support/publisher.ts";

let s: TestServer;
/** The last month (YYYY-MM-01) of each file's series we use, by ISO code; `wbLatest` is the World Bank file's latest month overall. */
const last: Record<string, string> = {};
let hicpLatest: string, wbLatest: string, usFoodLast: string;
beforeAll(async () => {
  s = startTestServer();
  last.US = (await textRows("bls-cpi/cpiai.csv")).at(-1)!.Date;
  const hicp = await textRows("eurostat/prc_hicp_midx_CP00_linear.csv");
  const hicpLast = (geo: string) =>
    `${hicp
      .filter((r) => r.geo === geo && r.OBS_VALUE !== "")
      .map((r) => r.TIME_PERIOD)
      .sort()
      .at(-1)}-01`;
  last.DE = hicpLast("Germany");
  last.GB = hicpLast("United Kingdom");
  last.FR = hicpLast("France");
  hicpLatest = `${hicp
    .map((r) => r.TIME_PERIOD)
    .sort()
    .at(-1)}-01`;
  const wb: Record<string, string>[] = parse(
    await Bun.file(mirror("worldbank/global-inflation/Headline_consumer_price_index_monthly.csv")).text(),
    { columns: true, relax_column_count: true },
  );
  const months = Object.keys(wb[0])
    .filter((k) => /^\d{6}$/.test(k))
    .sort();
  const wbLast = (row: Record<string, string>) => months.filter((m) => row[m] !== "" && row[m] !== undefined).at(-1);
  const asPeriod = (m: string) => `${m.slice(0, 4)}-${m.slice(4)}-01`;
  // Where the database has two rows (sources) for an economy, E9 answers from the one reaching furthest.
  last.JP = asPeriod(
    wb
      .filter((r) => r["Country Code"] === "JPN")
      .map(wbLast)
      .filter(Boolean)
      .sort()
      .at(-1)!,
  );
  wbLatest = asPeriod(wb.map(wbLast).filter(Boolean).sort().at(-1)!);
  usFoodLast = (await textRows("bls-cpi/fred/CPIFABNS.csv")).at(-1)!.Date;
});
afterAll(() => s.stop());
const get = async (path: string) => {
  const res = await s.call("cost", path);
  expect(res.status).toBe(200);
  return res.json();
};

/** Whole months from one YYYY-MM-01 to a later one, counted by hand. */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
const month = (period: string) => period.slice(0, 7);

describe("E11: each comparison against the freshest series the service holds, as E9", () => {
  test("US, DE, GB, JP: GB (HICP ends when the UK left) and JP (World Bank) are stale beside the U.S.; DE is not", async () => {
    const body = await get("/api/v1/cpi/compare?countries=US,DE,GB,JP");
    const freshest = [last.US, last.DE, last.GB, last.JP].sort().at(-1)!;
    expect(freshest).toBe(last.US);
    const byCode = Object.fromEntries(body.data.comparisons.map((c: any) => [c.country_code, c]));
    for (const code of ["US", "DE", "GB", "JP"]) {
      const behind = monthsBetween(last[code], freshest);
      expect({
        code,
        period: byCode[code].period,
        months_behind: byCode[code].months_behind,
        stale: byCode[code].stale,
      }).toEqual({ code, period: last[code], months_behind: behind, stale: behind > 12 });
    }
    expect([byCode.GB.stale, byCode.JP.stale, byCode.US.stale, byCode.DE.stale]).toEqual([true, true, false, false]);
    for (const code of ["GB", "JP"]) {
      expect(byCode[code].note).toContain(
        `latest month is ${month(last[code])}, ${monthsBetween(last[code], freshest)} months behind`,
      );
      expect(byCode[code].note).toContain(month(freshest));
    }
    expect(byCode.US.note).toBeNull();
    expect(byCode.DE.note).toBeNull();
    const notes = body.metadata.methodology_notes;
    expect(notes).toContain(`(GB) ends ${month(last.GB)}`);
    expect(notes).toContain(`(JP) ends ${month(last.JP)}`);
    expect(notes).not.toContain("(DE) ends");
  });

  test("a country is stale or not whichever others are asked with it: GB,JP without the U.S. are both stale, as in E9", async () => {
    const body = await get("/api/v1/cpi/compare?countries=GB,JP");
    const [gb, jp] = body.data.comparisons;
    for (const [code, compared] of [
      ["GB", gb],
      ["JP", jp],
    ] as const) {
      const history = (await get(`/api/v1/cpi/countries/${code}/history?start_date=2020-01-01`)).data;
      expect({ code, period: compared.period, behind: compared.months_behind, stale: compared.stale }).toEqual({
        code,
        period: last[code],
        behind: history.months_behind,
        stale: true,
      });
    }
    expect(jp.months_behind).toBeGreaterThanOrEqual(monthsBetween(last.JP, last.US)); // the U.S. or a fresher series
  });

  test("series within a year of each other: nothing stale, no note", async () => {
    const body = await get("/api/v1/cpi/compare?countries=DE,FR");
    expect(monthsBetween(last.FR, last.DE)).toBeLessThanOrEqual(12);
    expect(body.data.comparisons.map((c: any) => [c.stale, c.note])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(body.metadata.methodology_notes).not.toContain("Stale");
  });
});

describe("E9: the last observation against the freshest all-items series the service holds", () => {
  test("that reference is the U.S. BLS CPI-U: no HICP or World Bank series in the files reaches further", () => {
    expect(hicpLatest <= last.US).toBe(true);
    expect(wbLatest <= last.US).toBe(true);
  });

  test("Japan and the United Kingdom are stale; Germany and the U.S. are not", async () => {
    for (const code of ["JP", "GB", "DE", "US"]) {
      const body = await get(`/api/v1/cpi/countries/${code}/history?start_date=2015-01-01`);
      const behind = monthsBetween(last[code], last.US);
      expect({
        code,
        latest_period: body.data.latest_period,
        months_behind: body.data.months_behind,
        stale: body.data.stale,
      }).toEqual({ code, latest_period: last[code], months_behind: behind, stale: behind > 12 });
      expect(body.data.observations.at(-1).period).toBe(last[code]);
      if (behind > 12)
        expect(body.metadata.methodology_notes).toContain(
          `Stale: the series ends ${month(last[code])}, ${behind} months behind`,
        );
      else expect(body.metadata.methodology_notes).not.toContain("Stale");
    }
  });

  test("latest_period is the series' last month whatever the date range asks for", async () => {
    const body = await get("/api/v1/cpi/countries/UK/history?start_date=2015-01-01&end_date=2015-12-31");
    expect(body.data.observations.at(-1).period).toBe("2015-12-01");
    expect(body.data).toMatchObject({ latest_period: last.GB, stale: true });
  });

  test("a category ending early is stale too: U.S. food (FRED's copy of the BLS series) against the all-items series", async () => {
    const body = await get("/api/v1/cpi/countries/US/history?category=SAF&start_date=2023-01-01");
    expect(body.data).toMatchObject({
      latest_period: usFoodLast,
      months_behind: monthsBetween(usFoodLast, last.US),
      stale: monthsBetween(usFoodLast, last.US) > 12,
    });
  });
});
