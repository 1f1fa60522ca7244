// E8's legal check against the minimum wage as legislated: the law's own unit (hour, week or month), currency and
// payments per year, from the row in force on the posting's date. A posting is compared in the law's unit wherever it
// can be; when a unit conversion needs weekly hours, they come from the posting, else the row, else an assumed
// 40-hour week, and an assumed week can never make a finding an error (nor pass silently).
import type { SalaryPeriod } from "./pay-period.ts";
import { round } from "./rounding.ts";

export type LegalUnit = "hour" | "day" | "week" | "month";

/** One row of minimum-wages/statutory_minimum_wages.csv, with the build's three derived flags. */
export interface StatutoryRow {
  country: string; effectiveFrom: string | null; unit: LegalUnit | "none"; amount: number | null; currency: string | null;
  paymentsPerYear: number | null; hoursPerWeek: number | null; sourceUrl: string; sourceTitle: string; note: string | null;
  appliesTo: "employees" | "guaranteed_minimum" | "civil_law_contracts"; equivalent: boolean; uncertain: boolean;
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

const latestDate = (rows: StatutoryRow[]) => rows.reduce<string | null>((d, r) => (r.effectiveFrom! > (d ?? "") ? r.effectiveFrom : d), null);

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
  return period === "hourly" ? byUnit("hour") ?? byUnit("week") ?? byUnit("month") ?? null
    : byUnit("month") ?? byUnit("week") ?? byUnit("hour") ?? null;
}

export type HoursBasis = "posting" | "rule" | "official_equivalent" | "assumed";
export interface Hours { perWeek: number; basis: HoursBasis }

/** Whether turning `unit` into `period` needs weekly hours: an hourly law meeting a salary, or a salary law an hourly rate. */
export const needsHours = (unit: LegalUnit, period: SalaryPeriod) => (unit === "hour") !== (period === "hourly");

/**
 * Weekly hours for a conversion. A monthly or annual posting against an hourly law is that job's pay for its own
 * week: the posting's weekly_hours. An hourly posting against a monthly or weekly law needs the full-time week the
 * amount is for (a part-timer's floor is pro rata, the same per hour): the rule's stated week, an official hourly
 * equivalent's, or the assumed one, never the posting's hours.
 */
export function hoursFor(rule: StatutoryRow, inForce: StatutoryRow[], postingHours: number | null): Hours {
  if (rule.unit === "hour" && postingHours !== null) return { perWeek: postingHours, basis: "posting" };
  if (rule.hoursPerWeek !== null) return { perWeek: rule.hoursPerWeek, basis: "rule" };
  const equivalent = inForce.find((r) => r.equivalent && r.hoursPerWeek !== null);
  if (equivalent) return { perWeek: equivalent.hoursPerWeek!, basis: "official_equivalent" };
  return { perWeek: ASSUMED_WEEKLY_HOURS, basis: "assumed" };
}

/** The rule's amount per posting period, in the law's currency. Exact when no conversion was needed. */
export function floorPer(rule: StatutoryRow, period: SalaryPeriod, hours: Hours | null): { amount: number; converted: boolean; formula: string } {
  const a = rule.amount!;
  const h = hours?.perWeek ?? NaN;
  const payments = rule.paymentsPerYear ?? 12;
  switch (`${rule.unit}>${period}`) {
    case "hour>hourly": case "month>monthly": return { amount: a, converted: false, formula: `${a} ${perUnit(rule.unit)}` };
    case "month>annual": return { amount: a * payments, converted: payments !== 1, formula: `${a} × ${payments} payments a year` };
    case "month>hourly": return { amount: (a * payments) / (WEEKS_PER_YEAR * h), converted: true, formula: `${a} × ${payments} payments ÷ (52 weeks × ${h} hours)` };
    case "hour>monthly": return { amount: (a * h * WEEKS_PER_YEAR) / 12, converted: true, formula: `${a} × ${h} hours × 52 weeks ÷ 12` };
    case "hour>annual": return { amount: a * h * WEEKS_PER_YEAR, converted: true, formula: `${a} × ${h} hours × 52 weeks` };
    case "week>annual": return { amount: a * WEEKS_PER_YEAR, converted: true, formula: `${a} × 52 weeks` };
    case "week>monthly": return { amount: (a * WEEKS_PER_YEAR) / 12, converted: true, formula: `${a} × 52 weeks ÷ 12` };
    case "week>hourly": return { amount: a / h, converted: true, formula: `${a} ÷ ${h} hours` };
    default: throw new Error(`no conversion from a ${rule.unit} minimum to a ${period} posting`);
  }
}

