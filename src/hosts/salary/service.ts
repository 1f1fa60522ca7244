// The salary host's work, shared by E2 and E3: match the title, resolve the location, and read the
// publisher figures for the pair. Fails with the spec's errors (404 NO_SALARY_DATA, 400 LOCATION_NOT_FOUND,
// 404 NO_BENCHMARK) through the calling route's `fail`, so each route must declare them.
import type { ApiError, Fail } from "../../http/errors.ts";
import {
  placeReadings,
  resolveLocation,
  suggestLocations,
  severalCountries,
  type ResolvedLocation,
  type UsArea,
} from "../../domain/location.ts";
import { convert, conversionNote, type Currency } from "../../domain/currency.ts";
import { isoToEurostat } from "../../domain/european-countries.ts";
import type { Candidate, MatchMethod, MatchTarget, TitleMatch } from "../../domain/title/match.ts";
import { parseHeadline, type HeadlinePartKind } from "../../domain/title/headline.ts";
import type { Occupation } from "../../snapshot/repositories/occupations.ts";
import type { IscoMatch } from "../../snapshot/repositories/isco.ts";
import type { Services } from "../../services.ts";
import type { DatasetId } from "../../snapshot/repositories/sources.ts";
import type { WageRow } from "../../snapshot/repositories/wages.ts";
import { oewsCodeNote } from "../../domain/oews-codes.ts";
import { figureNames } from "../../domain/oews-figures.ts";
import { isRemoteWork } from "../../domain/place/job-ad.ts";
import countries from "../../domain/country-names.ts";
import type { EuBasis, EuMean, ImpliedPaidHours } from "../../domain/eu-earnings.ts";
import type { MinimumWage as MinimumWageRow } from "../../snapshot/repositories/eu-earnings.ts";
import type { z } from "zod";
import type { MinimumWage } from "./models.ts";
import { round } from "../../domain/rounding.ts";
import { gapPct } from "../../domain/pay-gap.ts";

/** A job matched for one path: the occupation whose figures answer, how it was found and how sure that is. */
export interface MatchedJob {
  target: MatchTarget;
  method: MatchMethod;
  confidence: number;
  best: Candidate;
  alternatives: Candidate[];
  /** U.S. path: the O*NET occupation and its 6-digit SOC code. */
  onet: Occupation | null;
  soc: string | null;
  /** EU path: the ISCO-08 unit group and its major group. */
  isco: IscoMatch | null;
  /** matched_title: the occupation whose figures are shown. */
  title: string;
}

export interface JobQuery {
  jobTitle?: string;
  occupationCode?: string;
}

// What a job-ad headline says of the job rather than the role: set aside when matching, and not what the
// published figures are for, so an answer names them.
const TERMS_OF_THE_JOB: Partial<Record<HeadlinePartKind, string>> = {
  contract: "contract",
  duration: "duration",
  schedule: "schedule",
  hours: "hours",
  pay: "pay",
  work_mode: "work mode",
};

/** A note naming the terms of the job the title carried ("Minijob", "Part Time", "32-36 uur"), or none. */
export function titleTermsNotes(jobTitle: string | undefined): string[] {
  const terms = jobTitle ? parseHeadline(jobTitle).parts.filter((p) => TERMS_OF_THE_JOB[p.kind]) : [];
  if (!terms.length) return [];
  const named = terms.map((p) => `"${p.text.slice(0, 60)}" (${TERMS_OF_THE_JOB[p.kind]})`).join(", ");
  return [
    `From the job title, set aside when matching it: ${named}. The figures are the occupation's as published, not adjusted for these terms.`,
  ];
}

/** The response fields every matched answer carries (additions to the spec's query objects). */
export function matchFields(job: MatchedJob) {
  return {
    match_confidence: job.confidence,
    matched_label: job.best.label,
    matched_label_language: job.best.labelLang,
    alternatives: job.alternatives.slice(0, 3).map(alternative),
  };
}
/** A candidate as answers list it (alternatives, unmatched titles). */
export const alternative = (c: Candidate) => ({ code: c.code, title: c.codeTitle, confidence: c.confidence });
/** The best candidate and the next two: what an answer offers when the match is not confident enough. */
export const candidatesOf = (job: MatchedJob | null): Candidate[] =>
  job ? [job.best, ...job.alternatives].slice(0, 3) : [];

