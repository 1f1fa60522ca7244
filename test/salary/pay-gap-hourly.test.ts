// E7 compares pay per hour when it can, and never sets a part-timer's annual pay against a full-timer's.
// Every expected figure is worked by hand in the comments.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";

let s: TestServer;
beforeAll(() => {
  s = startTestServer();
});
afterAll(() => s.stop());

const report = async (employees: object[]) => {
  const res = await s.call("salary", "/api/v1/compliance/pay-gap-report", {
    method: "POST",
    body: JSON.stringify({ country: "DE", employees }),
    headers: { "content-type": "application/json" },
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<any>;
};
const nurse = (gender: string, salary: number, extra: object = {}) => ({
  job_title: "Registered Nurse",
  isco_code: "2221",
  gender,
  salary,
  ...extra,
});

test("with weekly_hours the category's gap, its Article 10 flag and the overall gap are on hourly pay; annual figures stay beside them", async () => {
  const r = await report([
    nurse("M", 52000, { weekly_hours: 40 }),
    nurse("M", 54000, { weekly_hours: 40 }),
    nurse("F", 26000, { weekly_hours: 20, employment_type: "part_time" }),
    nurse("F", 52000, { weekly_hours: 40 }),
  ]);
  // Per hour: men 52,000 ÷ 2,080 = 25 and 54,000 ÷ 2,080 = 25.9615…, mean 25.4808; women 26,000 ÷ 1,040 = 25 and 25, mean 25.
  // Gap (25.4808 − 25) ÷ 25.4808 = 1.89 %. On annual pay: men 53,000, women 39,000: 26.42 %.
  const c = r.categories[0];
  expect(c).toMatchObject({
    pay_basis: "hourly",
    mean_male: 25.48,
    mean_female: 25,
    gap_pct: 1.89,
    requires_joint_assessment: false,
    excluded_from_gap: 0,
    male_count: 2,
    female_count: 2,
  });
  expect(c.annual).toEqual({ mean_male: 53000, mean_female: 39000, gap_pct: 26.42, median_gap_pct: 26.42 });
  expect(r).toMatchObject({ pay_basis: "hourly", overall_mean_gap_pct: 1.89, requires_any_joint_assessment: false });
  expect(r.methodology_note).toContain("hourly gross pay when every record's hourly pay is known");
});

test("without hours a part-timer is left out of a full-time comparison, counted, and the report says so", async () => {
  const r = await report([
    nurse("M", 52000),
    nurse("M", 54000),
    nurse("F", 26000, { employment_type: "part_time" }),
    nurse("F", 52000),
  ]);
  // Full-time only: men 53,000, women 52,000: (53,000 − 52,000) ÷ 53,000 = 1.89 %.
  expect(r.categories[0]).toMatchObject({
    pay_basis: "annual",
    mean_male: 53000,
    mean_female: 52000,
    gap_pct: 1.89,
    excluded_from_gap: 1,
    employee_count: 4,
    requires_joint_assessment: false,
  });
  expect(r).toMatchObject({ pay_basis: "annual", excluded_from_gap: 1, overall_mean_gap_pct: 1.89 });
  expect(r.annual.gap_pct).toBe(26.42);
  expect(r.recommendations.join(" ")).toContain(
    "1 part-time record(s) without weekly_hours were left out of the gaps compared on annual pay",
  );
});

test("a part-timer whose hours are known counts at the full-time week, whatever employment_type says", async () => {
  // weekly_hours most given: 40. Men 52,000 (40 h) and 54,000 (no hours, full-time by default); women 26,000 at 20 h
  // → 25 an hour × 40 × 52 = 52,000, and 52,000 at 40 h. Gap (53,000 − 52,000) ÷ 53,000 = 1.89 %.
  const r = await report([
    nurse("M", 52000, { weekly_hours: 40 }),
    nurse("M", 54000),
    nurse("F", 26000, { weekly_hours: 20 }),
    nurse("F", 52000, { weekly_hours: 40 }),
  ]);
  expect(r).toMatchObject({
    pay_basis: "annual",
    full_time_weekly_hours: 40,
    excluded_from_gap: 0,
    overall_mean_gap_pct: 1.89,
    requires_any_joint_assessment: false,
  });
});

test("when every woman of a category is a part-timer without hours, the report says it has no gap instead of saying no threshold is reached", async () => {
  const r = await report([
    nurse("M", 52000),
    nurse("M", 54000),
    nurse("F", 20000, { employment_type: "part_time" }),
    nurse("F", 22000, { employment_type: "part_time" }),
  ]);
  expect(r.categories[0]).toMatchObject({ female_count: 2, mean_female: null, gap_pct: null, excluded_from_gap: 2 });
  expect(r.recommendations[0]).toStartWith("No category with a computed gap reaches the 5% gap");
  expect(r.recommendations.join(" ")).toContain(
    "has men and women but no gap: every woman in it is part-time without weekly_hours",
  );
});

test("one category per hour, another on annual pay: the overall gap is on annual pay over full-timers, each category on its own basis", async () => {
  const clerk = (gender: string, salary: number, extra: object = {}) => ({
    job_title: "Accounting clerk",
    isco_code: "4311",
    gender,
    salary,
    salary_period: "monthly",
    ...extra,
  });
  const r = await report([
    nurse("M", 52000, { weekly_hours: 40 }),
    nurse("M", 54000, { weekly_hours: 40 }),
    nurse("F", 26000, { weekly_hours: 20, employment_type: "part_time" }),
    nurse("F", 52000, { weekly_hours: 40 }),
    clerk("M", 4300),
    clerk("F", 2100, { employment_type: "part_time" }),
    clerk("F", 4100),
  ]);
  // Clerks, full-timers only: men 51,600 a year, women 49,200: (51,600 − 49,200) ÷ 51,600 = 4.65 %.
  expect(r.categories.find((c: any) => c.isco_code === "4")).toMatchObject({
    pay_basis: "annual",
    mean_male: 51600,
    mean_female: 49200,
    gap_pct: 4.65,
    excluded_from_gap: 1,
  });
  expect(r.categories.find((c: any) => c.isco_code === "2")).toMatchObject({ pay_basis: "hourly", gap_pct: 1.89 });
  // Overall on annual full-time-equivalent pay at 40 hours (the week most records give): nurses at their hourly pay ×
  // 2,080 — men 52,000 and 54,000, women 52,000 (25 an hour at 20 h) and 52,000; clerks as paid, the part-timer
  // without hours left out. Men (52,000 + 54,000 + 51,600) ÷ 3 = 52,533.33; women (52,000 + 52,000 + 49,200) ÷ 3 =
  // 51,066.67: (52,533.33 − 51,066.67) ÷ 52,533.33 = 2.79 %.
  expect(r).toMatchObject({
    pay_basis: "annual",
    full_time_weekly_hours: 40,
    excluded_from_gap: 1,
    overall_mean_gap_pct: 2.79,
  });
});

test("records paid by the hour need no hours to be compared per hour; a group of part-timers only is compared within itself", async () => {
  const hourly = await report([
    nurse("M", 20, { salary_period: "hourly" }),
    nurse("F", 18, { salary_period: "hourly" }),
  ]);
  expect(hourly.categories[0]).toMatchObject({
    pay_basis: "hourly",
    mean_male: 20,
    mean_female: 18,
    gap_pct: 10,
    requires_joint_assessment: true,
  }); // (20 − 18) ÷ 20
  const partTime = await report([
    nurse("M", 20000, { employment_type: "part_time" }),
    nurse("F", 19000, { employment_type: "part_time" }),
  ]);
  expect(partTime.categories[0]).toMatchObject({ pay_basis: "annual", gap_pct: 5, excluded_from_gap: 0 }); // (20,000 − 19,000) ÷ 20,000
});
