// Minimum wages as legislated (minimum-wages/statutory_minimum_wages.csv): every row of a country, for E8's legal check.
import type { Database } from "bun:sqlite";
import type { StatutoryRow } from "../../domain/statutory-minimum.ts";

export class StatutoryMinimumWagesRepository {
  private readonly byCountry = new Map<string, StatutoryRow[]>();

  // 114 rows: read once at start-up.
  constructor(db: Database) {
    const rows = db.query<any, []>("SELECT * FROM statutory_minimum_wage ORDER BY country, effective_from, unit").all();
    for (const r of rows) {
      const row: StatutoryRow = {
        country: r.country,
        effectiveFrom: r.effective_from,
        unit: r.unit,
        amount: r.amount,
        currency: r.currency,
        paymentsPerYear: r.payments_per_year,
        hoursPerWeek: r.standard_hours_per_week,
        sourceUrl: r.source_url,
        sourceTitle: r.source_title,
        note: r.note,
        appliesTo: r.applies_to,
        equivalent: r.equivalent === 1,
        uncertain: r.uncertain === 1,
        hoursStatutory: r.hours_statutory === 1,
      };
      const list = this.byCountry.get(row.country) ?? [];
      list.push(row);
      this.byCountry.set(row.country, list);
    }
  }

  /** A country's rows (ISO alpha-2, Greece GR), oldest first; empty when the table has none. */
  rows = (country: string): StatutoryRow[] => this.byCountry.get(country) ?? [];
}
