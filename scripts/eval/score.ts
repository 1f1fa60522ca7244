// Top-1 agreement of a title matcher with the evaluation sets: ISCO-08 major group and unit group where the set
// gives ISCO codes, SOC 6-digit and 2-digit where it gives SOC codes. A title the matcher does not answer counts
// as wrong. Also: top-3 recall and recall@20 (the right code among 20 ranked candidates, what a second-stage
// ranker could choose from), the answers at or above the confidence threshold and their accuracy, the answers
// given with confidence ≥ 0.8 and theirs, and how well confidence is calibrated (expected calibration error over
// ten equal-width bins, with the reliability table behind it).
import type { EvalItem, EvalSet } from "./title-sets.ts";
import { prng } from "../lib/search-queries.ts";

/** The matcher's answer in the set's target: the top code, the next ones (for top-3), its confidence. */
export interface Answer {
  isco: string | null;
  soc: string | null;
  confidence: number;
  next: string[];
}
export type MatcherUnderTest = (item: EvalItem, target: "isco" | "soc") => Answer | null;

export interface ReliabilityBin {
  from: number;
  n: number;
  meanConfidence: number;
  accuracy: number;
}
export interface SetScore {
  name: string;
  n: number;
  iscoMajor?: number;
  iscoUnit?: number;
  soc6?: number;
  soc2?: number;
  top3: number;
  recall20: number;
  accepted: number;
  acceptedCorrect: number;
  confident: number;
  confidentCorrect: number;
  ece: number;
  /**
   * The ECE a perfectly calibrated matcher would show on this many titles at these confidences (each answer right
   * with its own confidence as probability; the median of 200 draws): below it, a set's ECE is noise.
   */
  eceIfCalibrated: number;
  reliability: ReliabilityBin[];
}

const pct = (k: number, n: number) => (n ? Math.round((1000 * k) / n) / 10 : 0);
const CONFIDENT = 0.8;

/** Whether a code is right for the item: its own code, or an accepted alternative. */
const rightCode = (item: EvalItem, target: "isco" | "soc", code: string | null | undefined) =>
  !!code && (code === (target === "soc" ? item.soc : item.isco) || (item.alt ?? []).includes(code));

export function scoreSet(
  set: EvalSet,
  match: MatcherUnderTest,
  thresholdOf: (target: "isco" | "soc") => number,
): SetScore {
  const target: "isco" | "soc" = set.items.some((i) => i.soc) ? "soc" : "isco";
  const threshold = thresholdOf(target);
  const items = set.items.filter((i) => (target === "soc" ? i.soc : i.isco));
  let major = 0,
    unit = 0,
    six = 0,
    two = 0,
    top3 = 0,
    recall20 = 0,
    accepted = 0,
    acceptedCorrect = 0,
    confident = 0,
    confidentCorrect = 0;
  const bins = Array.from({ length: 10 }, () => ({ n: 0, confidence: 0, correct: 0 }));
  const confidences: number[] = [];
  for (const item of items) {
    const a = match(item, target);
    const code = a ? (target === "soc" ? a.soc : a.isco) : null;
    const ok = rightCode(item, target, code);
    if (target === "isco") {
      if (code && (code[0] === item.isco![0] || (item.alt ?? []).some((x) => x[0] === code[0]))) major++;
      if (ok) unit++;
    } else {
      if (ok) six++;
      if (code && [item.soc!, ...(item.alt ?? [])].some((x) => x.slice(0, 2) === code.slice(0, 2))) two++;
    }
    if (ok || (a?.next ?? []).slice(0, 2).some((c) => rightCode(item, target, c))) top3++;
    if (ok || (a?.next ?? []).slice(0, 19).some((c) => rightCode(item, target, c))) recall20++;
    const confidence = a?.confidence ?? 0;
    confidences.push(confidence);
    if (a && confidence >= threshold) {
      accepted++;
      if (ok) acceptedCorrect++;
    }
    if (a && confidence >= CONFIDENT) {
      confident++;
      if (ok) confidentCorrect++;
    }
    const bin = bins[binOf(confidence)];
    bin.n++;
    bin.confidence += confidence;
    if (ok) bin.correct++;
  }
  const n = items.length;
  const reliability = bins.map((b, i) => ({
    from: i / 10,
    n: b.n,
    meanConfidence: b.n ? b.confidence / b.n : 0,
    accuracy: b.n ? b.correct / b.n : 0,
  }));
  const ece = eceOf(
    confidences,
    bins.map((b) => b.correct),
  );
  return {
    name: set.name,
    n,
    ...(target === "isco"
      ? { iscoMajor: pct(major, n), iscoUnit: pct(unit, n) }
      : { soc6: pct(six, n), soc2: pct(two, n) }),
    top3: pct(top3, n),
    recall20: pct(recall20, n),
    accepted: pct(accepted, n),
    acceptedCorrect: accepted ? pct(acceptedCorrect, accepted) : 0,
    confident: pct(confident, n),
    confidentCorrect: confident ? pct(confidentCorrect, confident) : 0,
    ece: Math.round(ece * 1000) / 1000,
    eceIfCalibrated: Math.round(eceIfCalibrated(confidences) * 1000) / 1000,
    reliability,
  };
}

