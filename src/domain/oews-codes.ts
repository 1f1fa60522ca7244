// The code OEWS publishes each SOC 2018 detailed occupation under, per vintage. OEWS publishes most detailed
// codes as themselves, but some only inside its own aggregates, which are not SOC codes (21-1018 = 21-1011 +
// 21-1014), and some only as their broad group (13-1020). Derived at snapshot build time from the OEWS files
// and the SOC 2018 structure; the build fails rather than guess when a broad group holds two aggregates.
import { broadGroupOf } from "./soc-code.ts";

/** How a SOC code reaches the code OEWS publishes: its own code, its broad group's OEWS aggregate, or the broad group. */
export type OewsCodeBasis = "own_code" | "oews_aggregate" | "broad_group";

export interface OewsCodeMapping {
  year: number;
  soc: string;
  code: string;
  basis: OewsCodeBasis;
}

/** The code OEWS publishes a SOC 2018 detailed code under in a vintage, how, and under which title. */
export interface OewsCode {
  code: string;
  basis: OewsCodeBasis;
  title: string;
}

/** The stored map, as the snapshot's wages repository serves it. */
export interface OewsCodeLookup {
  oewsCodeFor(year: number, soc: string): OewsCode | null;
  /** The SOC detailed codes OEWS publishes only within an aggregate or broad code. */
  codesHeldBy(year: number, code: string): readonly string[];
}

/** One vintage's published codes with their titles (the file's OCC_CODE and OCC_TITLE). */
export interface OewsVintage {
  year: number;
  titles: ReadonlyMap<string, string>;
}

/**
 * The SOC 2018 structure: every code at every level, with the detailed codes listed; and the SOC 2010 → 2018
 * crosswalk at the 6-digit level, which says whether a group held the same occupations under SOC 2010.
 */
export interface SocStructure {
  codes: ReadonlySet<string>;
  detailed: readonly string[];
  crosswalk?: readonly { soc2010: string; soc2018: string }[];
}

/** OEWS codes its files as SOC 2018 from May 2021; May 2019–2020 use a hybrid of SOC 2010 and 2018, earlier SOC 2010. */
export const OEWS_SOC_2018_FROM = 2021;
export const OEWS_HYBRID_FROM = 2019;

export class AmbiguousAggregateError extends Error {}

/**
 * Every SOC 2018 detailed code's OEWS code in every vintage. In a vintage coded in SOC 2018, in this order:
 * 1. its own code, when published;
 * 2. else the OEWS aggregate of its broad group: a published code that is neither a SOC 2018 code nor a broad
 *    group (ending in 0). A broad group holding two aggregates throws AmbiguousAggregateError: the file does not
 *    say which holds what;
 * 3. else the broad group, when published.
 * Earlier vintages are coded in SOC 2010 or a hybrid, where a code of the same number may hold other occupations
 * (May 2019's 29-1248 is "Surgeons, Except Ophthalmologists", though 29-1241 Ophthalmologists is in its broad
 * group), and the files do not say what the hybrid codes hold. There a code keeps the latest vintage's aggregate or
 * broad group, where the earlier vintage publishes that code under the same title and not the detailed code itself;
 * otherwise the SOC 2010 crosswalk decides. A code none of this reaches has no mapping in that vintage.
 */
export function oewsCodeMap(soc: SocStructure, vintages: readonly OewsVintage[]): OewsCodeMapping[] {
  const coded2018 = vintages.filter((v) => v.year >= OEWS_SOC_2018_FROM);
  const current = coded2018.flatMap((v) => soc2018Mappings(v, soc));
  const latest = coded2018.at(-1);
  const unchanged = unchangedRanges(soc.crosswalk);
  const earlier = latest
    ? vintages.filter((v) => v.year < OEWS_SOC_2018_FROM).flatMap((v) => carriedBack(v, latest, current, unchanged))
    : [];
  return [...earlier, ...current];
}

function soc2018Mappings(v: OewsVintage, soc: SocStructure): OewsCodeMapping[] {
  const aggregates = aggregatesByBroadGroup(v, soc);
  return soc.detailed.flatMap((code): OewsCodeMapping[] => {
    const broad = broadGroupOf(code)!;
    const aggregate = aggregates.get(broad)?.[0];
    if (v.titles.has(code)) return [{ year: v.year, soc: code, code, basis: "own_code" }];
    if (aggregate) return [{ year: v.year, soc: code, code: aggregate, basis: "oews_aggregate" }];
    return v.titles.has(broad) ? [{ year: v.year, soc: code, code: broad, basis: "broad_group" }] : [];
  });
}

