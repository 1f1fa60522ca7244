// E8's legal check against the minimum wage as legislated: the law's own unit (hour, week or month), currency and
// payments per year, from the row in force on the posting's date. A posting is compared in the law's unit wherever it
// can be; when a unit conversion needs weekly hours, they come from the posting, else the row, else an assumed
// 40-hour week, and an assumed week can never make a finding an error (nor pass silently).
import type { SalaryPeriod } from "./pay-period.ts";
import { round } from "./rounding.ts";

export type LegalUnit = "hour" | "day" | "week" | "month";

/** One row of minimum-wages/statutory_minimum_wages.csv, with the build's three derived flags. */
export interface StatutoryRow {
  country: string;
  effectiveFrom: string | null;
  unit: LegalUnit | "none";
  amount: number | null;
  currency: string | null;
  paymentsPerYear: number | null;
  hoursPerWeek: number | null;
  sourceUrl: string;
  sourceTitle: string;
  note: string | null;
  appliesTo: "employees" | "guaranteed_minimum" | "civil_law_contracts";
  equivalent: boolean;
  uncertain: boolean;
  /** The stated weekly hours are the law's week, not a convention a source uses to convert (Ireland's 39). */
  hoursStatutory: boolean;
}

/** What the table says of a country on a date. */
export type MinimumWageRules =
  | { kind: "statutory"; inForce: StatutoryRow[]; guaranteed: StatutoryRow | null; upcoming: StatutoryRow[] }
  | { kind: "none"; row: StatutoryRow }
  | { kind: "not_in_table" };

/** The week assumed when neither the posting nor the law states one: the EU's common full-time week. */
export const ASSUMED_WEEKLY_HOURS = 40;
/** The longest average working week the Working Time Directive (2003/88/EC, Art. 6) allows: no full-time week is longer. */
export const MAX_AVERAGE_WEEKLY_HOURS = 48;
/** A rule older than this on the posting's date may have been replaced by an amount the table lacks. */
export const RULE_AGE_WARNING_DAYS = 365;
const WEEKS_PER_YEAR = 52;

const latestDate = (rows: StatutoryRow[]) =>
  rows.reduce<string | null>((d, r) => (r.effectiveFrom! > (d ?? "") ? r.effectiveFrom : d), null);

/**
 * The rules in force on `on` (YYYY-MM-DD): the rows of the latest decision on or before that date that bind
 * employees. A decision that restates only some units retires the others (Hungary 2026 set no hourly amount), so
 * an older row of another unit never answers.
 */
export function rulesOn(rows: StatutoryRow[], on: string): MinimumWageRules {
  const none = rows.find((r) => r.unit === "none");
  if (none) return { kind: "none", row: none };
  const dated = rows.filter((r) => r.unit !== "none" && r.effectiveFrom !== null);
  const employees = dated.filter((r) => r.appliesTo === "employees");
  const past = employees.filter((r) => r.effectiveFrom! <= on);
  const latest = latestDate(past);
  if (!latest) return { kind: "not_in_table" };
  const guaranteedRows = dated.filter((r) => r.appliesTo === "guaranteed_minimum" && r.effectiveFrom! <= on);
  const guaranteedDate = latestDate(guaranteedRows);
  const future = employees.filter((r) => r.effectiveFrom! > on && !r.equivalent);
  const next = future.reduce<string | null>((d, r) => (d === null || r.effectiveFrom! < d ? r.effectiveFrom : d), null);
  return {
    kind: "statutory",
    inForce: past.filter((r) => r.effectiveFrom === latest),
    guaranteed: guaranteedRows.find((r) => r.effectiveFrom === guaranteedDate && r.unit === "month") ?? null,
    upcoming: future.filter((r) => r.effectiveFrom === next),
  };
}

/** The row a posting of `period` is compared with: the law's own unit when it has one, else its month, week, hour. */
export function ruleFor(inForce: StatutoryRow[], period: SalaryPeriod): StatutoryRow | null {
  const legal = inForce.filter((r) => !r.equivalent && r.unit !== "day");
  const byUnit = (u: LegalUnit) => legal.find((r) => r.unit === u);
  return period === "hourly"
    ? (byUnit("hour") ?? byUnit("week") ?? byUnit("month") ?? null)
    : (byUnit("month") ?? byUnit("week") ?? byUnit("hour") ?? null);
}

