// E8 POST /v1/compliance/validate-salary-range: each rule with expectations computed here from the files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows, jsonStat } from "../support/publisher.ts";

let s: TestServer;
let deAnnualMeanGroup2: number;
beforeAll(async () => {
  // Germany's SES 2022 mean annual earnings, ISCO group 2, from Eurostat's file (JSON-stat positions decoded here).
  const annual = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
  deAnnualMeanGroup2 = annual.value({
    freq: "A",
    sex: "T",
    indic_se: "ERN",
    isco08: "OC2",
    age: "TOTAL",
    sizeclas: "GE10",
    unit: "EUR",
    geo: "DE",
    time: "2022",
  })!;
  s = startTestServer();
});
afterAll(() => s.stop());

const PATH = "/api/v1/compliance/validate-salary-range";
const post = async (body: Record<string, unknown>, key?: string) =>
  s.call("salary", PATH, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    ...(key ? { key } : {}),
  });
const check = async (body: Record<string, unknown>) => (await post(body)).json();
const codes = (r: any) => r.warnings.map((w: any) => w.code);

describe("legal", () => {
  test("max not above min → error, legally invalid", async () => {
    const r = await check({ job_title: "Accountant", country: "DE", min_salary: 60000, max_salary: 60000 });
    expect(r.legally_valid).toBe(false);
    expect(r.warnings.find((w: any) => w.code === "MAX_NOT_ABOVE_MIN").severity).toBe("error");
  });

  test("max below min → 200, legally invalid (the spec's max > min), the other checks on the range in order", async () => {
    const swapped = await post({ job_title: "Accountant", country: "DE", min_salary: 60000, max_salary: 45000 });
    expect(swapped.status).toBe(200);
    const r = await swapped.json();
    const inOrder = await check({ job_title: "Accountant", country: "DE", min_salary: 45000, max_salary: 60000 });
    expect(r.legally_valid).toBe(false);
    expect(r.warnings[0]).toEqual({
      code: "MAX_NOT_ABOVE_MIN",
      severity: "error",
      message:
        "max_salary (45000) is below min_salary (60000): the ends look swapped. The other checks read the range from 45000 to 60000.",
    });
    expect(codes(r).slice(1)).toEqual(codes(inOrder));
    expect(r.statistically_reasonable).toBe(inOrder.statistically_reasonable);
  });

  test("no statutory minimum wage (AT, DK, FI, IT, SE) → info, still legally valid", async () => {
    for (const country of ["AT", "DK", "FI", "IT", "SE"]) {
      const r = await check({ job_title: "Cashier", country, min_salary: 1, max_salary: 2 });
      expect(r.warnings.find((w: any) => w.code === "NO_STATUTORY_MINIMUM_WAGE").severity).toBe("info");
      expect(r.legally_valid).toBe(true);
    }
  });

  test("a non-EUR posting is converted and says so; market warnings never fail the legal check", async () => {
    const r = await check({
      job_title: "Accountant",
      country: "DE",
      min_salary: 10,
      max_salary: 1_000_000,
      currency: "usd",
      weekly_hours: 40,
    });
    expect(codes(r)).toContain("CURRENCY_CONVERTED");
    expect(codes(r)).toContain("RANGE_TOO_WIDE");
    expect(r.legally_valid).toBe(false); // 10 USD a year for 40 hours a week is below the German minimum wage
    const wide = await check({ job_title: "Accountant", country: "IT", min_salary: 10, max_salary: 1_000_000 });
    expect(wide.legally_valid).toBe(true);
    // Wider than the mean, but reaching into the group's p10–p90: information, not a verdict.
    expect(wide.warnings.find((w: any) => w.code === "RANGE_TOO_WIDE").severity).toBe("info");
    expect(wide.statistically_reasonable).toBe(true);
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
    expect(r).toMatchObject({
      statistically_reasonable: true,
      benchmark_median: p.p50,
      matched_isco: "2",
      benchmark_currency: "EUR",
    });
  });

  test("BELOW_MARKET under p25 and ABOVE_MARKET over p75 are info against a major group; reasonable while the range reaches p10–p90", async () => {
    const base = await check({ job_title: "Software Engineer", country: "DE", min_salary: 60000, max_salary: 80000 });
    const { p25, p75 } = base.estimated_percentiles;
    const low = await check({
      job_title: "Software Engineer",
      country: "DE",
      min_salary: p25 - 2000,
      max_salary: p25 - 1,
    });
    const high = await check({
      job_title: "Software Engineer",
      country: "DE",
      min_salary: p75 + 1,
      max_salary: p75 + 2000,
    });
    expect(low.warnings.find((w: any) => w.code === "BELOW_MARKET").severity).toBe("info");
    expect(high.warnings.find((w: any) => w.code === "ABOVE_MARKET").severity).toBe("info");
    expect([
      low.statistically_reasonable,
      high.statistically_reasonable,
      low.legally_valid,
      high.legally_valid,
    ]).toEqual([true, true, true, true]);
    expect(base).toMatchObject({
      basis: "annual",
      benchmark_resolution: "isco_major_group",
      benchmark_group: { code: "2", name: "Professionals" },
    });
  });

  // Hand-worked: the group's mean from Eurostat, σ from the BLS national deciles of the U.S. occupation the answer
  // names, p = exp(ln mean − σ²/2 + z·σ); the verdict is false only wholly outside p10–p90.
  const Z10 = -1.2815515655446004,
    Z25 = -0.6744897501960817;
  async function percentilesFromFiles(answer: any) {
    const code = answer.methodology_note.match(/matched U\.S\. occupation \((\d{2}-\d{4})\)/)![1];
    const row = (await textRows("bls-oews/oews_M2025_all_areas.csv")).find(
      (r) => r.AREA === "99" && r.OCC_CODE === code,
    )!;
    const sigma = (Math.log(Number(row.A_PCT90)) - Math.log(Number(row.A_PCT10))) / (2 * -Z10);
    const mu = Math.log(deAnnualMeanGroup2) - (sigma * sigma) / 2;
    return {
      code,
      p10: Math.exp(mu + Z10 * sigma),
      p25: Math.exp(mu + Z25 * sigma),
      p75: Math.exp(mu - Z25 * sigma),
      p90: Math.exp(mu - Z10 * sigma),
    };
  }

  test("a nurse in Germany: 52–58k sits between the group's p10 and p25 (info, reasonable); 40–50k lies wholly below p10 (not reasonable)", async () => {
    const inTail = await check({ job_title: "Registered Nurse", country: "DE", min_salary: 52000, max_salary: 58000 });
    const p = await percentilesFromFiles(inTail);
    expect(p.code).toBe("29-1141");
    expect(inTail.estimated_percentiles.p10).toBeCloseTo(p.p10, 1);
    expect([p.p10 < 52000, 58000 < p.p25]).toEqual([true, true]); // the premise, worked from the files
    expect(inTail.statistically_reasonable).toBe(true);
    expect(inTail.warnings.filter((w: any) => w.code === "BELOW_MARKET").map((w: any) => w.severity)).toEqual(["info"]);
    const below = await check({ job_title: "Registered Nurse", country: "DE", min_salary: 40000, max_salary: 50000 });
    expect(50000 < p.p10).toBe(true);
    expect([below.statistically_reasonable, below.legally_valid]).toEqual([false, true]);
    const finding = below.warnings.find((w: any) => w.code === "BELOW_MARKET");
    expect(finding.severity).toBe("info");
    expect(finding.message).toContain("10th percentile");
    expect(finding.message).toContain("Professionals");
    // The market is the survey's year (SES 2022: earnings of 2022), said where the finding is, and in the note.
    expect(finding.message).toContain(
      "in Germany in 2022 (Eurostat Structure of Earnings Survey 2022; earnings of that year, not uprated to today)",
    );
    expect(below.methodology_note).toContain("EUR a year in 2022 (the survey's year; not uprated");
  });

  test("a surgeon in Germany: 150–250k lies wholly above the group's p90 (info, not reasonable); 100–140k reaches it (reasonable)", async () => {
    const above = await check({ job_title: "Surgeon", country: "DE", min_salary: 150000, max_salary: 250000 });
    const p = await percentilesFromFiles(above);
    expect(above.benchmark_group).toEqual({ code: "2", name: "Professionals" });
    expect(above.estimated_percentiles.p90).toBeCloseTo(p.p90, 1);
    expect(150000 > p.p90).toBe(true);
    expect(above.statistically_reasonable).toBe(false);
    expect(above.warnings.find((w: any) => w.code === "ABOVE_MARKET").severity).toBe("info");
    const reaching = await check({ job_title: "Surgeon", country: "DE", min_salary: 100000, max_salary: 140000 });
    expect([100000 > p.p75, 100000 < p.p90]).toEqual([true, true]);
    expect(reaching.statistically_reasonable).toBe(true);
    expect(reaching.warnings.find((w: any) => w.code === "ABOVE_MARKET").severity).toBe("info");
  });

  test("an hourly posting is compared at the benchmark's own annual ÷ hourly: around Italy's published managers' hourly mean, no finding", async () => {
    const annual = await jsonStat("eurostat/earn_ses22_28_DE_ES_IT_PL.json");
    const itAnnual = annual.value({
      freq: "A",
      sex: "T",
      indic_se: "ERN",
      isco08: "OC1",
      age: "TOTAL",
      sizeclas: "GE10",
      unit: "EUR",
      geo: "IT",
      time: "2022",
    })!;
    const hourly = await jsonStat("eurostat/earn_ses22_47.json");
    const itHourly = hourly.value({
      freq: "A",
      sex: "T",
      indic_se: "ERN",
      isco08: "OC1",
      sizeclas: "GE10",
      nace_r2: "B-S_X_O",
      unit: "EUR",
      geo: "IT",
      time: "2022",
    })!;
    const r = await check({
      job_title: "Managing Director",
      country: "IT",
      min_salary: itHourly - 1.5,
      max_salary: itHourly + 1.5,
      salary_period: "hourly",
    });
    expect(r.benchmark_group.code).toBe("1");
    expect(r.methodology_note).toContain(`(${Math.round(itAnnual / itHourly)} hours), not 2,080`);
    expect(codes(r).filter((c: string) => c.endsWith("_MARKET"))).toEqual([]);
    // The hourly percentiles are the annual ones ÷ annual/hourly: the hourly median is the published hourly mean × exp(−σ²/2).
    const sigma = Math.log(r.estimated_percentiles.p90 / r.estimated_percentiles.p10) / (2 * 1.2815515655446004);
    expect(r.estimated_percentiles.p50).toBeCloseTo(itHourly * Math.exp(-(sigma * sigma) / 2), 1);
  });

  test("an unmatched title gets no market verdict: NO_BENCHMARK says why, statistically_reasonable true, legal check unaffected", async () => {
    const r = await check({ job_title: "Xyzzy Qwrtp", country: "DE", min_salary: 50000, max_salary: 60000 });
    const w = r.warnings.find((x: any) => x.code === "NO_BENCHMARK");
    expect(w.message).toContain("No market verdict");
    expect([
      r.legally_valid,
      r.statistically_reasonable,
      r.matched_isco,
      r.estimated_percentiles,
      r.benchmark_group,
    ]).toEqual([true, true, null, null, null]);
    expect(codes(r)).not.toContain("BELOW_MARKET");
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
    for (const [body, field] of [
      [{ country: "DE", min_salary: 1, max_salary: 2 }, "job_title"],
      [{ job_title: "a", country: "Japan", min_salary: 1, max_salary: 2 }, "country"],
      [{ job_title: "a", country: "DE", min_salary: -1, max_salary: 2 }, "min_salary"],
      [{ job_title: "a", country: "DE", min_salary: 1, max_salary: 2, currency: "JPY" }, "currency"],
      [{ job_title: "a", country: "DE", min_salary: 1e300, max_salary: 1e301 }, "min_salary"], // no pay is that large
    ] as const) {
      const res = await post(body as any);
      expect(res.status).toBe(422);
      expect((await res.json()).error.errors[0].field).toBe(field);
    }
  });

  test("pay amounts: ten billion is the most taken, one more is refused with the bound named", async () => {
    const at = await post({ job_title: "Accountant", country: "DE", min_salary: 50000, max_salary: 10_000_000_000 });
    expect(at.status).toBe(200);
    const over = await post({ job_title: "Accountant", country: "DE", min_salary: 50000, max_salary: 10_000_000_001 });
    expect([over.status, (await over.json()).error.errors]).toEqual([
      422,
      [{ field: "max_salary", code: "too_big", message: "must be at most 10,000,000,000" }],
    ]);
  });

  test("a field the body does not take (pay_period for salary_period) → 422 naming it, not a range read as annual", async () => {
    const res = await post({
      job_title: "Cleaner",
      country: "NL",
      min_salary: 12,
      max_salary: 13,
      pay_period: "hourly",
    });
    expect(res.status).toBe(422);
    const err = (await res.json()).error;
    expect(err.errors).toEqual([{ field: "pay_period", code: "unrecognized_key", message: "unknown field" }]);
    expect(err.request_id).toMatch(/^req_/);
  });

  test("pro or enterprise with compliance:read; free → 403 TIER_REQUIRED", async () => {
    const body = { job_title: "Accountant", country: "DE", min_salary: 40000, max_salary: 50000 };
    expect((await post(body, s.key("pro", ["compliance:read"]))).status).toBe(200);
    expect((await (await post(body, s.key("free", ["compliance:read"]))).json()).error.code).toBe("TIER_REQUIRED");
    expect((await (await post(body, s.key("pro", ["salary:read"]))).json()).error.code).toBe("INSUFFICIENT_SCOPE");
  });
});
