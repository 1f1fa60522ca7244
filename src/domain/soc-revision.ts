// How a SOC 2018 detailed code's wage series reaches back across the 2018 SOC revision. OEWS codes its files in
// SOC 2010 to May 2018, in a hybrid of SOC 2010 and 2018 in May 2019–2020, and in SOC 2018 from May 2021. The
// O*NET-SOC 2010 → 2019 crosswalk (O*NET-SOC 2019 is built on SOC 2018), reduced to 6-digit codes, says which
// SOC 2010 codes each SOC 2018 code came from; OEWS's own files say what each vintage published.
import { OEWS_HYBRID_FROM, OEWS_SOC_2018_FROM, type OewsVintage } from "./oews-codes.ts";

/** How a trend point was obtained: a published figure, an employment-weighted combination, or an OEWS hybrid code. */
export type TrendBasis = "published" | "combined_soc2010" | "oews_hybrid";

/**
 * A SOC 2018 code's relation to SOC 2010:
 * - one_to_one: one SOC 2010 code, which became only this code;
 * - merged: several SOC 2010 codes, each of which became only this code;
 * - principal: SOC 2010 codes that also fed other SOC 2018 codes, but each is led here (its number lives on as this
 *   code, or, when its number does not live on, this code has the largest employment among its successors), and
 *   together they employed about as many (EMPLOYMENT_RATIO) as this code did in the first SOC 2018 vintage;
 * - split: carved out of SOC 2010 codes that also became other codes, in a way the checks above do not pass;
 * - new: no SOC 2010 code leads to it.
 */
export type SocRelation = "one_to_one" | "merged" | "principal" | "split" | "new";

export interface SocRevision {
  soc: string;
  relation: SocRelation;
  from: string[];
  employmentRatio: number | null;
}

/** A year's source of a SOC 2018 code's trend point: the code(s) OEWS published that year, and how they combine. */
export interface TrendSource {
  year: number;
  soc: string;
  codes: string[];
  basis: TrendBasis;
}

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
  const last2010 = input.vintages.filter((v) => v.year < OEWS_HYBRID_FROM).at(-1)?.year;
  const employment = (year: number | undefined, code: string) =>
    year === undefined ? null : input.employment(year, code);
  return [...input.detailed.keys()].sort().map((soc): SocRevision => {
    const from = [...(to2010.get(soc) ?? [])].sort();
    if (!from.length) return { soc, relation: "new", from, employmentRatio: null };
    const exclusive = from.every((old) => to2018.get(old)!.size === 1);
    if (exclusive) return { soc, relation: from.length === 1 ? "one_to_one" : "merged", from, employmentRatio: null };
    const ratio = employmentRatio(
      [employment(first2018, soc)],
      from.map((old) => employment(last2010, old)),
    );
    const principal = from.every(
      (old) => principalSuccessor(old, [...to2018.get(old)!], (c) => employment(first2018, c)) === soc,
    );
    return { soc, relation: principal && withinBounds(ratio) ? "principal" : "split", from, employmentRatio: ratio };
  });
}

/**
 * Where a SOC 2010 code's people mainly went: itself, when its number lives on in SOC 2018 (the rest were O*NET
 * sub-occupations moved elsewhere); else the successor with the most people; null when any successor's employment
 * is unknown (then none is known to lead).
 */
function principalSuccessor(
  old: string,
  successors: string[],
  employment: (code: string) => number | null,
): string | null {
  if (successors.includes(old)) return old;
  const known = successors.map((code) => ({ code, emp: employment(code) }));
  if (known.some((k) => k.emp === null)) return null;
  return known.sort((a, b) => b.emp! - a.emp!)[0]!.code;
}

/** The sum, or null when any part is unknown. */
const sumOf = (xs: readonly (number | null)[]) =>
  xs.some((x) => x === null) ? null : xs.reduce<number>((sum, x) => sum + x!, 0);

/** Employment after ÷ employment before (each summed over its codes); null when any part is unknown or before is 0. */
function employmentRatio(after: (number | null)[], before: (number | null)[]): number | null {
  const [a, b] = [sumOf(after), sumOf(before)];
  return a === null || b === null || b <= 0 ? null : a / b;
}

const withinBounds = (ratio: number | null) =>
  ratio !== null && ratio >= EMPLOYMENT_RATIO[0] && ratio <= EMPLOYMENT_RATIO[1];

/** Words of a title, for comparing an OEWS hybrid title with the SOC 2018 titles it joins. */
const titleWords = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w && !["and", "or", "the", "of", "all", "other", "except"].includes(w)),
  );

/**
 * Which SOC 2018 codes each OEWS 2019–2020 hybrid code holds (code → hybrid). A hybrid is a published code that is
 * neither a SOC 2018 nor a SOC 2010 code nor a broad group; BLS titles it by joining the titles it holds (15-1256
 * "Software Developers and Software Quality Assurance Analysts and Testers"). A SOC 2018 code the vintage does not
 * publish is held by the one hybrid of its part of the SOC (same major group and first digit after the hyphen, which
 * spans its minor group) whose title contains every word of its title. A hybrid
 * counts only when what it holds accounts for it: every word of its title comes from their titles, and its
 * employment is within EMPLOYMENT_RATIO of theirs in the first SOC 2018 vintage. Otherwise the files do not say
 * what it holds, and no code is given it.
 */