const binOf = (confidence: number) => Math.min(9, Math.floor(confidence * 10));

/** Expected calibration error over ten equal-width bins, given the confidences and each bin's count of right answers. */
function eceOf(confidences: readonly number[], rightPerBin: readonly number[]): number {
  const n = confidences.length;
  if (!n) return 0;
  const count = new Array(10).fill(0),
    sum = new Array(10).fill(0);
  for (const c of confidences) {
    count[binOf(c)]++;
    sum[binOf(c)] += c;
  }
  return count.reduce((e, k, b) => (k ? e + Math.abs(rightPerBin[b] - sum[b]) / n : e), 0);
}

/** The median ECE of 200 draws in which each answer is right with its confidence as probability (fixed seed). */
export function eceIfCalibrated(confidences: readonly number[]): number {
  const random = prng(7);
  const draws = Array.from({ length: 200 }, () => {
    const right = new Array(10).fill(0);
    for (const c of confidences) if (random() < c) right[binOf(c)]++;
    return eceOf(confidences, right);
  }).sort((a, b) => a - b);
  return (draws[99] + draws[100]) / 2;
}

export function scoreTable(scores: SetScore[]): string {
  const f = (v: number | undefined) => (v === undefined ? "" : `${v.toFixed(1)}%`);
  return [
    "| set | n | ISCO major | ISCO unit | SOC 6-digit | SOC 2-digit | top-3 | recall@20 | answered ≥ threshold | right when answered | answered ≥ 0.8 | right at ≥ 0.8 | ECE | ECE if calibrated |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...scores.map(
      (s) =>
        `| ${s.name} | ${s.n} | ${f(s.iscoMajor)} | ${f(s.iscoUnit)} | ${f(s.soc6)} | ${f(s.soc2)} | ${f(s.top3)} | ${f(s.recall20)} | ${f(s.accepted)} | ${f(s.acceptedCorrect)} | ${f(s.confident)} | ${f(s.confidentCorrect)} | ${s.ece.toFixed(3)} | ${s.eceIfCalibrated.toFixed(3)} |`,
    ),
  ].join("\n");
}

/** Per set: how often answers in each confidence bin are right (the calibration behind ECE). */
export function reliabilityTable(scores: SetScore[]): string {
  const bins = scores[0]?.reliability.map((b) => `${b.from.toFixed(1)}–${(b.from + 0.1).toFixed(1)}`) ?? [];
  const cell = (b: ReliabilityBin) => (b.n ? `${Math.round(100 * b.accuracy)}% (${b.n})` : "");
  return [
    `| set | ${bins.join(" | ")} |`,
    `|---|${bins.map(() => "---").join("|")}|`,
    ...scores.map((s) => `| ${s.name} | ${s.reliability.map(cell).join(" | ")} |`),
  ].join("\n");
}
