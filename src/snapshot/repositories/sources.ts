// Provenance: which publisher dataset answered, under which licence and vintage.
import type { Database } from "bun:sqlite";

export interface DatasetSource {
  datasetId: string;
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

export type DatasetId =
  | "bls_oews" | "onet_30_0" | "onet_29_3" | "soc_2018" | "isco_08" | "isco_soc_crosswalk" | "esco_occupations" | "esco_onet_crosswalk" | "esco_national_titles"
  | "eurostat_countries"
  | "eurostat_ses_2022" | "eurostat_ses_monthly" | "eurostat_gpg" | "eurostat_min_wage" | "eurostat_hicp"
  | "bls_cpi" | "bls_ap" | "bea_rpp" | "worldbank_ppp" | "worldbank_inflation" | "census_cbsa" | "geonames_cities";

export class SourcesRepository {
  readonly all: DatasetSource[];
  private readonly byId: Map<string, DatasetSource>;

  constructor(db: Database) {
    this.all = db.query<any, []>("SELECT * FROM sources ORDER BY dataset_id").all().map((r) => ({
      datasetId: r.dataset_id, publisher: r.publisher, title: r.title, publisherDataset: r.publisher_dataset, url: r.url,
      licence: r.licence, vintage: r.vintage, periodStart: r.period_start, periodEnd: r.period_end, rowCount: r.row_count,
    }));
    this.byId = new Map(this.all.map((s) => [s.datasetId, s]));
  }

  /** The datasets that answered a request, in the order given, skipping any the snapshot was built without. */
  pick(ids: readonly DatasetId[]): DatasetSource[] {
    return ids.flatMap((id) => this.byId.get(id) ?? []);
  }

  /** "O*NET 30.0 (O*NET 30.0); …": one readable line naming each dataset's vintage. */
  vintageLine(ids: readonly DatasetId[]): string | null {
    const parts = this.pick(ids).map((s) => `${s.title.split(":")[0]}: ${s.vintage ?? [s.periodStart, s.periodEnd].filter(Boolean).join("–")}`);
    return parts.length ? parts.join("; ") : null;
  }
}
