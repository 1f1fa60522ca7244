import { describe, expect, test } from "bun:test";
import { rulesOn, ruleFor, floorPer, hoursFor, statutoryCheck, type StatutoryRow } from "./statutory-minimum.ts";

const row = (over: Partial<StatutoryRow>): StatutoryRow => ({
  country: "XX", effectiveFrom: "2026-01-01", unit: "month", amount: 1000, currency: "EUR", paymentsPerYear: 12, hoursPerWeek: null,
  sourceUrl: "https://example.org", sourceTitle: "Decree", note: null, appliesTo: "employees", equivalent: false, uncertain: false, ...over,
});
const statutory = (rows: StatutoryRow[], on = "2026-06-01") => {
  const r = rulesOn(rows, on);
  if (r.kind !== "statutory") throw new Error(r.kind);
  return r;
};
const posting = (min: number, period: "annual" | "monthly" | "hourly", weeklyHours: number | null = null, on = "2026-06-01") =>
  ({ min, max: min + 1, period, weeklyHours, minInLawCurrency: min, on });
const codes = (r: { findings: { code: string; severity: string }[] }) => r.findings.map((f) => `${f.code}:${f.severity}`);

describe("rulesOn", () => {
  test("the latest decision on or before the date; a unit it does not restate is retired; civil-law rows never bind employees", () => {
    const rows = [
      row({ effectiveFrom: "2025-01-01", unit: "month", amount: 900 }), row({ effectiveFrom: "2025-01-01", unit: "hour", amount: 5 }),
      row({ effectiveFrom: "2026-01-01", unit: "month", amount: 1000 }), row({ effectiveFrom: "2026-01-01", unit: "hour", amount: 30, appliesTo: "civil_law_contracts" }),
      row({ effectiveFrom: "2027-01-01", unit: "month", amount: 1100 }),
    ];
    const r = statutory(rows);
    expect(r.inForce.map((x) => [x.unit, x.amount])).toEqual([["month", 1000]]);
    expect(r.upcoming.map((x) => x.amount)).toEqual([1100]);
    expect(statutory(rows, "2025-12-31").inForce.map((x) => x.amount).sort()).toEqual([5, 900]);
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
  test("month: × payments a year; an hourly floor over 52 weeks of the stated hours", () => {
    const spain = row({ amount: 1221, paymentsPerYear: 14 });
    expect(floorPer(spain, "annual", null).amount).toBe(17094);            // 1,221 × 14
    expect(floorPer(spain, "monthly", null)).toMatchObject({ amount: 1221, converted: false });
    expect(floorPer(spain, "hourly", { perWeek: 40, basis: "assumed" }).amount).toBeCloseTo(17094 / 2080, 10);
  });
  test("hour: × hours × 52 (÷ 12 a month); week: × 52, ÷ hours", () => {
    const france = row({ unit: "hour", amount: 12.02, hoursPerWeek: 35 });
    expect(floorPer(france, "monthly", { perWeek: 35, basis: "rule" }).amount).toBeCloseTo(1823.0333, 4); // 12.02 × 35 × 52 ÷ 12
    expect(floorPer(france, "annual", { perWeek: 35, basis: "rule" }).amount).toBeCloseTo(21876.4, 6);     // 12.02 × 1,820
    const malta = row({ unit: "week", amount: 221.78, hoursPerWeek: 40 });
    expect(floorPer(malta, "annual", null).amount).toBeCloseTo(11532.56, 6);                               // 221.78 × 52
    expect(floorPer(malta, "hourly", { perWeek: 40, basis: "rule" }).amount).toBeCloseTo(5.5445, 6);       // 221.78 ÷ 40
  });
  test("hours: a salary against an hourly law uses the posting's week; an hourly posting against a monthly law never does", () => {
    const hourly = row({ unit: "hour", amount: 13.9 });
    expect(hoursFor(hourly, [hourly], 38)).toEqual({ perWeek: 38, basis: "posting" });
    expect(hoursFor(hourly, [hourly], null)).toEqual({ perWeek: 40, basis: "assumed" });
    const monthly = row({ unit: "month", amount: 2111.89 });
    const equivalent = row({ unit: "hour", amount: 12.8252, hoursPerWeek: 38, equivalent: true });
    expect(hoursFor(monthly, [monthly, equivalent], 20)).toEqual({ perWeek: 38, basis: "official_equivalent" });
    expect(hoursFor(row({ hoursPerWeek: 40 }), [], 20)).toEqual({ perWeek: 40, basis: "rule" });
  });
});

describe("statutoryCheck", () => {
  const de = [row({ unit: "hour", amount: 13.9 }), row({ unit: "hour", amount: 14.6, effectiveFrom: "2027-01-01" })];
  test("same unit: compared exactly; a cent under is an error", () => {
    expect(codes(statutoryCheck(posting(13.9, "hourly"), statutory(de), "X"))).toEqual(["UPCOMING_MINIMUM_WAGE:info"]);
    expect(codes(statutoryCheck(posting(13.89, "hourly"), statutory(de), "X"))[0]).toBe("BELOW_MINIMUM_WAGE:error");
  });
  test("a conversion on an assumed week is a warning either way; the posting's week makes it a finding", () => {
    // 13.90 × 40 × 52 ÷ 12 = 2,409.33 a month
    expect(codes(statutoryCheck(posting(2409.33, "monthly"), statutory(de), "X"))[0]).toBe("MINIMUM_WAGE_HOURS_ASSUMED:warning");
    expect(codes(statutoryCheck(posting(2409.32, "monthly"), statutory(de), "X"))[0]).toBe("MINIMUM_WAGE_HOURS_ASSUMED:warning");
    // 13.90 × 38 × 52 ÷ 12 = 2,288.87 a month at 38 hours
    expect(codes(statutoryCheck(posting(2288.86, "monthly", 38), statutory(de), "X"))[0]).toBe("BELOW_MINIMUM_WAGE:error");
    expect(statutoryCheck(posting(2288.87, "monthly", 38), statutory(de), "X").findings.map((f) => f.severity)).not.toContain("error");
  });
  test("an hourly posting under a monthly floor spread over 48 hours is an error whatever the week", () => {
    const pl = [row({ amount: 4806, currency: "PLN" })];
    // 4,806 × 12 ÷ (52 × 48) = 23.11; at the assumed 40 hours 27.73
    expect(codes(statutoryCheck(posting(23.1, "hourly"), statutory(pl), "X"))).toEqual(["BELOW_MINIMUM_WAGE:error"]);
    expect(codes(statutoryCheck(posting(23.11, "hourly"), statutory(pl), "X"))).toEqual(["MINIMUM_WAGE_HOURS_ASSUMED:warning"]);
    expect(statutoryCheck(posting(23.11, "hourly"), statutory(pl), "X").findings[0].message).toStartWith("Possibly below");
    expect(statutoryCheck(posting(27.73, "hourly"), statutory(pl), "X").findings[0].message).toStartWith("Probably at or above");
  });
  test("14 payments: a monthly amount between the law's and 14/12 of it is legal only if paid 14 times", () => {
    const es = [row({ amount: 1221, paymentsPerYear: 14 })];
    expect(codes(statutoryCheck(posting(1300, "monthly"), statutory(es), "X"))).toEqual(["PAID_IN_14_PAYMENTS:warning"]);
    expect(codes(statutoryCheck(posting(1424.5, "monthly"), statutory(es), "X"))).toEqual([]); // 1,221 × 14 ÷ 12
    expect(codes(statutoryCheck(posting(17093.99, "annual"), statutory(es), "X"))).toEqual(["BELOW_MINIMUM_WAGE:error"]);
  });
  test("doubtful rows say so: unconfirmed source, an old amount, a guaranteed minimum the job may need", () => {
    const hu = [row({ amount: 322800, currency: "HUF", uncertain: true, note: "verify" }), row({ amount: 373200, currency: "HUF", appliesTo: "guaranteed_minimum" })];
    expect(codes(statutoryCheck(posting(330000, "monthly"), statutory(hu), "X"))).toEqual(["LEGAL_SOURCE_UNCERTAIN:warning", "GUARANTEED_MINIMUM_MAY_APPLY:warning"]);
    const old = [row({ effectiveFrom: "2025-02-01" })];
    expect(codes(statutoryCheck(posting(1000, "monthly"), statutory(old), "X"))).toEqual(["MINIMUM_WAGE_MAY_BE_OUTDATED:warning"]);
  });
});