const unitNoun = (u: string) => (u === "hour" ? "hour" : u === "week" ? "week" : u === "day" ? "day" : "month");
const perUnit = (u: string) => (u === "hour" ? "an hour" : `a ${unitNoun(u)}`);
const periodNoun = (p: SalaryPeriod) => (p === "hourly" ? "an hour" : p === "monthly" ? "a month" : "a year");
/** 13.90 EUR, 1,221 EUR, 15.6285 EUR: whole amounts bare, others to the cent or the decimals the law uses. */
const money = (x: number, currency: string) => `${x.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(x) ? 0 : 2, maximumFractionDigits: 4 })} ${currency}`;

export interface Finding { code: string; severity: "error" | "warning" | "info"; message: string }
/** The posting as E8 received it, with its amounts in the law's currency (the same numbers when the currencies agree). */
export interface LegalPosting { min: number; max: number; period: SalaryPeriod; weeklyHours: number | null; minInLawCurrency: number; on: string }
export interface LegalFloor { amount: number; currency: string; per: SalaryPeriod; weeklyHours: number | null; hoursBasis: HoursBasis | null; formula: string }
export interface LegalResult { findings: Finding[]; rule: StatutoryRow | null; floor: LegalFloor | null }

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Compare the posting's minimum with the statutory floor in force. Findings: BELOW_MINIMUM_WAGE (error when the
 * comparison needed no assumed hours), MINIMUM_WAGE_HOURS_ASSUMED (warning: the comparison rests on a week nobody
 * stated), PAID_IN_14_PAYMENTS, LEGAL_SOURCE_UNCERTAIN, MINIMUM_WAGE_MAY_BE_OUTDATED, GUARANTEED_MINIMUM_MAY_APPLY,
 * UPCOMING_MINIMUM_WAGE.
 */
