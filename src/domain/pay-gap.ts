// Gender pay gap maths for the pay-transparency report (Directive (EU) 2023/970, Articles 9 and 10).
// Pure: records in, figures out. Rounding to two decimals happens only in the response.

export type Gender = "M" | "F";
/** Article 10: a joint pay assessment is due where a category's gap is at least 5% (in either direction). */
export const JOINT_ASSESSMENT_THRESHOLD = 5;
/** A gender with fewer employees than this in a category makes its figures identifying. */
export const K_ANONYMITY = 5;

export function mean(values: readonly number[]): number | null {
  if (!values.length) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort(); // a typed-array sort is numeric and native
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** (men − women) / men × 100, the Directive's definition; null when either side is missing or men's is 0. */
export function gapPct(men: number | null, women: number | null): number | null {
  return men === null || women === null || men === 0 ? null : ((men - women) / men) * 100;
}

export interface GroupFigures {
  count: number;
  maleCount: number;
  femaleCount: number;
  meanMale: number | null;
  meanFemale: number | null;
  meanGap: number | null;
  medianGap: number | null;
}

/** Counts, means and the mean and median gaps of one group of (gender, pay) pairs. */
export function groupFigures(records: readonly { gender: Gender; pay: number }[]): GroupFigures {
  const men: number[] = [];
  const women: number[] = [];
  for (const r of records) (r.gender === "M" ? men : women).push(r.pay);
  const [meanMale, meanFemale] = [mean(men), mean(women)];
  return {
    count: records.length,
    maleCount: men.length,
    femaleCount: women.length,
    meanMale,
    meanFemale,
    meanGap: gapPct(meanMale, meanFemale),
    medianGap: gapPct(median(men), median(women)),
  };
}

export const requiresJointAssessment = (gap: number | null) =>
  gap !== null && Math.abs(gap) >= JOINT_ASSESSMENT_THRESHOLD;

export interface QuartileBand {
  band: 1 | 2 | 3 | 4;
  women_pct: number;
  men_pct: number;
}

/**
 * Article 9(1)(f): the share of women and men in each quartile pay band. Employees are ranked by pay and cut
 * into four equal bands (fractional at the cuts when the count is not a multiple of four). Employees with the
 * same pay who straddle a cut are split in proportion, so the tied group's gender mix is the same on both
 * sides (as the UK gender pay gap regulations do).
 */
export function quartileBands(records: readonly { gender: Gender; pay: number }[]): QuartileBand[] {
  // Each gender's pays sorted natively, then walked together: equal pays form one tied group.
  const w = Float64Array.from(
    records.filter((r) => r.gender === "F"),
    (r) => r.pay,
  ).sort();
  const m = Float64Array.from(
    records.filter((r) => r.gender === "M"),
    (r) => r.pay,
  ).sort();
  const n = w.length + m.length;
  const women = [0, 0, 0, 0];
  const total = [0, 0, 0, 0];
  let i = 0,
    j = 0;
  for (let start = 0; start < n; ) {
    const pay = Math.min(i < w.length ? w[i] : Infinity, j < m.length ? m[j] : Infinity);
    let groupWomen = 0,
      groupMen = 0;
    while (i < w.length && w[i] === pay) {
      groupWomen++;
      i++;
    }
    while (j < m.length && m[j] === pay) {
      groupMen++;
      j++;
    }
    const end = start + groupWomen + groupMen;
    const share = groupWomen / (end - start);
    // The tie occupies positions [start, end); band q covers [q·n/4, (q+1)·n/4).
    for (let q = 0; q < 4; q++) {
      const overlap = Math.max(0, Math.min(end, ((q + 1) * n) / 4) - Math.max(start, (q * n) / 4));
      total[q] += overlap;
      women[q] += overlap * share;
    }
    start = end;
  }
  return [0, 1, 2, 3].map((q) => ({
    band: (q + 1) as 1 | 2 | 3 | 4,
    women_pct: total[q] ? (women[q] / total[q]) * 100 : 0,
    men_pct: total[q] ? (1 - women[q] / total[q]) * 100 : 0,
  }));
}
