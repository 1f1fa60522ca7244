// E8 POST /v1/compliance/validate-salary-range: each rule with expectations computed here from the files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows, jsonStat, eurostatTsv, semesterToday } from "../support/publisher.ts";

let s: TestServer;
let frMinimum: number;
let deAnnualMeanGroup2: number;
beforeAll(async () => {
  // Germany's SES 2022 mean annual earnings, ISCO group 2, from Eurostat's file (JSON-stat positions decoded here).
  const annual = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
  deAnnualMeanGroup2 = annual.value({ freq: "A", sex: "T", indic_se: "ERN", isco08: "OC2", age: "TOTAL", sizeclas: "GE10", unit: "EUR", geo: "DE", time: "2022" })!;
  s = startTestServer();
  const mw = await eurostatTsv("eurostat/estat_earn_mw_cur.tsv");
  frMinimum = mw.cell({ currency: "EUR", geo: "FR" }, mw.latest({ currency: "EUR", geo: "FR" }, semesterToday())!).value!;
});
afterAll(() => s.stop());

const PATH = "/api/v1/compliance/validate-salary-range";
const post = async (body: Record<string, unknown>, key?: string) =>
  s.call("salary", PATH, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, ...(key ? { key } : {}) });
const check = async (body: Record<string, unknown>) => (await post(body)).json();
const codes = (r: any) => r.warnings.map((w: any) => w.code);

describe("legal", () => {
  test("max not above min → error, legally invalid", async () => {
    const r = await check({ job_title: "Accountant", country: "DE", min_salary: 60000, max_salary: 60000 });
    expect(r.legally_valid).toBe(false);
    expect(r.warnings.find((w: any) => w.code === "MAX_NOT_ABOVE_MIN").severity).toBe("error");
  });

  test("minimum wage converted to the posting's period: monthly at the floor passes, one cent under fails; hourly uses 2,080 h", async () => {
    const at = await check({ job_title: "Cashier", country: "FR", min_salary: frMinimum, max_salary: frMinimum + 500, salary_period: "monthly" });
    expect(codes(at)).not.toContain("BELOW_MINIMUM_WAGE");
    expect(at.legally_valid).toBe(true);
    const under = await check({ job_title: "Cashier", country: "FR", min_salary: frMinimum - 0.01, max_salary: frMinimum + 500, salary_period: "monthly" });
    expect(under.legally_valid).toBe(false);
    const hourlyFloor = (frMinimum * 12) / 2080;
    const hourly = await check({ job_title: "Cashier", country: "FR", min_salary: hourlyFloor - 0.01, max_salary: 30, salary_period: "hourly" });
    expect(codes(hourly)).toContain("BELOW_MINIMUM_WAGE");
    const annual = await check({ job_title: "Cashier", country: "FR", min_salary: frMinimum * 12, max_salary: frMinimum * 12 + 1000 });
    expect(annual.legally_valid).toBe(true);
  });

  test("no statutory minimum wage (AT, DK, FI, IT, SE) → info, still legally valid", async () => {
    for (const country of ["AT", "DK", "FI", "IT", "SE"]) {
      const r = await check({ job_title: "Cashier", country, min_salary: 1, max_salary: 2 });
      expect(r.warnings.find((w: any) => w.code === "NO_STATUTORY_MINIMUM_WAGE").severity).toBe("info");
      expect(r.legally_valid).toBe(true);
    }
  });

  test("a non-EUR posting is converted and says so; market warnings never fail the legal check", async () => {
    const r = await check({ job_title: "Accountant", country: "DE", min_salary: 10, max_salary: 1_000_000, currency: "usd" });
    expect(codes(r)).toContain("CURRENCY_CONVERTED");
    expect(codes(r)).toContain("RANGE_TOO_WIDE");
    expect(r.legally_valid).toBe(false); // 10 USD a year is below the German minimum wage
    const wide = await check({ job_title: "Accountant", country: "IT", min_salary: 10, max_salary: 1_000_000 });
    expect(wide.legally_valid).toBe(true);
    expect(wide.statistically_reasonable).toBe(false);
  });
});

