// Monthly CPI series per country, from the one source that covers it: the United States → BLS CPI-U
// (U.S. city average, NSA); countries in Eurostat's HICP table → HICP (2005 = 100); every other country →
// the World Bank Global Database of Inflation (headline; food for SAF).
import type { Database } from "bun:sqlite";
import { CPI_CATEGORIES, blsSeriesId, cpiCategory, type CpiCategory } from "../../domain/cpi-categories.ts";
import { allCountryCodes, parseCountryCode } from "../../domain/country-code.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import type { CountryCode } from "../../domain/country-code.ts";
import type { DatasetId } from "./sources.ts";

export type CpiSource = "bls" | "hicp" | "worldbank";
export interface CpiObservation {
  period: string;
  value: number;
  flags: string | null;
}
export interface CpiSeries {
  source: CpiSource;
  seriesId: string;
  base: string;
  dataset: DatasetId;
  observations: CpiObservation[];
}

const WB_SERIES: Record<string, { series: string; indicator: string }> = {
  SA0: { series: "headline", indicator: "hcpi_m" },
  SAF: { series: "food", indicator: "fcpi_m" },
};

export class CpiSeriesRepository {
  private readonly hicpGeos: Set<string>;
  private readonly hicpDivisions: Set<string>;
  private readonly blsQ;
  private readonly hicpQ;
  private readonly wbSourcesQ;
  private readonly wbQ;
  private readonly blsLastQ;
  private readonly hicpLastQ;

  constructor(db: Database) {
    this.hicpGeos = new Set(
      db
        .query<{ geo: string }, []>("SELECT DISTINCT geo FROM hicp")
        .all()
        .map((r) => r.geo),
    );
    this.hicpDivisions = new Set(
      db
        .query<{ coicop: string }, []>("SELECT DISTINCT coicop FROM hicp")
        .all()
        .map((r) => r.coicop),
    );
    this.blsQ = db.query<CpiObservation, [string]>(
      "SELECT period, value, footnote AS flags FROM cpi_observation WHERE series_id = ? ORDER BY period",
    );
    this.hicpQ = db.query<CpiObservation, [string, string]>(
      "SELECT period, value, flag AS flags FROM hicp WHERE geo = ? AND coicop = ? ORDER BY period",
    );
    this.wbSourcesQ = db.query<{ data_source: string; last: string; n: number }, [string, string]>(
      "SELECT data_source, max(period) AS last, count(*) AS n FROM wb_cpi_monthly WHERE iso3 = ? AND series = ? GROUP BY data_source ORDER BY last DESC, n DESC, data_source",
    );
    this.blsLastQ = db.query<{ last: string | null }, [string]>(
      "SELECT max(period) AS last FROM cpi_observation WHERE series_id = ?",
    );
    this.hicpLastQ = db.query<{ last: string | null }, [string]>(
      "SELECT max(period) AS last FROM hicp WHERE geo = ? AND coicop = 'CP00'",
    );
    this.wbQ = db.query<CpiObservation, [string, string, string]>(
      "SELECT period, value, NULL AS flags FROM wb_cpi_monthly WHERE iso3 = ? AND series = ? AND data_source = ? ORDER BY period",
    );
  }

  sourceOf(country: CountryCode): CpiSource {
    if (country.iso2 === "US") return "bls";
    return this.hicpGeos.has(isoToEurostat(country.iso2)) ? "hicp" : "worldbank";
  }

  // The snapshot never changes: each (country, category) series is read once and kept.
  private readonly memo = new Map<string, CpiSeries | null>();

  /** The series for a spec category code, or null when the country's source lacks it. */
  series(country: CountryCode, code: string): CpiSeries | null {
    const key = `${country.iso2}|${code}`;
    if (!this.memo.has(key)) this.memo.set(key, this.read(country, code));
    return this.memo.get(key)!;
  }

