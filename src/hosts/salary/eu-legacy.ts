// What E4 and E5 share. The EU endpoints the spec removed on 2026-09-01 (E4 GET /v1/salary/eu, E5 GET
// /v1/salary/eu/compare, E6 GET /v1/salary/eu/countries) answer in its shapes from the same figures as E2; from that
// date they answer 410 naming their successors (E2, E3, X7) unless EU_LEGACY_ENDPOINTS=on keeps them
// (src/http/deprecation.ts).
import { ApiError, type Fail } from "../../http/errors.ts";
import { resolveLocation } from "../../domain/location.ts";
import { euFigures, type MatchedJob } from "./service.ts";
import type { Services } from "../../services.ts";

/** The datasets E4 and E5 cite as data_source: the survey and the minimum wages. */
export const EU_SOURCES = ["eurostat_ses_2022", "eurostat_ses_monthly", "eurostat_min_wage"] as const;
export const EU_DATASETS = [
  "eurostat_ses_2022",
  "eurostat_ses_monthly",
  "eurostat_min_wage",
  "esco_occupations",
  "isco_soc_crosswalk",
] as const;

/** A country name or ISO code → ISO alpha-2 of an EU/EEA country, or 400 naming the entry. */
export function euCountry(input: string, s: Services, fail: Fail<"LOCATION_NOT_FOUND">, field: string): string {
  const r = resolveLocation(input, s.locations);
  if (r?.region === "eu") return r.countryCode;
  throw fail(
    "LOCATION_NOT_FOUND",
    `"${input.slice(0, 100)}" is not an EU/EEA country${r ? "" : " name or ISO code"}.`,
    {
      field,
      suggestion:
        "Use an ISO code (DE, FR, EL) or a country name in any EU language; GET /api/v1/salary/countries lists them.",
    },
  );
}

/** E2's EU figures, or null figures when the survey has none for the pair. */
export function figuresOrEmpty(job: MatchedJob, iso: string, s: Services, fail: Fail<"NO_BENCHMARK">) {
  try {
    return euFigures(job, iso, "EUR", s, fail);
  } catch (err) {
    if (err instanceof ApiError && err.code === "NO_BENCHMARK") return null;
    throw err;
  }
}