describe("market", () => {
  test("percentiles: log-normal with the SES mean; median = mean·exp(−σ²/2); p25 < p50 < p75", async () => {
    const r = await check({ job_title: "Software Engineer", country: "DE", min_salary: 60000, max_salary: 80000 });
    const p = r.estimated_percentiles;
    expect(p.p10 < p.p25 && p.p25 < p.p50 && p.p50 < p.p75 && p.p75 < p.p90).toBe(true);
    const sigma = (Math.log(p.p90) - Math.log(p.p10)) / 2.5631031310892007;
    const mean = p.p50 * Math.exp((sigma * sigma) / 2);
    expect(Math.abs(mean - deAnnualMeanGroup2)).toBeLessThan(1); // the log-normal keeps the published mean
    expect(r).toMatchObject({ statistically_reasonable: true, benchmark_median: p.p50, matched_isco: "2", benchmark_currency: "EUR" });
  });

  test("BELOW_MARKET when the whole range is under p25; ABOVE_MARKET when over p75", async () => {
    const base = await check({ job_title: "Software Engineer", country: "DE", min_salary: 60000, max_salary: 80000 });
    const { p25, p75 } = base.estimated_percentiles;
    const low = await check({ job_title: "Software Engineer", country: "DE", min_salary: p25 - 2000, max_salary: p25 - 1 });
    expect(codes(low)).toContain("BELOW_MARKET");
    const high = await check({ job_title: "Software Engineer", country: "DE", min_salary: p75 + 1, max_salary: p75 + 2000 });
    expect(codes(high)).toContain("ABOVE_MARKET");
    expect([low.statistically_reasonable, high.statistically_reasonable, low.legally_valid, high.legally_valid]).toEqual([false, false, true, true]);
  });

  test("an unmatched title → TITLE_NOT_MATCHED, not statistically reasonable, legal check unaffected", async () => {
    const r = await check({ job_title: "Xyzzy Qwrtp", country: "DE", min_salary: 50000, max_salary: 60000 });
    expect(codes(r)).toContain("TITLE_NOT_MATCHED");
    expect([r.legally_valid, r.statistically_reasonable, r.matched_isco]).toEqual([true, false, null]);
  });

  test("transposition unknown → directive_transposed false with an info warning", async () => {
    const r = await check({ job_title: "Accountant", country: "Frankreich", min_salary: 40000, max_salary: 50000 });
    expect(r.directive_transposed).toBe(false);
    expect(r.warnings.find((w: any) => w.code === "TRANSPOSITION_STATUS_UNKNOWN").severity).toBe("info");
    expect(r.disclaimer).toContain("Neither is legal advice");
  });
});

describe("errors and access", () => {
  test("bad bodies → 422 naming the field", async () => {
    for (const [body, field] of [[{ country: "DE", min_salary: 1, max_salary: 2 }, "job_title"], [{ job_title: "a", country: "Japan", min_salary: 1, max_salary: 2 }, "country"],
      [{ job_title: "a", country: "DE", min_salary: -1, max_salary: 2 }, "min_salary"], [{ job_title: "a", country: "DE", min_salary: 1, max_salary: 2, currency: "JPY" }, "currency"]] as const) {
      const res = await post(body as any);
      expect(res.status).toBe(422);
      expect((await res.json()).error.errors[0].field).toBe(field);
    }
  });

  test("pro or enterprise with compliance:read; free → 403 TIER_REQUIRED", async () => {
    const body = { job_title: "Accountant", country: "DE", min_salary: 40000, max_salary: 50000 };
    expect((await post(body, s.key("pro", ["compliance:read"]))).status).toBe(200);
    expect((await (await post(body, s.key("free", ["compliance:read"]))).json()).error.code).toBe("TIER_REQUIRED");
    expect((await (await post(body, s.key("pro", ["salary:read"]))).json()).error.code).toBe("INSUFFICIENT_SCOPE");
  });
});