/** The title (or code) matched for a path, or null when nothing matches; no threshold applied (E7, E8 decide). */
export function findJob(q: JobQuery, s: Services, target: MatchTarget, country: string | null): MatchedJob | null {
  const m: TitleMatch | null = q.occupationCode
    ? s.titleMatcher.matchCode(q.occupationCode, target)
    : s.titleMatcher.match(q.jobTitle ?? "", { target, country });
  if (!m) return null;
  const concept = m.best.concept;
  const onet = target === "soc" && concept.soc ? s.occupations.get(concept.soc) : null;
  const isco = target === "isco" && concept.isco ? s.isco.unit(concept.isco) : null;
  return {
    target,
    method: m.method,
    confidence: target === "soc" && !q.occupationCode ? figuresConfidence(m, s) : m.confidence,
    best: m.best,
    alternatives: m.alternatives,
    onet,
    soc: onet ? onet.socCode.slice(0, 7) : null,
    isco,
    title: onet?.title ?? concept.title,
  };
}

/**
 * On a U.S. path the answer is the code whose OEWS figures answer: for an occupation inside an OEWS aggregate, the
 * aggregate. Its probability of being right is the sum of its member candidates' (one right code at most, so they
 * add up): "Teaching Assistants, Except Postsecondary" names three O*NET occupations equally, each a third likely,
 * and the aggregate whose figures answer is as likely as all three.
 */
function figuresConfidence(m: TitleMatch, s: Services): number {
  const year = s.wages.latestYear;
  const served = (c: Candidate) =>
    c.concept.soc ? (s.wages.oewsCodeFor(year, c.concept.soc.slice(0, 7))?.code ?? null) : null;
  const code = served(m.best);
  if (!code || code === m.best.concept.soc?.slice(0, 7)) return m.confidence;
  const sum = [m.best, ...m.alternatives]
    .filter((c) => served(c) === code)
    .reduce((total, c) => total + c.confidence, 0);
  return Math.min(1, round(sum, 3));
}

/** E1–E5: the match, or the spec's 404 NO_SALARY_DATA when none reaches the path's threshold (with the candidates). */
export function matchJob(
  q: JobQuery,
  s: Services,
  fail: Fail<"NO_SALARY_DATA">,
  target: MatchTarget = "soc",
  country: string | null = null,
): MatchedJob {
  const job = findJob(q, s, target, country);
  if (q.occupationCode) {
    if (job) return job;
    throw fail(
      "NO_SALARY_DATA",
      `No occupation has the code "${q.occupationCode.slice(0, 20)}"${target === "soc" && /^\d{4}$/.test(q.occupationCode.trim()) ? " for a U.S. place (ISCO-08 codes answer for EU places; use a SOC code)" : ""}.`,
      {
        field: "occupation_code",
        suggestion:
          "Use a SOC 2018 code (15-1252), an O*NET-SOC code (15-1252.00) or, for an EU place, an ISCO-08 unit group (2512).",
      },
    );
  }
  const threshold = s.titleMatcher.threshold(target);
  if (job && job.confidence >= threshold) return job;
  const jobTitle = (q.jobTitle ?? "").slice(0, 100);
  const candidates = candidatesOf(job);
  const named = candidates.map((c) => `${c.codeTitle} (${c.code}, confidence ${c.confidence})`);
  throw fail(
    "NO_SALARY_DATA",
    job
      ? `The job title "${jobTitle}" matches no occupation with confidence (best: ${job.confidence}, needed: ${threshold}).`
      : `No occupation matches the job title "${jobTitle}".`,
    {
      field: "job_title",
      alternatives: candidates.map(alternative),
      suggestion: named.length
        ? `Did you mean: ${named.join("; ")}? Pass its code as occupation_code, or a more specific title.`
        : 'Try a common job title, e.g. "Registered Nurse", or an occupation_code.',
    },
  );
}

