// The code OEWS publishes each SOC 2018 detailed occupation under, per vintage. OEWS publishes most detailed
// codes as themselves, but some only inside its own aggregates, which are not SOC codes (21-1018 = 21-1011 +
// 21-1014), and some only as their broad group (13-1020). Derived at snapshot build time from the OEWS files
// and the SOC 2018 structure; the build fails rather than guess when a broad group holds two aggregates.
import { broadGroupOf } from "./soc-code.ts";

/** How a SOC code reaches its published code: itself, an OEWS aggregate of its broad group, or the broad group. */
export type OewsCodeBasis = "published" | "oews_aggregate" | "broad_group";

export interface OewsCodeMapping { year: number; soc: string; code: string; basis: OewsCodeBasis }

/** The code OEWS publishes a SOC 2018 detailed code under in a vintage, how, and under which title. */
export interface PublishedCode { code: string; basis: OewsCodeBasis; title: string }

/** The stored map, as the snapshot's wages repository serves it. */
export interface OewsCodeLookup {
  publishedCode(year: number, soc: string): PublishedCode | null;
  /** The SOC detailed codes published within an aggregate or broad code. */
  codesWithin(year: number, code: string): string[];
}

/** One vintage's published codes with their titles (the file's OCC_CODE and OCC_TITLE). */
export interface OewsVintage { year: number; titles: ReadonlyMap<string, string> }

/** The SOC 2018 structure: every code at every level, with the detailed codes listed. */
export interface SocStructure { codes: ReadonlySet<string>; detailed: readonly string[] }

/** OEWS codes its files as SOC 2018 from May 2021; May 2019–2020 use a hybrid of SOC 2010 and 2018, earlier SOC 2010. */
export const OEWS_SOC_2018_FROM = 2021;

export class AmbiguousAggregateError extends Error {}

/**
 * Every SOC 2018 detailed code's published code in every vintage. In a vintage coded in SOC 2018, in this order:
 * 1. the code itself, when published;
 * 2. else the one OEWS aggregate of the code's broad group: a published code that is not a SOC 2018 code and
 *    not a broad group (ending in 0). Two of them throw AmbiguousAggregateError: the file does not say which
 *    holds the code;
 * 3. else the broad group, when published.
 * Earlier vintages are coded in SOC 2010 or a hybrid, where a code of the same number may differ in content (the
 * SOC 2010 crosswalk decides those). There, only rule 2 applies, and only with the composition the latest vintage
 * establishes: the code maps to the aggregate the latest vintage maps it to, when the earlier vintage publishes that
 * aggregate under the same title and does not publish the code itself.
 * A code none of this reaches has no mapping in that vintage.
 */
export function oewsCodeMap(soc: SocStructure, vintages: readonly OewsVintage[]): OewsCodeMapping[] {
  const coded2018 = vintages.filter((v) => v.year >= OEWS_SOC_2018_FROM);
  const modern = coded2018.flatMap((v) => soc2018Vintage(v, soc));
  const latest = coded2018.at(-1);
  const composition = new Map(modern.filter((m) => m.year === latest?.year && m.basis === "oews_aggregate").map((m) => [m.soc, m.code]));
  const earlier = vintages.filter((v) => v.year < OEWS_SOC_2018_FROM).flatMap((v) => [...composition].flatMap(([code, aggregate]): OewsCodeMapping[] =>
    !v.titles.has(code) && v.titles.get(aggregate) === latest!.titles.get(aggregate) ? [{ year: v.year, soc: code, code: aggregate, basis: "oews_aggregate" }] : []));
  return [...earlier, ...modern].sort((a, b) => a.year - b.year || a.soc.localeCompare(b.soc));
}

function soc2018Vintage(v: OewsVintage, soc: SocStructure): OewsCodeMapping[] {
  const aggregates = new Map<string, string[]>();
  for (const code of aggregatesOf(v, soc)) aggregates.set(broadGroupOf(code)!, [...(aggregates.get(broadGroupOf(code)!) ?? []), code]);
  return soc.detailed.flatMap((code): OewsCodeMapping[] => {
    const broad = broadGroupOf(code)!;
    const candidates = aggregates.get(broad) ?? [];
    if (v.titles.has(code)) return [{ year: v.year, soc: code, code, basis: "published" }];
    if (candidates.length > 1) {
      throw new AmbiguousAggregateError(`OEWS May ${v.year} does not publish ${code} but publishes ${candidates.length} aggregates in its SOC broad group ${broad} `
        + `(${candidates.join(", ")}); the file does not say which one holds ${code}, so the build stops rather than guess.`);
    }
    if (candidates.length === 1) return [{ year: v.year, soc: code, code: candidates[0], basis: "oews_aggregate" }];
    return v.titles.has(broad) ? [{ year: v.year, soc: code, code: broad, basis: "broad_group" }] : [];
  });
}

/** A vintage's OEWS-only detailed codes: published, not a SOC 2018 code at any level, not a broad group. */
const aggregatesOf = (v: OewsVintage, soc: SocStructure): string[] =>
  [...v.titles.keys()].filter((code) => !soc.codes.has(code) && broadGroupOf(code) !== null).sort();

/**
 * What an answer says when a SOC code's figures come from another published code (the aggregate or broad group,
 * and what else it holds); null when the code is published as itself or not at all.
 */
export function publishedCodeNote(lookup: OewsCodeLookup, socTitles: ReadonlyMap<string, string>, year: number, soc: string): string | null {
  const published = lookup.publishedCode(year, soc);
  if (!published || published.basis === "published") return null;
  const named = (code: string) => `${socTitles.get(code) ?? code} (${code})`;
  const others = lookup.codesWithin(year, published.code).filter((c) => c !== soc).map(named);
  const within = published.basis === "oews_aggregate" ? `the OEWS aggregate ${published.code} (${published.title})` : `its broad group ${published.code} (${published.title})`;
  return `BLS OEWS May ${year} publishes ${named(soc)} only within ${within}${others.length ? `, together with ${others.join(", ")}` : ""}; those figures answer.`;
}
