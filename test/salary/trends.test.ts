// E1 GET /v1/trends: medians against each year's OEWS workbook, the CAGR formula, and the error paths.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { excelRows } from "../support/publisher.ts";
import { resolveLocation, type UsArea } from "../../src/domain/location.ts";
import { wageTrend } from "../../src/hosts/salary/trend-series.ts";

let s: TestServer;
const nationalMedian = new Map<number, number | null>();
/** Each national workbook's rows by OCC_CODE: TOT_EMP and A_MEDIAN (upper-case columns to 2018, lower-case in 2019–2020). */
const workbook = new Map<number, Map<string, { emp: number | null; median: number | null }>>();
const WORKBOOK_YEARS = [2014, 2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024];
beforeAll(async () => {
  s = startTestServer();
  for (const year of WORKBOOK_YEARS) {
    const rows = await excelRows(`bls-oews/national_M${year}_dl.xlsx`);
    const numeric = (v: unknown) => (typeof v === "number" ? v : null);
    workbook.set(
      year,
      new Map(
        rows.map((r) => [
          r.OCC_CODE ?? r.occ_code,
          { emp: numeric(r.TOT_EMP ?? r.tot_emp), median: numeric(r.A_MEDIAN ?? r.a_median) },
        ]),
      ),
    );
    nationalMedian.set(year, workbook.get(year)!.get("29-1141")!.median);
  }
}, 120_000);
afterAll(() => s.stop());
const get = (q: string) => s.call("salary", `/api/v1/trends?${q}`);

