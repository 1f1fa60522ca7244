// E1's series: one point per OEWS vintage an area has, reaching back across the 2018 SOC revision where the codes
// allow (src/domain/soc-revision.ts), with a note for every vintage left out and why.
import { OEWS_HYBRID_FROM, OEWS_SOC_2018_FROM, type OewsCode } from "../../domain/oews-codes.ts";
import {
  employmentWeighted,
  populationCheck,
  SAME_POPULATION_TOLERANCE,
  type PopulationCheck,
  type SocRevision,
  type TrendBasis,
} from "../../domain/soc-revision.ts";
import { round } from "../../domain/rounding.ts";
import type { UsArea } from "../../domain/location.ts";
import type { Services } from "../../services.ts";

export interface TrendPoint {
  year: number;
  median: number | null;
  basis: TrendBasis;
  oews_codes: string[];
}

export interface WageTrend {
  series: OewsCode | null;
  points: TrendPoint[];
  notes: string[];
}

const NATIONAL = "0000000";
const KIND_NAME: Record<string, string> = {
  state: "state",
  territory: "territory",
  msa: "metropolitan-area",
  nonmetro: "nonmetropolitan-area",
};

/** The most recent `years` vintages of a SOC 2018 code's median annual wage in an area, ascending, with notes. */
export function wageTrend(soc: string, area: UsArea, years: number, s: Services): WageTrend {
  const latest = s.wages.latestYear;
  // SOC 2010 codes are named with their titles in the last vintage coded in SOC 2010.
  const last2010 = Math.max(...s.wages.years(NATIONAL).filter((y) => y < OEWS_HYBRID_FROM));
  const series = s.wages.oewsCodeFor(latest, soc);
  const grouped = series !== null && series.basis !== "own_code";
  const revision = s.socRevision.revision(soc);
  const notes: string[] = [];
  // Years without a point; split: the code was carved out of SOC 2010 codes that also became others.
  const left: { year: number; split: boolean }[] = [];
  const combined = new Set<number>();
  const continued = new Set<number>();
  const hybrids = new Map<string, number[]>();
  const differs = new Map<string, { codes: string[]; years: number[]; check: PopulationCheck | null }>();
  const checks = new Map<string, PopulationCheck | null>(); // per source: the same for every year it answers
  const points = s.wages
    .years(area.areaCode)
    .slice(-years)
    .flatMap((year): TrendPoint[] => {
      const source = grouped ? groupSource(year, soc, series, s) : ownSource(year, soc, s);
      if (!source) {
        left.push({ year, split: !grouped && year < OEWS_SOC_2018_FROM && revision?.relation === "split" });
        return [];
      }
      // An earlier code enters only when it counts about as many people as the code itself (±20%): a hybrid that
      // mostly counts another occupation would splice a different population into the series.
      const earlier = isEarlier(year, source.codes, soc);
      const key = source.codes.join("+");
      if (earlier && !grouped && !checks.has(key)) checks.set(key, samePopulation(source.codes, soc, s));
      const check = checks.get(key) ?? null;
      if (earlier && !grouped && !check?.same) {
        const entry = differs.get(key) ?? { codes: source.codes, years: [], check };
        entry.years.push(year);
        differs.set(key, entry);
        return [];
      }
      const rows = source.codes.map((c) => s.wages.rows(year, c, area.areaCode)[0]);
      if (rows.some((r) => !r)) {
        left.push({ year, split: false });
        return [];
      }
      if (source.basis === "combined_soc2010") combined.add(year);
      // A principal code's one SOC 2010 source answered (in a hybrid year, its own number holds the SOC 2018 occupation).
      if (
        !grouped &&
        revision?.relation === "principal" &&
        revision.from.length === 1 &&
        source.basis === "published" &&
        earlier
      )
        continued.add(year);
      if (source.basis === "oews_hybrid")
        hybrids.set(source.codes[0]!, [...(hybrids.get(source.codes[0]!) ?? []), year]);
      const median =
        source.basis === "combined_soc2010"
          ? nullableRound(employmentWeighted(rows.map((r) => ({ employment: r!.tot_emp, value: r!.a_median }))))
          : rows[0]!.a_median;
      return [{ year, median, basis: source.basis, oews_codes: source.codes }];
    });
  if (combined.size) notes.push(combinedNote([...combined], soc, revision!, named(s, last2010)));
  if (continued.size) notes.push(continuedNote([...continued], soc, revision!, named(s, last2010)));
  for (const [code, inYears] of hybrids) notes.push(hybridNote(inYears, soc, code, s));
  if (left.length) notes.push(...leftOutNotes(left, soc, series, grouped, revision, named(s, last2010)));
  for (const d of differs.values()) notes.push(differentPopulationNote(d.years, soc, d.codes, d.check, s));
  notes.push(...coverageNotes(area, years, s));
  return { series, points, notes };
}