export function locate(
  location: string | undefined,
  s: Services,
  fail: Fail<"LOCATION_NOT_FOUND">,
  field = "location",
): Exclude<ResolvedLocation, { region: "unsupported" }> {
  const resolved = resolveLocation(location, s.locations);
  if (resolved?.region === "unsupported") {
    const within = resolved.alternatives ?? [];
    const asked = resolved.input.slice(0, 100);
    // A country named as itself is not "in" itself.
    const where =
      asked.trim().toLowerCase() === resolved.countryName.toLowerCase() ? "" : ` is in ${resolved.countryName},`;
    throw fail(
      "LOCATION_NOT_FOUND",
      `"${asked}"${where || " is"} outside the United States and the EU/EEA, which the salary data covers.`,
      {
        field,
        location_alternatives: within,
        suggestion: within.length
          ? `Places of that name within coverage: ${within.map((a) => `${a.name} (location=${a.code})`).join("; ")}.`
          : "Use a U.S. area or an EU/EEA country or city.",
      },
    );
  }
  const readings = resolved ? null : placeReadings(location ?? "", s.locations);
  if (readings) {
    // "Seattle, Austin": a comma qualifies only by a state, province, region or country, so this is two places; say so, offer both.
    const [a, b] = readings.map((r) => (r.covered ? r.name : `${r.name}, outside coverage`));
    const parts = (location ?? "").split(",").map((p) => p.trim());
    throw fail(
      "LOCATION_NOT_FOUND",
      `"${(location ?? "").slice(0, 100)}" names two places (${a}; ${b}): after a comma only a state, province, region or country qualifies a place.`,
      {
        field,
        location_alternatives: readings
          .filter((r) => r.covered)
          .map(({ name, code, population }) => ({ name, code, population })),
        suggestion: `Pass one place (location_alternatives gives each one's code), or compare both with GET /api/v1/salary/compare?locations=${parts.join("; ")} (places separated by ";").`,
      },
    );
  }
  const region = resolved ? null : severalCountries(location ?? "");
  if (region)
    throw fail(
      "LOCATION_NOT_FOUND",
      `"${region}" names several countries, and salary figures are a country's or a place's.`,
      {
        field,
        suggestion: 'Name one country or place (location=Germany, or "Remote, Germany" for a remote job based there).',
      },
    );
  if (!resolved) {
    const near = suggestLocations(location ?? "", s.locations);
    throw fail(
      "LOCATION_NOT_FOUND",
      `Cannot resolve the location "${(location ?? "").slice(0, 100)}"${field === "location" ? "" : ` (${field})`}.`,
      {
        field,
        suggestion: near.length
          ? `Did you mean: ${near.join("; ")}?`
          : "Use a BLS area code, a U.S. metro or state, an ISO country code, or an EU country or city.",
      },
    );
  }
  return resolved;
}

/** How answers name a place: the BLS area's title (U.S.), else the country, as "City, Country" when a city was given. */
export const locationLabel = (
  place: Exclude<ResolvedLocation, { region: "unsupported" }>,
  countryName?: string,
): string =>
  place.region === "us"
    ? place.area.title
    : place.city
      ? `${place.city}, ${countryName ?? place.countryName}`
      : (countryName ?? place.countryName);

