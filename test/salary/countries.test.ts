// X7 GET /api/v1/salary/countries: every EU/EEA country and the earnings figures it has, each checked against the
// Eurostat files (country table, SES 2022 hourly, annual and monthly means, minimum wages, headline pay gap).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { eurostatTsv, jsonStat, semesterToday, sesHourly, textRows } from "../support/publisher.ts";

let s: TestServer;
let body: any;
const expected = new Map<string, any>(); // Eurostat code → the listing worked out here from the files
beforeAll(async () => {
  s = startTestServer();
  const res = await s.call("salary", "/api/v1/salary/countries");
  expect(res.status).toBe(200);
  body = await res.json();

  // The EEA: the EU members and the EFTA states except Switzerland.
  const eea = (await textRows("eurostat/countries.csv")).filter(
    (r) => r.is_eu === "1" || (r.is_efta === "1" && r.code !== "CH"),
  );
  const ses = await sesHourly();
  const hourlyFile = await jsonStat("eurostat/earn_ses22_47.json");
  const surveyYear = Number(Object.keys(hourlyFile.ds.dimension.time.category.index).at(-1));
  const annualFile = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
  const annualGeos = Object.keys(annualFile.ds.dimension.geo.category.index);
  const annual = (geo: string, group: string) =>
    annualGeos.includes(geo)
      ? annualFile.value({
          freq: "A",
          sex: "T",
          indic_se: "ERN",
          isco08: group,
          age: "TOTAL",
          sizeclas: "GE10",
          unit: "EUR",
          geo,
          time: "2022",
        })
      : null;
  const monthlyRows = await textRows("eurostat/earn_ses_21_mean_monthly_by_isco1_sex.csv");
  const monthly = (geo: string, group: string) =>
    monthlyRows.find(
      (r) => r.geo === geo && r.year === "2022" && r.isco08 === group && r.sex === "T" && r.mean_monthly_gross_eur,
    );
  const hourly = (geo: string, group: string, sex: string) =>
    hourlyFile.ds.dimension.geo.category.index[geo] === undefined ? null : ses.hourly(geo, group, sex);
  // Implied paid hours exist for a group when a country publishes both its annual and hourly means (docs/api-guide.md, EU earnings).
  const hoursKnown = (group: string) =>
    annualGeos.some((g) => annual(g, group) !== null && hourly(g, group, "T") !== null);
  const mw = await eurostatTsv("eurostat/estat_earn_mw_cur.tsv");
  const gapRows = await textRows("eurostat/sdg_05_20_linear.csv");

  for (const { code: geo, name_en } of eea) {
    const groups = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].flatMap((code) => {
      const g = `OC${code}`;
      const [a, m, h] = [annual(geo, g), monthly(geo, g), hourly(geo, g, "T")];
      if (a === null && !m && h === null) return [];
      const basis = a !== null ? "annual" : m ? "monthly_x_12" : h !== null && hoursKnown(g) ? "hourly_x_hours" : null;
      const [men, women] = [hourly(geo, g, "M"), hourly(geo, g, "F")];
      return [{ code, mean_hourly: h !== null, basis, gender_gap: men !== null && women !== null && men !== 0 }];
    });
    const semester = mw.latest({ currency: "EUR", geo }, semesterToday());
    const gap = gapRows
      .filter((r) => r.geo === name_en && r.OBS_VALUE !== "")
      .sort((x, y) => Number(x.TIME_PERIOD) - Number(y.TIME_PERIOD))
      .at(-1);
    expected.set(geo, {
      has_data: groups.length > 0,
      earnings_survey: { year: groups.length ? surveyYear : null, occupation_groups: groups.length, groups },
      has_minimum_wage: semester !== null,
      minimum_wage: semester && {
        monthly_eur: mw.cell({ currency: "EUR", geo }, semester).value,
        monthly_pps: mw.cell({ currency: "PPS", geo }, semester).value,
        year: Number(semester.slice(0, 4)),
        semester: Number(semester.slice(-1)),
        flags: {
          monthly_eur: mw.cell({ currency: "EUR", geo }, semester).flag,
          monthly_pps: mw.cell({ currency: "PPS", geo }, semester).flag,
        },
      },
      gender_pay_gap: gap ? { pct: Number(gap.OBS_VALUE), year: Number(gap.TIME_PERIOD) } : null,
    });
  }
});
afterAll(() => s.stop());

const listed = (iso: string) => body.countries.find((c: any) => c.country_code === iso);