  private read(country: CountryCode, code: string): CpiSeries | null {
    const category = cpiCategory(code);
    if (!category) return null;
    const source = this.sourceOf(country);
    if (source === "bls") {
      const seriesId = blsSeriesId(category);
      const observations = this.blsQ.all(seriesId);
      return observations.length ? { source, seriesId, base: "1982-84=100", dataset: "bls_cpi", observations } : null;
    }
    if (source === "hicp") {
      const geo = isoToEurostat(country.iso2);
      // One ECOICOP division per category, when loaded (SAE's two divisions cannot be summed without weights).
      if (category.hicpCoicop.length !== 1) return null;
      const observations = this.hicpQ.all(geo, category.hicpCoicop[0]);
      return observations.length
        ? {
            source,
            seriesId: `prc_hicp_midx/M.I05.${category.hicpCoicop[0]}.${geo}`,
            base: "2005=100",
            dataset: "eurostat_hicp",
            observations,
          }
        : null;
    }
    const wb = WB_SERIES[category.code];
    if (!wb) return null;
    // Where the database has two sources for an economy, the one reaching furthest (then the longer) answers.
    const best = this.wbSourcesQ.get(country.iso3, wb.series);
    if (!best) return null;
    return {
      source,
      seriesId: `${wb.indicator}/${country.iso3} (${best.data_source})`,
      base: "as published by the World Bank database",
      dataset: "worldbank_inflation",
      observations: this.wbQ.all(country.iso3, wb.series, best.data_source),
    };
  }

  /** Every country with an all-items series, its source and span; computed once (the snapshot never changes). */
  countriesWithData(all: readonly CountryCode[]): { country: CountryCode; series: CpiSeries }[] {
    return (this.listed ??= all.flatMap((country) => {
      const series = this.series(country, "SA0");
      return series?.observations.length ? [{ country, series }] : [];
    }));
  }
  private listed: { country: CountryCode; series: CpiSeries }[] | null = null;

  /** The all-items series reaching furthest of every country's: what E9 measures a series' staleness against. */
  freshestAllItems(): { country: CountryCode; period: string } | null {
    if (this.freshest === undefined) {
      // Each country's last all-items month by SQL, from the source that covers it: reading every series whole
      // (countriesWithData) would keep some 200 of them in memory for one date.
      const latest: { country: CountryCode; period: string }[] = [];
      for (const country of allCountryCodes()) {
        const source = this.sourceOf(country);
        const period =
          source === "bls"
            ? this.blsLastQ.get(blsSeriesId(cpiCategory("SA0")!))?.last
            : source === "hicp"
              ? this.hicpLastQ.get(isoToEurostat(country.iso2))?.last
              : this.wbSourcesQ.get(country.iso3, WB_SERIES.SA0.series)?.last;
        if (period) latest.push({ country, period });
      }
      this.freshest = latest.reduce<{ country: CountryCode; period: string } | null>(
        (best, x) => (!best || x.period > best.period ? x : best),
        null,
      );
    }
    return this.freshest;
  }
  private freshest: { country: CountryCode; period: string } | null | undefined;

  /** E10: each spec category, the months the U.S. series covers, and which of its HICP divisions are loaded. */
  categoryCoverage(): {
    category: CpiCategory;
    blsSeriesId: string;
    usPeriod: { start: string; end: string } | null;
    hicpLoaded: string[];
  }[] {
    const us = parseCountryCode("US")!;
    return CPI_CATEGORIES.map((category) => {
      const obs = this.series(us, category.code)?.observations;
      return {
        category,
        blsSeriesId: blsSeriesId(category),
        usPeriod: obs?.length ? { start: obs[0].period.slice(0, 7), end: obs.at(-1)!.period.slice(0, 7) } : null,
        hicpLoaded: category.hicpCoicop.filter((d) => this.hicpDivisions.has(d)),
      };
    });
  }

  /** Which spec categories a country's source has, for messages and the country list. */
  categoriesOf(country: CountryCode): string[] {
    return ["SA0", "SAF", "SAH", "SAT", "SAM", "SAR", "SAE", "SAC"].filter((c) => this.series(country, c) !== null);
  }
}
