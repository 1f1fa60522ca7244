// One EU earnings method (docs/api-guide.md, "EU earnings"), used by E2–E5 and E8. The annual mean of a country and ISCO-08
// major group comes from the best figure Eurostat's Structure of Earnings Survey 2022 publishes:
//   1. the published mean annual earnings (earn_ses22_28: DE, ES, IT, PL);
//   2. the published mean monthly earnings × 12 (earn_ses_21 extract: 20 countries);
//   3. the published mean hourly earnings × the group's implied annual paid hours (an estimate).
// No source of annual paid hours is in the mirror, so they are implied where SES publishes both an annual and an
// hourly mean: hours = annual ÷ hourly, per country, and the group's figure is the median over those countries.
// That ratio carries what annual earnings hold and hourly ones do not (annual bonuses, a full year of work), so
// it is an annual-equivalent divisor, not hours worked.

import { round } from "./rounding.ts";

export type EuBasis = "annual" | "monthly_x_12" | "hourly_x_hours";
export type Sex = "T" | "M" | "F";

export interface ImpliedPaidHours {
  /** The median of the countries' annual ÷ hourly, rounded to whole hours. */
  hours: number;
  min: number;
  max: number;
  countries: { geo: string; hours: number }[];
}

/** Implied annual paid hours of one ISCO group from the countries that publish both means; null if none does. */
export function impliedPaidHours(
  pairs: readonly { geo: string; annual: number | null; hourly: number | null }[],
): ImpliedPaidHours | null {
  const countries = pairs
    .filter(
      (p): p is { geo: string; annual: number; hourly: number } =>
        p.annual !== null && p.hourly !== null && p.hourly > 0,
    )
    .map((p) => ({ geo: p.geo, hours: round(p.annual / p.hourly) }))
    .sort((a, b) => a.geo.localeCompare(b.geo));
  if (!countries.length) return null;
  const sorted = countries.map((c) => c.hours).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const hours = sorted.length % 2 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { hours, min: sorted[0]!, max: sorted.at(-1)!, countries };
}

export interface EuMeanInputs {
  annual: number | null;
  monthly: Record<Sex, number | null>;
  hourly: Record<Sex, number | null>;
  /** The group's implied hours, for the hourly basis. */
  paidHours: ImpliedPaidHours | null;
}

export interface EuMean {
  /** Annual mean, all employees; null only when SES publishes no figure at all. */
  mean: number | null;
  /** `hourly_x_hours` is the estimate: it rests on implied hours. */
  basis: EuBasis | null;
  meanHourly: number | null;
  /** Annual means by sex, on the same basis as `mean`. */
  meanMale: number | null;
  meanFemale: number | null;
  /** The annual ÷ hourly divisor behind `mean`: the country's own (annual basis), the group's implied hours (hourly basis). */
  hours: number | null;
}

/**
 * The annual means of one country and group, on the best basis published. Means by sex follow the mean's basis:
 * annual, hourly by sex × the country's own annual ÷ hourly (monthly × 12 would drop the annual bonuses the mean
 * holds); monthly_x_12, monthly by sex × 12; hourly_x_hours, hourly by sex × the same implied hours. The men's
 * and women's figures thus stay in the ratio SES publishes for that basis.
 */
export function euAnnualMean({ annual, monthly, hourly, paidHours }: EuMeanInputs): EuMean {
  const bySexHours = (hours: number | null) => (sex: "M" | "F") =>
    monthly[sex] !== null && annual === null
      ? monthly[sex]! * 12
      : hourly[sex] !== null && hours !== null
        ? round(hourly[sex]! * hours)
        : null;
  if (annual !== null) {
    const hours = hourly.T !== null && hourly.T > 0 ? annual / hourly.T : null;
    const sex = bySexHours(hours);
    return {
      mean: annual,
      basis: "annual",
      meanHourly: hourly.T,
      meanMale: sex("M"),
      meanFemale: sex("F"),
      hours: round(hours),
    };
  }
  if (monthly.T !== null) {
    const sex = bySexHours(null);
    return {
      mean: monthly.T * 12,
      basis: "monthly_x_12",
      meanHourly: hourly.T,
      meanMale: sex("M"),
      meanFemale: sex("F"),
      hours: null,
    };
  }
  if (hourly.T !== null && paidHours) {
    const sex = bySexHours(paidHours.hours);
    return {
      mean: round(hourly.T * paidHours.hours),
      basis: "hourly_x_hours",
      meanHourly: hourly.T,
      meanMale: sex("M"),
      meanFemale: sex("F"),
      hours: paidHours.hours,
    };
  }
  return { mean: null, basis: null, meanHourly: hourly.T, meanMale: null, meanFemale: null, hours: null };
}