describe("X7: which countries", () => {
  test("the EU-27, Iceland, Liechtenstein and Norway, once each, by English name; Greece as GR (Eurostat's EL)", () => {
    expect(body.countries.map((c: any) => c.eurostat_code).sort()).toEqual([...expected.keys()].sort());
    expect(body.countries).toHaveLength(30);
    const names = body.countries.map((c: any) => c.country_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(listed("GR")).toMatchObject({ country_name: "Greece", eurostat_code: "EL" });
    expect(listed("DE")).toMatchObject({ country_name: "Germany", eurostat_code: "DE" });
  });

  test("provenance: the Eurostat datasets with their vintages", () => {
    expect(body.data_source).toContain("Structure of Earnings Survey 2022");
    expect(body.data_source).toContain("earn_mw_cur");
  });
});

describe("X7: each country's figures, from the Eurostat files", () => {
  test("SES groups (hourly mean, E2's annual basis, gender gap), minimum wage in force, headline pay gap: every country", () => {
    for (const {
      country_code: _,
      country_name: __,
      eurostat_code: geo,
      legal_minimum_wage: ___,
      ...figures
    } of body.countries) {
      const groups = figures.earnings_survey.groups.map(({ name: _name, ...g }: any) => g);
      expect({ geo, ...figures, earnings_survey: { ...figures.earnings_survey, groups } }).toEqual({
        geo,
        ...expected.get(geo),
      });
    }
  });

  test("the 27 EU members have SES figures; Iceland, Liechtenstein and Norway have none, and say so", () => {
    expect(body.countries.filter((c: any) => c.has_data).length).toBe(27);
    for (const iso of ["IS", "LI", "NO"])
      expect(listed(iso)).toMatchObject({
        has_data: false,
        earnings_survey: { year: null, occupation_groups: 0, groups: [] },
      });
  });

  test("worked by hand: Germany publishes annual means (basis annual) and a minimum wage; Austria has none; Malta monthly means without hourly ones", () => {
    const de = listed("DE");
    expect(de.earnings_survey.groups.find((g: any) => g.code === "2")).toEqual({
      code: "2",
      name: "Professionals",
      mean_hourly: true,
      basis: "annual",
      gender_gap: true,
    });
    expect(de.has_minimum_wage).toBe(true);
    expect(listed("AT")).toMatchObject({ has_minimum_wage: false, minimum_wage: null });
    expect(listed("AT").earnings_survey.groups.find((g: any) => g.code === "7").basis).toBe("monthly_x_12");
    expect(listed("FR").earnings_survey.groups.find((g: any) => g.code === "2").basis).toBe("hourly_x_hours");
    // SES publishes Malta's hourly mean for groups 1, 7 and 8 only, its monthly means for all nine.
    expect(listed("MT").earnings_survey.groups.find((g: any) => g.code === "2")).toMatchObject({
      mean_hourly: false,
      basis: "monthly_x_12",
      gender_gap: false,
    });
  });

  test("each country with data answers E2 with figures for a group it lists", async () => {
    const fr = listed("FR");
    expect(fr.earnings_survey.groups.some((g: any) => g.code === "2")).toBe(true);
    const e2 = await (await s.call("salary", "/api/v1/salary?job_title=Software%20Engineer&location=FR")).json();
    expect(e2.salary.benchmark_group.code).toBe("2");
    expect(e2.salary.mean_hourly).not.toBeNull();
  });
});

describe("X7: the minimum wage as legislated, from minimum-wages/statutory_minimum_wages.csv", () => {
  test("every country: the amounts of the latest decision in force today binding employees, one per legal unit, with their sources", async () => {
    const table = await textRows("minimum-wages/statutory_minimum_wages.csv");
    const today = new Date().toISOString().slice(0, 10);
    for (const c of body.countries) {
      const rows = table.filter((r) => r.country === c.country_code);
      // Hungary's guaranteed minimum and Poland's civil-law hourly rate bind others; Belgium's and Malta's hourly equivalents are not legal rates.
      const binding = rows.filter(
        (r) =>
          r.unit !== "none" &&
          r.effective_from <= today &&
          !/GUARANTEED WAGE MINIMUM|CIVIL-LAW/.test(r.note) &&
          !/legal unit (is|remains)/i.test(r.note),
      );
      const latest = binding
        .map((r) => r.effective_from)
        .sort()
        .at(-1);
      const status = rows.some((r) => r.unit === "none") ? "none" : latest ? "statutory" : "not_in_table";
      // Daily amounts (ES, GR) sit beside a monthly one E8 applies.
      const expectedRules = binding
        .filter((r) => r.effective_from === latest && r.unit !== "day")
        .map((r) => ({
          amount: Number(r.amount),
          unit: r.unit,
          currency: r.currency,
          effective_from: r.effective_from,
          source_url: r.source_url,
        }));
      const got = c.legal_minimum_wage.rules.map(({ amount, unit, currency, effective_from, source_url }: any) => ({
        amount,
        unit,
        currency,
        effective_from,
        source_url,
      }));
      const byUnit = (a: any, b: any) => a.unit.localeCompare(b.unit);
      expect({ country: c.country_code, status: c.legal_minimum_wage.status, rules: got.sort(byUnit) }).toEqual({
        country: c.country_code,
        status,
        rules: expectedRules.sort(byUnit),
      });
    }
    expect(listed("IS").legal_minimum_wage).toEqual({ status: "not_in_table", rules: [] });
    expect(listed("NO").legal_minimum_wage.status).toBe("none");
  });
});

describe("X7: errors and docs", () => {
  test("an unknown parameter → 422; no key → 401; both in the envelope with request_id", async () => {
    for (const [init, path, status] of [
      [{}, "/api/v1/salary/countries?country=DE", 422],
      [{ key: null }, "/api/v1/salary/countries", 401],
    ] as const) {
      const res = await s.call("salary", path, init);
      expect(res.status).toBe(status);
      expect((await res.json()).error.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  test("OpenAPI lists it, undeprecated, with its response fields described; /docs shows it", async () => {
    const doc = await (await s.call("salary", "/openapi.json", { key: null })).json();
    const op = doc.paths["/api/v1/salary/countries"].get;
    expect(op.deprecated).toBeUndefined();
    expect(JSON.stringify(op)).toContain("has_minimum_wage");
    expect(await (await s.call("salary", "/docs", { key: null })).text()).toContain("/api/v1/salary/countries");
  });

  test("messages that sent users to E6 now name the listing", async () => {
    const e7 = await (
      await s.call("salary", "/api/v1/compliance/pay-gap-report", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          country: "NO",
          employees: [
            { job_title: "Nurse", gender: "M", salary: 1 },
            { job_title: "Nurse", gender: "F", salary: 1 },
          ],
        }),
      })
    ).text();
    expect(e7).toContain("GET /api/v1/salary/countries");
    expect(e7).not.toContain("/eu/countries");
  });
});
