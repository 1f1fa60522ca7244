// Latency statistics for the benchmarks: medians and tail percentiles in microseconds.
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export interface LatencySummary {
  n: number;
  medianUs: number;
  p99Us: number;
  meanUs: number;
}

export function summarise(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    n: sorted.length,
    medianUs: percentile(sorted, 50) * 1000,
    p99Us: percentile(sorted, 99) * 1000,
    meanUs: (sorted.reduce((a, b) => a + b, 0) / sorted.length) * 1000,
  };
}

/** Median of several runs' medians (and of their p99s): one number per measure, robust to a noisy run. */
export function medianOfRuns(runs: readonly LatencySummary[]): LatencySummary {
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    n: runs.reduce((a, r) => a + r.n, 0),
    medianUs: med(runs.map((r) => r.medianUs)),
    p99Us: med(runs.map((r) => r.p99Us)),
    meanUs: med(runs.map((r) => r.meanUs)),
  };
}

export const fmtUs = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
