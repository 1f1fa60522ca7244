// E7 POST /v1/compliance/pay-gap-report: hand-computed expectations, limits, tiers, and statelessness.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { textRows, sesHourly } from "../support/publisher.ts";
import { expectNothingKept } from "../support/stateless.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

const PATH = "/api/v1/compliance/pay-gap-report";
const post = (body: unknown, key?: string) =>
  s.call("salary", PATH, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
    ...(key ? { key } : {}),
  });
const rec = (job_title: string, gender: "M" | "F", salary: number, extra: Record<string, unknown> = {}) => ({
  job_title,
  gender,
  salary,
  ...extra,
});

describe("E7 figures", () => {
  test("nurses 100/200 (men) vs 90/150 (women): 20% mean and median gap in ISCO 2, Article 10 triggered", async () => {
    const body = await (
      await post({
        country: "DE",
        employees: [
          rec("Registered Nurse", "M", 100),
          rec("Registered Nurse", "M", 200),
          rec("RN", "F", 90),
          rec("Nurse", "F", 150),
        ],
      })
    ).json();
    expect(body.categories).toHaveLength(1);
    expect(body.categories[0]).toMatchObject({
      isco_code: "2",
      category_name: "Professionals",
      employee_count: 4,
      male_count: 2,
      female_count: 2,
      mean_male: 150,
      mean_female: 120,
      gap_pct: 20,
      median_gap_pct: 20,
      requires_joint_assessment: true,
      k_anonymity_warning: true,
    });
    expect(body).toMatchObject({
      overall_mean_gap_pct: 20,
      overall_median_gap_pct: 20,
      total_employees: 4,
      requires_any_joint_assessment: true,
    });
    expect(body.recommendations[0]).toContain("Article 10");
    expect(body.disclaimer).toContain("not legal advice");
  });

  test("monthly × 12 and hourly × the full-time week × 52 put pay on one annual basis: 3,000/month vs 36,000/year is no gap", async () => {
    const body = await (
      await post({
        country: "FR",
        employees: [rec("Accountant", "M", 3000, { salary_period: "monthly" }), rec("Accountant", "F", 36000)],
      })
    ).json();
    expect(body.overall_mean_gap_pct).toBe(0);
    // Germany's law states no week: 40 hours, 20 × 40 × 52 = 41,600 a year.
    const hourly = await (
      await post({
        country: "DE",
        employees: [rec("Accountant", "M", 20, { salary_period: "hourly" }), rec("Accountant", "F", 41600 * 0.9)],
      })
    ).json();
    expect([hourly.full_time_weekly_hours, hourly.overall_mean_gap_pct]).toEqual([40, 10]); // (41,600 − 37,440) / 41,600
    expect(hourly.recommendations.join(" ")).toContain("no weekly_hours");
    // France's is 35 hours (Code du travail, art. L3121-27), as E8 reads it: 20 × 35 × 52 = 36,400.
    const france = await (
      await post({
        country: "FR",
        employees: [rec("Accountant", "M", 20, { salary_period: "hourly" }), rec("Accountant", "F", 36400 * 0.9)],
      })
    ).json();
    expect([france.full_time_weekly_hours, france.overall_mean_gap_pct]).toEqual([35, 10]);
  });

  test("a negative gap of −5% (women earn more) also requires a joint assessment; 4.99% does not", async () => {
    const neg = await (
      await post({ country: "DE", employees: [rec("Cashier", "M", 100_000), rec("Cashier", "F", 105_000)] })
    ).json();
    expect(neg.categories[0]).toMatchObject({ gap_pct: -5, requires_joint_assessment: true });
    const below = await (
      await post({ country: "DE", employees: [rec("Cashier", "M", 100_000), rec("Cashier", "F", 95_010)] })
    ).json();
    expect(below.categories[0]).toMatchObject({ gap_pct: 4.99, requires_joint_assessment: false });
  });

  test("an unmatched title goes to Unclassified, counts overall, gets a recommendation; a one-gender category has a null gap", async () => {
    const body = await (
      await post({
        country: "DE",
        employees: [rec("Cashier", "M", 100), rec("Cashier", "F", 80), rec("Zyxwv Qrst", "F", 50)],
      })
    ).json();
    const un = body.categories.find((c: any) => c.isco_code === "UNCLASSIFIED");
    expect(un).toMatchObject({
      employee_count: 1,
      male_count: 0,
      female_count: 1,
      gap_pct: null,
      mean_male: null,
      requires_joint_assessment: false,
    });
    expect(body.total_employees).toBe(3);
    expect(body.overall_mean_gap_pct).toBe(35); // men 100, women (80 + 50) / 2 = 65
    expect(body.recommendations.join(" ")).toContain('"Zyxwv Qrst"');
  });

  test("benchmarks: the national average is Eurostat's latest headline gap; per category, SES 2022 hourly by sex", async () => {
    const body = await (
      await post({ country: "EL", employees: [rec("Accountant", "M", 100), rec("Accountant", "F", 90)] })
    ).json();
    const headline = (await textRows("eurostat/sdg_05_20_linear.csv"))
      .filter((r) => r.geo === "Greece" && r.OBS_VALUE)
      .at(-1)!;
    expect(body.national_average_gap_pct).toBe(Number(headline.OBS_VALUE));
    expect(body.categories[0].national_benchmark_gap_pct).toBe((await sesHourly()).gapPct("EL", "OC2"));
    expect(body.country_code).toBe("GR");
  });

  test("10,000 records: answered, every record counted", async () => {
    const titles = [
      "Registered Nurse",
      "Cashier",
      "Software Engineer",
      "Truck Driver",
      "Accountant",
      "Electrician",
      "Janitor",
      "Teacher",
    ];
    const employees = Array.from({ length: 10_000 }, (_, i) =>
      rec(titles[i % titles.length], i % 2 ? "F" : "M", 30_000 + (i % 97) * 500),
    );
    const res = await post({ country: "NL", employees });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total_employees).toBe(10_000);
    expect(body.categories.reduce((a: number, c: any) => a + c.employee_count, 0)).toBe(10_000);
  });
});