export function hybridHolders(
  vintage: OewsVintage,
  input: RevisionInputs,
  isSocCode: (code: string) => boolean,
  first2018: number | undefined,
): Map<string, string> {
  const hybrids = [...vintage.titles]
    .filter(([code]) => !code.endsWith("0") && !isSocCode(code))
    .map(([code, title]) => ({ code, words: titleWords(title) }));
  const held = new Map<string, string[]>();
  for (const [soc, title] of input.detailed) {
    if (vintage.titles.has(soc)) continue;
    const wanted = titleWords(title);
    const holders = hybrids.filter(
      (h) => h.code.slice(0, 4) === soc.slice(0, 4) && [...wanted].every((w) => h.words.has(w)),
    );
    if (holders.length === 1) held.set(holders[0]!.code, [...(held.get(holders[0]!.code) ?? []), soc]);
  }
  const out = new Map<string, string>();
  for (const h of hybrids) {
    const socs = held.get(h.code) ?? [];
    const covered = new Set(socs.flatMap((soc) => [...titleWords(input.detailed.get(soc)!)]));
    const after = socs.map((soc) => (first2018 === undefined ? null : input.employment(first2018, soc)));
    const ratio = employmentRatio(after, [input.employment(vintage.year, h.code)]);
    if (socs.length && [...h.words].every((w) => covered.has(w)) && withinBounds(ratio)) {
      for (const soc of socs) out.set(soc, h.code);
    }
  }
  return out;
}

/**
 * For every SOC 2018 detailed code and every vintage before SOC 2018 coding, the code(s) that answer its trend
 * point, the first of:
 * 1. its own number, in a hybrid year, when it is one of its own SOC 2010 sources (or no SOC 2010 code) and none of
 *    its other sources is published that year: then the number holds the SOC 2018 occupation;
 * 2. its one SOC 2010 source (one-to-one, or principal with one source), published;
 * 3. its merged or principal SOC 2010 sources, all published that year (combined by employment);
 * 4. in a hybrid year, the hybrid code that holds it (hybridHolders).
 * A code none of these reaches has no point that year.
 */
export function trendSources(input: RevisionInputs, revisions: readonly SocRevision[]): TrendSource[] {
  const codes2010 = new Set(input.pairs.map((p) => p.soc2010));
  const isSocCode = (code: string) => input.detailed.has(code) || codes2010.has(code);
  const byCode = new Map(revisions.map((r) => [r.soc, r]));
  const first2018 = input.vintages.find((v) => v.year >= OEWS_SOC_2018_FROM)?.year;
  return input.vintages
    .filter((v) => v.year < OEWS_SOC_2018_FROM)
    .flatMap((v) => {
      const hybridYear = v.year >= OEWS_HYBRID_FROM;
      const hybrids = hybridYear ? hybridHolders(v, input, isSocCode, first2018) : new Map<string, string>();
      return [...input.detailed.keys()].flatMap((soc): TrendSource[] => {
        const rev = byCode.get(soc);
        const from = rev?.from ?? [];
        const at = (codes: string[], basis: TrendBasis): TrendSource[] => [{ year: v.year, soc, codes, basis }];
        const ownNumber =
          hybridYear &&
          v.titles.has(soc) &&
          (from.includes(soc) || !codes2010.has(soc)) &&
          from.every((c) => c === soc || !v.titles.has(c));
        if (ownNumber) return at([soc], "published");
        const continues = rev?.relation === "one_to_one" || rev?.relation === "merged" || rev?.relation === "principal";
        if (continues && from.every((c) => v.titles.has(c)))
          return at(from, from.length === 1 ? "published" : "combined_soc2010");
        const hybrid = hybrids.get(soc);
        return hybrid ? at([hybrid], "oews_hybrid") : [];
      });
    });
}

/** One combined figure: Σ employment × value ÷ Σ employment; null when any part lacks either (never a partial mix). */
export function employmentWeighted(
  parts: readonly { employment: number | null; value: number | null }[],
): number | null {
  if (!parts.length || parts.some((p) => p.employment === null || p.value === null || p.employment <= 0)) return null;
  const total = parts.reduce((sum, p) => sum + p.employment!, 0);
  return parts.reduce((sum, p) => sum + p.employment! * p.value!, 0) / total;
}

/** An earlier code's point enters a series only when its national employment is within this share of the target's. */
export const SAME_POPULATION_TOLERANCE = 0.2;

/** The two codes' national employment in the nearest vintages that publish each, and whether it is the same population. */
export interface PopulationCheck {
  sourceYear: number;
  source: number;
  targetYear: number;
  target: number;
  same: boolean;
}

/**
 * Whether an earlier code (or a sum of codes) measures nearly the same occupation as a SOC 2018 code: national
 * employment in the nearest pair of vintages publishing each (the same vintage when both are published in one),
 * within ±SAME_POPULATION_TOLERANCE of the target's. null when either was never published with employment.
 */
export function populationCheck(
  source: ReadonlyMap<number, number>,
  target: ReadonlyMap<number, number>,
): PopulationCheck | null {
  let best: PopulationCheck | null = null;
  for (const [sourceYear, s] of source)
    for (const [targetYear, t] of target) {
      const gap = Math.abs(sourceYear - targetYear);
      if (best && gap >= Math.abs(best.sourceYear - best.targetYear)) continue;
      best = { sourceYear, source: s, targetYear, target: t, same: Math.abs(s - t) <= SAME_POPULATION_TOLERANCE * t };
    }
  return best;
}