/** What an answer says about how its location was read: a corrected spelling, an EU city answered by its country. */
export function locationNotes(
  place: Exclude<ResolvedLocation, { region: "unsupported" }>,
  countryName?: string,
): string[] {
  const { workMode, postcode } = place.setAside ?? {};
  // SES figures are national: an EU place answers with its country whatever the city.
  const national = place.region === "us" ? place.area.kind === "national" : true;
  const name =
    place.region === "eu" ? (countryName ?? place.countryName) : national ? "the United States" : place.area.title;
  const remote = !!workMode && isRemoteWork(workMode);
  const job = remote ? "a remote job" : "a job";
  const namesNoPlace = national && place.region === "us" && !/\p{L}/u.test(place.input.replace(workMode ?? "", ""));
  return [
    ...(workMode
      ? [
          namesNoPlace
            ? `"${workMode}" names no place: ${job} without one is answered with the U.S. national figures, as a request without a location is; name a country ("${workMode}, Germany") for its figures.`
            : `"${workMode}" is a work mode, set aside: the figures are ${national ? "the national ones of" : "those of"} ${name}${remote && national ? ", where the remote job is based" : ""}.`,
        ]
      : []),
    ...(postcode ? [`The postcode "${postcode}" was set aside: the place's name decides (${name}).`] : []),
    ...(place.spelling
      ? [
          `location "${place.input.slice(0, 100)}" was read as ${place.spelling}, the one notable place that close in spelling; location_alternatives lists others as close.`,
        ]
      : []),
    ...(place.region === "eu" && place.city
      ? [`${place.city} resolves to ${countryName ?? place.countryName}: SES figures are national.`]
      : []),
  ];
}

/** How answers name the datasets behind a figure (data_source, and messages): the snapshot's citation of them. */
export const cite = (s: Services, ...ids: DatasetId[]): string => s.sources.citation(ids) ?? ids.join(", ");

export interface UsFigures {
  area: UsArea;
  year: number;
  oewsCode: string;
  p10: number | null;
  p25: number | null;
  median: number | null;
  p75: number | null;
  p90: number | null;
  mean: number | null;
  /** Hourly wages as published (null when OEWS gives none for the area). */
  hourly: {
    p10: number | null;
    p25: number | null;
    median: number | null;
    p75: number | null;
    p90: number | null;
    mean: number | null;
  } | null;
  costOfLivingIndex: number | null;
  rppYear: number | null;
  notes: string[];
  currency: Currency;
}

/** The code whose OEWS figures answer for a U.S. match (its own, its OEWS aggregate or broad group); its own code when none does (the answer then says why it has no figures). */
export const oewsCodeOf = (job: MatchedJob, s: Services): string =>
  s.wages.oewsCodeFor(s.wages.latestYear, job.soc!)?.code ?? job.soc!;

const ANNUAL = ["a_pct10", "a_pct25", "a_median", "a_pct75", "a_pct90", "a_mean"] as const;
const HOURLY = ["h_pct10", "h_pct25", "h_median", "h_pct75", "h_pct90", "h_mean"] as const;
const hasAny = (row: WageRow, columns: readonly (keyof WageRow)[]) => columns.some((c) => row[c] !== null);
/** A row with any wage figure: annual, or hourly only (OEWS gives some occupations, such as actors, no annual wage). */
const hasFigures = (row: WageRow | undefined): row is WageRow => !!row && (hasAny(row, ANNUAL) || hasAny(row, HOURLY));

