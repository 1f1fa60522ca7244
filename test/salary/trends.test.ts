// E1 GET /v1/trends: medians against each year's OEWS workbook, the CAGR formula, and the error paths.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { excelRows } from "../support/publisher.ts";

let s: TestServer;
const nationalMedian = new Map<number, number | null>();
beforeAll(async () => {
  s = startTestServer();
  for (const year of [2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024]) {
    const rows = await excelRows(`bls-oews/national_M${year}_dl.xlsx`);
    const row = rows.find((r) => (r.OCC_CODE ?? r.occ_code) === "29-1141")!;
    const v = row.A_MEDIAN ?? row.a_median;
    nationalMedian.set(year, typeof v === "number" ? v : null);
  }
}, 120_000);
afterAll(() => s.stop());
const get = (q: string) => s.call("salary", `/api/v1/trends?${q}`);

describe("E1", () => {
  test("registered nurses, national: every vintage's published median, ascending; CAGR by the spec's formula", async () => {
    const body = await (await get("job_title=Registered%20Nurse")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    for (const p of body.trend.filter((p: any) => p.year < 2025)) expect(p.median).toBe(nationalMedian.get(p.year));
    const [first, last] = [body.trend[0], body.trend.at(-1)];
    expect(body.cagr).toBe(((Math.pow(last.median / first.median, 1 / (last.year - first.year)) - 1) * 100).toFixed(2));
    expect(body.inflation_adjusted_cagr).toBeNull();
  });

  test("years=3: the three most recent vintages", async () => {
    const body = await (await get("job_title=Registered%20Nurse&years=3")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2023, 2024, 2025]);
  });

  test("a SOC 2018 code with no one-to-one SOC 2010 code leaves the old years out and says so", async () => {
    const body = await (await get("job_title=Software%20Developer")).json();
    expect(body.trend[0].year).toBe(2021);
    expect(body.notes.join(" ")).toContain("Left out: 2015, 2017, 2018, 2019, 2020");
  });

  test("a metro has one vintage (May 2025): one point, cagr null", async () => {
    const body = await (await get("job_title=Registered%20Nurse&location=Austin")).json();
    expect(body.trend.length).toBe(1);
    expect(body.cagr).toBeNull();
  });

  test("EU location → 404 NO_TREND_DATA saying EU trends are unsupported", async () => {
    const res = await get("job_title=nurse&location=Deutschland");
    expect(res.status).toBe(404);
    const { error } = await res.json();
    expect(error.code).toBe("NO_TREND_DATA");
    expect(error.message).toContain("EU trend data is unsupported");
  });

  test("no title match → 404 NO_SALARY_DATA; unknown place → 404 NO_TREND_DATA (E1 declares no 400)", async () => {
    expect((await (await get("job_title=xyzzy%20qwrtp")).json()).error.code).toBe("NO_SALARY_DATA");
    const res = await get("job_title=nurse&location=Xyzzyville");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NO_TREND_DATA");
  });

  for (const q of ["job_title=nurse&years=0", "job_title=nurse&years=11", "job_title=nurse&years=2.5", "years=3"]) {
    test(`${q} → 422`, async () => expect((await get(q)).status).toBe(422));
  }
});