const nullableRound = (x: number | null) => (x === null ? null : round(x, 0));

/** A point from another code, or from SOC 2010 under the same number (before the hybrid vintages). */
const isEarlier = (year: number, codes: readonly string[], soc: string) =>
  year < OEWS_HYBRID_FROM || codes.length !== 1 || codes[0] !== soc;

/**
 * Whether earlier codes count about the same people as `soc` (SAME_POPULATION_TOLERANCE), nationally: their summed
 * employment in the vintages where they are `soc`'s source, against `soc`'s in the vintages that publish it itself.
 */
function samePopulation(codes: readonly string[], soc: string, s: Services): PopulationCheck | null {
  const key = codes.join("+");
  const source = new Map<number, number>();
  const target = new Map<number, number>();
  for (const year of s.wages.years(NATIONAL)) {
    const from = ownSource(year, soc, s)?.codes;
    const into = !from ? null : !isEarlier(year, from, soc) ? target : from.join("+") === key ? source : null;
    const counts = (from ?? []).map((c) => s.wages.rows(year, c, NATIONAL)[0]?.tot_emp ?? null);
    if (into && counts.every((n) => n !== null)) into.set(year, counts.reduce((a, b) => a! + b!, 0)!);
  }
  return populationCheck(source, target);
}

function differentPopulationNote(
  years: number[],
  soc: string,
  codes: string[],
  check: PopulationCheck | null,
  s: Services,
): string {
  const year = years[0]!;
  const what = list(codes.map(named(s, year)));
  const why = check
    ? `${what} counted ${check.source.toLocaleString("en-US")} people nationally in May ${check.sourceYear}, ${(check.source / check.target).toFixed(2)} times the ${check.target.toLocaleString("en-US")} of ${soc} in May ${check.targetYear}, the nearest vintage publishing it`
    : `the national employment of ${what} and of ${soc} cannot be compared (not published)`;
  // How those vintages reach the code: its number under SOC 2010's older scope, a combination, or a hybrid code.
  const how =
    codes.length > 1
      ? `the point would combine ${what}`
      : codes[0] === soc
        ? `${soc} was coded in SOC 2010, whose ${soc} held other occupations too`
        : `those vintages publish ${soc} only within ${what}`;
  return (
    `Left out: May ${list(years)}: ${how}, a different population: ${why}. ` +
    `An earlier code's figure enters the series only when its employment is within ±${SAME_POPULATION_TOLERANCE * 100}% of the code's own.`
  );
}

/** A series kept under an aggregate or broad group: only years publishing the occupation under that same code. */
function groupSource(
  year: number,
  soc: string,
  series: OewsCode,
  s: Services,
): { codes: string[]; basis: TrendBasis } | null {
  return s.wages.oewsCodeFor(year, soc)?.code === series.code ? { codes: [series.code], basis: "published" } : null;
}

/** A detailed code's own series: its code from May 2021; before, what the build derived across the SOC revision. */
function ownSource(year: number, soc: string, s: Services): { codes: string[]; basis: TrendBasis } | null {
  return year >= OEWS_SOC_2018_FROM ? { codes: [soc], basis: "published" } : s.socRevision.sourcesIn(year, soc);
}

const named = (s: Services, year: number) => (code: string) =>
  `${code} (${s.wages.titleOf(year, code) ?? s.occupations.socTitles.get(code) ?? "untitled"})`;