/** OEWS annual wages for the occupation in the area (latest vintage), converted when asked. */
export function usFigures(
  job: MatchedJob,
  area: UsArea,
  currency: Currency,
  s: Services,
  fail: Fail<"NO_BENCHMARK">,
): UsFigures {
  const year = s.wages.latestYear;
  const soc = job.soc!;
  const oews = s.wages.oewsCodeFor(year, soc);
  if (!oews) {
    throw fail(
      "NO_BENCHMARK",
      `${cite(s, "bls_oews")} publishes no wages for ${job.title} (${soc}) in any area, nor for an aggregate or broad group that holds it.`,
      {
        suggestion:
          "OEWS does not survey every occupation (military occupations, for one); try a related occupation's title.",
      },
    );
  }
  const row = s.wages.rows(year, oews.code, area.areaCode)[0];
  if (!hasFigures(row)) throw noBenchmark(job, oews.code, area, year, s, fail);
  const rpp =
    area.kind === "national"
      ? { value: 100, year: null } // U.S. = 100 by definition, in every year: no RPP year to name
      : area.kind === "msa"
        ? s.priceLevels.msaRpp(area.cbsa!)
        : area.kind === "state"
          ? s.priceLevels.stateRpp(area.areaCode.slice(0, 2))
          : null;
  const notes: string[] = [];
  if (/\bAll Other\b/.test(job.title))
    notes.push(
      `${job.title} (${soc}) is a residual SOC code: its figures cover every occupation of the group that SOC does not list separately.`,
    );
  const codeNote = oewsCodeNote(s.wages, s.occupations.socTitles, year, soc);
  if (codeNote) notes.push(codeNote);
  // Figures the file publishes for no area of this kind (May 2025's CSV has no hourly percentiles): said.
  const unpublished = s.wages.missingFor(row.year, row.area_type);
  const missing = unpublished.filter((f) => f.startsWith("h_") && row[f] === null);
  if (hasAny(row, HOURLY) && missing.length)
    notes.push(
      `hourly: BLS OEWS May ${row.year} publishes no ${figureNames(missing)} for any area of this kind, so ${missing.length > 1 ? "they are" : "it is"} null.`,
    );
  if (hasAny(row, ANNUAL) && row.a_mean === null)
    notes.push(
      unpublished.includes("a_mean")
        ? `The mean is not published for this area (BLS OEWS May ${row.year} publishes no mean for any area of its kind).`
        : `The mean is not published for this occupation in this area (BLS OEWS May ${row.year}).`,
    );
  const rate = s.priceLevels.eurPerUsd;
  const to: Currency = currency === "EUR" && rate ? "EUR" : "USD";
  if (to === "EUR") notes.push(conversionNote("USD", "EUR", rate!));
  const c = (v: number | null, decimals = 0) => (to === "EUR" ? convert(v, "USD", "EUR", rate!, decimals) : v);
  const h = (v: number | null) => c(v, 2);
  if (!hasAny(row, ANNUAL)) {
    const hourly = [
      ["median", row.h_median],
      ["mean", row.h_mean],
    ]
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k} ${h(v as number)} ${to}`)
      .join(", ");
    notes.push(
      `${cite(s, "bls_oews")} publishes only hourly wages for ${row.occ_title} (${oews.code}), as for occupations rarely worked full-time and year-round, so the annual figures are null; per hour: ${hourly}.`,
    );
  }
  return {
    area,
    year,
    oewsCode: oews.code,
    currency: to,
    p10: c(row.a_pct10),
    p25: c(row.a_pct25),
    median: c(row.a_median),
    p75: c(row.a_pct75),
    p90: c(row.a_pct90),
    mean: c(row.a_mean),
    hourly: hasAny(row, HOURLY)
      ? {
          p10: h(row.h_pct10),
          p25: h(row.h_pct25),
          median: h(row.h_median),
          p75: h(row.h_pct75),
          p90: h(row.h_pct90),
          mean: h(row.h_mean),
        }
      : null,
    costOfLivingIndex: rpp?.value ?? null,
    rppYear: rpp?.year ?? null,
    notes,
  };
}

/** 404 NO_BENCHMARK for a published code with no figure in the area, suggesting only wider areas that have one. */
function noBenchmark(
  job: MatchedJob,
  code: string,
  area: UsArea,
  year: number,
  s: Services,
  fail: Fail<"NO_BENCHMARK">,
): ApiError {
  const wider = s.wages
    .widerAreas(year, area.areaCode)
    .filter((w) => hasFigures(s.wages.rows(year, code, w.areaCode)[0]));
  const elsewhere = wider.length ? 0 : s.wages.rows(year, code).filter(hasFigures).length;
  const suggestion = wider.length
    ? `Try ${wider.map((w) => (w.areaCode === "0000000" ? "the national figure (location=US)" : `the ${w.title} figure (location=${w.postal})`)).join(" or ")}.`
    : elsewhere
      ? `GET /api/v1/occupations/${code}/wages on the skills host lists the ${elsewhere} areas that publish it.`
      : "No area publishes a figure for it; try a related occupation's title.";
  return fail(
    "NO_BENCHMARK",
    `${cite(s, "bls_oews")} publishes no wages for ${job.title} (${code}) in ${area.title}.`,
    { suggestion },
  );
}

export interface EuFigures {
  countryCode: string;
  countryName: string;
  isco: { major: string; majorTitle: string; unit: string; unitTitle: string };
  mean: number | null;
  meanMale: number | null;
  meanFemale: number | null;
  genderGapPct: number | null;
  /** How `mean` was made (src/domain/eu-earnings.ts; hourly_x_hours is an estimate) and the published hourly mean. */
  basis: EuBasis | null;
  meanHourly: number | null;
  /** The benchmark's resolution: the ISCO-08 major group every occupation in it shares. */
  group: { code: string; name: string };
  minimumWage: z.infer<typeof MinimumWage> | null;
  costOfLivingIndex: number | null;
  currency: Currency;
  notes: string[];
}

/** The EU answer's basis, hourly mean and benchmark group (models.ts EuBenchmarkFields). */
export const euBenchmarkFields = (f: EuFigures) => ({
  basis: f.basis,
  mean_hourly: f.meanHourly,
  benchmark_resolution: "isco_major_group" as const,
  benchmark_group: f.group,
});

/** What the EU mean is made of, in words: its basis, and for the hourly basis the hours and how they vary. */
export function euMeanNotes(m: EuMean, countryName: string, hours: ImpliedPaidHours | null): string[] {
  if (m.basis === "annual") {
    return [
      m.hours === null
        ? "mean (basis annual): Eurostat's published mean gross annual earnings (earn_ses22_28, EUR). SES publishes no hourly mean for the group here, so mean_hourly, mean_male and mean_female are null."
        : `mean (basis annual): Eurostat's published mean gross annual earnings (earn_ses22_28, EUR). mean_hourly: the published mean gross hourly earnings; mean_male and mean_female: hourly by sex × this mean's own annual ÷ hourly (${m.hours} hours), so they keep the annual figure's basis (bonuses included).`,
    ];
  }
  if (m.basis === "monthly_x_12")
    return [
      "mean (basis monthly_x_12): derived as Eurostat's published mean gross monthly earnings × 12 (earn_ses_21, EUR), and by sex the same way; mean_hourly: the published mean gross hourly earnings.",
    ];
  if (m.basis === "hourly_x_hours") {
    const spread = hours!.countries.map((c) => `${c.geo} ${c.hours}`).join(", ");
    return [
      `mean (basis hourly_x_hours, an estimate): ${countryName} publishes neither an annual nor a monthly mean, so the published mean gross hourly earnings (${m.meanHourly} EUR) × ${hours!.hours} implied annual paid hours. No source of annual paid hours is in the data; they are implied as published annual ÷ hourly earnings where SES publishes both (${spread}; the median), and include what annual earnings hold beyond hourly pay (annual bonuses). mean_male and mean_female: hourly by sex × the same hours.`,
    ];
  }
  return [
    `mean: SES 2022 publishes only a mean gross hourly figure for ${countryName} (${m.meanHourly} EUR), and no country publishes the annual and hourly means this group needs to annualise it.`,
  ];
}

