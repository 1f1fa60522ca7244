import { describe, expect, test } from "bun:test";
import { rulesOn, ruleFor, floorFor, fullTimeWeek, statutoryCheck, type StatutoryRow } from "./statutory-minimum.ts";

const row = (over: Partial<StatutoryRow>): StatutoryRow => ({
  country: "XX",
  effectiveFrom: "2026-01-01",
  unit: "month",
  amount: 1000,
  currency: "EUR",
  paymentsPerYear: 12,
  hoursPerWeek: null,
  sourceUrl: "https://example.org",
  sourceTitle: "Decree",
  note: null,
  appliesTo: "employees",
  equivalent: false,
  uncertain: false,
  hoursStatutory: over.hoursPerWeek != null,
  ...over,
});
const statutory = (rows: StatutoryRow[], on = "2026-06-01") => {
  const r = rulesOn(rows, on);
  if (r.kind !== "statutory") throw new Error(r.kind);
  return r;
};
const posting = (
  min: number,
  period: "annual" | "monthly" | "hourly",
  weeklyHours: number | null = null,
  on = "2026-06-01",
) => ({ period, weeklyHours, minInLawCurrency: min, converted: false, on });
const codes = (r: { findings: { code: string; severity: string }[] }) =>
  r.findings.map((f) => `${f.code}:${f.severity}`);

describe("rulesOn", () => {
  test("the latest decision on or before the date; a unit it does not restate is retired; civil-law rows never bind employees", () => {
    const rows = [
      row({ effectiveFrom: "2025-01-01", unit: "month", amount: 900 }),
      row({ effectiveFrom: "2025-01-01", unit: "hour", amount: 5 }),
      row({ effectiveFrom: "2026-01-01", unit: "month", amount: 1000 }),
      row({ effectiveFrom: "2026-01-01", unit: "hour", amount: 30, appliesTo: "civil_law_contracts" }),
      row({ effectiveFrom: "2027-01-01", unit: "month", amount: 1100 }),
    ];
    const r = statutory(rows);
    expect(r.inForce.map((x) => [x.unit, x.amount])).toEqual([["month", 1000]]);
    expect(r.upcoming.map((x) => x.amount)).toEqual([1100]);
    expect(
      statutory(rows, "2025-12-31")
        .inForce.map((x) => x.amount)
        .sort(),
    ).toEqual([5, 900]);
    expect(rulesOn(rows, "2024-12-31").kind).toBe("not_in_table");
    expect(rulesOn([row({ unit: "none", amount: null, effectiveFrom: null })], "2026-06-01").kind).toBe("none");
  });

  test("an hourly posting meets the law's hourly rate; a salary meets its monthly one; an equivalent is never the rule", () => {
    const inForce = [row({ unit: "month" }), row({ unit: "hour", amount: 6, equivalent: true })];
    expect(ruleFor(inForce, "hourly")?.unit).toBe("month");
    expect(ruleFor([...inForce, row({ unit: "hour", amount: 6 })], "hourly")?.unit).toBe("hour");
    expect(ruleFor([row({ unit: "hour", amount: 6 })], "annual")?.unit).toBe("hour");
  });
});

