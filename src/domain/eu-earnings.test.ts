import { describe, expect, test } from "bun:test";
import { euAnnualMean, impliedPaidHours } from "./eu-earnings.ts";

const none = { T: null, M: null, F: null };

describe("impliedPaidHours", () => {
  test("annual ÷ hourly per country; the median of an even count is the mean of the middle two", () => {
    const h = impliedPaidHours([
      { geo: "PL", annual: 20_000, hourly: 10 }, // 2000
      { geo: "DE", annual: 46_000, hourly: 20 }, // 2300
      { geo: "ES", annual: 33_000, hourly: 15 }, // 2200
      { geo: "IT", annual: 19_000, hourly: 10 }, // 1900
      { geo: "FR", annual: null, hourly: 18 }, // no annual: not counted
    ])!;
    expect(h).toEqual({
      hours: 2100,
      min: 1900,
      max: 2300,
      countries: [
        { geo: "DE", hours: 2300 },
        { geo: "ES", hours: 2200 },
        { geo: "IT", hours: 1900 },
        { geo: "PL", hours: 2000 },
      ],
    });
  });

  test("one country is its own median; none gives null", () => {
    expect(impliedPaidHours([{ geo: "DE", annual: 34_881, hourly: 16.17 }])!.hours).toBe(2157);
    expect(
      impliedPaidHours([
        { geo: "FR", annual: null, hourly: 18 },
        { geo: "DE", annual: 1, hourly: 0 },
      ]),
    ).toBeNull();
  });
});

describe("euAnnualMean: the best published basis first", () => {
  const paidHours = { hours: 2200, min: 2000, max: 2400, countries: [] };

  test("annual published: used as is; by sex at the country's own annual ÷ hourly", () => {
    const m = euAnnualMean({
      annual: 50_000,
      monthly: { T: 4000, M: 4200, F: 3800 },
      hourly: { T: 25, M: 27, F: 22 },
      paidHours,
    });
    expect(m).toEqual({
      mean: 50_000,
      basis: "annual",
      meanHourly: 25,
      meanMale: 54_000,
      meanFemale: 44_000,
      hours: 2000,
    });
  });

  test("no annual, monthly published: × 12, and monthly by sex × 12", () => {
    const m = euAnnualMean({
      annual: null,
      monthly: { T: 3000, M: 3200, F: 2700 },
      hourly: { T: 18, M: 19, F: 16 },
      paidHours,
    });
    expect(m).toEqual({
      mean: 36_000,
      basis: "monthly_x_12",
      meanHourly: 18,
      meanMale: 38_400,
      meanFemale: 32_400,
      hours: null,
    });
  });

  test("hourly only: × the group's implied hours, flagged as an estimate", () => {
    const m = euAnnualMean({ annual: null, monthly: none, hourly: { T: 30, M: 32.5, F: 27 }, paidHours });
    expect(m).toEqual({
      mean: 66_000,
      basis: "hourly_x_hours",
      meanHourly: 30,
      meanMale: 71_500,
      meanFemale: 59_400,
      hours: 2200,
    });
  });

  test("nothing published, or hourly with no hours to annualise it: null mean, no basis, the hourly kept", () => {
    expect(euAnnualMean({ annual: null, monthly: none, hourly: none, paidHours }).mean).toBeNull();
    expect(
      euAnnualMean({ annual: null, monthly: none, hourly: { T: 30, M: null, F: null }, paidHours: null }),
    ).toMatchObject({ mean: null, basis: null, meanHourly: 30 });
  });
});