/** The response's minimum_wage object (E2, E3, E4). */
export const minimumWageFields = (mw: MinimumWageRow): z.infer<typeof MinimumWage> => ({
  monthly_eur: mw.monthlyEur,
  monthly_pps: mw.monthlyPps,
  year: mw.year,
  semester: mw.semester,
  flags: { monthly_eur: mw.eurFlag, monthly_pps: mw.ppsFlag },
});

const FLAG_MEANINGS: Record<string, string> = {
  e: "estimated",
  p: "provisional",
  b: "break in time series",
  d: "definition differs",
  u: "low reliability",
};
/** Which semester answered, and what Eurostat's flags on it mean. */
export function minimumWageNote(mw: MinimumWageRow): string {
  const flagged = [
    ["monthly_eur", mw.eurFlag],
    ["monthly_pps", mw.ppsFlag],
  ]
    .filter(([, f]) => f)
    .map(([field, f]) => `${field} is flagged "${f}" (${[...f!].map((c) => FLAG_MEANINGS[c] ?? c).join(", ")})`);
  return `minimum_wage: Eurostat earn_mw_cur, ${mw.year}-S${mw.semester}, the latest semester in force on the request date${mw.monthlyPps === null ? "; no PPS figure is published for it" : ""}${flagged.length ? `; ${flagged.join("; ")}` : ""}.`;
}