describe("floors worked by hand", () => {
  test("month: × payments a year; an hourly floor over 52 weeks of the full-time week; a part-time salary pro rata", () => {
    const spain = row({ amount: 1221, paymentsPerYear: 14 });
    expect(floorFor(spain, [spain], "annual", null).amount).toBe(17094); // 1,221 × 14
    expect(floorFor(spain, [spain], "monthly", null)).toMatchObject({ amount: 1221, hours: null });
    expect(floorFor(spain, [spain], "hourly", null)).toMatchObject({ hours: { perWeek: 40, basis: "assumed" } });
    expect(floorFor(spain, [spain], "hourly", null).amount).toBeCloseTo(17094 / 2080, 10);
    expect(floorFor(spain, [spain], "hourly", 20).amount).toBeCloseTo(17094 / 2080, 10); // a part-timer's hourly floor is the same
    expect(floorFor(spain, [spain], "annual", 20)).toMatchObject({
      amount: 8547,
      hours: { perWeek: 20, basis: "assumed" },
    }); // 17,094 × 20 ÷ 40
    const czechia = row({ amount: 22400, currency: "CZK", hoursPerWeek: 40 });
    expect(floorFor(czechia, [czechia], "monthly", 20)).toMatchObject({
      amount: 11200,
      hours: { perWeek: 20, basis: "rule" },
    });
    expect(floorFor(czechia, [czechia], "monthly", 45)).toMatchObject({ amount: 22400, hours: null }); // overtime is paid on top
  });
  test("hour: × the job's week × 52 (÷ 12 a month); week: × 52, ÷ its stated hours", () => {
    const france = row({ unit: "hour", amount: 12.02, hoursPerWeek: 35 });
    expect(floorFor(france, [france], "monthly", null).amount).toBeCloseTo(1823.0333, 4); // 12.02 × 35 × 52 ÷ 12
    expect(floorFor(france, [france], "annual", 20).amount).toBeCloseTo(12500.8, 6); // 12.02 × 20 × 52 = 12.02 × 1,040
    const ireland = row({ unit: "hour", amount: 14.15, hoursPerWeek: 39, hoursStatutory: false });
    expect(fullTimeWeek(ireland, [ireland])).toEqual({ perWeek: 39, basis: "convention" });
    const malta = row({ unit: "week", amount: 221.78, hoursPerWeek: 40 });
    expect(floorFor(malta, [malta], "annual", null).amount).toBeCloseTo(11532.56, 6); // 221.78 × 52
    expect(floorFor(malta, [malta], "hourly", null).amount).toBeCloseTo(5.5445, 6); // 221.78 ÷ 40
    const belgium = row({ amount: 2111.89 });
    const equivalent = row({ unit: "hour", amount: 12.8252, hoursPerWeek: 38, equivalent: true });
    expect(floorFor(belgium, [belgium, equivalent], "hourly", null)).toMatchObject({
      hours: { perWeek: 38, basis: "official_equivalent" },
    });
    // 2,111.89 × 12 ÷ (52 × 38) = 12.82524…; the government publishes 12.8252, and its figure is the one applied
    expect(floorFor(belgium, [belgium, equivalent], "hourly", null).amount).toBe(12.8252);
  });
});