describe("E7 errors", () => {
  test("unsupported country → 422 naming country; a name instead of a code is told so", async () => {
    const res = await post({ country: "JP", employees: [rec("Cashier", "M", 1), rec("Cashier", "F", 1)] });
    expect(res.status).toBe(422);
    expect((await res.json()).error.errors[0].field).toBe("country");
    const named = await post({ country: "Germany", employees: [rec("Cashier", "M", 1), rec("Cashier", "F", 1)] });
    expect((await named.json()).error.errors[0].message).toBe(
      '"Germany" is not an ISO country code: send the code (DE, FR, NL, …; GET /api/v1/salary/countries lists them)',
    );
  });

  test("a salary above ten billion → 422 naming the record, not a mean overflowing to null", async () => {
    const employees = [rec("Verpleegkundige", "M", 1e308), rec("Verpleegkundige", "F", 42000)];
    const res = await post({ country: "NL", employees });
    expect(res.status).toBe(422);
    expect((await res.json()).error.errors).toEqual([
      { field: "employees[0].salary", code: "too_big", message: "must be at most 10,000,000,000" },
    ]);
  });

  test("malformed records → 422 naming index and field", async () => {
    const employees = Array.from({ length: 20 }, () => rec("Cashier", "M", 100));
    (employees[17] as any).salary = "lots";
    (employees[3] as any).gender = "X";
    const err = (await (await post({ country: "DE", employees })).json()).error;
    expect(err.errors.map((e: any) => e.field).sort()).toEqual(["employees[17].salary", "employees[3].gender"]);
  });

  test("a field a record does not take (bonus for variable_pay) → 422 naming the record and field", async () => {
    const employees = [rec("Cashier", "M", 100), { ...rec("Cashier", "F", 100), bonus: 500 }];
    const err = (await (await post({ country: "DE", employees })).json()).error;
    expect(err.errors).toEqual([{ field: "employees[1].bonus", code: "unrecognized_key", message: "unknown field" }]);
  });

  test("fewer than 2 or more than 10,000 records → 422; bad JSON or a non-JSON type → 422", async () => {
    expect((await post({ country: "DE", employees: [rec("Cashier", "M", 1)] })).status).toBe(422);
    expect(
      (await post({ country: "DE", employees: Array.from({ length: 10_001 }, () => rec("a", "M", 1)) })).status,
    ).toBe(422);
    expect((await post("{bad")).status).toBe(422);
    const text = await s.call("salary", PATH, { method: "POST", body: "x", headers: { "content-type": "text/plain" } });
    expect((await text.json()).error.errors[0].code).toBe("unsupported_media_type");
  });

  test("enterprise + compliance:report only; a bad body from an unauthenticated client is a 401, not a 422", async () => {
    const body = { country: "DE", employees: [rec("Cashier", "M", 1), rec("Cashier", "F", 1)] };
    expect((await (await post(body, s.key("pro", ["compliance:report"]))).json()).error.code).toBe("TIER_REQUIRED");
    expect((await (await post(body, s.key("enterprise", ["compliance:read"]))).json()).error.code).toBe(
      "INSUFFICIENT_SCOPE",
    );
    expect((await post(body, s.key("enterprise", ["compliance:report"]))).status).toBe(200);
    expect(
      (
        await s.call("salary", PATH, {
          method: "POST",
          body: "{bad",
          key: null,
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("statelessness", () => {
  test("after reports (and a failing one), neither the state database nor the logs hold a submitted salary or title", async () => {
    const secretTitle = "Quixotic Zeppelin Wrangler";
    const secretSalary = 987654.321;
    await expectNothingKept(
      PATH,
      [
        {
          body: JSON.stringify({
            country: "DE",
            employees: [rec(secretTitle, "M", secretSalary), rec("Cashier", "F", 123456.789)],
          }),
          status: 200,
        },
        {
          body: JSON.stringify({
            country: "DE",
            employees: [rec(secretTitle, "M", secretSalary), rec("Cashier", "F", -5)],
          }),
          status: 422,
        },
        {
          body: `{"country":"DE","employees":[{"job_title":"${secretTitle}","gender":"M","salary":${secretSalary}`,
          status: 422,
        },
      ],
      [secretTitle, "Quixotic", "987654", "123456.789"],
    );
  }, 30_000);
});

describe("E7 extensions", () => {
  test("employer categories replace ISCO; variable pay gaps among recipients; hourly gaps; quartile bands", async () => {
    const employees = [
      rec("Engineer", "M", 60000, { category: "Band A", variable_pay: 6000, weekly_hours: 40 }),
      rec("Engineer", "M", 40000, { category: "Band A", variable_pay: 0, weekly_hours: 40 }),
      rec("Engineer", "F", 50000, { category: "Band A", variable_pay: 3000, weekly_hours: 20 }),
      rec("Engineer", "F", 30000, { category: "Band A", variable_pay: 3000, weekly_hours: 40 }),
    ];
    const body = await (await post({ country: "DE", employees })).json();
    expect(body.categories.map((c: any) => [c.isco_code, c.category_name, c.national_benchmark_gap_pct])).toEqual([
      ["Band A", "Band A", null],
    ]);
    const a9 = body.article_9_indicators;
    // Variable pay among recipients: men 6,000 (one recipient), women 3,000 and 3,000 → (6000 − 3000) / 6000 = 50%.
    expect(a9.variable_pay).toEqual({
      mean_gap_pct: 50,
      median_gap_pct: 50,
      women_receiving_pct: 100,
      men_receiving_pct: 50,
    });
    // Hourly: men 60000/2080 and 40000/2080 → mean 50000/2080; women 50000/1040 and 30000/2080 → mean (96.15 + 14.42)/2.
    const men = 50000 / 2080,
      women = (50000 / 1040 + 30000 / 2080) / 2;
    expect(a9.hourly.mean_gap_pct).toBe(Math.round(((men - women) / men) * 10000) / 100);
    expect(a9.quartile_basis).toBe("hourly");
    // Hourly ranking: F 14.42, M 19.23, M 28.85, F 48.08 → bands F, M, M, F.
    expect(a9.quartile_bands.map((b: any) => b.women_pct)).toEqual([100, 0, 0, 100]);
  });
});
