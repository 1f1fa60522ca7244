// How a SOC 2018 detailed code's wage series reaches back across the 2018 SOC revision. OEWS codes its files in
// SOC 2010 to May 2018, in a hybrid of SOC 2010 and 2018 in May 2019–2020, and in SOC 2018 from May 2021. The
// O*NET-SOC 2010 → 2019 crosswalk (O*NET-SOC 2019 is built on SOC 2018), reduced to 6-digit codes, says which
// SOC 2010 codes each SOC 2018 code came from; OEWS's own files say what each vintage published.
import { OEWS_SOC_2018_FROM, type OewsVintage } from "./oews-codes.ts";
import { broadGroupOf } from "./soc-code.ts";

/** How a trend point was obtained: a published figure, an employment-weighted combination, or an OEWS hybrid code. */
export type TrendBasis = "published" | "combined_soc2010" | "oews_hybrid";

/**
 * A SOC 2018 code's relation to SOC 2010:
 * - one_to_one: one SOC 2010 code, which became only this code;
 * - merged: several SOC 2010 codes, each of which became only this code;
 * - principal: several SOC 2010 codes that also fed other SOC 2018 codes, but each is led here: none of them lives
 *   on under its own number, this code has the largest employment among each one's successors, and together they
 *   employed about as many (EMPLOYMENT_RATIO) as this code did in the first SOC 2018 vintage;
 * - split: carved out of SOC 2010 codes that also became other codes, in a way the checks above do not pass;
 * - new: no SOC 2010 code leads to it.
 */
export type SocRelation = "one_to_one" | "merged" | "principal" | "split" | "new";

export interface SocRevision { soc: string; relation: SocRelation; from: string[]; employmentRatio: number | null }

/** A year's source of a SOC 2018 code's trend point: the code(s) OEWS published that year, and how they combine. */
export interface TrendSource { year: number; soc: string; codes: string[]; basis: TrendBasis }

/**
 * Bounds on (employment of the SOC 2018 code in its first vintage) ÷ (employment of its SOC 2010 sources in
 * their last vintage) for a "principal" continuation: three years apart, so growth of up to a quarter either way
 * is allowed; outside that the scopes differ more than growth explains.
 */
export const EMPLOYMENT_RATIO: readonly [number, number] = [0.8, 1.25];

export interface RevisionInputs {
  /** Crosswalk pairs at the 6-digit level (duplicates allowed). */
  pairs: readonly { soc2010: string; soc2018: string }[];
  /** SOC 2018 detailed codes with their titles. */
  detailed: ReadonlyMap<string, string>;
  /** Each national OEWS vintage's published codes and titles. */
  vintages: readonly OewsVintage[];
  /** National employment of a published code in a vintage, or null. */
  employment: (year: number, code: string) => number | null;
}

const groupPairs = (pairs: RevisionInputs["pairs"]) => {
  const to2018 = new Map<string, Set<string>>();
  const to2010 = new Map<string, Set<string>>();
  for (const { soc2010, soc2018 } of pairs) {
    (to2018.get(soc2010) ?? to2018.set(soc2010, new Set()).get(soc2010)!).add(soc2018);
    (to2010.get(soc2018) ?? to2010.set(soc2018, new Set()).get(soc2018)!).add(soc2010);
  }
  return { to2018, to2010 };
};

/** Every SOC 2018 detailed code's relation to SOC 2010 (see SocRelation). */
export function socRevisions(input: RevisionInputs): SocRevision[] {
  const { to2018, to2010 } = groupPairs(input.pairs);
  const first2018 = input.vintages.find((v) => v.year >= OEWS_SOC_2018_FROM)?.year;
  const last2010 = input.vintages.filter((v) => v.year < 2019).at(-1)?.year;
  const employment = (year: number | undefined, code: string) => (year === undefined ? null : input.employment(year, code));
  return [...input.detailed.keys()].sort().map((soc): SocRevision => {
    const from = [...(to2010.get(soc) ?? [])].sort();
    if (!from.length) return { soc, relation: "new", from, employmentRatio: null };
    const exclusive = from.every((old) => to2018.get(old)!.size === 1);
    if (exclusive) return { soc, relation: from.length === 1 ? "one_to_one" : "merged", from, employmentRatio: null };
    const ratio = employmentRatio(employment(first2018, soc), from.map((old) => employment(last2010, old)));
    const principal = from.length > 1 && from.every((old) => principalSuccessor(old, [...to2018.get(old)!], (c) => employment(first2018, c)) === soc);
    const agrees = ratio !== null && ratio >= EMPLOYMENT_RATIO[0] && ratio <= EMPLOYMENT_RATIO[1];
    return { soc, relation: principal && agrees ? "principal" : "split", from, employmentRatio: ratio };
  });
}

