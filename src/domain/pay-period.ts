// Pay on one basis: an amount per year, month or hour, to a year and back. One rule for the pay-gap report
// (E7) and the range check (E8): monthly × 12; hourly × the hours of a year (2,080 when none are known).

export type SalaryPeriod = "annual" | "monthly" | "hourly";

/** Hours a year behind an hourly rate when none are given: 40 hours × 52 weeks, the U.S. full-time year. */
export const DEFAULT_ANNUAL_HOURS = 2080;

/** An amount of the period → a year's pay. */
export function annualise(amount: number, period: SalaryPeriod, annualHours = DEFAULT_ANNUAL_HOURS): number {
  return period === "annual" ? amount : period === "monthly" ? amount * 12 : amount * annualHours;
}

/** A year's pay → the amount of the period (the inverse of annualise). */
export function fromAnnual(annual: number, period: SalaryPeriod, annualHours = DEFAULT_ANNUAL_HOURS): number {
  return period === "annual" ? annual : period === "monthly" ? annual / 12 : annual / annualHours;
}
