// Provenance: which publisher dataset answered, under which licence and vintage.
import type { Database } from "bun:sqlite";

export interface DatasetSource {
  datasetId: string;
  /** The short name answers cite ("BLS OEWS"). */
  label: string;
  publisher: string;
  title: string;
  publisherDataset: string;
  url: string | null;
  licence: string;
  vintage: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  rowCount: number;
}

/**
 * The ids of data/sources.json, the one list of datasets, as a type routes can name. test/snapshot/datasets.test.ts
 * proves this copy, the build's loaders and the built snapshot agree with the manifest.
 */
export const DATASET_IDS = [
  "bls_oews",
  "onet_30_0",
  "onet_29_3",
  "soc_2018",
  "isco_08",
  "isco_soc_crosswalk",
  "esco_occupations",
  "esco_onet_crosswalk",
  "esco_national_titles",
  "employer_titles",
  "census_occupation_index",
  "eurostat_countries",
  "eurostat_ses_2022",
  "eurostat_ses_monthly",
  "eurostat_gpg",
  "eurostat_min_wage",
  "statutory_minimum_wages",
  "eurostat_hicp",
  "bls_cpi",
  "bls_ap",
  "bea_rpp",
  "worldbank_ppp",
  "worldbank_inflation",
  "census_cbsa",
  "geonames_cities",
  "geonames_zip",
  "place_aliases",
] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

export class SourcesRepository {
  readonly all: DatasetSource[];
  private readonly byId: Map<string, DatasetSource>;

  constructor(db: Database) {
    this.all = db
      .query<any, []>("SELECT * FROM sources ORDER BY dataset_id")
      .all()
      .map((r) => ({
        datasetId: r.dataset_id,
        label: r.label,
        publisher: r.publisher,
        title: r.title,
        publisherDataset: r.publisher_dataset,
        url: r.url,
        licence: r.licence,
        vintage: r.vintage,
        periodStart: r.period_start,
        periodEnd: r.period_end,
        rowCount: r.row_count,
      }));
    this.byId = new Map(this.all.map((s) => [s.datasetId, s]));
  }

  /** The datasets that answered a request, in the order given, skipping any the snapshot was built without. */
  pick(ids: readonly DatasetId[]): DatasetSource[] {
    return ids.flatMap((id) => this.byId.get(id) ?? []);
  }

  /**
   * How answers cite datasets (data_source, data_vintage): each one's label with its vintage, or with the period
   * its data covers when it has no vintage ("BLS OEWS May 2025; Eurostat minimum wages (earn_mw_cur) 1999-S1–2026-S1").
   * Datasets the snapshot was built without are left out; null when none is left.
   */
  citation(ids: readonly DatasetId[]): string | null {
    const parts = this.pick(ids).map((s) => {
      const period = [...new Set([s.periodStart, s.periodEnd].filter(Boolean))].join("–");
      return [s.label, s.vintage ?? period].filter(Boolean).join(" ");
    });
    return parts.length ? parts.join("; ") : null;
  }

  /** data_date: the end of the period a dataset covers ("2025-05" for OEWS, "2022" for SES 2022). */
  dataDate(id: DatasetId): string | null {
    return this.byId.get(id)?.periodEnd ?? null;
  }
}