/**
 * Where a SOC 2010 code's people mainly went: itself, when its number lives on in SOC 2018 (the rest were O*NET
 * sub-occupations moved elsewhere); else the successor with the most people; null when any successor's employment
 * is unknown (then none is known to lead).
 */
function principalSuccessor(old: string, successors: string[], employment: (code: string) => number | null): string | null {
  if (successors.includes(old)) return old;
  const known = successors.map((code) => ({ code, emp: employment(code) }));
  if (known.some((k) => k.emp === null)) return null;
  return known.sort((a, b) => b.emp! - a.emp!)[0]!.code;
}

function employmentRatio(now: number | null, before: (number | null)[]): number | null {
  if (now === null || before.some((b) => b === null)) return null;
  const total = before.reduce<number>((sum, b) => sum + b!, 0);
  return total > 0 ? now / total : null;
}

/** Words of a title, for comparing an OEWS hybrid title with the SOC 2018 titles it joins. */
const titleWords = (title: string) =>
  new Set(title.toLowerCase().split(/[^a-z]+/).filter((w) => w && !["and", "or", "the", "of", "all", "other", "except"].includes(w)));

/**
 * The OEWS 2019–2020 hybrid code that holds a SOC 2018 code: a code of its broad group that is neither a SOC 2018
 * nor a SOC 2010 code, whose title contains every word of the SOC 2018 title (BLS titles its hybrids by joining
 * the titles they hold, e.g. 15-1256 "Software Developers and Software Quality Assurance Analysts and Testers").
 * Exactly one must qualify; otherwise the files do not say, and there is none.
 */
export function hybridHolding(vintage: OewsVintage, soc: string, socTitle: string, isSocCode: (code: string) => boolean): string | null {
  const broad = broadGroupOf(soc);
  if (!broad) return null;
  const wanted = titleWords(socTitle);
  const holders = [...vintage.titles].filter(([code, title]) => code.startsWith(broad.slice(0, 6)) && !code.endsWith("0") && !isSocCode(code)
    && [...wanted].every((w) => titleWords(title).has(w)));
  return holders.length === 1 ? holders[0]![0] : null;
}

/**
 * For every SOC 2018 detailed code and every vintage before SOC 2018 coding, the code(s) that answer its trend
 * point, preferring in this order:
 * 1. its own code, in a hybrid year, when that number is not a SOC 2010 code of another scope;
 * 2. its one-to-one SOC 2010 code;
 * 3. its merged or principal SOC 2010 codes, all published that year (combined by employment);
 * 4. in a hybrid year, the one hybrid code that holds it.
 * A code none of these reaches has no point that year.
 */
export function trendSources(input: RevisionInputs, revisions: readonly SocRevision[]): TrendSource[] {
  const codes2010 = new Set(input.pairs.map((p) => p.soc2010));
  const isSocCode = (code: string) => input.detailed.has(code) || codes2010.has(code);
  const byCode = new Map(revisions.map((r) => [r.soc, r]));
  return input.vintages.filter((v) => v.year < OEWS_SOC_2018_FROM).flatMap((v) => [...input.detailed].flatMap(([soc, title]): TrendSource[] => {
    const rev = byCode.get(soc);
    const hybridYear = v.year >= 2019;
    const at = (codes: string[], basis: TrendBasis): TrendSource[] => [{ year: v.year, soc, codes, basis }];
    if (hybridYear && v.titles.has(soc) && (!codes2010.has(soc) || (rev?.relation === "one_to_one" && rev.from[0] === soc))) return at([soc], "published");
    if (rev?.relation === "one_to_one" && v.titles.has(rev.from[0]!)) return at(rev.from, "published");
    if ((rev?.relation === "merged" || rev?.relation === "principal") && rev.from.every((c) => v.titles.has(c))) return at(rev.from, "combined_soc2010");
    const hybrid = hybridYear ? hybridHolding(v, soc, title, isSocCode) : null;
    return hybrid ? at([hybrid], "oews_hybrid") : [];
  }));
}

/** One combined figure: Σ employment × value ÷ Σ employment; null when any part lacks either (never a partial mix). */
export function employmentWeighted(parts: readonly { employment: number | null; value: number | null }[]): number | null {
  if (!parts.length || parts.some((p) => p.employment === null || p.value === null || p.employment <= 0)) return null;
  const total = parts.reduce((sum, p) => sum + p.employment!, 0);
  return parts.reduce((sum, p) => sum + p.employment! * p.value!, 0) / total;
}
