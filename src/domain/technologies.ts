// Ordering O*NET technology examples: by O*NET's flags first (In Demand, then Hot Technology), then by name or
// by the employment of the occupations that use them.

export interface Flagged {
  inDemand: boolean;
  hotTechnology: boolean;
}

const flagRank = (x: Flagged) => (x.inDemand ? 2 : 0) + (x.hotTechnology ? 1 : 0);
const byName = (a: string, b: string) =>
  a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0);

/** In Demand first, then Hot Technology, then by name (case-insensitive). */
export const byFlagsThenName = <T extends Flagged & { name: string }>(a: T, b: T) =>
  flagRank(b) - flagRank(a) || byName(a.name, b.name);

export interface CommodityGroup<T> {
  code: number;
  title: string;
  examples: T[];
}

/**
 * Examples grouped by UNSPSC commodity. Groups with more In Demand examples come first, then more Hot
 * Technology examples, then by commodity title; examples within a group by byFlagsThenName.
 */
export function groupByCommodity<T extends Flagged & { name: string; commodityCode: number; commodityTitle: string }>(
  examples: readonly T[],
): CommodityGroup<T>[] {
  const groups = new Map<number, CommodityGroup<T>>();
  for (const e of examples) {
    const g =
      groups.get(e.commodityCode) ??
      groups
        .set(e.commodityCode, { code: e.commodityCode, title: e.commodityTitle, examples: [] })
        .get(e.commodityCode)!;
    g.examples.push(e);
  }
  const count = (g: CommodityGroup<T>, flag: keyof Flagged) => g.examples.filter((e) => e[flag]).length;
  return [...groups.values()]
    .map((g) => ({ ...g, examples: g.examples.sort(byFlagsThenName) }))
    .sort(
      (a, b) =>
        count(b, "inDemand") - count(a, "inDemand") ||
        count(b, "hotTechnology") - count(a, "hotTechnology") ||
        byName(a.title, b.title),
    );
}

/** Occupations using a technology: In Demand there first, then by national employment (unknown last), then by code. */
export const byFlagThenEmployment = <T extends { inDemand: boolean; employment: number | null; socCode: string }>(
  a: T,
  b: T,
) =>
  Number(b.inDemand) - Number(a.inDemand) ||
  (b.employment ?? -1) - (a.employment ?? -1) ||
  (a.socCode < b.socCode ? -1 : 1);