export function statutoryCheck(posting: LegalPosting, rules: Extract<MinimumWageRules, { kind: "statutory" }>, countryName: string): LegalResult {
  const findings: Finding[] = [];
  const rule = ruleFor(rules.inForce, posting.period);
  if (!rule) return { findings: [{ code: "NO_MINIMUM_WAGE_RULE", severity: "warning", message: `The minimum-wage table has no amount for ${countryName} that can be compared with a ${posting.period} posting; the range was not checked against a minimum wage.` }], rule: null, floor: null };
  const currency = rule.currency!;
  const hours = needsHours(rule.unit as LegalUnit, posting.period) ? hoursFor(rule, rules.inForce, posting.weeklyHours) : null;
  const floor = floorPer(rule, posting.period, hours);
  // A converted floor is met at the cent (FR's 12.02 × 35 × 52 ÷ 12 = 1,823.0333… is met by 1,823.03); a direct one exactly.
  const bar = floor.converted ? round(floor.amount, 2) : floor.amount;
  const below = posting.minInLawCurrency < bar - 1e-9;
  const law = `${countryName}'s statutory minimum wage of ${money(rule.amount!, currency)} ${perUnit(rule.unit)} (in force from ${rule.effectiveFrom}; ${rule.sourceTitle})`;
  const asFloor = floor.converted ? `, which is ${money(bar, currency)} ${periodNoun(posting.period)} (${floor.formula})` : "";
  const shown = `min_salary (${money(round(posting.minInLawCurrency, 2), currency)} ${periodNoun(posting.period)})`;

  // An hourly posting below a monthly or weekly floor spread over the longest legal week is below it whatever the week.
  const belowAnyWeek = hours !== null && posting.period === "hourly" && hours.basis !== "rule"
    && posting.minInLawCurrency < round(floorPer(rule, "hourly", { perWeek: MAX_AVERAGE_WEEKLY_HOURS, basis: "assumed" }).amount, 2) - 1e-9;
  if (belowAnyWeek) {
    const longest = round(floorPer(rule, "hourly", { perWeek: MAX_AVERAGE_WEEKLY_HOURS, basis: "assumed" }).amount, 2);
    findings.push({ code: "BELOW_MINIMUM_WAGE", severity: "error", message: `${shown} is below ${law} even over a ${MAX_AVERAGE_WEEKLY_HOURS}-hour week, the longest average week the Working Time Directive allows: ${money(longest, currency)} an hour at most.` });
  } else if (hours && hours.basis !== "posting" && hours.basis !== "rule") {
    // Which week is unknown depends on the direction: the job's own (a salary against an hourly law), which the
    // posting can state; or the full-time week a monthly or weekly amount is for, which no posting changes.
    const why = rule.unit === "hour"
      ? `neither the posting nor the law's source states the job's weekly hours, so ${hours.perWeek} hours a week were assumed. Send weekly_hours for a definite finding`
      : hours.basis === "assumed"
        ? `the law's source does not state the full-time week its ${unitNoun(rule.unit)}ly amount is for, so ${hours.perWeek} hours a week were assumed (a part-timer's floor is pro rata: the same per hour); with a longer full-time week the hourly floor is lower, with a shorter one higher`
        : `the law sets a ${unitNoun(rule.unit)}ly amount; its official hourly equivalent, for a ${hours.perWeek}-hour week, was used; with a longer full-time week the hourly floor is lower`;
    findings.push({ code: "MINIMUM_WAGE_HOURS_ASSUMED", severity: "warning",
      message: `${below ? "Possibly below" : "Probably at or above"} the minimum wage: ${shown} is ${below ? "below" : "at or above"} ${law}${asFloor}, but ${why}.` });
  } else if (below) {
    const at = hours ? ` at ${hours.perWeek} hours a week (${hours.basis === "posting" ? "weekly_hours" : "the hours the law's source states"})` : "";
    findings.push({ code: "BELOW_MINIMUM_WAGE", severity: "error", message: `${shown} is below ${law}${asFloor}${at}.` });
  }
  if (rule.unit === "month" && (rule.paymentsPerYear ?? 12) > 12 && posting.period === "monthly" && !below) {
    const twelve = round((rule.amount! * rule.paymentsPerYear!) / 12, 2);
    if (posting.minInLawCurrency < twelve) findings.push({ code: "PAID_IN_14_PAYMENTS", severity: "warning",
      message: `${countryName}'s monthly minimum is paid ${rule.paymentsPerYear} times a year (annual floor ${money(rule.amount! * rule.paymentsPerYear!, currency)}): min_salary is legal only if it is paid ${rule.paymentsPerYear} times; paid 12 times it must be at least ${money(twelve, currency)} a month.` });
  }
  const used = [rule, ...rules.inForce.filter((r) => r.equivalent && hours?.basis === "official_equivalent")];
  for (const r of used.filter((r) => r.uncertain)) findings.push({ code: "LEGAL_SOURCE_UNCERTAIN", severity: "warning",
    message: `The amount or date of the rule applied is not confirmed by its source (${r.sourceTitle}): ${r.note}` });
  if (daysBetween(rule.effectiveFrom!, posting.on) > RULE_AGE_WARNING_DAYS) findings.push({ code: "MINIMUM_WAGE_MAY_BE_OUTDATED", severity: "warning",
    message: `The newest amount the minimum-wage table holds for ${countryName} took effect on ${rule.effectiveFrom}, more than a year before ${posting.on}; a newer amount may apply. Check the national source.` });
  if (rules.guaranteed) {
    const g = rules.guaranteed;
    const gFloor = posting.period === "monthly" ? g.amount! : posting.period === "annual" ? g.amount! * (g.paymentsPerYear ?? 12) : null;
    if (gFloor !== null && posting.minInLawCurrency < gFloor) findings.push({ code: "GUARANTEED_MINIMUM_MAY_APPLY", severity: "warning",
      message: `${countryName} also sets a guaranteed wage minimum of ${money(g.amount!, g.currency!)} a month (from ${g.effectiveFrom}; ${g.sourceTitle}) for jobs requiring at least secondary education or a secondary vocational qualification; min_salary is below it.` });
  }
  const upcoming = ruleFor(rules.upcoming, posting.period);
  if (upcoming) {
    const h = needsHours(upcoming.unit as LegalUnit, posting.period) ? hoursFor(upcoming, rules.upcoming, posting.weeklyHours) : null;
    const next = floorPer(upcoming, posting.period, h);
    const nextBar = next.converted ? round(next.amount, 2) : next.amount;
    findings.push({ code: "UPCOMING_MINIMUM_WAGE", severity: "info",
      message: `From ${upcoming.effectiveFrom} the minimum wage will be ${money(upcoming.amount!, upcoming.currency!)} ${perUnit(upcoming.unit)} (${upcoming.sourceTitle})${next.converted ? `, ${money(nextBar, upcoming.currency!)} ${periodNoun(posting.period)}` : ""}; min_salary is ${posting.minInLawCurrency < nextBar ? "below" : "at or above"} it.` });
  }
  return { findings, rule, floor: { amount: round(floor.amount, 4), currency, per: posting.period, weeklyHours: hours?.perWeek ?? null, hoursBasis: hours?.basis ?? null, formula: floor.formula } };
}