describe("statutoryCheck", () => {
  test("hourly floors are met exactly, salaries at the cent: Malta 5.54 < 221.78 ÷ 40; Belgium's own 12.8252 passes", () => {
    const mt = [row({ unit: "week", amount: 221.78, hoursPerWeek: 40 })];
    expect(codes(statutoryCheck(posting(5.54, "hourly"), statutory(mt), "X"))).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    expect(codes(statutoryCheck(posting(5.5445, "hourly"), statutory(mt), "X"))).toEqual([]);
    const be = [row({ amount: 2111.89 }), row({ unit: "hour", amount: 12.8252, hoursPerWeek: 38, equivalent: true })];
    expect(statutoryCheck(posting(12.8252, "hourly"), statutory(be), "X").findings[0].message).toStartWith(
      "Probably at or above",
    );
  });
  test("a part-time salary meets the pro-rata share of a monthly law; below a convention week (Ireland's 39) is below, the week named", () => {
    const pl = [row({ amount: 4806, currency: "PLN" })];
    expect(codes(statutoryCheck(posting(2403, "monthly", 20), statutory(pl), "X"))).toEqual([
      "MINIMUM_WAGE_HOURS_ASSUMED:warning",
    ]); // 4,806 × 20 ÷ 40
    const ie = [row({ unit: "hour", amount: 14.15, hoursPerWeek: 39, hoursStatutory: false })];
    expect(codes(statutoryCheck(posting(28000, "annual"), statutory(ie), "X"))).toEqual([
      "BELOW_MINIMUM_WAGE:error",
      "MINIMUM_WAGE_HOURS_ASSUMED:warning",
    ]); // 14.15 × 39 × 52 = 28,696.20
    expect(codes(statutoryCheck(posting(28696.2, "annual"), statutory(ie), "X"))).toEqual([
      "MINIMUM_WAGE_HOURS_ASSUMED:warning",
    ]);
    expect(codes(statutoryCheck(posting(28000, "annual", 39), statutory(ie), "X"))).toEqual([
      "BELOW_MINIMUM_WAGE:error",
    ]);
  });
  const de = [row({ unit: "hour", amount: 13.9 }), row({ unit: "hour", amount: 14.6, effectiveFrom: "2027-01-01" })];
  test("same unit: compared exactly; a cent under is an error", () => {
    expect(codes(statutoryCheck(posting(13.9, "hourly"), statutory(de), "X"))).toEqual(["UPCOMING_MINIMUM_WAGE:info"]);
    expect(codes(statutoryCheck(posting(13.89, "hourly"), statutory(de), "X"))[0]).toBe("BELOW_MINIMUM_WAGE:error");
  });
  test("a conversion on an assumed week: below it an error and a warning naming the week, at or above a warning; the posting's week settles it", () => {
    // 13.90 × 40 × 52 ÷ 12 = 2,409.33 a month
    expect(codes(statutoryCheck(posting(2409.33, "monthly"), statutory(de), "X"))[0]).toBe(
      "MINIMUM_WAGE_HOURS_ASSUMED:warning",
    );
    const under = statutoryCheck(posting(2409.32, "monthly"), statutory(de), "X");
    expect(codes(under).slice(0, 2)).toEqual(["BELOW_MINIMUM_WAGE:error", "MINIMUM_WAGE_HOURS_ASSUMED:warning"]);
    expect(under.findings[1].message).toStartWith("The shortfall rests on a week nobody stated");
    // An unconfirmed source makes the shortfall a warning, as every shortfall on it.
    const unsure = [row({ unit: "hour", amount: 13.9, uncertain: true })];
    expect(codes(statutoryCheck(posting(2409.32, "monthly"), statutory(unsure), "X"))).toContain(
      "BELOW_MINIMUM_WAGE:warning",
    );
    // 13.90 × 38 × 52 ÷ 12 = 2,288.87 a month at 38 hours
    expect(codes(statutoryCheck(posting(2288.86, "monthly", 38), statutory(de), "X"))[0]).toBe(
      "BELOW_MINIMUM_WAGE:error",
    );
    expect(
      statutoryCheck(posting(2288.87, "monthly", 38), statutory(de), "X").findings.map((f) => f.severity),
    ).not.toContain("error");
  });
  test("an hourly posting under a monthly floor spread over 48 hours is an error whatever the week", () => {
    const pl = [row({ amount: 4806, currency: "PLN" })];
    // 4,806 × 12 ÷ (52 × 48) = 23.11; at the assumed 40 hours 27.73
    expect(codes(statutoryCheck(posting(23.1, "hourly"), statutory(pl), "X"))).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    // Between the floors at 48 and at the assumed 40 hours: below at the assumed week, which is named.
    expect(codes(statutoryCheck(posting(23.11, "hourly"), statutory(pl), "X"))).toEqual([
      "BELOW_MINIMUM_WAGE:error",
      "MINIMUM_WAGE_HOURS_ASSUMED:warning",
    ]);
    expect(statutoryCheck(posting(23.11, "hourly"), statutory(pl), "X").findings[1].message).toContain(
      "does not state the full-time week",
    );
    expect(statutoryCheck(posting(27.73, "hourly"), statutory(pl), "X").findings[0].message).toStartWith(
      "Probably at or above",
    );
  });
  test("14 payments: a monthly amount between the law's and 14/12 of it is legal only if paid 14 times", () => {
    const es = [row({ amount: 1221, paymentsPerYear: 14 })];
    expect(codes(statutoryCheck(posting(1300, "monthly"), statutory(es), "X"))).toEqual([
      "PAID_IN_14_PAYMENTS:warning",
    ]);
    expect(codes(statutoryCheck(posting(1424.5, "monthly"), statutory(es), "X"))).toEqual([]); // 1,221 × 14 ÷ 12
    expect(codes(statutoryCheck(posting(17093.99, "annual"), statutory(es), "X"))).toEqual([
      "BELOW_MINIMUM_WAGE:error",
    ]);
  });
  test("doubtful rows say so: unconfirmed source (a shortfall is then a warning), an old amount, a guaranteed minimum the job may need", () => {
    const hu = [
      row({ amount: 322800, currency: "HUF", uncertain: true, note: "verify" }),
      row({ amount: 373200, currency: "HUF", appliesTo: "guaranteed_minimum" }),
    ];
    expect(codes(statutoryCheck(posting(330000, "monthly"), statutory(hu), "X"))).toEqual([
      "LEGAL_SOURCE_UNCERTAIN:warning",
      "GUARANTEED_MINIMUM_MAY_APPLY:warning",
    ]);
    expect(codes(statutoryCheck(posting(300000, "monthly"), statutory(hu), "X"))[0]).toBe("BELOW_MINIMUM_WAGE:warning");
    // 373,200 × 12 ÷ (52 × 40) = 2,153.08 an hour; 322,800 × 12 ÷ 2,080 = 1,862.31
    expect(codes(statutoryCheck(posting(1900, "hourly"), statutory(hu), "X"))).toContain(
      "GUARANTEED_MINIMUM_MAY_APPLY:warning",
    );
    const old = [row({ effectiveFrom: "2025-02-01" })];
    expect(codes(statutoryCheck(posting(1000, "monthly"), statutory(old), "X"))).toEqual([
      "MINIMUM_WAGE_MAY_BE_OUTDATED:warning",
    ]);
  });
});
