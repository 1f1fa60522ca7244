// POST /v1/compliance/pay-equity-analysis over HTTP: the office's example as JSON and as CSV, the custom model,
// bad input as 422s naming the field, tiers and scopes, and statelessness.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { expectPublishedResults, logibExampleRecords } from "../support/logib.ts";
import { expectNothingKept } from "../support/stateless.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

const PATH = "/api/v1/compliance/pay-equity-analysis";
const post = (body: unknown, init: { key?: string; type?: string; query?: string } = {}) =>
  s.call("salary", PATH + (init.query ?? ""), {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": init.type ?? "application/json" },
    ...(init.key ? { key: init.key } : {}),
  });

describe("swiss_standard", () => {
  test("the office's example data sheet as JSON reproduces the published results", async () => {
    const res = await post({ model: "swiss_standard", currency: "CHF", employees: logibExampleRecords() });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectPublishedResults(body);
    expect(body).toMatchObject({ target_value_pct: 2.5, limit_value_pct: 5 });
    // The interval is around the estimate and excludes 0 (significant).
    expect(body.confidence_interval_pct.lower).toBeLessThan(body.unexplained_gap_pct);
    expect(body.confidence_interval_pct.upper).toBeLessThan(0);
    // Level 3 jobs are exactly those of positions 1–3 in the example: one dummy is aliased and dropped, as R's lm would.
    expect(body.coefficients.filter((c: any) => c.aliased).map((c: any) => c.name)).toEqual([
      "professional_position=3",
    ]);
    expect(body.reference_levels).toEqual({ level_of_requirements: "7", professional_position: "5" });
    expect(body.verdict_text).toContain("2.6% less");
    expect(body.currency).toBe("CHF");
    expect(body.methodology_note).toContain("Kennedy");
    expect(body.disclaimer).toContain("not legal advice");
  });

  test("the same sheet as CSV (?model=swiss_standard) gives the same answer", async () => {
    const records = logibExampleRecords();
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    const csv = [columns.join(","), ...records.map((r) => columns.map((c) => r[c] ?? "").join(","))].join("\n");
    const res = await post(csv, { type: "text/csv", query: "?model=swiss_standard" });
    expect(res.status).toBe(200);
    expectPublishedResults(await res.json());
  });

  test("remediation: raises only women, only upwards; the gap after is re-estimated and smaller", async () => {
    const records = logibExampleRecords();
    const body = await (await post({ model: "swiss_standard", employees: records })).json();
    const r = body.remediation;
    expect(r.employees_adjusted).toBe(r.adjustments.length);
    for (const a of r.adjustments) {
      expect(records[a.row - 1].gender).toBe("F");
      expect(a.raise).toBeGreaterThan(0);
      expect(a.pay_predicted).toBeCloseTo(a.pay_before + a.raise, 1);
    }
    expect(r.total_cost).toBeCloseTo(
      r.adjustments.reduce((s: number, a: any) => s + a.annual_cost, 0),
      0,
    );
    expect(Math.abs(r.unexplained_gap_pct_after)).toBeLessThan(Math.abs(body.unexplained_gap_pct));
  });

  test("fewer than 50 employees analysed, codes out of range, no women: 422 naming the problem", async () => {
    const records = logibExampleRecords();
    const few = await (await post({ model: "swiss_standard", employees: records.slice(0, 49) })).json();
    expect(few.error.errors[0]).toMatchObject({ code: "too_few_employees" });
    expect(few.error.message).toContain("at least 50");
    const badCode = await (
      await post({ model: "swiss_standard", employees: records.map((r, i) => (i === 3 ? { ...r, training: 9 } : r)) })
    ).json();
    expect(badCode.error.errors[0].field).toBe("employees[3].training");
    const men = await (
      await post({ model: "swiss_standard", employees: records.filter((r) => r.gender === "M") })
    ).json();
    expect(men.error.errors[0].code).toBe("one_gender_only");
  });
});