/**
 * Where the weekly hours of a conversion came from. posting: the posting's weekly_hours; rule: a week the law's
 * source states as statutory (France's 35, Czechia's 40); convention: a week a source uses to convert, not the law's
 * (Ireland's 39); official_equivalent: the week of an official hourly equivalent (Belgium's 38); assumed: 40.
 * Only posting and rule are certain: the others make a finding a warning, never an error.
 */
export type HoursBasis = "posting" | "rule" | "convention" | "official_equivalent" | "assumed";
export interface Hours {
  perWeek: number;
  basis: HoursBasis;
}
const certain = (h: Hours | null) => h === null || h.basis === "posting" || h.basis === "rule";

/** The full-time week the law's source states as statutory (France 35), if a rule in force states one. */
export function statutoryWeek(rules: MinimumWageRules): number | null {
  if (rules.kind !== "statutory") return null;
  return rules.inForce.find((r) => r.hoursPerWeek !== null && r.hoursStatutory)?.hoursPerWeek ?? null;
}

/** The full-time week a rule is for: the week its source states, an official equivalent's, or the assumed one. */
export function fullTimeWeek(rule: StatutoryRow, inForce: StatutoryRow[]): Hours {
  if (rule.hoursPerWeek !== null)
    return { perWeek: rule.hoursPerWeek, basis: rule.hoursStatutory ? "rule" : "convention" };
  const equivalent = inForce.find((r) => r.equivalent && r.hoursPerWeek !== null);
  if (equivalent) return { perWeek: equivalent.hoursPerWeek!, basis: "official_equivalent" };
  return { perWeek: ASSUMED_WEEKLY_HOURS, basis: "assumed" };
}

export interface Floor {
  amount: number;
  formula: string;
  hours: Hours | null;
}

/**
 * The rule's amount per posting period, in the law's currency, for the posting's week.
 * - An hourly law meets a salary at the job's week: the posting's weekly_hours, else a full-time week.
 * - A monthly or weekly law is for a full-time week: an hourly posting divides by that week (a part-timer's floor is
 *   pro rata, the same per hour); a salary for fewer weekly_hours than that week meets the pro-rata share of it.
 * - Spain, Portugal and Greece pay the monthly amount 14 times: a year's floor is 14 × it.
 */
export function floorFor(
  rule: StatutoryRow,
  inForce: StatutoryRow[],
  period: SalaryPeriod,
  weeklyHours: number | null,
): Floor {
  const a = rule.amount!;
  const payments = rule.unit === "month" ? (rule.paymentsPerYear ?? 12) : WEEKS_PER_YEAR;
  const perYear = rule.unit === "month" ? `${a} × ${payments} payments a year` : `${a} × 52 weeks`;
  if (rule.unit === "hour") {
    if (period === "hourly") return { amount: a, formula: `${a} an hour`, hours: null };
    const h = weeklyHours !== null ? { perWeek: weeklyHours, basis: "posting" as const } : fullTimeWeek(rule, inForce);
    const annual = a * h.perWeek * WEEKS_PER_YEAR;
    return period === "annual"
      ? { amount: annual, formula: `${a} × ${h.perWeek} hours × 52 weeks`, hours: h }
      : { amount: annual / 12, formula: `${a} × ${h.perWeek} hours × 52 weeks ÷ 12`, hours: h };
  }
  const full = fullTimeWeek(rule, inForce);
  // An official hourly equivalent is the government's own figure for its week: used as published (Belgium's 12.8252).
  const equivalent = inForce.find((r) => r.equivalent && r.hoursPerWeek === full.perWeek);
  if (period === "hourly" && full.basis === "official_equivalent" && equivalent) {
    return {
      amount: equivalent.amount!,
      formula: `${equivalent.amount} an hour, the official hourly equivalent for a ${full.perWeek}-hour week`,
      hours: full,
    };
  }
  if (period === "hourly") {
    return rule.unit === "week"
      ? { amount: a / full.perWeek, formula: `${a} a week ÷ ${full.perWeek} hours`, hours: full }
      : {
          amount: (a * payments) / (WEEKS_PER_YEAR * full.perWeek),
          formula: `${perYear} ÷ (52 weeks × ${full.perWeek} hours)`,
          hours: full,
        };
  }
  const [amount, formula] =
    period === "annual"
      ? [a * payments, perYear]
      : rule.unit === "month"
        ? [a, `${a} a month`]
        : [(a * WEEKS_PER_YEAR) / 12, `${perYear} ÷ 12`];
  if (weeklyHours === null || weeklyHours >= full.perWeek) return { amount, formula, hours: null };
  return {
    amount: (amount * weeklyHours) / full.perWeek,
    formula: `${formula} × ${weeklyHours} ÷ ${full.perWeek} hours (pro rata)`,
    hours: { perWeek: weeklyHours, basis: full.basis },
  };
}

