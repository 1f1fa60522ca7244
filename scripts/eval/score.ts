// Top-1 agreement of a title matcher with the evaluation sets: ISCO-08 major group and unit group where the set
// gives ISCO codes, SOC 6-digit and 2-digit where it gives SOC codes. A title the matcher does not answer counts
// as wrong. `accepted`: answers at or above the confidence threshold, and their accuracy.
import type { EvalItem, EvalSet } from "./title-sets.ts";

export interface Answer { isco: string | null; soc: string | null; confidence: number }
export type MatcherUnderTest = (item: EvalItem, target: "isco" | "soc") => Answer | null;

export interface SetScore {
  name: string; n: number;
  iscoMajor?: number; iscoUnit?: number; soc6?: number; soc2?: number;
  accepted?: number; acceptedCorrect?: number;
}

const pct = (k: number, n: number) => (n ? Math.round((1000 * k) / n) / 10 : 0);

export function scoreSet(set: EvalSet, match: MatcherUnderTest, threshold: number): SetScore {
  const out: SetScore = { name: set.name, n: set.items.length };
  const withIsco = set.items.filter((i) => i.isco);
  const withSoc = set.items.filter((i) => i.soc);
  let accepted = 0, acceptedCorrect = 0;
  if (withIsco.length) {
    let major = 0, unit = 0;
    for (const item of withIsco) {
      const a = match(item, "isco");
      const ok = !!a?.isco && a.isco === item.isco;
      if (a?.isco && a.isco[0] === item.isco![0]) major++;
      if (ok) unit++;
      if (!withSoc.length && a && a.confidence >= threshold) { accepted++; if (ok) acceptedCorrect++; }
    }
    out.iscoMajor = pct(major, withIsco.length);
    out.iscoUnit = pct(unit, withIsco.length);
  }
  if (withSoc.length) {
    let six = 0, two = 0;
    for (const item of withSoc) {
      const a = match(item, "soc");
      const ok = !!a?.soc && a.soc === item.soc;
      if (ok) six++;
      if (a?.soc && a.soc.slice(0, 2) === item.soc!.slice(0, 2)) two++;
      if (a && a.confidence >= threshold) { accepted++; if (ok) acceptedCorrect++; }
    }
    out.soc6 = pct(six, withSoc.length);
    out.soc2 = pct(two, withSoc.length);
  }
  out.accepted = pct(accepted, set.items.length);
  out.acceptedCorrect = accepted ? pct(acceptedCorrect, accepted) : 0;
  return out;
}

export function scoreTable(scores: SetScore[]): string {
  const f = (v: number | undefined) => (v === undefined ? "" : `${v.toFixed(1)}%`);
  const lines = [
    "| set | n | ISCO major | ISCO unit | SOC 6-digit | SOC 2-digit | answered ≥ threshold | right when answered |",
    "|---|---|---|---|---|---|---|---|",
    ...scores.map((s) => `| ${s.name} | ${s.n} | ${f(s.iscoMajor)} | ${f(s.iscoUnit)} | ${f(s.soc6)} | ${f(s.soc2)} | ${f(s.accepted)} | ${f(s.acceptedCorrect)} |`),
  ];
  return lines.join("\n");
}
