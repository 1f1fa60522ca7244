// Which code each path uses for an occupation found by its label: the ISCO-08 unit group of an O*NET occupation
// (EU paths) and the O*NET-SOC occupation of an ESCO occupation or ISCO unit group (U.S. paths). Pure rules over
// the crosswalk rows the snapshot holds.

/** ESCO–O*NET crosswalk relations, most faithful first. */
export const CROSSWALK_PREFERENCE = ["exactMatch", "closeMatch", "narrowMatch", "broadMatch"] as const;

function majority(codes: readonly string[]): string {
  const tally = new Map<string, number>();
  for (const c of codes) tally.set(c, (tally.get(c) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

/**
 * The ISCO unit group of an O*NET occupation. `tableUnits`: what the BLS ISCO–SOC 2010 table gives its SOC code;
 * `crosswalkUnits`: the unit groups of the ESCO occupations the ESCO–O*NET crosswalk calls exact or close matches.
 * One table unit answers; several are narrowed by the crosswalk (more specific, per O*NET-SOC occupation), else
 * the group most of them fall in and its first unit; no table unit: the crosswalk alone.
 */
export function iscoForOnet(
  tableUnits: readonly string[],
  crosswalkUnits: readonly string[],
): { unit: string; basis: string } | null {
  if (tableUnits.length === 1) return { unit: tableUnits[0], basis: "bls_isco_soc_crosswalk" };
  if (crosswalkUnits.length) {
    const agreeing = crosswalkUnits.filter((u) => tableUnits.includes(u));
    return { unit: majority(agreeing.length ? agreeing : crosswalkUnits), basis: "esco_onet_crosswalk" };
  }
  if (!tableUnits.length) return null;
  const major = majority(tableUnits.map((u) => u[0]));
  return { unit: tableUnits.find((u) => u[0] === major)!, basis: "bls_isco_soc_crosswalk" };
}

/**
 * The O*NET-SOC occupation of an ESCO occupation: among its crosswalk matches, first one that O*NET itself calls by the
 * ESCO occupation's English name (`namedSo`: "software developer" is O*NET's "Software Developers", a broadMatch beside
 * two closeMatches); then the most faithful relation, then the more employed; without any match, the most employed
 * O*NET occupation of its ISCO unit group (`unitSocs`, through the BLS table).
 */
export function socForEsco(
  matches: readonly { onet: string; relation: string }[],
  unitSocs: readonly string[],
  employment: (onet: string) => number,
  namedSo: (onet: string) => boolean = () => false,
): { soc: string; basis: string } | null {
  const named = matches.filter((m) => namedSo(m.onet)).map((m) => m.onet);
  if (named.length) return { soc: mostEmployed(named, employment), basis: "esco_onet_same_name" };
  for (const relation of CROSSWALK_PREFERENCE) {
    const hits = matches.filter((m) => m.relation === relation).map((m) => m.onet);
    if (hits.length) return { soc: mostEmployed(hits, employment), basis: `esco_onet_${relation}` };
  }
  return unitSocs.length
    ? { soc: mostEmployed(unitSocs, employment), basis: "isco_unit_via_bls_isco_soc_crosswalk" }
    : null;
}

const mostEmployed = (codes: readonly string[], employment: (onet: string) => number) =>
  [...codes].sort((a, b) => employment(b) - employment(a) || a.localeCompare(b))[0];

/**
 * The detailed SOC 2018 codes a published code stands for, among `detailed` (the ones that exist): itself if it is
 * one; else every detailed code under it, read without its trailing zeros and X's: a broad group (51-9010: 51-901x),
 * a minor group (51-9000), a Census aggregate (13-20XX: 13-20xx; 49-209X: 49-209x).
 */
export function detailedSocCodes(code: string, detailed: readonly string[]): string[] {
  if (detailed.includes(code)) return [code];
  const prefix = code.replace(/[0X]+$/, "");
  return /^\d{2}-\d*$/.test(prefix) && prefix.length > 3 ? detailed.filter((c) => c.startsWith(prefix)) : [];
}
