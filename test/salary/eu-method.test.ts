// The one EU earnings method (docs/api-guide.md, "EU earnings") end to end: each basis for one country, with every figure
// read here from the Eurostat files; every country with SES hourly data answers a mean; E3 and E5 say the same.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { jsonStat, sesHourly, textRows } from "../support/publisher.ts";

let s: TestServer;
let ses: Awaited<ReturnType<typeof sesHourly>>;
let annualOf: (geo: string, group: string) => number | null;
let monthlyOf: (geo: string, group: string, sex: string) => number | null;
let hourlyGeos: string[];
beforeAll(async () => {
  s = startTestServer({ EU_LEGACY_ENDPOINTS: "on" }); // E5, compared with E2 below, answers 410 by default since 2026-09-01
  ses = await sesHourly();
  const annual = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
  annualOf = (geo, group) =>
    annual.value({
      freq: "A",
      sex: "T",
      indic_se: "ERN",
      isco08: group,
      age: "TOTAL",
      sizeclas: "GE10",
      unit: "EUR",
      geo,
      time: "2022",
    });
  const monthly = await textRows("eurostat/earn_ses_21_mean_monthly_by_isco1_sex.csv");
  monthlyOf = (geo, group, sex) => {
    const row = monthly.find((r) => r.geo === geo && r.year === "2022" && r.isco08 === group && r.sex === sex);
    return row?.mean_monthly_gross_eur ? Number(row.mean_monthly_gross_eur) : null;
  };
  hourlyGeos = Object.keys((await jsonStat("eurostat/earn_ses22_47.json")).ds.dimension.geo.category.index).filter(
    (g) => !g.startsWith("EU"),
  );
});
afterAll(() => s.stop());

const salary = async (title: string, location: string) => {
  const res = await s.call("salary", `/api/v1/salary?job_title=${encodeURIComponent(title)}&location=${location}`);
  expect(res.status).toBe(200);
  return res.json();
};

/** Implied annual paid hours of a group, worked here: annual ÷ hourly for DE, ES, IT, PL, rounded, then the median. */
function impliedHours(group: string) {
  const each = ["DE", "ES", "IT", "PL"]
    .map((g) => [annualOf(g, group), ses.hourly(g, group, "T")] as const)
    .filter(([a, h]) => a !== null && h !== null)
    .map(([a, h]) => Math.round(a! / h!))
    .sort((a, b) => a - b);
  const mid = each.length >> 1;
  return each.length % 2 ? each[mid]! : Math.round((each[mid - 1]! + each[mid]!) / 2);
}

describe("E2: one country per basis", () => {
  test("annual (Germany, a nurse in group 2): the published annual mean; by sex at Germany's own annual ÷ hourly", async () => {
    const body = await salary("Registered Nurse", "DE");
    const [annual, hourly] = [annualOf("DE", "OC2")!, ses.hourly("DE", "OC2", "T")!];
    expect(body.salary).toMatchObject({
      mean: annual,
      basis: "annual",
      mean_hourly: hourly,
      benchmark_resolution: "isco_major_group",
      benchmark_group: { code: "2", name: "Professionals" },
    });
    expect(body.salary.mean_male).toBe(Math.round(ses.hourly("DE", "OC2", "M")! * (annual / hourly)));
    expect(body.salary.mean_female).toBe(Math.round(ses.hourly("DE", "OC2", "F")! * (annual / hourly)));
    expect(body.notes.join(" ")).toContain("basis annual");
  });

  test("monthly × 12 (Austria, a bricklayer in group 7): the published monthly mean × 12, and by sex the same way", async () => {
    const body = await salary("Bricklayer", "AT");
    expect(annualOf("AT", "OC7")).toBeNull();
    expect(body.salary).toMatchObject({
      mean: monthlyOf("AT", "OC7", "T")! * 12,
      basis: "monthly_x_12",
      mean_hourly: ses.hourly("AT", "OC7", "T"),
      benchmark_group: { code: "7" },
    });
    expect(body.salary.mean_male).toBe(monthlyOf("AT", "OC7", "M")! * 12);
    expect(body.salary.mean_female).toBe(monthlyOf("AT", "OC7", "F")! * 12);
  });

  test("hourly × implied hours (France, a software engineer in group 2): an estimate, with the hours and their spread named", async () => {
    const body = await salary("Software Engineer", "FR");
    expect(monthlyOf("FR", "OC2", "T")).toBeNull();
    const hours = impliedHours("OC2");
    const hourly = ses.hourly("FR", "OC2", "T")!;
    expect(body.salary).toMatchObject({
      mean: Math.round(hourly * hours),
      basis: "hourly_x_hours",
      mean_hourly: hourly,
      benchmark_group: { code: "2", name: "Professionals" },
    });
    expect(body.salary.mean_male).toBe(Math.round(ses.hourly("FR", "OC2", "M")! * hours));
    const note = body.notes.find((n: string) => n.startsWith("mean (basis hourly_x_hours, an estimate)"));
    expect(note).toContain(`× ${hours} implied annual paid hours`);
    expect(note).toContain(`DE ${Math.round(annualOf("DE", "OC2")! / ses.hourly("DE", "OC2", "T")!)}`);
  });
});

