// Percentiles of a log-normal distribution with a given mean and log-dispersion σ:
// μ = ln(mean) − σ²/2, percentile p = exp(μ + z_p·σ). σ can be read from two published percentiles:
// σ = (ln p90 − ln p10) / (z90 − z10).
export const Z = {
  p10: -1.2815515655446004,
  p25: -0.6744897501960817,
  p50: 0,
  p75: 0.6744897501960817,
  p90: 1.2815515655446004,
} as const;

export const sigmaFromDeciles = (p10: number, p90: number) => (Math.log(p90) - Math.log(p10)) / (Z.p90 - Z.p10);

export function lognormalPercentiles(mean: number, sigma: number): Record<keyof typeof Z, number> {
  const mu = Math.log(mean) - (sigma * sigma) / 2;
  return Object.fromEntries(Object.entries(Z).map(([k, z]) => [k, Math.exp(mu + z * sigma)])) as Record<
    keyof typeof Z,
    number
  >;
}