/** The vintage's OEWS-only codes by broad group; two in one group stop the build. */
function aggregatesByBroadGroup(v: OewsVintage, soc: SocStructure): Map<string, string[]> {
  const byGroup = new Map<string, string[]>();
  for (const code of [...v.titles.keys()].sort()) {
    const broad = broadGroupOf(code);
    if (!broad || soc.codes.has(code)) continue;
    byGroup.set(broad, [...(byGroup.get(broad) ?? []), code]);
  }
  for (const [broad, codes] of byGroup) {
    if (codes.length > 1) {
      throw new AmbiguousAggregateError(
        `OEWS May ${v.year} publishes ${codes.length} aggregates in SOC broad group ${broad} (${codes.join(", ")}); ` +
          "the file does not say which SOC codes each holds, so the build stops rather than guess.",
      );
    }
  }
  return byGroup;
}

/** An earlier vintage's mappings: the latest vintage's aggregate or broad group, where published under the same title (and scope). */
function carriedBack(
  v: OewsVintage,
  latest: OewsVintage,
  current: readonly OewsCodeMapping[],
  unchanged: (code: string) => boolean,
): OewsCodeMapping[] {
  const sameCodeAndTitle = (code: string) => v.titles.get(code) === latest.titles.get(code);
  const sameScope = (code: string) => v.year >= OEWS_HYBRID_FROM || unchanged(code);
  return current
    .filter(
      (m) =>
        m.year === latest.year &&
        m.basis !== "own_code" &&
        !v.titles.has(m.soc) &&
        sameCodeAndTitle(m.code) &&
        sameScope(m.code),
    )
    .map((m) => ({ ...m, year: v.year }));
}

/**
 * Whether an aggregate's or broad group's range (its first six characters: 51-209 for 51-2090) held the same
 * occupations under SOC 2010: every crosswalk pair with either side in the range has both sides in it. Without a
 * crosswalk, every range counts as unchanged.
 */
function unchangedRanges(crosswalk: SocStructure["crosswalk"]): (code: string) => boolean {
  if (!crosswalk) return () => true;
  return (code) => {
    const range = code.slice(0, 6);
    return crosswalk.every((p) => p.soc2010.startsWith(range) === p.soc2018.startsWith(range));
  };
}

const named = (titles: ReadonlyMap<string, string>) => (code: string) => `${titles.get(code) ?? code} (${code})`;

/**
 * What an answer says when a SOC code's figures come from another code (the aggregate or broad group, and what
 * else it holds); null when the code is published as itself or not at all.
 */
export function oewsCodeNote(
  lookup: OewsCodeLookup,
  socTitles: ReadonlyMap<string, string>,
  year: number,
  soc: string,
): string | null {
  const found = lookup.oewsCodeFor(year, soc);
  if (!found || found.basis === "own_code") return null;
  const others = lookup
    .codesHeldBy(year, found.code)
    .filter((c) => c !== soc)
    .map(named(socTitles));
  const within =
    found.basis === "oews_aggregate"
      ? `the OEWS aggregate ${found.code} (${found.title})`
      : `its broad group ${found.code} (${found.title})`;
  return `BLS OEWS May ${year} publishes ${named(socTitles)(soc)} only within ${within}${others.length ? `, together with ${others.join(", ")}` : ""}; those figures answer.`;
}

/** What an answer for an aggregate or broad code itself says about the SOC codes it holds; null when it holds none. */
export function heldCodesNote(
  lookup: OewsCodeLookup,
  socTitles: ReadonlyMap<string, string>,
  year: number,
  code: string,
  title: string,
): string | null {
  const held = lookup.codesHeldBy(year, code);
  if (!held.length) return null;
  const kind = socTitles.has(code) ? "a SOC broad group" : "an OEWS aggregate, not a SOC 2018 code";
  return `${code} (${title}) is ${kind}: OEWS May ${year} publishes ${held.map(named(socTitles)).join(", ")} only within it.`;
}