const unitNoun = (u: string) => (u === "hour" ? "hour" : u === "week" ? "week" : u === "day" ? "day" : "month");
const perUnit = (u: string) => (u === "hour" ? "an hour" : `a ${unitNoun(u)}`);
const periodNoun = (p: SalaryPeriod) => (p === "hourly" ? "an hour" : p === "monthly" ? "a month" : "a year");
/** "Germany's", "the Netherlands'": a name ending in s takes the apostrophe alone. */
export const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/** 13.90 EUR, 1,221 EUR, 15.6285 EUR: whole amounts bare, others to the cent or to the decimals given (at most 4). */
const money = (x: number, currency: string, decimals = 4) =>
  `${x.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(x) ? 0 : 2, maximumFractionDigits: decimals })} ${currency}`;

export interface Finding {
  code: string;
  severity: "error" | "warning" | "info";
  message: string;
}
/** The posting as E8 received it, its minimum in the law's currency (`converted` when its own currency was another). */
export interface LegalPosting {
  period: SalaryPeriod;
  weeklyHours: number | null;
  minInLawCurrency: number;
  converted: boolean;
  on: string;
}
export interface LegalFloor {
  amount: number;
  currency: string;
  per: SalaryPeriod;
  weeklyHours: number | null;
  hoursBasis: HoursBasis | null;
  formula: string;
}
export interface LegalResult {
  findings: Finding[];
  rule: StatutoryRow | null;
  floor: LegalFloor | null;
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * The bar a posting must reach: an hourly floor exactly (rates have sub-cent decimals: Malta's 221.78 ÷ 40 = 5.5445);
 * a month's or a year's pay at the cent (France's 12.02 × 35 × 52 ÷ 12 = 1,823.0333… is met by 1,823.03).
 */
const barOf = (amount: number, period: SalaryPeriod) => (period === "hourly" ? amount : round(amount, 2));
const below = (min: number, bar: number) => min < bar - 1e-9;

/**
 * Compare the posting's minimum with the statutory floor in force. Findings: BELOW_MINIMUM_WAGE (an error when the
 * floor's source is confirmed, a warning otherwise; below at an assumed week too), MINIMUM_WAGE_HOURS_ASSUMED (warning:
 * the comparison rests on a week nobody stated), PAID_IN_14_PAYMENTS, LEGAL_SOURCE_UNCERTAIN,
 * MINIMUM_WAGE_MAY_BE_OUTDATED, GUARANTEED_MINIMUM_MAY_APPLY, UPCOMING_MINIMUM_WAGE.
 */
export function statutoryCheck(
  posting: LegalPosting,
  rules: Extract<MinimumWageRules, { kind: "statutory" }>,
  countryName: string,
): LegalResult {
  const findings: Finding[] = [];
  const rule = ruleFor(rules.inForce, posting.period);
  if (!rule)
    return {
      findings: [
        {
          code: "NO_MINIMUM_WAGE_RULE",
          severity: "warning",
          message: `The minimum-wage table has no amount for ${countryName} that can be compared with a ${posting.period} posting; the range was not checked against a minimum wage.`,
        },
      ],
      rule: null,
      floor: null,
    };
  const currency = rule.currency!;
  const floor = floorFor(rule, rules.inForce, posting.period, posting.weeklyHours);
  const bar = barOf(floor.amount, posting.period);
  const isBelow = below(posting.minInLawCurrency, bar);
  const law = `${possessive(countryName)} statutory minimum wage of ${money(rule.amount!, currency)} ${perUnit(rule.unit)} (in force from ${rule.effectiveFrom}; ${rule.sourceTitle})`;
  const asFloor =
    floor.formula === `${rule.amount} ${perUnit(rule.unit)}`
      ? ""
      : `, which is ${money(bar, currency, posting.period === "hourly" ? 4 : 2)} ${periodNoun(posting.period)} (${floor.formula})`;
  const shown = `min_salary (${money(posting.minInLawCurrency, currency, posting.converted ? 2 : 4)} ${periodNoun(posting.period)})`;
  const h = floor.hours;

  // An hourly posting below a monthly or weekly floor spread over the longest legal week is below it whatever the week.
  const longest =
    rule.unit !== "hour" && posting.period === "hourly" && !certain(h)
      ? floorFor({ ...rule, hoursPerWeek: MAX_AVERAGE_WEEKLY_HOURS, hoursStatutory: true }, [], "hourly", null).amount
      : null;
  if (longest !== null && below(posting.minInLawCurrency, longest)) {
    findings.push(
      belowFinding(
        rule,
        `${shown} is below ${law} even over a ${MAX_AVERAGE_WEEKLY_HOURS}-hour week, the longest average week the Working Time Directive allows: spread over that week it still comes to ${money(longest, currency, 2)} an hour.`,
      ),
    );
  } else if (!certain(h) && isBelow) {
    // Below at the week the conversion had to assume: the range is not shown to meet the law, so it is not legal
    // (SPEC E8: the range at or above the minimum converted to the posting's period); the week is named, and what
    // would settle it.
    findings.push(
      belowFinding(rule, `${shown} is below ${law}${asFloor} for a full-time job at ${h!.perWeek} hours a week.`),
      {
        code: "MINIMUM_WAGE_HOURS_ASSUMED",
        severity: "warning",
        message: `The shortfall rests on a week nobody stated: ${uncertainWeek(rule, h!)}.`,
      },
    );
  } else if (!certain(h)) {
    findings.push({
      code: "MINIMUM_WAGE_HOURS_ASSUMED",
      severity: "warning",
      message: `Probably at or above the minimum wage: ${shown} is at or above ${law}${asFloor}, but ${uncertainWeek(rule, h!)}.`,
    });
  } else if (isBelow) {
    const week = h
      ? h.basis === "posting"
        ? ` for ${h.perWeek} hours a week (weekly_hours)`
        : ` for a full-time job at the ${h.perWeek}-hour statutory week the law's source states (send weekly_hours for a part-time one)`
      : rule.unit === "hour" || posting.period === "hourly"
        ? ""
        : " for a full-time job (send weekly_hours for a part-time one)";
    findings.push(belowFinding(rule, `${shown} is below ${law}${asFloor}${week}.`));
  }
  if (rule.unit === "month" && (rule.paymentsPerYear ?? 12) > 12 && posting.period === "monthly" && !isBelow) {
    const twelve = round((floor.amount * rule.paymentsPerYear!) / 12, 2);
    if (posting.minInLawCurrency < twelve)
      findings.push({
        code: "PAID_IN_14_PAYMENTS",
        severity: "warning",
        message: `${possessive(countryName)} monthly minimum is paid ${rule.paymentsPerYear} times a year (annual floor ${money(rule.amount! * rule.paymentsPerYear!, currency)}): min_salary is legal only if it is paid ${rule.paymentsPerYear} times; paid 12 times it must be at least ${money(twelve, currency, 2)} a month.`,
      });
  }
  const used = [rule, ...rules.inForce.filter((r) => r.equivalent && h?.basis === "official_equivalent")];
  for (const r of used.filter((r) => r.uncertain))
    findings.push({
      code: "LEGAL_SOURCE_UNCERTAIN",
      severity: "warning",
      message: `The amount or date of the rule applied is not confirmed by its source (${r.sourceTitle}), so a shortfall is a warning, not an error: ${r.note}`,
    });
  if (daysBetween(rule.effectiveFrom!, posting.on) > RULE_AGE_WARNING_DAYS)
    findings.push({
      code: "MINIMUM_WAGE_MAY_BE_OUTDATED",
      severity: "warning",
      message: `The newest amount the minimum-wage table holds for ${countryName} took effect on ${rule.effectiveFrom}, more than a year before ${posting.on}; a newer amount may apply. Check the national source.`,
    });
  if (rules.guaranteed) {
    const g = rules.guaranteed;
    const gBar = barOf(floorFor(g, [], posting.period, posting.weeklyHours).amount, posting.period);
    if (below(posting.minInLawCurrency, gBar))
      findings.push({
        code: "GUARANTEED_MINIMUM_MAY_APPLY",
        severity: "warning",
        message: `${countryName} also sets a guaranteed wage minimum of ${money(g.amount!, g.currency!)} a month (from ${g.effectiveFrom}; ${g.sourceTitle}) for jobs requiring at least secondary education or a secondary vocational qualification: ${money(gBar, g.currency!, 2)} ${periodNoun(posting.period)}${posting.period === "hourly" ? ` at ${ASSUMED_WEEKLY_HOURS} hours a week` : ""}; min_salary is below it.`,
      });
  }
  const upcoming = ruleFor(rules.upcoming, posting.period);
  if (upcoming) {
    const next = floorFor(upcoming, rules.upcoming, posting.period, posting.weeklyHours);
    const nextBar = barOf(next.amount, posting.period);
    findings.push({
      code: "UPCOMING_MINIMUM_WAGE",
      severity: "info",
      message: `From ${upcoming.effectiveFrom} the minimum wage will be ${money(upcoming.amount!, upcoming.currency!)} ${perUnit(upcoming.unit)} (${upcoming.sourceTitle})${next.formula === `${upcoming.amount} ${perUnit(upcoming.unit)}` ? "" : `, ${money(nextBar, upcoming.currency!, 2)} ${periodNoun(posting.period)}`}; min_salary is ${below(posting.minInLawCurrency, nextBar) ? "below" : "at or above"} it.`,
    });
  }
  return {
    findings,
    rule,
    floor: {
      amount: round(floor.amount, 4),
      currency,
      per: posting.period,
      weeklyHours: h?.perWeek ?? null,
      hoursBasis: h?.basis ?? null,
      formula: floor.formula,
    },
  };
}

/** A shortfall: an error, unless the rule's own source is unconfirmed (then a warning that says so). */
const belowFinding = (rule: StatutoryRow, message: string): Finding =>
  rule.uncertain
    ? {
        code: "BELOW_MINIMUM_WAGE",
        severity: "warning",
        message: `${message} The rule's source is not confirmed (LEGAL_SOURCE_UNCERTAIN), so this is a warning.`,
      }
    : { code: "BELOW_MINIMUM_WAGE", severity: "error", message };

/** Which week is unknown: the job's (a salary against an hourly law), which weekly_hours settles; or the full-time week of a monthly or weekly law, which no posting changes. */
function uncertainWeek(rule: StatutoryRow, h: Hours): string {
  if (rule.unit === "hour") {
    const whose =
      h.basis === "convention"
        ? `the ${h.perWeek}-hour week the law's source uses to convert (not a statutory week) was used`
        : `${h.perWeek} hours a week were assumed`;
    return `neither the posting nor the law states the job's weekly hours, so ${whose}. Send weekly_hours for a definite finding`;
  }
  const week =
    h.basis === "official_equivalent"
      ? `the ${h.perWeek}-hour week of its official hourly equivalent was used`
      : h.basis === "convention"
        ? `the ${h.perWeek}-hour week its source uses to convert was used`
        : `${h.perWeek} hours a week were assumed`;
  return `the law's source does not state the full-time week its ${unitNoun(rule.unit)}ly amount is for, so ${week}; with a longer full-time week the floor per hour is lower, with a shorter one higher`;
}