/** SES 2022 figures for the occupation's ISCO major group in the country. */
export function euFigures(
  job: MatchedJob,
  countryCode: string,
  currency: Currency,
  s: Services,
  fail: Fail<"NO_BENCHMARK">,
): EuFigures {
  const isco = job.isco;
  const geo = isoToEurostat(countryCode);
  const countryName = countries.getName(countryCode, "en") ?? countryCode;
  if (!isco)
    throw fail("NO_BENCHMARK", `${job.title} has no ISCO-08 unit group in ESCO or the crosswalks.`, {
      suggestion: "Try a related job title.",
    });
  const group = `OC${isco.major}`;
  const hourly = {
    T: s.euEarnings.hourly(geo, group, "T"),
    M: s.euEarnings.hourly(geo, group, "M"),
    F: s.euEarnings.hourly(geo, group, "F"),
  };
  const m = s.euEarnings.annualMean(geo, group);
  if (m.mean === null && m.meanHourly === null) {
    const why = hourly.T.flag?.includes("C") ? " (Eurostat marks the value confidential)" : "";
    // A country without any group (Iceland) is said so, not made to sound like one group's gap.
    const none = !s.euEarnings.coverage().has(geo);
    throw fail(
      "NO_BENCHMARK",
      none
        ? `${cite(s, "eurostat_ses_2022")} publishes no earnings for ${countryName}, for any occupation group.`
        : `${cite(s, "eurostat_ses_2022")} publishes no earnings for ISCO group ${isco.major} (${isco.majorTitle}) in ${countryName}${why}.`,
      { suggestion: "GET /api/v1/salary/countries lists the ISCO-08 groups each EU/EEA country has figures for." },
    );
  }
  const notes = [
    `EU figures are ${cite(s, "eurostat_ses_2022")} at ISCO-08 major-group resolution: ${job.title} is in unit group ${isco.unit} (${isco.unitTitle}) of major group ${isco.major} (${isco.majorTitle}), so every occupation in the major group shares this benchmark.`,
    "Scope: enterprises with 10 or more employees, NACE B–S except O.",
  ];
  notes.push(...euMeanNotes(m, countryName, s.euEarnings.impliedPaidHours(group)));
  const genderGapPct = round(gapPct(hourly.M.value, hourly.F.value), 2);
  if (genderGapPct !== null)
    notes.push(
      "gender_gap_pct: (men's − women's mean gross hourly earnings) ÷ men's × 100, as Eurostat defines the unadjusted gap.",
    );
  const mw = s.euEarnings.minimumWage(geo);
  if (!mw) notes.push(`${countryName} has no statutory minimum wage in Eurostat's data.`);
  else notes.push(minimumWageNote(mw));
  const plr = s.priceLevels.priceLevelRatio(countries.alpha2ToAlpha3(countryCode) ?? "");
  if (plr) notes.push(`cost_of_living_index: World Bank price level ratio ${plr.year} × 100 (United States = 100).`);
  const rate = s.priceLevels.eurPerUsd;
  const to: Currency = currency === "USD" && rate ? "USD" : "EUR";
  if (to === "USD") notes.push(conversionNote("EUR", "USD", rate!));
  const c = (v: number | null) => (to === "USD" ? convert(v, "EUR", "USD", rate!) : v);
  return {
    countryCode,
    countryName,
    isco,
    currency: to,
    notes,
    mean: c(m.mean),
    meanMale: c(m.meanMale),
    meanFemale: c(m.meanFemale),
    genderGapPct,
    basis: m.basis,
    meanHourly: to === "USD" ? convert(m.meanHourly, "EUR", "USD", rate!, 2) : m.meanHourly,
    group: { code: isco.major, name: isco.majorTitle },
    minimumWage: mw ? minimumWageFields(mw) : null,
    costOfLivingIndex: plr ? round(plr.value * 100, 2) : null,
  };
}
