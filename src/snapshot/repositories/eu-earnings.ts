// Eurostat earnings by ISCO-08 major group: SES 2022 hourly (by sex), annual (DE, ES, IT, PL), the monthly
// extract, statutory minimum wages and the headline gender pay gap.
import type { Database } from "bun:sqlite";
import { semesterOn, semesterOrdinal } from "../../domain/semester.ts";
import { euAnnualMean, impliedPaidHours, type EuMean, type ImpliedPaidHours } from "../../domain/eu-earnings.ts";
import { Lru } from "../../domain/lru.ts";

/** SES 2022 scope used throughout: enterprises with 10+ employees, NACE B-S except O (Eurostat's GPG scope). */
export const SES_SCOPE = { sizeclas: "GE10", nace: "B-S_X_O" } as const;

export interface Observation {
  value: number | null;
  flag: string | null;
}
/** A statutory minimum wage in one semester: EUR and PPS as Eurostat publishes them, with its flags (e, p, b…). */
export interface MinimumWage {
  monthlyEur: number;
  monthlyPps: number | null;
  year: number;
  semester: 1 | 2;
  eurFlag: string | null;
  ppsFlag: string | null;
}

export class EuEarningsRepository {
  private readonly hourlyQ;
  private readonly annualQ;
  private readonly monthlyQ;
  private readonly minimumWageQ;
  private readonly gapQ;
  private readonly groupsQ;
  private readonly hoursPairsQ;
  // Answers over immutable tables, keyed by validated codes (countries × groups × sexes): a few thousand at most.
  private readonly memo = new Lru<string, unknown>(8192);
  private memoised<T>(key: string, read: () => T): T {
    return this.memo.get(key, read) as T;
  }

  constructor(db: Database) {
    this.hourlyQ = db.query<Observation, [string, string, string]>(
      `SELECT value, flag FROM ses_hourly WHERE geo = ? AND isco08 = ? AND sex = ? AND sizeclas = '${SES_SCOPE.sizeclas}' AND nace_r2 = '${SES_SCOPE.nace}'`,
    );
    this.annualQ = db.query<Observation, [string, string]>(
      "SELECT value, flag FROM ses_annual WHERE geo = ? AND isco08 = ? AND indic_se = 'ERN' AND unit = 'EUR'",
    );
    this.monthlyQ = db.query<{ value: number | null; note: string | null }, [string, string, string]>(
      "SELECT value, note FROM ses_monthly WHERE geo = ? AND isco08 = ? AND sex = ? AND year = 2022",
    );
    this.minimumWageQ = db.query<MinimumWage, [string, number]>(
      `SELECT e.value AS monthlyEur, e.flag AS eurFlag, p.value AS monthlyPps, p.flag AS ppsFlag, e.year, e.semester
       FROM minimum_wage e LEFT JOIN minimum_wage p ON p.geo = e.geo AND p.year = e.year AND p.semester = e.semester AND p.currency = 'PPS'
       WHERE e.geo = ? AND e.currency = 'EUR' AND e.value IS NOT NULL AND e.year * 2 + e.semester - 1 <= ?
       ORDER BY e.year DESC, e.semester DESC LIMIT 1`,
    );
    this.gapQ = db.query<{ value: number; year: number; flag: string | null }, [string]>(
      "SELECT value, year, flag FROM gender_pay_gap WHERE geo = ? AND breakdown_kind = 'headline' AND value IS NOT NULL ORDER BY year DESC LIMIT 1",
    );
    this.hoursPairsQ = db.query<{ geo: string; annual: number | null; hourly: number | null }, [string]>(
      `SELECT a.geo, a.value AS annual, h.value AS hourly FROM ses_annual a
       JOIN ses_hourly h ON h.geo = a.geo AND h.isco08 = a.isco08 AND h.sex = 'T' AND h.sizeclas = '${SES_SCOPE.sizeclas}' AND h.nace_r2 = '${SES_SCOPE.nace}'
       WHERE a.isco08 = ? AND a.indic_se = 'ERN' AND a.unit = 'EUR' AND a.geo NOT GLOB 'EU*'`,
    );
    this.groupsQ = db.query<{ geo: string; groups: number }, []>(
      `SELECT geo, count(DISTINCT isco08) AS groups FROM ses_hourly WHERE sex = 'T' AND value IS NOT NULL AND isco08 GLOB 'OC[0-9]'
       AND sizeclas = '${SES_SCOPE.sizeclas}' AND nace_r2 = '${SES_SCOPE.nace}' GROUP BY geo`,
    );
  }

  /** Mean gross hourly earnings (EUR), SES 2022; sex T, M or F. */
  hourly = (geo: string, isco: string, sex: "T" | "M" | "F"): Observation =>
    this.memoised(`h|${geo}|${isco}|${sex}`, () => this.hourlyQ.get(geo, isco, sex) ?? { value: null, flag: null });
  /** Mean gross annual earnings (EUR), SES 2022: DE, ES, IT, PL only. */
  annual = (geo: string, isco: string) => this.annualQ.get(geo, isco) ?? { value: null, flag: null };
  /** Mean gross monthly earnings (EUR), SES 2022, from the monthly extract (20 countries). */
  monthly = (geo: string, isco: string, sex: "T" | "M" | "F") => this.monthlyQ.get(geo, isco, sex)?.value ?? null;
  /** Implied annual paid hours of an ISCO group (OC1…OC9): annual ÷ hourly where SES publishes both, the median. */
  impliedPaidHours(isco: string): ImpliedPaidHours | null {
    return this.memoised(`i|${isco}`, () => impliedPaidHours(this.hoursPairsQ.all(isco)));
  }

  /** The annual means of a country and group on the best published basis (src/domain/eu-earnings.ts). */
  annualMean(geo: string, isco: string): EuMean {
    return this.memoised(`m|${geo}|${isco}`, () => this.readAnnualMean(geo, isco));
  }

  private readAnnualMean(geo: string, isco: string): EuMean {
    const sexes = ["T", "M", "F"] as const;
    return euAnnualMean({
      annual: this.annual(geo, isco).value,
      monthly: Object.fromEntries(sexes.map((x) => [x, this.monthly(geo, isco, x)])) as Record<
        "T" | "M" | "F",
        number | null
      >,
      hourly: Object.fromEntries(sexes.map((x) => [x, this.hourly(geo, isco, x).value])) as Record<
        "T" | "M" | "F",
        number | null
      >,
      paidHours: this.impliedPaidHours(isco),
    });
  }

  /** The minimum wage in force on a date: the latest published semester not after it (SQL orders as semesterOrdinal). */
  minimumWage = (geo: string, on: Date = new Date()): MinimumWage | undefined => {
    const ordinal = semesterOrdinal(semesterOn(on));
    return this.memoised(`w|${geo}|${ordinal}`, () => this.minimumWageQ.get(geo, ordinal) ?? undefined);
  };
  headlineGap = (geo: string) => this.gapQ.get(geo);
  /** Countries (Eurostat codes) with SES 2022 hourly earnings, and how many ISCO major groups each has. */
  coverage = () => (this.covered ??= new Map(this.groupsQ.all().map((r) => [r.geo, r.groups])));
  private covered: Map<string, number> | null = null;
}
