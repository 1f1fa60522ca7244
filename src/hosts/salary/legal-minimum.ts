// E8's legal check, wired to the data: the minimum wage as legislated (statutory_minimum_wages) in the law's own
// unit and currency; Eurostat's statistical monthly figure only where that table has no row for the country.
import {
  possessive,
  rulesOn,
  statutoryCheck,
  type Finding,
  type LegalResult,
  type MinimumWageRules,
  type StatutoryRow,
} from "../../domain/statutory-minimum.ts";
import { POSTING_CURRENCIES } from "../../domain/currency.ts";
import { round } from "../../domain/rounding.ts";
import type { SalaryPeriod } from "../../domain/pay-period.ts";
import type { Services } from "../../services.ts";

/** Currencies replaced by the euro at an irrevocably fixed rate: never a market rate (Bulgaria adopted the euro on 2026-01-01). */
const FIXED_PER_EUR: Record<string, number> = { BGN: 1.95583 };

/**
 * Units of `to` per unit of `from`: the fixed euro conversion rate where one applies; otherwise World Bank annual
 * average market rates (PPP factor ÷ price level ratio), both against the USD. `source` names the rate.
 */
export function unitsPer(to: string, from: string, s: Services): { rate: number; source: string } | null {
  if (to === from) return { rate: 1, source: "no conversion" };
  const fixed =
    to === "EUR" && FIXED_PER_EUR[from]
      ? 1 / FIXED_PER_EUR[from]
      : from === "EUR" && FIXED_PER_EUR[to]
        ? FIXED_PER_EUR[to]
        : null;
  if (fixed !== null)
    return {
      rate: fixed,
      source: `the fixed conversion rate of ${FIXED_PER_EUR[to === "EUR" ? from : to]} ${to === "EUR" ? from : to} per EUR`,
    };
  const perUsd = (c: string) =>
    c === "USD"
      ? { value: 1, year: Infinity }
      : POSTING_CURRENCIES[c]
        ? s.priceLevels.lcuPerUsd(POSTING_CURRENCIES[c])
        : null;
  const [t, f] = [perUsd(to), perUsd(from)];
  return t && f
    ? {
        rate: t.value / f.value,
        source: `the ${Math.min(t.year, f.year)} annual average market rate from World Bank data (PA.NUS.PPP ÷ PA.NUS.PPPC.RF)`,
      }
    : null;
}

/** Eurostat's monthly EUR figure as a rule, for a country the legal table lacks (labelled as such in every answer). */
function eurostatRule(iso: string, geo: string, on: string, s: Services): StatutoryRow | null {
  const mw = s.euEarnings.minimumWage(geo, new Date(`${on}T00:00:00Z`));
  if (!mw) return null;
  return {
    country: iso,
    effectiveFrom: `${mw.year}-${mw.semester === 1 ? "01" : "07"}-01`,
    unit: "month",
    amount: mw.monthlyEur,
    currency: "EUR",
    paymentsPerYear: 12,
    hoursPerWeek: null,
    sourceUrl: "https://ec.europa.eu/eurostat/databrowser/view/earn_mw_cur/default/table",
    sourceTitle: `Eurostat earn_mw_cur ${mw.year}-S${mw.semester} (statistical monthly figure in EUR, not the legal text)`,
    note: null,
    appliesTo: "employees",
    equivalent: false,
    uncertain: false,
    hoursStatutory: false,
  };
}

export interface PostingForLaw {
  min: number;
  currency: string;
  period: SalaryPeriod;
  weeklyHours: number | null;
  on: string;
}
export interface LegalMinimum extends LegalResult {
  basis: "statutory_table" | "eurostat_earn_mw_cur" | "no_statutory_minimum" | "no_source";
}

export function legalMinimumCheck(
  posting: PostingForLaw,
  iso: string,
  geo: string,
  countryName: string,
  s: Services,
): LegalMinimum {
  let rules: MinimumWageRules = rulesOn(s.statutoryMinimumWages.rows(iso), posting.on);
  const findings: Finding[] = [];
  let basis: LegalMinimum["basis"] = "statutory_table";
  if (rules.kind === "none") {
    const row = rules.row;
    return {
      basis: "no_statutory_minimum",
      rule: null,
      floor: null,
      findings: [
        {
          code: "NO_STATUTORY_MINIMUM_WAGE",
          severity: "info",
          message: `${countryName} has no statutory minimum wage (${row.sourceTitle}, ${row.sourceUrl}): wage floors are set by collective agreements, which this service does not hold; only the range itself was checked.`,
        },
      ],
    };
  }
  if (rules.kind === "not_in_table") {
    const fallback = eurostatRule(iso, geo, posting.on, s);
    if (!fallback)
      return {
        basis: "no_source",
        rule: null,
        floor: null,
        findings: [
          {
            code: "NO_MINIMUM_WAGE_SOURCE",
            severity: "warning",
            message: `Neither the minimum-wage table nor Eurostat (earn_mw_cur) lists a statutory minimum wage for ${countryName} in force on ${posting.on}, so the range was not checked against one.`,
          },
        ],
      };
    basis = "eurostat_earn_mw_cur";
    rules = { kind: "statutory", inForce: [fallback], guaranteed: null, upcoming: [] };
    findings.push({
      code: "MINIMUM_WAGE_FROM_EUROSTAT",
      severity: "warning",
      message: `The minimum-wage table has no amount for ${countryName} in force on ${posting.on}; Eurostat's statistical monthly figure in EUR (earn_mw_cur) was used instead, which is a conversion and may differ from the legal amount.`,
    });
  }
  // The law's currency: a posting in it is never converted; any other is, at a rate the answer names, to the cent
  // (as a payroll pays it: BGN 1,213 ÷ 1.95583 = EUR 620.197… is paid as 620.20).
  const lawCurrency = rules.inForce[0].currency!;
  const fx = unitsPer(lawCurrency, posting.currency, s);
  if (!fx)
    return {
      basis,
      rule: null,
      floor: null,
      findings: [
        ...findings,
        {
          code: "NO_EXCHANGE_RATE",
          severity: "warning",
          message: `No exchange rate between ${posting.currency} and ${lawCurrency} (the currency of ${possessive(countryName)} minimum wage) is available, so the range was not checked against the minimum wage.`,
        },
      ],
    };
  if (fx.rate !== 1)
    findings.push({
      code: "CURRENCY_CONVERTED",
      severity: "info",
      message: `For the legal check min_salary was converted from ${posting.currency} to ${lawCurrency}, the currency of ${possessive(countryName)} minimum wage, at ${fx.rate.toPrecision(6)} ${lawCurrency} per ${posting.currency}, ${fx.source}. Send the range in ${lawCurrency} for a check without conversion.`,
    });
  const checked = statutoryCheck(
    {
      period: posting.period,
      weeklyHours: posting.weeklyHours,
      minInLawCurrency: fx.rate === 1 ? posting.min : round(posting.min * fx.rate, 2),
      converted: fx.rate !== 1,
      on: posting.on,
    },
    rules,
    countryName,
  );
  return { ...checked, basis, findings: [...findings, ...checked.findings] };
}