describe("custom", () => {
  // 30 employees, grades A–C and tenure; women paid 4% less at equal grade and tenure, plus a small wobble.
  const workforce = Array.from({ length: 30 }, (_, i) => {
    const gender = i % 3 === 0 ? "F" : "M",
      grade = ["A", "B", "C"][i % 3 === 0 ? (i / 3) % 3 : i % 3],
      tenure = i % 7;
    const base =
      { A: 40_000, B: 50_000, C: 62_000 }[grade]! *
      (1 + 0.02 * tenure) *
      (gender === "F" ? 0.96 : 1) *
      (1 + (((i * 7) % 5) - 2) / 100);
    return {
      gender,
      salary: Math.round(base),
      weekly_hours: 40,
      category: i < 20 ? "Engineering" : "Sales",
      factors: { grade, tenure },
    };
  });

  test("grade and tenure explain part of the gap; the rest is near the 4% built in", async () => {
    const res = await post({ model: "custom", currency: "EUR", employees: workforce });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pay_basis).toBe("hourly pay");
    expect(body.coefficients.map((c: any) => c.name)).toEqual([
      "(intercept)",
      "grade=A",
      "grade=C",
      "tenure",
      "female",
    ]);
    // Women were paid 4% less at equal grade and tenure (± the wobble): the estimate is near −4%.
    expect(body.unexplained_gap_pct).toBeGreaterThan(-6);
    expect(body.unexplained_gap_pct).toBeLessThan(-2);
    expect(body.decomposition.factors.map((f: any) => f.factor)).toEqual(["grade", "tenure"]);
    // Sales has 3 women: no figures there.
    expect(body.categories.find((c: any) => c.category === "Sales")).toMatchObject({
      women: 3,
      k_anonymity_warning: true,
      estimate: null,
    });
  });

  test("as CSV with factor.<name> columns and categorical_factors", async () => {
    const csv = [
      "gender,salary,weekly_hours,factor.grade,factor.tenure",
      ...workforce.map((r) => [r.gender, r.salary, r.weekly_hours, r.factors.grade, r.factors.tenure].join(",")),
    ].join("\n");
    const json = await (await post({ model: "custom", employees: workforce.map(({ category, ...r }) => r) })).json();
    const fromCsv = await (await post(csv, { type: "text/csv", query: "?model=custom" })).json();
    expect(fromCsv.sex_coefficient).toBe(json.sex_coefficient);
    const tenureAsCategory = await (
      await post(csv, { type: "text/csv", query: "?model=custom&categorical_factors=tenure" })
    ).json();
    expect(tenureAsCategory.coefficients.filter((c: any) => c.factor === "tenure")).toHaveLength(6); // 7 tenures, one the reference
    const noModel = await (await post(csv, { type: "text/csv" })).json();
    expect(noModel.error.errors[0].field).toBe("model");
    // The custom model's file sent as the Swiss data sheet: its columns named once each, not once per row.
    const otherModel = await (await post(csv, { type: "text/csv", query: "?model=swiss_standard" })).json();
    // (weekly_hours is a column of both.)
    expect(otherModel.error.errors.map((e: any) => [e.column, e.code])).toEqual([
      ["salary", "unrecognized_column"],
      ["factor.grade", "unrecognized_column"],
      ["factor.tenure", "unrecognized_column"],
    ]);
  });

  test("a one-valued factor, collinear factors, non-positive pay, factors unlike the first record's: 422 naming each", async () => {
    const withFactors = (f: (r: (typeof workforce)[number], i: number) => Record<string, unknown>) =>
      workforce.map((r, i) => ({ ...r, factors: f(r, i) }));
    const constant = await (await post({ model: "custom", employees: withFactors(() => ({ country: "CH" })) })).json();
    expect(constant.error.errors[0]).toMatchObject({ field: "factors.country", code: "constant_factor" });
    const collinear = await (
      await post({
        model: "custom",
        employees: withFactors((r) => ({ tenure: r.factors.tenure, tenure_months: r.factors.tenure * 12 })),
      })
    ).json();
    expect(collinear.error.errors[0].code).toBe("collinear_factors");
    const zero = await (
      await post({ model: "custom", employees: workforce.map((r, i) => (i === 5 ? { ...r, salary: 0 } : r)) })
    ).json();
    expect(zero.error.errors[0].field).toBe("employees[5].salary");
    const unlike = await (
      await post({
        model: "custom",
        employees: withFactors((r, i) => (i === 9 ? { grade: r.factors.grade } : r.factors)),
      })
    ).json();
    expect(unlike.error.errors[0]).toMatchObject({ field: "employees[9].factors", code: "inconsistent_factors" });
    const badName = await (await post({ model: "custom", employees: withFactors(() => ({ "no spaces": 1 })) })).json();
    expect(badName.error.errors[0].field).toBe("employees[0].factors.no spaces");
    const unknownModel = await post({ model: "oaxaca", employees: workforce });
    expect(unknownModel.status).toBe(422);
  });

  test("enterprise + compliance:report only", async () => {
    const body = { model: "custom", employees: workforce };
    expect((await (await post(body, { key: s.key("pro", ["compliance:report"]) })).json()).error.code).toBe(
      "TIER_REQUIRED",
    );
    expect((await (await post(body, { key: s.key("enterprise", ["compliance:read"]) })).json()).error.code).toBe(
      "INSUFFICIENT_SCOPE",
    );
    expect((await post(body, { key: s.key("enterprise", ["compliance:report"]) })).status).toBe(200);
  });
});

describe("statelessness", () => {
  test("after analyses (and a failing one), neither the state database nor the logs hold a submitted wage or id", async () => {
    const records = logibExampleRecords().map((r, i) =>
      i === 0 ? { ...r, id: "Quixotic-4711", basic_wage: 987654.321 } : r,
    );
    await expectNothingKept(
      PATH,
      [
        { body: JSON.stringify({ model: "swiss_standard", employees: records }), status: 200 },
        { body: JSON.stringify({ model: "swiss_standard", employees: records.slice(0, 10) }), status: 422 },
      ],
      ["Quixotic", "987654"],
    );
  }, 30_000);
});