const list = (xs: readonly (string | number)[]) =>
  xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`;

type Namer = (code: string) => string;

function combinedNote(years: number[], _soc: string, revision: SocRevision, name: Namer): string {
  const how =
    revision.relation === "merged"
      ? "which together became this code and nothing else"
      : `which also fed other SOC 2018 codes but put most of their people here (employment May ${OEWS_SOC_2018_FROM} ÷ their employment before: ${revision.employmentRatio?.toFixed(2)})`;
  return (
    `May ${list(years.sort())}: derived, not published (basis combined_soc2010). The point is the employment-weighted mean ` +
    `of the published medians of SOC 2010 ${list(revision.from.map(name))}, ${how}: Σ(employment × median) ÷ Σ employment, ` +
    "rounded to whole dollars; null when any part is top-coded or unpublished."
  );
}

/** A principal continuation from one SOC 2010 code: its published figure, whose scope was slightly wider. */
function continuedNote(years: number[], soc: string, revision: SocRevision, name: Namer): string {
  return (
    `May ${list(years.sort())}: the published figure of SOC 2010 ${name(revision.from[0]!)} answers. It also held O*NET occupations that moved to ` +
    `other SOC 2018 codes, but most of its people continued as ${soc} (employment May ${OEWS_SOC_2018_FROM} ÷ its employment before: ${revision.employmentRatio?.toFixed(2)}).`
  );
}

function hybridNote(years: number[], soc: string, hybrid: string, s: Services): string {
  const year = years[0]!;
  const others = s.socRevision.heldBy(year, hybrid).filter((c) => c !== soc);
  return (
    `May ${list(years)}: OEWS published ${soc} only within its 2019–2020 hybrid code ${named(s, year)(hybrid)}` +
    `${others.length ? `, which also holds ${list(others.map((c) => `${c} (${s.occupations.socTitles.get(c) ?? "untitled"})`))}` : ""}; that published figure answers (basis oews_hybrid).`
  );
}

function leftOutNotes(
  left: { year: number; split: boolean }[],
  soc: string,
  series: OewsCode | null,
  grouped: boolean,
  revision: SocRevision | null,
  name: Namer,
): string[] {
  const notes: string[] = [];
  const split = left.filter((l) => l.split).map((l) => l.year);
  if (split.length && revision) {
    const sources =
      revision.from.length === 1
        ? `SOC 2010 ${name(revision.from[0]!)}, from which ${soc} came, was divided`
        : `SOC 2010 ${list(revision.from.map(name))}, from which ${soc} came, were divided`;
    notes.push(
      `Left out: ${list(split)}. ${sources} among several SOC 2018 codes, and their employment does not show that most of it continued here; ` +
        "the published figures cover other occupations too, so none is this code's figure in those vintages.",
    );
  }
  const none = left.filter((l) => !l.split).map((l) => l.year);
  if (none.length) {
    notes.push(
      grouped
        ? `Left out: ${list(none)} (no figure under ${series!.code} (${series!.title}) holding the same occupations as in the latest vintage, for this area in those vintages).`
        : `Left out: ${list(none)} (OEWS published no figure for ${soc}, or for a code that continues it across the SOC revision, for this area in those vintages).`,
    );
  }
  return notes;
}

/** Which vintages the mirror holds for the area, and why others are missing: a short trend explained, not silent. */
function coverageNotes(area: UsArea, years: number, s: Services): string[] {
  const national = s.wages.years(NATIONAL);
  const window = national.slice(-years);
  const notes: string[] = [];
  const gaps = range(window[0]!, window.at(-1)!).filter((y) => !national.includes(y));
  if (gaps.length) notes.push(`OEWS May ${list(gaps)} is not in the data mirror, so no point exists for it.`);
  if (area.areaCode !== NATIONAL) {
    const held = s.wages.years(area.areaCode);
    const missing = window.filter((y) => !held.includes(y));
    if (missing.length) {
      notes.push(
        `The data mirror holds OEWS for ${area.title} for May ${list(held)} only: its ${KIND_NAME[area.kind] ?? area.kind} figures for May ${list(missing)} ` +
          "are not in it (BLS publishes them in its per-area files, which the mirror does not carry for those years; see the data README).",
      );
    }
  }
  return notes;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
