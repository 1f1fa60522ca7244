// Compound annual growth rate between the first and last points of a series, as the spec's E1 states it:
// ((last / first) ^ (1 / (year_last − year_first)) − 1) × 100, a string with two decimals; null with fewer
// than two points (or a non-positive first value, where the rate is undefined).
export interface Point {
  year: number;
  value: number;
}

export function cagr(points: readonly Point[]): string | null {
  if (points.length < 2) return null;
  const first = points[0];
  const last = points[points.length - 1];
  if (first.value <= 0 || last.year === first.year) return null;
  return (((last.value / first.value) ** (1 / (last.year - first.year)) - 1) * 100).toFixed(2);
}