describe("E1", () => {
  test("registered nurses, national: every vintage's published median, ascending; CAGR by the spec's formula", async () => {
    const body = await (await get("job_title=Registered%20Nurse")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    for (const p of body.trend.filter((p: any) => p.year < 2025))
      expect([p.median, p.basis]).toEqual([nationalMedian.get(p.year), "published"]);
    const [first, last] = [body.trend[0], body.trend.at(-1)];
    expect(body.cagr).toBe((((last.median / first.median) ** (1 / (last.year - first.year)) - 1) * 100).toFixed(2));
    expect(body.inflation_adjusted_cagr).toBeNull();
  });

  test("years=3: the three most recent vintages", async () => {
    const body = await (await get("job_title=Registered%20Nurse&years=3")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2023, 2024, 2025]);
  });

  test("software developers (15-1252) back to May 2014: SOC 2010 years combined from 15-1132 and 15-1133, 2019–2020 from hybrid 15-1256", () => {
    const national = (resolveLocation(undefined, s.app.services.locations) as { area: UsArea }).area;
    const trend = wageTrend("15-1252", national, 11, s.app.services);
    expect(trend.points.map((p) => [p.year, p.basis])).toEqual([
      [2014, "combined_soc2010"],
      [2015, "combined_soc2010"],
      [2017, "combined_soc2010"],
      [2018, "combined_soc2010"],
      [2019, "oews_hybrid"],
      [2020, "oews_hybrid"],
      [2021, "published"],
      [2022, "published"],
      [2023, "published"],
      [2024, "published"],
      [2025, "published"],
    ]);
    for (const p of trend.points.filter((p) => p.year <= 2018)) {
      const [a, b] = [workbook.get(p.year)!.get("15-1132")!, workbook.get(p.year)!.get("15-1133")!];
      expect(p.oews_codes).toEqual(["15-1132", "15-1133"]);
      expect(p.median).toBe(Math.round((a.emp! * a.median! + b.emp! * b.median!) / (a.emp! + b.emp!)));
    }
    for (const p of trend.points.filter((p) => p.year === 2019 || p.year === 2020))
      expect(p.median).toBe(workbook.get(p.year)!.get("15-1256")!.median);
    for (const p of trend.points.filter((p) => p.year >= 2021 && p.year <= 2024))
      expect(p.median).toBe(workbook.get(p.year)!.get("15-1252")!.median);
  });

  test("the combination worked by hand for May 2018: (903,160 × 103,620 + 405,330 × 110,000) ÷ 1,308,490 = 105,596.33 → 105,596", async () => {
    expect([workbook.get(2018)!.get("15-1132"), workbook.get(2018)!.get("15-1133")]).toEqual([
      { emp: 903160, median: 103620 },
      { emp: 405330, median: 110000 },
    ]);
    const body = await (await get("job_title=Software%20Developers&years=10")).json();
    expect(body.trend.find((p: any) => p.year === 2018)).toEqual({
      year: 2018,
      median: 105596,
      basis: "combined_soc2010",
      oews_codes: ["15-1132", "15-1133"],
    });
    expect(body.trend.map((p: any) => p.year)).toEqual([2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    const notes = body.notes.join(" ");
    expect(notes).toContain("May 2015, 2017 and 2018: derived, not published (basis combined_soc2010)");
    expect(notes).toContain(
      "hybrid code 15-1256 (Software Developers and Software Quality Assurance Analysts and Testers), which also holds 15-1253",
    );
    expect(notes).toContain("OEWS May 2016 is not in the data mirror");
  });

  test("web developers (15-1254): no point before 2021: 15-1134 was divided, and the hybrid 15-1257 counts other people too", async () => {
    const body = await (await get("occupation_code=15-1254&years=10")).json();
    expect(body.trend.map((p: any) => [p.year, p.basis])).toEqual([
      [2021, "published"],
      [2022, "published"],
      [2023, "published"],
      [2024, "published"],
      [2025, "published"],
    ]);
    // The hybrid Web Developers and Digital Interface Designers: May 2020 employment against 15-1254's in May 2021.
    const [hybrid, own] = [workbook.get(2020)!.get("15-1257")!.emp!, workbook.get(2021)!.get("15-1254")!.emp!];
    expect(Math.abs(hybrid - own) > 0.2 * own).toBe(true); // 156,220 against 84,820 in the files
    expect(body.notes.join(" ")).toContain(
      `Left out: May 2019 and 2020: those vintages publish 15-1254 only within 15-1257 (Web Developers and Digital Interface Designers), a different population: 15-1257 (Web Developers and Digital Interface Designers) counted ${hybrid.toLocaleString("en-US")} people nationally in May 2020, ${(hybrid / own).toFixed(2)} times the ${own.toLocaleString("en-US")} of 15-1254 in May 2021`,
    );
    expect(body.notes.join(" ")).toContain(
      "Left out: 2015, 2017 and 2018. SOC 2010 15-1134 (Web Developers), from which 15-1254 came, was divided among several SOC 2018 codes",
    );
  });

  test("QA analysts and testers (15-1253): the hybrid 15-1256 mostly counts developers, so 2019–2020 are left out (no −11% step)", async () => {
    const body = await (await get("occupation_code=15-1253&years=10")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
    const [hybrid, own] = [workbook.get(2020)!.get("15-1256")!.emp!, workbook.get(2021)!.get("15-1253")!.emp!];
    expect(body.notes.join(" ")).toContain(
      `counted ${hybrid.toLocaleString("en-US")} people nationally in May 2020, ${(hybrid / own).toFixed(2)} times the ${own.toLocaleString("en-US")} of 15-1253 in May 2021`,
    );
    // Software developers (15-1252) are most of 15-1256: within ±20%, so its 2019–2020 points stay.
    const dev = await (await get("occupation_code=15-1252&years=10")).json();
    const devOwn = workbook.get(2021)!.get("15-1252")!.emp!;
    expect(Math.abs(hybrid - devOwn) <= 0.2 * devOwn).toBe(true);
    expect(
      dev.trend.filter((p: any) => p.year === 2019 || p.year === 2020).map((p: any) => [p.year, p.median]),
    ).toEqual([
      [2019, workbook.get(2019)!.get("15-1256")!.median],
      [2020, workbook.get(2020)!.get("15-1256")!.median],
    ]);
  });

  test("a merged code that keeps one source's number (27-3099 ← 27-3012 + 27-3099): combined to May 2018, its own figure from 2019", async () => {
    const body = await (await get("occupation_code=27-3099&years=10")).json();
    const at = (year: number) => body.trend.find((p: any) => p.year === year);
    const [a, b] = [workbook.get(2018)!.get("27-3012")!, workbook.get(2018)!.get("27-3099")!];
    expect(at(2018)).toEqual({
      year: 2018,
      median: Math.round((a.emp! * a.median! + b.emp! * b.median!) / (a.emp! + b.emp!)),
      basis: "combined_soc2010",
      oews_codes: ["27-3012", "27-3099"],
    });
    expect(at(2019)).toEqual({
      year: 2019,
      median: workbook.get(2019)!.get("27-3099")!.median,
      basis: "published",
      oews_codes: ["27-3099"],
    });
    expect(body.notes.join(" ")).not.toContain("Left out");
  });

  test("a number that lives on with most of its people (43-4051, ratio 0.97): its SOC 2010 figures, published, with a note", async () => {
    const body = await (await get("occupation_code=43-4051&years=10")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2015, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    for (const p of body.trend.filter((p: any) => p.year <= 2024))
      expect([p.median, p.basis]).toEqual([workbook.get(p.year)!.get("43-4051")!.median, "published"]);
    expect(body.notes.join(" ")).toContain(
      "May 2015, 2017 and 2018: the published figure of SOC 2010 43-4051 (Customer Service Representatives) answers. It also held O*NET occupations",
    );
  });

  test("a broad group whose SOC 2010 range held other occupations is not carried back (51-2090 before 2019), and the note says so truly", async () => {
    const body = await (await get("occupation_code=51-2092&years=10")).json();
    expect(body.trend[0]).toEqual({
      year: 2019,
      median: workbook.get(2019)!.get("51-2090")!.median,
      basis: "published",
      oews_codes: ["51-2090"],
    });
    expect(workbook.get(2018)!.get("51-2090")).toBeDefined(); // published then, but with other occupations in it
    expect(body.notes.join(" ")).toContain(
      "Left out: 2015, 2017 and 2018 (no figure under 51-2090 (Miscellaneous Assemblers and Fabricators) holding the same occupations",
    );
  });

  test("a state: the vintages the mirror holds for it, and why the others are missing", async () => {
    const body = await (await get("occupation_code=29-1141&location=CA&years=5")).json();
    expect(body.trend.map((p: any) => p.year)).toEqual([2024, 2025]);
    expect(body.notes.join(" ")).toContain(
      "The data mirror holds OEWS for California for May 2024 and 2025 only: its state figures for May 2021, 2022 and 2023 are not in it",
    );
  });

  test("a metro has one vintage (May 2025): one point, cagr null", async () => {
    const body = await (await get("job_title=Registered%20Nurse&location=Austin")).json();
    expect(body.trend.length).toBe(1);
    expect(body.cagr).toBeNull();
    expect(body.notes.join(" ")).toContain("for May 2025 only: its metropolitan-area figures for May 2015, 2017,");
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