test("every country with an SES 2022 hourly mean for a group answers a non-null mean for it, with its basis", async () => {
  const answered: string[] = [];
  for (const geo of hourlyGeos) {
    const iso = geo === "EL" ? "GR" : geo;
    for (const [title, group] of [
      ["Accountant", "OC2"],
      ["Cashier", "OC5"],
      ["Bricklayer", "OC7"],
    ] as const) {
      if (ses.hourly(geo, group, "T") === null) continue;
      const body = await salary(title, iso);
      expect({
        geo,
        group,
        mean: typeof body.salary.mean,
        code: body.salary.benchmark_group.code,
        basis: body.salary.basis,
      }).toEqual({
        geo,
        group,
        mean: "number",
        code: group.slice(2),
        basis:
          annualOf(geo, group) !== null
            ? "annual"
            : monthlyOf(geo, group, "T") !== null
              ? "monthly_x_12"
              : "hourly_x_hours",
      });
      answered.push(`${geo}/${group}`);
    }
  }
  // Every one of the 27 countries answered at least one of the three groups (the test cannot pass by skipping).
  expect(new Set(answered.map((a) => a.split("/")[0])).size).toBe(hourlyGeos.length);
  expect(hourlyGeos.length).toBe(27);
});

test("annual basis where the monthly extract also has the country (Italy): by sex at Italy's annual ÷ hourly, not monthly × 12", async () => {
  const body = await salary("Accountant", "IT");
  expect(monthlyOf("IT", "OC2", "M")).not.toBeNull(); // the premise: both published
  const [annual, hourly] = [annualOf("IT", "OC2")!, ses.hourly("IT", "OC2", "T")!];
  expect(body.salary).toMatchObject({
    mean: annual,
    basis: "annual",
    mean_male: Math.round(ses.hourly("IT", "OC2", "M")! * (annual / hourly)),
  });
});

test("in USD, mean_hourly keeps its cents", async () => {
  const [eur, usd] = [
    await salary("Software Engineer", "FR"),
    await (await s.call("salary", "/api/v1/salary?job_title=Software%20Engineer&location=FR&currency=USD")).json(),
  ];
  expect(usd.salary.currency).toBe("USD");
  expect(usd.salary.mean_hourly).toBeCloseTo(eur.salary.mean_hourly * (usd.salary.mean / eur.salary.mean), 1);
  expect(Number.isInteger(usd.salary.mean_hourly)).toBe(false);
});

test("E3 and E5 carry the same basis, hourly mean and benchmark group as E2", async () => {
  const e2 = await salary("Software Engineer", "FR");
  const e3 = await (
    await s.call("salary", "/api/v1/salary/compare?job_title=Software%20Engineer&locations=FR;DE")
  ).json();
  expect(e3.comparisons[0]).toMatchObject({
    mean: e2.salary.mean,
    basis: "hourly_x_hours",
    mean_hourly: e2.salary.mean_hourly,
    benchmark_resolution: "isco_major_group",
    benchmark_group: e2.salary.benchmark_group,
  });
  expect(e3.comparisons[1]).toMatchObject({ basis: "annual", mean: annualOf("DE", "OC2") });
  const e5 = await (
    await s.call("salary", "/api/v1/salary/eu/compare?job_title=Software%20Engineer&countries=FR;DE")
  ).json();
  expect(e5.comparisons[0]).toMatchObject({
    mean_annual: e2.salary.mean,
    basis: "hourly_x_hours",
    mean_hourly: e2.salary.mean_hourly,
  });
  expect(e5).toMatchObject({
    benchmark_resolution: "isco_major_group",
    benchmark_group: { code: "2", name: "Professionals" },
  });
  // A country with no figure for the group still names the group it looked for.
  const gap = await (await s.call("salary", "/api/v1/salary/compare?job_title=Farmer&locations=DK;DE")).json();
  expect(ses.hourly("DK", "OC6", "T")).toBeNull();
  expect(gap.comparisons[0]).toMatchObject({
    mean: null,
    basis: null,
    benchmark_resolution: "isco_major_group",
    benchmark_group: { code: "6" },
  });
});
